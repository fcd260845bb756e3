"""Speed figures for the Tikal engine: ``python -m games.rules.tikal.bench [seconds]``.

- Random games to the end per second, for 2 to 4 players: each turn a random legal placement of the hex, then
  random legal action-point steps until only ``end`` is left (the points are spent) or, at each step with chance
  ``END_CHANCE``, the turn is ended early (chance steps from ``sample_chance``), applied in place with ``push``.
- The median time to list a mid-game turn's legal actions with their costs (``legal_actions`` and the cost of
  each, at the first action-point step of a turn after ``MID_GAME_TURNS`` entries), over fixed seeds.

Targets on the project's 2-core machine: at least 50 random games/s, at most 150 microseconds per listing.
"""
from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from typing import Any

from ..base import CHANCE, TERMINAL
from .engine import TikalEngine
from .state import ACTIONS, TikalState
from .steps import cost

MID_GAME_TURNS = 20
END_CHANCE = 0.1
ENUM_SEEDS = range(30)
ENUM_REPEATS = 40
TARGET_GAMES_PER_S = 50
TARGET_LIST_US = 150


def random_step(eng: TikalEngine, state: TikalState, rng: random.Random) -> None:
    """One step of a random game, in place."""
    if eng.current_player(state) == CHANCE:
        eng.push(state, eng.sample_chance(state))
        return
    actions = eng.legal_actions(state)
    if state.phase == ACTIONS and (len(actions) == 1 or rng.random() < END_CHANCE):
        eng.push(state, actions[-1])          # ``end`` is listed last
        return
    eng.push(state, rng.choice(actions[:-1] if state.phase == ACTIONS else actions))


def random_game(eng: TikalEngine, players: int, seed: int) -> TikalState:
    """A whole random game from ``seed``; returns the final state."""
    rng = random.Random(seed)
    state = eng.new_game(players, {}, seed)
    while eng.current_player(state) != TERMINAL:
        random_step(eng, state, rng)
    return state


def mid_game(eng: TikalEngine, players: int, seed: int) -> TikalState:
    """A random game played until ``MID_GAME_TURNS`` entries are over and a turn's action points begin."""
    rng = random.Random(seed)
    state = eng.new_game(players, {}, seed)
    while not (state.turns >= MID_GAME_TURNS and state.phase == ACTIONS and state.ap == 10) \
            and eng.current_player(state) != TERMINAL:
        random_step(eng, state, rng)
    return state


def games_per_second(eng: TikalEngine, players: int, seconds: float) -> tuple[float, float]:
    """Random games to the end per second (wall clock) for ``seconds``, and per second of this process's CPU
    time (the figure a busy machine does not lower)."""
    random_game(eng, players, -1)
    games, start, cpu = 0, time.perf_counter(), time.process_time()
    while True:
        random_game(eng, players, games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, games / max(time.process_time() - cpu, 1e-9)


def listing_median_us(eng: TikalEngine) -> float:
    """Median microseconds to list a mid-game turn's legal actions with their costs."""
    samples = []
    clock = time.perf_counter_ns
    for players in (2, 3, 4):
        for seed in ENUM_SEEDS:
            state = mid_game(eng, players, seed)
            for _ in range(ENUM_REPEATS):
                begin = clock()
                [(a, cost(state, a)) for a in eng.legal_actions(state)]
                samples.append(clock() - begin)
    return statistics.median(samples) / 1000


def run(game: str = "tikal", seconds: float = 2.0) -> dict[str, Any]:
    """The figures (``games/rules/bench.py`` calls this for ``manage.py bench_rules``)."""
    eng = TikalEngine()
    measured = {f"{players}p": games_per_second(eng, players, seconds / 3) for players in (2, 3, 4)}
    rates = {name: round(wall, 1) for name, (wall, _) in measured.items()}
    cpu = {name: round(per_cpu, 1) for name, (_, per_cpu) in measured.items()}
    return {"game": game, "games_per_s": rates, "slowest_games_per_s": min(rates.values()),
            "games_per_cpu_s": cpu,
            "list_us_median": round(listing_median_us(eng), 1), "python": platform.python_version()}


def main() -> None:
    """Print the figures and whether they meet the targets."""
    figures = run("tikal", float(sys.argv[1]) if len(sys.argv) > 1 else 6.0)
    for name, rate in figures["games_per_s"].items():
        print(f"random games to the end, {name}: {rate:7.1f} games/s ({figures['games_per_cpu_s'][name]:.1f} "
              "per CPU second)")
    print(f"slowest: {figures['slowest_games_per_s']} games/s (target >= {TARGET_GAMES_PER_S})")
    print(f"mid-game turn's legal actions and costs listed in {figures['list_us_median']} us median "
          f"(target <= {TARGET_LIST_US}); Python {figures['python']}")


if __name__ == "__main__":
    main()
