"""Bot strength and speed: two-player matches between levels (``python manage.py bench_bots``).

Each game of a pairing is played from the seed's own streams, the seats swapped every other game; the level
named first is the one whose wins are counted (a shared win counts half). A level plans its turn once and its
steps are played as planned, as on the site (games/computer/players.py), planning again only after a draw;
every planning is timed, each whole turn's planning too, and the hard level's playouts are counted.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import math
import multiprocessing
import platform
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Optional

from . import AnyEngine
from . import engine as get_engine
from .base import CHANCE, TERMINAL
from .bots import DEFAULT, Search, Settings, hard_horizon, hard_runs, plan_turn, random_action, replan_share

#: The pairings the issue asks for: each level against the one below (random below easy).
PAIRINGS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
#: A level's planning from a seat's view: the steps it takes until its turn ends or a draw (never empty).
Plan = Callable[[AnyEngine, Any, int, random.Random, Search], list[Any]]


def planner(level: str, settings: Settings) -> Plan:
    """A level's planning from a seat's view."""
    if level == "random":
        return lambda eng, view, seat, rng, search: [random_action(eng, view, seat, rng)]
    return lambda eng, view, seat, rng, search: plan_turn(eng, view, seat, level, rng, settings, search)


@dataclass
class Timing:
    """One seat's plannings in a game: each one's ms, each whole turn's (its plannings together), playouts."""

    plans: list[float] = field(default_factory=list)
    turns: list[float] = field(default_factory=list)
    cpu_turns: list[float] = field(default_factory=list)  # each whole turn's processor ms (the machine's load aside)
    playouts: list[int] = field(default_factory=list)  # per hard search (one that ran playouts)
    cut: int = 0  # hard searches its time ceiling stopped short of their budget
    moves: str = ""  # a digest of every step of the game, both seats' (the same game played again gives the same)


def play_from(eng: AnyEngine, state: Any, players: tuple[Plan, ...], rngs: list[random.Random],
              timing: Optional[dict[int, Timing]] = None, stop: Optional[Callable[[Any], bool]] = None,
              taken: Optional[list[tuple[int, Any]]] = None) -> Any:
    """Play on from ``state``, which this caller holds: each seat to move gets its own view only and plans; its
    planned steps are played until the plan is spent, the turn ends or a draw comes (then it plans again).
    Stops when the game ends or ``stop(state)`` says so; returns the state. ``taken``: (seat, action) appended."""
    plans: dict[int, list[Any]] = {}
    turn = eng.turn_number(state)
    while True:
        player = eng.current_player(state)
        if player == TERMINAL or (stop is not None and stop(state)):
            return state
        if player == CHANCE:
            plans.clear()  # a draw: whatever was planned past it is planned again from what it showed
            state = eng.apply(state, eng.sample_chance(state))
            continue
        if eng.turn_number(state) != turn:
            plans.clear()
            turn = eng.turn_number(state)
            if timing is not None and player in timing:
                timing[player].turns.append(0.0)
                timing[player].cpu_turns.append(0.0)
        if not plans.get(player):
            search = Search()
            start, cpu = time.perf_counter(), time.process_time()
            plans[player] = list(players[player](eng, eng.view(state, player), player, rngs[player], search))
            if timing is not None and player in timing:
                ms = (time.perf_counter() - start) * 1000
                mine = timing[player]
                mine.plans.append(ms)
                if not mine.turns:
                    mine.turns.append(0.0)
                    mine.cpu_turns.append(0.0)
                mine.turns[-1] += ms
                mine.cpu_turns[-1] += (time.process_time() - cpu) * 1000
                if search.budget:
                    mine.playouts.append(search.playouts)
                    mine.cut += search.cut
        action = plans[player].pop(0)
        if taken is not None:
            taken.append((player, action))
        state = eng.apply(state, action)


