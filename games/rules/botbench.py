"""Bot strength and speed: two-player matches between levels (``python manage.py bench_bots``).

Each game of a pairing is played from the seed's own streams, the seats swapped every other game; the level
named first is the one whose wins are counted (a shared win counts half). Every decision is timed.
"""
from __future__ import annotations

import math
import platform
import random
import statistics
import time
from typing import Any, Callable, Optional

from . import AnyEngine
from . import engine as get_engine
from .base import CHANCE, TERMINAL
from .bots import DEFAULT, Settings, choose, random_action

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


def run_pairing(game: str, first: str, second: str, games: int, settings: Settings = DEFAULT,
                seed: int = 0) -> dict[str, Any]:
    """``games`` matches of level ``first`` against ``second``; the figures as one JSON-ready dict."""
    eng = get_engine(game)
    deciders = decider(first, settings), decider(second, settings)
    wins = 0.0
    diffs = []
    times: list[float] = []
    for n in range(games):
        swap = n % 2 == 1  # ``first`` sits second every other game
        seats = (deciders[1], deciders[0]) if swap else deciders
        timed: list[float] = []
        # only the first level's decisions are timed
        wrapped = tuple(_timer(d, timed) if d is deciders[0] else d for d in seats)
        scores = play_match(eng, seed + n, (wrapped[0], wrapped[1]))
        times += timed
        mine, theirs = (scores[1], scores[0]) if swap else (scores[0], scores[1])
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        diffs.append(mine - theirs)
    q = statistics.quantiles(times, n=20, method="inclusive") if len(times) > 1 else times * 19
    return {"game": game, "pairing": f"{first}-{second}", "games": games, "win_rate": round(wins / games, 3),
            "ci95": wilson(wins, games), "score_diff": round(statistics.mean(diffs), 1),
            "move_ms_median": round(statistics.median(times), 1) if times else None,
            "move_ms_p95": round(q[18], 1) if times else None, "python": platform.python_version()}


def _timer(decide: Decide, timed: list[float]) -> Decide:
    def run(eng: AnyEngine, view: Any, seat: int, rng: random.Random) -> Any:
        start = time.perf_counter()
        try:
            return decide(eng, view, seat, rng)
        finally:
            timed.append((time.perf_counter() - start) * 1000)
    return run
