"""Tikal's actions: small frozen values with a dict form (``"type"`` key), and tables of every one of them.

A normal turn is the chance step ``draw`` (a hex from the stacks), ``place`` (where and how turned), then the
action-point steps ``enter``, ``move``, ``camp-move``, ``uncover``, ``dig`` (followed by the chance step
``treasure``: which kind the ruin gave), ``exchange``, ``camp``, ``guard``, and ``end``. A bonus turn is the
action-point steps alone. Spaces are axial ``(q, r)``; dict forms write them ``[q, r]``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Union

from ..base import InvalidActionError, quoted
from ..words import Words, text
from .data import BASE_CAMP, HEX_INDEX, HEXES, NSPACES, SPACE_INDEX, SPACES, TREASURE_INDEX, TREASURES

PIECES = ("worker", "leader")
WORKER, LEADER = 0, 1
XY = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the hex ``hex`` comes off the stacks."""

    hex: str
    type: ClassVar[str] = "draw"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "hex": self.hex}


@dataclass(frozen=True, slots=True)
class Place:
    """Lay the drawn hex (or the volcano of the scoring round) on ``at``, turned ``rotation`` sixth-turns."""

    at: XY
    rotation: int
    type: ClassVar[str] = "place"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "at": list(self.at), "rotation": self.rotation}


@dataclass(frozen=True, slots=True)
class Enter:
    """1 AP: an explorer from supply onto the base camp or one of the player's camps."""

    piece: str
    at: XY
    type: ClassVar[str] = "enter"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "piece": self.piece, "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class Move:
    """The border's cost: an explorer across one border."""

    piece: str
    frm: XY
    to: XY
    type: ClassVar[str] = "move"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "piece": self.piece, "from": list(self.frm), "to": list(self.to)}


@dataclass(frozen=True, slots=True)
class CampMove:
    """1 AP: an explorer between the base camp and the player's camps."""

    piece: str
    frm: XY
    to: XY
    type: ClassVar[str] = "camp-move"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "piece": self.piece, "from": list(self.frm), "to": list(self.to)}


@dataclass(frozen=True, slots=True)
class Uncover:
    """2 AP: the temple's next level."""

    at: XY
    type: ClassVar[str] = "uncover"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class Dig:
    """3 AP: a treasure from the ruin (its kind is the chance step ``treasure`` that follows)."""

    at: XY
    type: ClassVar[str] = "dig"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class Treasure:
    """Chance: the kind of treasure the dig just made turned up."""

    kind: str
    type: ClassVar[str] = "treasure"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "treasure": self.kind}


@dataclass(frozen=True, slots=True)
class Exchange:
    """3 AP: a lone treasure ``give`` for seat ``seat``'s lone treasure ``take``."""

    give: str
    seat: int
    take: str
    type: ClassVar[str] = "exchange"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "give": self.give, "seat": self.seat, "take": self.take}


@dataclass(frozen=True, slots=True)
class Camp:
    """5 AP: one of the player's camps on a clearing."""

    at: XY
    type: ClassVar[str] = "camp"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "at": list(self.at)}


@dataclass(frozen=True, slots=True)
class Guard:
    """5 AP: the explorer ``piece`` on the temple becomes its guard; the player's others there leave play."""

    at: XY
    piece: str
    type: ClassVar[str] = "guard"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "at": list(self.at), "piece": self.piece}


@dataclass(frozen=True, slots=True)
class End:
    """End the turn (the action points left are lost)."""

    type: ClassVar[str] = "end"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


Action = Union[Draw, Place, Enter, Move, CampMove, Uncover, Dig, Treasure, Exchange, Camp, Guard, End]
CHANCE_TYPES = (Draw, Treasure)
END = End()


# ----- every action, built once ---------------------------------------------------------------------------
class Tables:
    """Every action value, indexed by space numbers (``legal_actions`` hands out these shared objects)."""

    def __init__(self) -> None:
        n = NSPACES
        self.draw = [Draw(h.id) for h in HEXES]
        self.treasure = [Treasure(kind) for kind in TREASURES]
        self.place = [[Place(SPACES[s], k) for k in range(6)] for s in range(n)]
        self.enter = [[Enter(p, SPACES[s]) for s in range(n)] for p in PIECES]
        self.move = [[[Move(p, SPACES[a], SPACES[b]) for b in range(n)] for a in range(n)] for p in PIECES]
        self.camp_move = [[[CampMove(p, SPACES[a], SPACES[b]) for b in range(n)] for a in range(n)]
                          for p in PIECES]
        self.uncover = [Uncover(SPACES[s]) for s in range(n)]
        self.dig = [Dig(SPACES[s]) for s in range(n)]
        self.camp = [Camp(SPACES[s]) for s in range(n)]
        self.guard = [[Guard(SPACES[s], p) for s in range(n)] for p in PIECES]
        k = len(TREASURES)
        self.exchange = [[[Exchange(TREASURES[g], seat, TREASURES[t]) for t in range(k)] for seat in range(4)]
                         for g in range(k)]