def play_match(eng: AnyEngine, seed: int, players: tuple[Plan, Plan], timing: Optional[dict[int, Timing]] = None,
               options: Optional[dict[str, Any]] = None, taken: Optional[list[tuple[int, Any]]] = None) -> list[int]:
    """One two-player game from ``seed``; seat n plays ``players[n]``; returns the final scores."""
    state = eng.new_game(2, eng.check_options(options or {}), seed)
    rngs = [random.Random(f"bot:{seed}:{n}") for n in range(2)]
    return eng.scores(play_from(eng, state, players, rngs, timing, taken=taken))


def wilson(wins: float, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson interval of a win rate."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def play_one(game: str, first: str, second: str, settings: Settings, seed: int,
             n: int) -> tuple[float, int, Timing]:
    """Game ``n`` of a pairing: ``first``'s result (1, ½ or 0), its score less the other's, its timing."""
    eng = get_engine(game)
    plans = planner(first, settings), planner(second, settings)
    swap = n % 2 == 1  # ``first`` sits second every other game
    mine = 1 if swap else 0
    timing = {mine: Timing()}  # only the first level's plannings are timed
    seats = (plans[1], plans[0]) if swap else plans
    taken: list[tuple[int, Any]] = []
    scores = play_match(eng, seed + n, seats, timing, taken=taken)
    timing[mine].moves = hashlib.sha256(repr(taken).encode()).hexdigest()[:16]
    return (1.0 if scores[mine] > scores[1 - mine] else 0.5 if scores[mine] == scores[1 - mine] else 0.0,
            scores[mine] - scores[1 - mine], timing[mine])


def _quantiles(values: list[float]) -> tuple[Optional[float], Optional[float]]:
    if not values:
        return None, None
    q = statistics.quantiles(values, n=20, method="inclusive") if len(values) > 1 else values * 19
    return round(statistics.median(values), 1), round(q[18], 1)


def run_pairing(game: str, first: str, second: str, games: int, settings: Settings = DEFAULT,
                seed: int = 0, jobs: int = 1,
                progress: Optional[Callable[[int, float, int], None]] = None,
                record: Optional[Path] = None) -> dict[str, Any]:
    """``games`` matches of level ``first`` against ``second``; the figures as one JSON-ready dict.

    With ``jobs`` above 1 the games are shared among that many processes (each game is played from its own
    seed, and the hard level's budget is counted in playouts, so the results are the same as one process's
    as long as its time ceiling is never reached: ``cut`` says how often it was).

    With ``record``, a file of JSON lines, each game's result is appended to it as it ends, and the games it
    already holds for this pairing and these settings are not played again but counted: a long sample can be
    stopped and taken up again (by another process, session or machine). Before it goes on, the first game it
    holds is played again and must give the same steps (``moves``), or the code has changed since and the
    file's games are not this code's: ``StaleRecord``.
    """
    key = _record_key(game, first, second, settings)
    held = {line["seed"]: line for line in read_records(record, key)} if record else {}
    # a held game counts if its seed is one of these and its first level sat where it sits here
    done = {n: held[seed + n] for n in range(games) if seed + n in held and held[seed + n]["first_sits"] == n % 2}
    wanted = [n for n in range(games) if n not in done]
    if done and wanted:
        _check_replay(game, first, second, settings, next(iter(done.values())))
    outcomes: dict[int, tuple[float, int, Timing]] = {
        n: (line["won"], line["diff"], _timing(line)) for n, line in done.items()}
    args = [(game, first, second, settings, seed, n) for n in wanted]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) if jobs > 1 else contextlib.nullcontext() as pool:
        results: Iterable[tuple[float, int, Timing]] = (
            pool.map(play_one, *zip(*args)) if pool is not None and args else (play_one(*a) for a in args))
        for n, outcome in zip(wanted, _reported(results, progress, wanted)):
            outcomes[n] = outcome
            if record is not None:
                with record.open("a") as out:
                    out.write(json.dumps(_record_line(key, seed, n, outcome)) + "\n")
    return figures(game, first, second, settings, [outcomes[n] for n in sorted(outcomes)])


class StaleRecord(Exception):
    """A record file's game, played again by this code, does not give the same steps."""


