"""Speed figures for the Iwari engine: ``python -m games.rules.iwari.bench [seconds]``.

- Random games to the end per second, for 2 to 5 players (feats off and on): at every step a uniformly random
  action among ``legal_actions`` (chance steps from ``sample_chance``), applied in place with ``push``.
- The median time to list a mid-game turn's legal actions (``legal_actions`` at the start of a turn, after
  ``MID_GAME_TURNS`` random turns), over fixed seeds and player counts.

Targets on the project's 2-core machine: at least 150 random games/s, at most 150 microseconds per listing.
"""
from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from typing import Any

from ..base import CHANCE, TERMINAL
from .engine import IwariEngine
from .state import SETTLE, IwariState

MID_GAME_TURNS = 20
ENUM_SEEDS = range(30)
ENUM_REPEATS = 40
TARGET_GAMES_PER_S = 150
TARGET_LIST_US = 150


def random_step(eng: IwariEngine, state: IwariState, rng: random.Random) -> None:
    """One step of a random game, in place."""
    if eng.current_player(state) == CHANCE:
        eng.push(state, eng.sample_chance(state))
    else:
        eng.push(state, rng.choice(eng.legal_actions(state)))


def random_game(eng: IwariEngine, players: int, seed: int, feats: bool = False) -> IwariState:
    """A whole random game from ``seed``; returns the final state."""
    rng = random.Random(seed)
    state = eng.new_game(players, {"feats": feats}, seed)
    while eng.current_player(state) != TERMINAL:
        random_step(eng, state, rng)
    return state


def mid_game(eng: IwariEngine, players: int, seed: int) -> IwariState:
    """A random game played until ``MID_GAME_TURNS`` turns are over and a turn starts."""
    rng = random.Random(seed)
    state = eng.new_game(players, {}, seed)
    while not (state.turns >= MID_GAME_TURNS and state.phase == SETTLE) and eng.current_player(state) != TERMINAL:
        random_step(eng, state, rng)
    return state


def games_per_second(eng: IwariEngine, players: int, feats: bool, seconds: float) -> float:
    """Random games to the end per second for ``seconds``."""
    random_game(eng, players, -1, feats)  # warm-up: maps and action tables loaded
    games, start = 0, time.perf_counter()
    while True:
        random_game(eng, players, games, feats)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def listing_median_us(eng: IwariEngine) -> float:
    """Median microseconds of ``legal_actions`` at the start of a mid-game turn."""
    samples = []
    clock = time.perf_counter_ns
    for players in (2, 3, 4, 5):
        for seed in ENUM_SEEDS:
            state = mid_game(eng, players, seed)
            eng.legal_actions(state)
            for _ in range(ENUM_REPEATS):
                begin = clock()
                eng.legal_actions(state)
                samples.append(clock() - begin)
    return statistics.median(samples) / 1000


def run_bench(seconds: float = 2.0) -> dict[str, Any]:
    """The figures, per player count and feats option, and the listing time."""
    eng = IwariEngine()
    rates = {f"{players}p{' feats' if feats else ''}": round(games_per_second(eng, players, feats, seconds), 1)
             for players in (2, 3, 4, 5) for feats in (False, True)}
    return {"games_per_s": rates, "slowest_games_per_s": min(rates.values()),
            "list_us_median": round(listing_median_us(eng), 1), "python": platform.python_version()}


def main() -> None:
    """Print the figures and whether they meet the targets."""
    figures = run_bench(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
    for name, rate in figures["games_per_s"].items():
        print(f"random games to the end, {name:9}: {rate:7.1f} games/s")
    print(f"slowest: {figures['slowest_games_per_s']} games/s (target >= {TARGET_GAMES_PER_S})")
    print(f"mid-game turn's legal actions listed in {figures['list_us_median']} us median "
          f"(target <= {TARGET_LIST_US}); Python {figures['python']}")


if __name__ == "__main__":
    main()
