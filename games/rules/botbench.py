"""Bot strength and speed: two-player matches between levels (``python manage.py bench_bots``).

Each game of a pairing is played from the seed's own streams, the seats swapped every other game; the level
named first is the one whose wins are counted (a shared win counts half). Every decision is timed.
"""
from __future__ import annotations

import math
import multiprocessing
import platform
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Iterable, Iterator, Optional

from . import AnyEngine
from . import engine as get_engine
from .base import CHANCE, TERMINAL
from .bots import DEFAULT, Settings, choose, hard_runs, random_action

#: The pairings the issue asks for: each level against the one below (random below easy).
PAIRINGS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
Decide = Callable[[AnyEngine, Any, int, random.Random], Any]


def decider(level: str, settings: Settings) -> Decide:
    """A level's decision from a seat's view."""
    if level == "random":
        return lambda eng, view, seat, rng: random_action(eng, view, seat, rng)
    return lambda eng, view, seat, rng: choose(eng, view, seat, level, rng, settings)


def play_match(eng: AnyEngine, seed: int, players: tuple[Decide, Decide],
               timed: Optional[list[float]] = None, options: Optional[dict[str, Any]] = None) -> list[int]:
    """One two-player game from ``seed``; seat n plays ``players[n]``; returns the final scores."""
    state = eng.new_game(2, eng.check_options(options or {}), seed)
    rngs = [random.Random(f"bot:{seed}:{n}") for n in range(2)]
    while True:
        player = eng.current_player(state)
        if player == TERMINAL:
            return eng.scores(state)
        if player == CHANCE:
            state = eng.apply(state, eng.sample_chance(state))
            continue
        view = eng.view(state, player)
        start = time.perf_counter()
        action = players[player](eng, view, player, rngs[player])
        if timed is not None:
            timed.append((time.perf_counter() - start) * 1000)
        state = eng.apply(state, action)


def wilson(wins: float, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson interval of a win rate."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def play_one(game: str, first: str, second: str, settings: Settings, seed: int,
             n: int) -> tuple[float, int, list[float]]:
    """Game ``n`` of a pairing: ``first``'s result (1, ½ or 0), its score less the other's, its decision times."""
    eng = get_engine(game)
    deciders = decider(first, settings), decider(second, settings)
    swap = n % 2 == 1  # ``first`` sits second every other game
    timed: list[float] = []  # only the first level's decisions are timed
    mine_first = _timer(deciders[0], timed)
    seats = (deciders[1], mine_first) if swap else (mine_first, deciders[1])
    scores = play_match(eng, seed + n, seats)
    mine, theirs = (scores[1], scores[0]) if swap else (scores[0], scores[1])
    return (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0), mine - theirs, timed


def run_pairing(game: str, first: str, second: str, games: int, settings: Settings = DEFAULT,
                seed: int = 0, jobs: int = 1,
                progress: Optional[Callable[[int, float, int], None]] = None) -> dict[str, Any]:
    """``games`` matches of level ``first`` against ``second``; the figures as one JSON-ready dict.

    With ``jobs`` above 1 the games are shared among that many processes (each game is played from its own
    seed, so the results are the same as one process's; the hard level's time budget is per decision, so
    give each process a core of its own).
    """
    wins = 0.0
    diffs = []
    times: list[float] = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            results: Iterable[tuple[float, int, list[float]]] = pool.map(
                play_one, *zip(*[(game, first, second, settings, seed, n) for n in range(games)]))
            outcomes = list(_reported(results, progress))
    else:
        outcomes = list(_reported((play_one(game, first, second, settings, seed, n) for n in range(games)),
                                  progress))
    for won, diff, timed in outcomes:
        wins += won
        diffs.append(diff)
        times += timed
    q = statistics.quantiles(times, n=20, method="inclusive") if len(times) > 1 else times * 19
    return {"game": game, "pairing": f"{first}-{second}", "games": games, "win_rate": round(wins / games, 3),
            "ci95": wilson(wins, games), "score_diff": round(statistics.mean(diffs), 1),
            "move_ms_median": round(statistics.median(times), 1) if times else None,
            "move_ms_p95": round(q[18], 1) if times else None, "python": platform.python_version(),
            **({"runs": hard_runs(get_engine(game), settings)} if "hard" in (first, second) else {})}


def _reported(results: Iterable[tuple[float, int, list[float]]],
              progress: Optional[Callable[[int, float, int], None]]) -> Iterator[tuple[float, int, list[float]]]:
    for n, result in enumerate(results):
        if progress is not None:
            progress(n, result[0], result[1])
        yield result


def _timer(decide: Decide, timed: list[float]) -> Decide:
    def run(eng: AnyEngine, view: Any, seat: int, rng: random.Random) -> Any:
        start = time.perf_counter()
        try:
            return decide(eng, view, seat, rng)
        finally:
            timed.append((time.perf_counter() - start) * 1000)
    return run
