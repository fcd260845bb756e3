"""The Ark's own actions: the Prophet, a move of the Ark, and putting the Ark on the first city."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from ..base import InvalidActionError
from ..tiles.actions import Parser, want_cell, want_int, want_str
from ..words import Words


@dataclass(frozen=True, slots=True)
class Prophet:
    """Put the Prophet on a city side of the tile just laid."""

    at: str
    type: ClassVar[str] = "prophet"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "at": self.at}


@dataclass(frozen=True, slots=True)
class MoveArk:
    """Move the Ark through the listed tiles, 1 to 5 of them."""

    path: tuple[tuple[int, int], ...]
    type: ClassVar[str] = "ark"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "path": [list(step) for step in self.path]}


@dataclass(frozen=True, slots=True)
class PlaceArk:
    """After completing the first city, put the Ark on one of its tiles."""

    x: int
    y: int
    type: ClassVar[str] = "place_ark"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "x": self.x, "y": self.y}


def parse_path(value: Any) -> tuple[tuple[int, int], ...]:
    """An Ark path: a list of [x, y] cells."""
    if not isinstance(value, (list, tuple)):
        raise InvalidActionError(Words("an Ark move needs 'path', a list of [x, y] tiles"))
    return tuple(want_cell(step, Words("each step of the Ark's path")) for step in value)


def _prophet(data: Mapping[str, Any]) -> Prophet:
    return Prophet(want_str(data, "at", Words("a Prophet")))


def _move_ark(data: Mapping[str, Any]) -> MoveArk:
    return MoveArk(parse_path(data.get("path")))


def _place_ark(data: Mapping[str, Any]) -> PlaceArk:
    where = Words("placing the Ark")
    return PlaceArk(want_int(data, "x", where), want_int(data, "y", where))


PARSERS: dict[str, Parser] = {"prophet": _prophet, "ark": _move_ark, "place_ark": _place_ark}
