"""A tile game's state to and from JSON types (secrets included: for storage only).

Only what cannot be derived is stored: tiles in the order laid, followers, supplies,
scores, the pile. The features (union-find) are rebuilt by laying the tiles again.
A game stores its own fields beside these (``TileEngine.dump_extra`` / ``load_extra``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .board import Board
from .geometry import cell, coords
from .state import ACTION, DRAW, OVER, PLACE, TileState

if TYPE_CHECKING:
    from .engine import TileEngine

PHASES = (DRAW, PLACE, ACTION, OVER)


def state_to_dict(engine: "TileEngine[Any]", state: TileState) -> dict[str, Any]:
    """The whole state as JSON types."""
    board = state.board
    placed = []
    for key in board.order:
        rt, _ = board.cells[key]
        placed.append([rt.tile, *coords(key), rt.rotation * 90])
    followers = []
    for node in sorted(state.followers):
        seat, piece = state.followers[node]
        key = board.nkey[node]
        rt, base = board.cells[key]
        followers.append([*coords(key), rt.segments[node - base].name, seat, piece])
    return {
        "game": engine.name, "players": state.players, "seed": state.seed, "pile": list(state.pile),
        "hand": state.hand, "phase": state.phase, "seat": state.seat, "moves": state.moves,
        "placed": placed, "followers": followers, "supply": list(state.supply),
        "scores": list(state.scores), "discards": list(state.discards), "events": [dict(e) for e in state.events],
        "active": list(state.active), **engine.dump_extra(state),
    }


def state_from_dict(engine: "TileEngine[Any]", data: Mapping[str, Any]) -> Any:
    """Rebuild a state saved by ``state_to_dict``; raises ``ValueError`` on bad data."""
    try:
        return _rebuild(engine, data)
    except (KeyError, IndexError, TypeError) as err:
        raise ValueError(f"not a saved {engine.name} state: {err!r}") from err


def _rebuild(engine: "TileEngine[Any]", data: Mapping[str, Any]) -> TileState:
    if data["game"] != engine.name or data["phase"] not in PHASES + engine.own_phases:
        raise ValueError(f"not a saved {engine.name} state")
    state = engine.state_class(int(data["players"]), data["seed"], [str(t) for t in data["pile"]])
    state.hand = data["hand"]
    state.phase = data["phase"]
    state.seat = int(data["seat"])
    state.moves = int(data["moves"])
    board = state.board = Board()
    for tid, x, y, rotation in data["placed"]:
        board.place(cell(x, y), engine.types[tid].rotations[rotation // 90])
    for x, y, name, seat, piece in data["followers"]:
        rt, base = board.cells[cell(x, y)]
        node = base + rt.names[name]
        state.followers[node] = (int(seat), str(piece))
        root = board.find(node)
        board.fnodes[root] = (board.fnodes[root] or []) + [node]
    state.supply = [int(n) for n in data["supply"]]
    state.scores = [int(s) for s in data["scores"]]
    state.discards = [str(t) for t in data["discards"]]
    state.events = [dict(e) for e in data["events"]]
    state.active = [bool(a) for a in data["active"]]
    engine.load_extra(state, data)
    if state.phase == ACTION:  # what the tile just laid completed is scored after the action
        key = board.order[-1]
        state.pending = (board.completed_at(key), engine.special_completions(state, key))
    return state
