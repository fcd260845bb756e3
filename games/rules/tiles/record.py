"""A tile game's record turns (docs/records/tiles.md): a turn as actions, and actions as a turn.

A record turn names the tile drawn and where it went, then one action (or that the tile was set aside because
it fits nowhere). As actions it is the draw (a chance step), the placement, the action, and whatever the game
adds (the Ark's ``ark_at``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..base import IllegalActionError, InvalidActionError, JSONDict
from ..words import Words, text
from .actions import Discard, Draw, Place, want_int, want_rotation, want_str
from .state import ACTION, DRAW, PLACE

if TYPE_CHECKING:
    from .engine import TileEngine


def _parse(engine: "TileEngine[Any]", data: Any) -> tuple[str, list[Any]]:
    """The tile a record turn names, and the actions after its draw."""
    if not isinstance(data, Mapping):
        raise InvalidActionError(Words("a turn must be an object"))
    a_turn = Words("a turn")
    tile = want_str(data, "tile", a_turn)
    discard = data.get("discard", False)
    if not isinstance(discard, bool):
        raise InvalidActionError(Words("'discard' must be true or false"))
    names = engine.piece_action_names()
    unknown = sorted(set(data) - {"tile", "discard", "x", "y", "rotation", "action", *engine.entry_extra_keys})
    if unknown:
        raise InvalidActionError(Words("a turn of {game} has no {keys}", game=Words(engine.title),
                                       keys=", ".join(map(repr, unknown))))
    if discard:
        extra = sorted(set(data) & {"x", "y", "rotation", "action", *engine.entry_extra_keys})
        if extra:
            raise InvalidActionError(Words("a discard names only the tile, not {keys}", keys=text(", ".join(extra))))
        return tile, [Discard()]
    place = Place(want_int(data, "x", a_turn), want_int(data, "y", a_turn), want_rotation(data))
    if "action" not in data:
        raise InvalidActionError(Words("a turn needs an 'action' ({names})", names=names))
    action = engine.parse_action(data["action"])
    if not isinstance(action, engine.piece_action_types):
        raise InvalidActionError(Words("a turn's action must be {names}, not {type}", names=names, type=repr(action.type)))
    return tile, [place, action, *engine.entry_extra_actions(data)]


def entry_actions(engine: "TileEngine[Any]", state: Any, data: Any) -> list[Any]:
    """A record turn as actions from ``state``: its draw, unless the tile was drawn already."""
    tile, rest = _parse(engine, data)
    if state.phase == DRAW:
        return [Draw(tile), *rest]
    if state.phase == PLACE:
        if state.hand != tile:
            raise IllegalActionError(Words("the tile in hand is {hand}, not {tile}", hand=state.hand, tile=tile))
        return rest
    raise IllegalActionError(engine.wrong_phase(state, None))


def turn_actions(engine: "TileEngine[Any]", state: Any, data: Any) -> list[Any]:
    """A whole turn sent by its player (the tile in hand named): the player's actions."""
    if state.phase != PLACE:
        raise IllegalActionError(engine.wrong_phase(state, None))
    return entry_actions(engine, state, data)


def entry_record(engine: "TileEngine[Any]", actions: Sequence[Any]) -> JSONDict:
    """The record turn of a complete entry's actions (its draw first)."""
    out: JSONDict = {}
    for action in actions:
        if isinstance(action, Draw):
            out["tile"] = action.tile
        elif isinstance(action, Discard):
            out["discard"] = True
        elif isinstance(action, Place):
            out.update(x=action.x, y=action.y, rotation=action.rotation)
        elif isinstance(action, engine.piece_action_types):
            out["action"] = action.to_dict()  # type: ignore[attr-defined]
        else:
            engine.record_extra(out, action)
    return out


def unfinished(engine: "TileEngine[Any]", state: Any) -> str:
    """Why a record turn that stops here is not complete."""
    if state.phase == PLACE:
        return Words("the turn names no placement")
    if state.phase == ACTION:
        return Words("the turn names no action ({names})", names=engine.piece_action_names())
    return engine.phase_unfinished(state)
