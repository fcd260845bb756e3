"""Speed figures for the tile engines (``python manage.py bench_rules --game ark``).

Random two-player games to the end (each turn: a uniformly random legal placement,
then a uniformly random choice among the legal follower spots and no follower), and
the time to list every legal placement of the tile in hand at mid-game.
"""
from __future__ import annotations

import platform
import random
import statistics
import time
from typing import Any

from .. import TERMINAL
from .. import engine as get_engine
from .actions import Discard, Follower, Pass
from .state import ACTION, DRAW, PLACE

MID_GAME_TILES = 35
ENUM_SEEDS = range(40)
ENUM_REPEATS = 50


def random_turn(eng: Any, state: Any, rng: random.Random) -> None:
    """Play one step of a random game in place."""
    phase = state.phase
    if phase == DRAW:
        eng.push(state, eng.sample_chance(state))
    elif phase == PLACE:
        places = eng.placements(state)
        eng.push(state, rng.choice(places) if places else Discard())
    elif phase == ACTION:
        spots = eng.follower_spots(state)
        pick = rng.randrange(len(spots) + 1)
        eng.push(state, Follower(spots[pick]) if pick < len(spots) else Pass())
    else:  # a game's own phase (the Ark's)
        eng.push(state, rng.choice(eng.legal_actions(state)))


def random_game(eng: Any, seed: int) -> Any:
    """A whole random two-player game from ``seed``; returns the final state."""
    rng = random.Random(seed)
    state = eng.new_game(2, {}, seed)
    while eng.current_player(state) != TERMINAL:
        random_turn(eng, state, rng)
    return state


def mid_game(eng: Any, seed: int) -> Any:
    """A random game played until ``MID_GAME_TILES`` tiles lie on the board and a tile is in hand."""
    rng = random.Random(seed)
    state = eng.new_game(2, {}, seed)
    while not (len(state.board.order) >= MID_GAME_TILES and state.phase == PLACE):
        random_turn(eng, state, rng)
    return state


def enum_median_us(eng: Any) -> float:
    """Median microseconds for ``legal_actions`` at mid-game over fixed seeds."""
    samples = []
    clock = time.perf_counter_ns
    for seed in ENUM_SEEDS:
        state = mid_game(eng, seed)
        eng.legal_actions(state)  # warm the per-signature caches as a running server would be
        for _ in range(ENUM_REPEATS):
            start = clock()
            eng.legal_actions(state)
            samples.append(clock() - start)
    return statistics.median(samples) / 1000


def run(game: str, seconds: float = 5.0) -> dict[str, Any]:
    """Figures for one game: random games per second and the mid-game listing time."""
    eng = get_engine(game)
    random_game(eng, -1)  # warm-up
    games = 0
    turns = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = random_game(eng, games)
        games += 1
        turns += state.moves
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"game": game, "games_per_s": round(games / elapsed, 1), "enum_us_median": round(enum_median_us(eng), 1),
            "games": games, "turns_per_s": round(turns / elapsed), "seconds": round(elapsed, 2),
            "python": platform.python_version()}

