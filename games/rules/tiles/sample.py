"""A whole tile-game state consistent with one seat's view, the hidden parts drawn at random (for bots).

What a seat cannot see in a tile game is the order of the pile and, unless it is that seat's turn, the tile in
hand. Both are drawn here from the counts the view gives (``remaining``), never from the real state.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping

from .state import OVER, PLACE

if TYPE_CHECKING:
    from .engine import TileEngine


def sample_state(engine: "TileEngine[Any]", view: Mapping[str, Any], seat: int, rng: random.Random) -> Any:
    """A state whose view for ``seat`` is ``view``: the pile shuffled by ``rng``, an unseen hand drawn from it."""
    unseen = [tile for tile, n in sorted((view.get("remaining") or {}).items()) for _ in range(int(n))]
    rng.shuffle(unseen)
    phase = view["phase"]
    hand = view.get("tile")
    if phase != PLACE:
        hand = None
    elif hand is None:  # another seat holds a tile this seat has not seen: one of the unseen ones
        hand = unseen.pop()
    mover = view.get("current_seat")
    data = {
        "game": engine.name, "players": view["players"], "seed": "sampled", "pile": unseen, "hand": hand,
        "phase": phase, "seat": mover if mover is not None else seat if phase != OVER else 0,
        "moves": int(view["turn"]) - 1,
        "placed": [[t["tile"], t["x"], t["y"], t["rotation"]] for t in view["board"]],
        "followers": [[f["x"], f["y"], f["at"], f["seat"], f["kind"]] for f in view["followers"]],
        "supply": [entry["followers"] for entry in view["supply"]], "scores": list(view["scores"]),
        "discards": list(view["discards"]), "events": [dict(e) for e in view["events"]],
        "active": list(view["active"]), **engine.sample_extra(view),
    }
    return engine.state_from_dict(data)
