"""Speed figures for the rules engines (``python manage.py bench_rules``): one dict of figures per game, the same
fields for every game.

Every game is measured the same way, through the contract alone (``games/rules/play.py``), as the site and the
computer players use it: random games to the end (a uniformly random legal action at each step, chance steps
drawn as the site draws them) at each player count the game takes, and the time to list the legal actions of a
position in mid-game.

Fields: ``game``; ``games_per_s`` and ``games_per_cpu_s`` (per player count, ``"2p"``...); ``slowest_games_per_s``
(the lowest of ``games_per_s``); ``steps_per_s``; ``list_us_median`` (microseconds to list a mid-game position's
legal actions, the median over several positions); ``seconds`` spent; ``python``.
"""
from __future__ import annotations

import platform
import random
import statistics
import time
from typing import Any

from . import engine as get_engine
from . import games
from .base import TERMINAL
from .play import random_game

#: The fields every game's figures have (a test holds every registered game to them).
FIELDS = ("game", "games_per_s", "games_per_cpu_s", "slowest_games_per_s", "steps_per_s", "list_us_median",
          "seconds", "python")
#: Mid-game positions timed for the listing figure, and how often each is listed.
LIST_POSITIONS = 12
LIST_REPEATS = 10


def run_bench(game: str, seconds: float = 5.0) -> dict[str, Any]:
    """Figures for ``game``, spending about ``seconds`` on the random games (the listing figure comes after)."""
    if game not in games():
        raise KeyError(f"unknown game {game!r}; known: {', '.join(games())}")
    eng = get_engine(game)
    counts = list(range(eng.min_players, eng.max_players + 1))
    began = time.perf_counter()
    rates: dict[str, float] = {}
    per_cpu: dict[str, float] = {}
    steps = 0
    for players in counts:
        played, wall, cpu, played_steps = _random_games(eng, players, seconds / len(counts))
        rates[f"{players}p"] = round(played / wall, 1)
        per_cpu[f"{players}p"] = round(played / cpu, 1) if cpu else 0.0
        steps += played_steps
    elapsed = time.perf_counter() - began
    return {"game": game, "games_per_s": rates, "games_per_cpu_s": per_cpu,
            "slowest_games_per_s": min(rates.values()), "steps_per_s": round(steps / elapsed),
            "list_us_median": _listing_median_us(eng), "seconds": round(elapsed, 2),
            "python": platform.python_version()}


def _random_games(eng: Any, players: int, seconds: float) -> tuple[int, float, float, int]:
    """Random games of ``players`` to the end for about ``seconds`` (at least one): how many, the wall and
    processor seconds they took, and their steps."""
    played = steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while played == 0 or time.perf_counter() - wall < seconds:
        steps += random_game(eng, players, played, random.Random(played)).steps
        played += 1
    return played, time.perf_counter() - wall, time.process_time() - cpu, steps


def _listing_median_us(eng: Any) -> float:
    """The median time to list the legal actions of a two-player position half-way through a random game."""
    samples = []
    for seed in range(LIST_POSITIONS):
        total = random_game(eng, eng.min_players, seed, random.Random(seed)).steps
        state = random_game(eng, eng.min_players, seed, random.Random(seed), max_steps=total // 2).state
        if eng.current_player(state) == TERMINAL:
            continue
        saved = eng.state_to_dict(state)
        for _ in range(LIST_REPEATS):
            fresh = eng.state_from_dict(saved)  # a state of its own: nothing listed before is kept in it
            begin = time.perf_counter_ns()
            eng.legal_actions(fresh)
            samples.append(time.perf_counter_ns() - begin)
    return round(statistics.median(samples) / 1000, 1) if samples else 0.0
