"""Speed figures for the rules engines (``python manage.py bench_rules``): one dict of figures per game.

A game's package may hold a ``bench`` module whose ``run(game, seconds)`` measures it with the random policy
its issue names (``games/rules/tiles/bench.py`` serves both tile games); the rest get :func:`generic`, random
legal actions through the contract alone.
"""
from __future__ import annotations

import importlib
import platform
import random
import statistics
import time
from typing import Any

from . import engine as get_engine
from . import games
from .base import TERMINAL
from .play import random_game

#: Where a game's own bench lives, when not in its own package.
PACKAGES = {"ark": "tiles", "carcassonne": "tiles"}


def run_bench(game: str, seconds: float = 5.0) -> dict[str, Any]:
    """Figures for ``game``: random games to the end per second and the median time to list a mid-game turn."""
    if game not in games():
        raise KeyError(f"unknown game {game!r}; known: {', '.join(games())}")
    try:
        module = importlib.import_module(f"{__package__}.{PACKAGES.get(game, game)}.bench")
    except ModuleNotFoundError:
        return generic(game, seconds)
    result: dict[str, Any] = module.run(game, seconds)
    return result


def generic(game: str, seconds: float) -> dict[str, Any]:
    """Random two-player games through the contract, and ``legal_actions`` timed at their midpoints."""
    eng = get_engine(game)
    played = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += random_game(eng, 2, played, random.Random(played)).steps
        played += 1
    elapsed = time.perf_counter() - start
    samples = []
    for seed in range(20):
        total = random_game(eng, 2, seed, random.Random(seed)).steps
        state = random_game(eng, 2, seed, random.Random(seed), max_steps=total // 2).state
        if eng.current_player(state) == TERMINAL:
            continue
        for _ in range(20):
            begin = time.perf_counter_ns()
            eng.legal_actions(state)
            samples.append(time.perf_counter_ns() - begin)
    return {"game": game, "games_per_s": round(played / elapsed, 1),
            "enum_us_median": round(statistics.median(samples) / 1000, 1) if samples else None,
            "games": played, "steps_per_s": round(steps / elapsed), "seconds": round(elapsed, 2),
            "python": platform.python_version()}
