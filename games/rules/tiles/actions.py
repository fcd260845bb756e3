"""Actions of the tile-laying games: small frozen values with a dict form.

A turn in a record (docs/records/tiles.md) is a sequence of these: the draw (a chance
step), then a placement, then one action; or the draw and a discard, when the tile
fits nowhere (a chance step too: nobody chooses it). A game adds its own actions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping, Optional, Union

from ..base import InvalidActionError, quoted
from ..words import Words, text
from .geometry import ROTATIONS


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the tile drawn from the pile."""

    tile: str
    type: ClassVar[str] = "draw"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tile": self.tile}


@dataclass(frozen=True, slots=True)
class Discard:
    """Set aside a drawn tile that fits nowhere; the same seat draws again."""

    type: ClassVar[str] = "discard"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class Place:
    """Lay the tile in hand at (x, y), turned ``rotation`` degrees clockwise."""

    x: int
    y: int
    rotation: int
    type: ClassVar[str] = "place"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "x": self.x, "y": self.y, "rotation": self.rotation}


@dataclass(frozen=True, slots=True)
class Follower:
    """Put a follower on a segment of the tile just laid (a side, a half or "cloister")."""

    at: str
    type: ClassVar[str] = "follower"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "at": self.at}


@dataclass(frozen=True, slots=True)
class Pass:
    """No action this turn."""

    type: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


Action = Union[Draw, Discard, Place, Follower, Pass]
#: The actions of a turn's action step that every tile game has.
PIECE_ACTIONS: tuple[type, ...] = (Follower, Pass)
#: Chance actions: the server (or a record) takes them, never a player.
CHANCE_ACTIONS: tuple[type, ...] = (Draw, Discard)
Parser = Callable[[Mapping[str, Any]], Any]


def want_int(data: Mapping[str, Any], key: str, what: str) -> int:
    """``data[key]`` as an int, or an ``InvalidActionError`` naming ``what``."""
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidActionError(Words("{what} needs a whole number '{key}'", what=what, key=text(key)))
    return value


def want_str(data: Mapping[str, Any], key: str, what: str) -> str:
    """``data[key]`` as a non-empty string."""
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise InvalidActionError(Words("{what} needs '{key}' as a string", what=what, key=text(key)))
    return value


def want_cell(value: Any, what: str) -> tuple[int, int]:
    """An ``[x, y]`` pair of ints."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise InvalidActionError(Words("{what} must be a pair [x, y] of whole numbers, not {value}", what=what,
                                       value=quoted(value)))
    return int(value[0]), int(value[1])


def want_rotation(data: Mapping[str, Any]) -> int:
    """A rotation of 0, 90, 180 or 270 degrees."""
    value = data.get("rotation")
    if not isinstance(value, int) or isinstance(value, bool) or value not in ROTATIONS:
        raise InvalidActionError(Words("rotation must be 0, 90, 180 or 270, not {value}", value=quoted(value)))
    return value


def parse_action(data: Any, extra: Optional[Mapping[str, Parser]] = None) -> Any:
    """An action from its dict form (``{"type": ...}``); ``extra`` parses a game's own action types."""
    if not isinstance(data, Mapping):
        raise InvalidActionError(Words("an action must be an object with a 'type'"))
    kind = data.get("type")
    if kind == "draw":
        return Draw(want_str(data, "tile", Words("a draw")))
    if kind == "discard":
        return Discard()
    if kind == "place":
        return Place(want_int(data, "x", Words("a placement")), want_int(data, "y", Words("a placement")),
                     want_rotation(data))
    if kind == "follower":
        return Follower(want_str(data, "at", Words("a follower")))
    if kind == "pass":
        return Pass()
    parse = (extra or {}).get(kind) if isinstance(kind, str) else None
    if parse is None:
        raise InvalidActionError(Words("unknown action type {kind}", kind=quoted(kind)))
    return parse(data)
