"""A whole turn in record form (../shared/RECORD.md): tile, placement, action, ark_at, or a discard.

The site and the records both speak in these; the engine applies one as a sequence
of its smaller actions, all or nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ..base import InvalidActionError
from .actions import PIECE_ACTIONS, Action, Place, parse_action, want_cell, want_int, want_rotation, want_str


@dataclass(frozen=True, slots=True)
class Turn:
    """One record turn: the tile drawn and either a discard or a placement with its action."""

    tile: str
    discard: bool = False
    place: Optional[Place] = None
    action: Optional[Action] = None
    ark_at: Optional[tuple[int, int]] = None

    def to_dict(self) -> dict[str, Any]:
        """The canonical record form."""
        if self.discard:
            return {"tile": self.tile, "discard": True}
        assert self.place is not None and self.action is not None
        out: dict[str, Any] = {"tile": self.tile, "x": self.place.x, "y": self.place.y,
                               "rotation": self.place.rotation, "action": self.action.to_dict()}
        if self.ark_at is not None:
            out["ark_at"] = list(self.ark_at)
        return out


def parse_turn(data: Any) -> Turn:
    """A ``Turn`` from its record form; raises ``InvalidActionError`` on a malformed one."""
    if not isinstance(data, Mapping):
        raise InvalidActionError("a turn must be an object")
    tile = want_str(data, "tile", "a turn")
    discard = data.get("discard", False)
    if not isinstance(discard, bool):
        raise InvalidActionError("'discard' must be true or false")
    if discard:
        extra = sorted(set(data) & {"x", "y", "rotation", "action", "ark_at"})
        if extra:
            raise InvalidActionError(f"a discard names only the tile, not {', '.join(extra)}")
        return Turn(tile, discard=True)
    place = Place(want_int(data, "x", "a turn"), want_int(data, "y", "a turn"), want_rotation(data))
    if "action" not in data:
        raise InvalidActionError("a turn needs an 'action' (follower, prophet, ark or pass)")
    action = parse_action(data["action"])
    if not isinstance(action, PIECE_ACTIONS):
        raise InvalidActionError(f"a turn's action must be follower, prophet, ark or pass, not {action.type!r}")
    ark_at = data.get("ark_at")
    return Turn(tile, place=place, action=action,
                ark_at=want_cell(ark_at, "'ark_at'") if ark_at is not None else None)