TABLES = Tables()


# ----- dict forms into actions --------------------------------------------------------------------------
def _field(data: Mapping[str, Any], key: str, what: str) -> Any:
    if key not in data:
        raise InvalidActionError(Words("{what} needs '{key}'", what=what, key=text(key)))
    return data[key]


def parse_space(value: Any, what: str) -> XY:
    """``[q, r]`` of a board space."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise InvalidActionError(Words("{what} must be a space [q, r]", what=what))
    xy = (int(value[0]), int(value[1]))
    if xy not in SPACE_INDEX:
        raise InvalidActionError(Words("({q}, {r}) is not a space of the board", q=xy[0], r=xy[1]))
    return xy


def _piece(data: Mapping[str, Any], what: str) -> str:
    piece = _field(data, "piece", what)
    if piece not in PIECES:
        raise InvalidActionError(Words("{what}: 'piece' must be \"leader\" or \"worker\", not {piece}", what=what,
                                       piece=quoted(piece)))
    return str(piece)


def _kind(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in TREASURE_INDEX:
        raise InvalidActionError(Words("{what} must be a treasure kind ({kinds}), not {value}", what=what,
                                       kinds=", ".join(TREASURES), value=quoted(value)))
    return str(value)


def parse_action(data: Any) -> Action:
    """An action from its dict form (a ``cost`` key, as the view lists it, is ignored)."""
    if not isinstance(data, Mapping):
        raise InvalidActionError(Words("an action must be a JSON object"))
    kind = data.get("type")
    if kind == "draw":
        hid = data.get("hex")
        if not isinstance(hid, str) or hid not in HEX_INDEX:  # a list or an object: malformed, not a 500
            raise InvalidActionError(Words("there is no hex {hex}", hex=quoted(hid)))
        return TABLES.draw[HEX_INDEX[hid]]
    if kind == "place":
        at = parse_space(_field(data, "at", Words("placing a hex")), text("'at'"))
        rotation = data.get("rotation", 0)
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 5:
            raise InvalidActionError(Words("'rotation' must be 0 to 5, not {value}", value=quoted(rotation)))
        return TABLES.place[SPACE_INDEX[at]][rotation]
    if kind == "enter":
        piece = _piece(data, Words("bringing in an explorer"))
        at = parse_space(data["at"], text("'at'")) if data.get("at") is not None else SPACES[BASE_CAMP]
        return TABLES.enter[PIECES.index(piece)][SPACE_INDEX[at]]
    if kind in ("move", "camp-move"):
        what = Words("a move")
        piece = _piece(data, what)
        frm = parse_space(_field(data, "from", what), text("'from'"))
        to = parse_space(_field(data, "to", what), text("'to'"))
        a, b, p = SPACE_INDEX[frm], SPACE_INDEX[to], PIECES.index(piece)
        return TABLES.move[p][a][b] if kind == "move" else TABLES.camp_move[p][a][b]
    if kind in ("uncover", "dig", "camp"):
        at = parse_space(_field(data, "at", text(f"'{kind}'")), text("'at'"))
        s = SPACE_INDEX[at]
        if kind == "uncover":
            return TABLES.uncover[s]
        return TABLES.dig[s] if kind == "dig" else TABLES.camp[s]
    if kind == "guard":
        at = parse_space(_field(data, "at", Words("a guard")), text("'at'"))
        return TABLES.guard[PIECES.index(_piece(data, Words("a guard")))][SPACE_INDEX[at]]
    if kind == "treasure":
        return TABLES.treasure[TREASURE_INDEX[_kind(data.get("treasure"), text("'treasure'"))]]
    if kind == "exchange":
        give = _kind(data.get("give"), text("'give'"))
        take = _kind(data.get("take"), text("'take'"))
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise InvalidActionError(Words("'seat' must be a seat number, not {value}", value=quoted(seat)))
        return TABLES.exchange[TREASURE_INDEX[give]][seat][TREASURE_INDEX[take]]
    if kind == "end":
        return END
    raise InvalidActionError(Words("unknown action type {kind}; {game}'s are {types}", kind=quoted(kind), game=text("Tikal"),
                                   types="draw, place, enter, move, camp-move, uncover, dig, treasure, exchange, "
                                         "camp, guard, end"))

