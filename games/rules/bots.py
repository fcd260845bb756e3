"""Simple players for the tile games: random legal turns in record form (tests, timeouts, load)."""
from __future__ import annotations

import random
from typing import Any, Optional

from .tiles.engine import TileEngine
from .tiles.state import TileState


def random_turn(eng: TileEngine, state: TileState, rng: random.Random, pieces: bool = True) -> dict[str, Any]:
    """A uniformly random legal turn for the seat to move, from that seat's view.

    With ``pieces`` false the turn places no follower, Prophet or Ark (a timeout's turn).
    """
    view = eng.view(state, state.seat)
    if not view["legal"]:
        return {"tile": state.hand, "discard": True}
    spot = rng.choice(view["legal"])
    choices: list[dict[str, Any]] = [{"type": "pass"}]
    if pieces:
        choices += [{"type": "follower", "at": at} for at in spot["followers"]]
        choices += [{"type": "prophet", "at": at} for at in spot["prophet"]]
        if state.ark is not None:
            paths = eng.ark_paths(state) if hasattr(eng, "ark_paths") else []
            if paths:
                choices.append({"type": "ark", "path": [list(step) for step in rng.choice(paths)]})
    turn: dict[str, Any] = {"tile": view["tile"], "x": spot["x"], "y": spot["y"], "rotation": spot["rotation"],
                            "action": rng.choice(choices)}
    if spot["ark_at"]:
        turn["ark_at"] = rng.choice(spot["ark_at"])
    return turn


def play_random_game(eng: TileEngine, players: int, seed: int,
                     max_turns: Optional[int] = None) -> tuple[TileState, list[dict[str, Any]]]:
    """A random game through whole turns, as the site plays it: (final state, turns in record form)."""
    rng = random.Random(seed)
    state, forced = eng.deal(eng.new_game(players, {"seed": seed}))
    log = [t.to_dict() for t in forced]
    while not eng.is_over(state) and (max_turns is None or len(log) < max_turns):
        turn = random_turn(eng, state, rng)
        state = eng.apply_turn(state, eng.parse_turn(turn))
        log.append(eng.parse_turn(turn).to_dict())
        state, forced = eng.deal(state)
        log.extend(t.to_dict() for t in forced)
    return state, log