def _record_key(game: str, first: str, second: str, settings: Settings) -> dict[str, Any]:
    return {"game": game, "pairing": f"{first}-{second}", "settings": dataclasses.asdict(settings)}


def read_records(path: Path, key: Optional[dict[str, Any]] = None) -> list[dict[str, Any]]:
    """The games a record file holds (those of ``key``'s game, pairing and settings only, if given)."""
    if not path.exists():
        return []
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [line for line in lines if key is None or all(line[k] == v for k, v in key.items())]


def _record_line(key: dict[str, Any], seed: int, n: int, outcome: tuple[float, int, Timing]) -> dict[str, Any]:
    won, diff, timing = outcome
    return {**key, "seed": seed + n, "n": n, "first_sits": n % 2, "won": won, "diff": diff,
            "moves": timing.moves, "plans": [round(ms, 1) for ms in timing.plans],
            "turns": [round(ms, 1) for ms in timing.turns], "cpu_turns": [round(ms, 1) for ms in timing.cpu_turns],
            "playouts": timing.playouts, "cut": timing.cut}


def _timing(line: dict[str, Any]) -> Timing:
    return Timing(plans=line["plans"], turns=line["turns"], cpu_turns=line["cpu_turns"], playouts=line["playouts"],
                  cut=line["cut"], moves=line["moves"])


def _check_replay(game: str, first: str, second: str, settings: Settings, line: dict[str, Any]) -> None:
    # the seat a game's first level sits in follows its index's parity; its seed is the record's own
    _, _, timing = play_one(game, first, second, settings, line["seed"] - line["first_sits"], line["first_sits"])
    if timing.moves != line["moves"]:
        raise StaleRecord(f"game {line['seed']} of the record plays differently with this code "
                          f"({timing.moves} against {line['moves']}): start a new record file")


def figures(game: str, first: str, second: str, settings: Settings,
            outcomes: list[tuple[float, int, Timing]]) -> dict[str, Any]:
    """A pairing's figures over its games' outcomes."""
    games = len(outcomes)
    wins = sum(won for won, _, _ in outcomes)
    diffs = [diff for _, diff, _ in outcomes]
    plans = [ms for _, _, t in outcomes for ms in t.plans]
    turns = [ms for _, _, t in outcomes for ms in t.turns]
    cpu_turns = [ms for _, _, t in outcomes for ms in t.cpu_turns]
    playouts = [n for _, _, t in outcomes for n in t.playouts]
    plan_median, plan_p95 = _quantiles(plans)
    turn_median, turn_p95 = _quantiles(turns)
    cpu_median, cpu_p95 = _quantiles(cpu_turns)
    out = {"game": game, "pairing": f"{first}-{second}", "games": games,
           "win_rate": round(wins / games, 3) if games else None,
           "ci95": wilson(wins, games), "score_diff": round(statistics.mean(diffs), 1) if diffs else None,
           "turn_ms_median": turn_median, "turn_ms_p95": turn_p95,
           "turn_cpu_ms_median": cpu_median, "turn_cpu_ms_p95": cpu_p95,
           "plan_ms_median": plan_median, "plan_ms_p95": plan_p95,
           "plans_per_turn": round(len(plans) / len(turns), 2) if turns else None,
           "python": platform.python_version()}
    if "hard" in (first, second):
        out.update({"runs": hard_runs(get_engine(game), settings),
                    "horizon": hard_horizon(get_engine(game), settings),
                    "replan": replan_share(get_engine(game), settings), "searches": len(playouts),
                    "playouts_median": statistics.median(playouts) if playouts else None,
                    "playouts_min": min(playouts) if playouts else None,
                    "cut": sum(t.cut for _, _, t in outcomes)})
    return out


def _reported(results: Iterable[tuple[float, int, Timing]], progress: Optional[Callable[[int, float, int], None]],
              indices: list[int]) -> Iterator[tuple[float, int, Timing]]:
    for n, result in zip(indices, results):
        if progress is not None:
            progress(n, result[0], result[1])
        yield result
