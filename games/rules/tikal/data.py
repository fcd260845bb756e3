"""Tikal's data files (``board.json``, ``hexes.json``), checked at import and turned into index tables.

Spaces are numbered in the order ``board.json`` lists them; ``NEIGHBOUR[space][side]`` is the space across side
``side`` (N, NE, SE, S, SW, NW) or -1 off the board. Hexes are numbered in the order ``hexes.json`` lists them.
A corrected hex or board needs no code change: every count the rules page states is checked against the files,
and a file that breaks one raises ``DataError`` when the package is imported.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SIDES = ("N", "NE", "SE", "S", "SW", "NW")

# Space kinds (the four printed spaces included). EMPTY: not explored yet.
EMPTY, BASE, TEMPLE, JUNGLE, RUIN, VOLCANO = range(6)
KINDS = ("empty", "base_camp", "temple", "jungle", "ruin", "volcano")

TOTAL_HEXES = 36
KIND_COUNTS = {"temple": 15, "jungle": 10, "ruin": 8, "volcano": 3}
LEVEL_TILES = {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
TREASURE_POINTS = (0, 1, 3, 6)      # by how many of one kind a player holds
WORKERS = 18
CAMPS = 2
GUARDS = 2
AP = 10
LEADER_STRENGTH = 3


class DataError(ValueError):
    """A data file breaks the rules page's counts."""


class Hex:
    """One terrain hex as printed (unturned)."""

    __slots__ = ("id", "kind", "letter", "stones", "treasures", "value")

    def __init__(self, hid: str, letter: str, kind: int, stones: tuple[int, ...], value: int, treasures: int):
        self.id = hid
        self.letter = letter
        self.kind = kind
        self.stones = stones
        self.value = value
        self.treasures = treasures


def _load(name: str) -> Any:
    with open(HERE / name, encoding="utf-8") as handle:
        return json.load(handle)


def _stones(value: Any, what: str, volcano: bool = False) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != 6 or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 3 for n in value):
        raise DataError(f"{what}: stones must be 6 numbers 0 to 3")
    if sum(value) != (0 if volcano else 3):
        raise DataError(f"{what}: {'a volcano has no stones' if volcano else 'every hex has exactly 3 stones'}")
    return tuple(value)


def rotate(stones: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    """The stones on board sides 0..5 of a hex turned ``rotation`` sixth-turns clockwise."""
    return tuple(stones[(side - rotation) % 6] for side in range(6))


def _board() -> tuple[list[tuple[int, int]], dict[str, Any], list[dict[str, Any]], list[str], int]:
    data = _load("board.json")
    spaces = [(int(q), int(r)) for q, r in data["spaces"]]
    if len(spaces) != TOTAL_HEXES + 4 or len(set(spaces)) != len(spaces):
        raise DataError(f"board.json: the board has {TOTAL_HEXES + 4} different spaces")
    if [tuple(d) for d in data["directions"].values()] != [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)] \
            or list(data["directions"]) != list(SIDES):
        raise DataError("board.json: the directions must be N, NE, SE, S, SW, NW of flat-topped axial hexes")
    base = data["base_camp"]
    pre = data["preexplored"]
    if len(pre) != 3 or sorted(p["kind"] for p in pre) != ["jungle", "temple", "temple"]:
        raise DataError("board.json: the printed spaces are two temples and a jungle clearing")
    for item in [base, *pre]:
        if (item["q"], item["r"]) not in spaces:
            raise DataError(f"board.json: printed space ({item['q']}, {item['r']}) is not on the board")
        _stones(item["stones"], f"board.json: printed space ({item['q']}, {item['r']})")
    supply = data["supply"]
    tiles = {int(k): int(v) for k, v in supply["temple_level_tiles"].items()}
    if tiles != LEVEL_TILES:
        raise DataError("board.json: the temple level tiles are 3, 6, 9, 11, 8, 5, 3, 2, 1 of values 2 to 10")
    kinds = [str(k) for k in supply["treasure_kinds"]]
    if len(kinds) != 8 or len(set(kinds)) != 8 or supply["treasures_per_kind"] != 3:
        raise DataError("board.json: there are 8 treasure kinds, 3 of each")
    return spaces, base, pre, kinds, 3


def _hexes() -> list[Hex]:
    data = _load("hexes.json")
    out: list[Hex] = []
    ids: set[str] = set()
    for item in data["hexes"]:
        hid, letter, kind = str(item["id"]), str(item["letter"]), str(item["kind"])
        if hid in ids:
            raise DataError(f"hexes.json: hex {hid} twice")
        ids.add(hid)
        if kind not in KIND_COUNTS:
            raise DataError(f"hexes.json: {hid} has an unknown kind {kind!r}")
        if len(letter) != 1 or not "A" <= letter <= "G":
            raise DataError(f"hexes.json: {hid}'s letter must be A to G")
        value = int(item.get("value", 0)) if kind == "temple" else 0
        treasures = int(item.get("treasures", 0)) if kind == "ruin" else 0
        if kind == "temple" and not 1 <= value <= 6:
            raise DataError(f"hexes.json: {hid}: a temple's printed value is 1 to 6")
        if kind == "ruin" and not 2 <= treasures <= 4:
            raise DataError(f"hexes.json: {hid}: a ruin shows 2, 3 or 4 treasures")
        out.append(Hex(hid, letter, KINDS.index(kind), _stones(item["stones"], f"hexes.json: {hid}",
                                                                kind == "volcano"), value, treasures))
    if len(out) != TOTAL_HEXES:
        raise DataError(f"hexes.json: there are {TOTAL_HEXES} terrain hexes, not {len(out)}")
    for kind, count in KIND_COUNTS.items():
        if sum(1 for h in out if KINDS[h.kind] == kind) != count:
            raise DataError(f"hexes.json: there are {count} {kind} hexes")
    if sum(h.treasures for h in out) != 24:
        raise DataError("hexes.json: the ruins hold the 24 treasures between them")
    declared = data.get("letter_counts", {})
    for letter, count in declared.items():
        if sum(1 for h in out if h.letter == letter) != count:
            raise DataError(f"hexes.json: letter_counts says {count} hexes of letter {letter}")
    for key, attr, what in (("kind_counts", "kind", "hexes of kind"), ("temple_value_counts", "value",
                                                                       "temples of value"),
                            ("ruin_treasure_counts", "treasures", "ruins with treasures")):
        for name, count in data.get(key, {}).items():
            found = sum(1 for h in out if (KINDS[h.kind] if attr == "kind" else str(getattr(h, attr))) == str(name)
                        and (attr == "kind" or KINDS[h.kind] == ("temple" if attr == "value" else "ruin")))
            if found != count:
                raise DataError(f"hexes.json: {key} says {count} {what} {name}, the hexes have {found}")
    for letter in data.get("volcano_letters", []):
        if not any(h.letter == letter and h.kind == VOLCANO for h in out):
            raise DataError(f"hexes.json: volcano_letters names {letter}, which has no volcano")
    return out


SPACES, _BASE, _PRE, TREASURES, PER_KIND = _board()
HEXES = _hexes()
HEX_INDEX = {h.id: n for n, h in enumerate(HEXES)}
LETTERS = tuple(sorted({h.letter for h in HEXES}))
NSPACES = len(SPACES)
SPACE_INDEX = {xy: n for n, xy in enumerate(SPACES)}
_DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(SPACE_INDEX.get((q + dq, r + dr), -1) for dq, dr in _DIRS) for q, r in SPACES)
BASE_CAMP = SPACE_INDEX[(_BASE["q"], _BASE["r"])]
BASE_STONES = _stones(_BASE["stones"], "board.json: base camp")


class Printed:
    """One printed start space."""

    __slots__ = ("id", "kind", "space", "stones", "value")

    def __init__(self, pid: str, space: int, kind: int, stones: tuple[int, ...], value: int) -> None:
        self.id = pid
        self.space = space
        self.kind = kind
        self.stones = stones
        self.value = value


PRINTED = tuple(Printed(str(p["id"]), SPACE_INDEX[(p["q"], p["r"])], KINDS.index(str(p["kind"])),
                        _stones(p["stones"], f"board.json: {p['id']}"), int(p.get("value", 0))) for p in _PRE)
if len({BASE_CAMP, *(p.space for p in PRINTED)}) != 4 or any(
        p.space not in NEIGHBOUR[BASE_CAMP] for p in PRINTED):
    raise DataError("board.json: the base camp touches the three other printed spaces")
for _p in PRINTED:
    if _p.kind == TEMPLE and not 1 <= _p.value <= 6:
        raise DataError(f"board.json: {_p.id}: a temple's printed value is 1 to 6")
TREASURE_INDEX = {name: n for n, name in enumerate(TREASURES)}
NKINDS = len(TREASURES)


def _offset(q: int, r: int) -> tuple[int, int]:
    """Odd-q offset coordinates (column, row): the row grows to the south."""
    return q, r + (q - (q & 1)) // 2


def _names() -> tuple[str, ...]:
    """Each space's name as players read it on the board: its column's letter (A in the west) and its place in
    the column counted from the south (1 at the bottom), so the base camp, in the south-west corner, is A1."""
    bottom: dict[int, int] = {}
    for q, r in SPACES:
        column, row = _offset(q, r)
        bottom[column] = max(bottom.get(column, row), row)
    out = []
    for q, r in SPACES:
        column, row = _offset(q, r)
        out.append(f"{chr(ord('A') + column - min(bottom))}{bottom[column] - row + 1}")
    return tuple(out)


SPACE_NAMES = _names()


def board_data() -> dict[str, Any]:
    """The static geometry a page draws the board from, and the hexes' faces (public reference data)."""
    printed = [{"id": "BC", "q": SPACES[BASE_CAMP][0], "r": SPACES[BASE_CAMP][1], "kind": "base_camp",
                "stones": list(BASE_STONES)}]
    printed += [{"id": p.id, "q": SPACES[p.space][0], "r": SPACES[p.space][1], "kind": KINDS[p.kind],
                 "value": p.value or None, "stones": list(p.stones)} for p in PRINTED]
    return {
        "orientation": "flat-topped", "sides": list(SIDES),
        "spaces": [{"q": q, "r": r, "offset": list(_offset(q, r)), "name": SPACE_NAMES[i], "x": 1.5 * q, "y": r + q / 2,
                    "neighbours": [list(SPACES[n]) if n >= 0 else None for n in NEIGHBOUR[i]]}
                   for i, (q, r) in enumerate(SPACES)],
        "base_camp": list(SPACES[BASE_CAMP]), "start_area": printed,
        "hexes": [{"id": h.id, "letter": h.letter, "kind": KINDS[h.kind], "value": h.value or None,
                   "treasures": h.treasures or None, "stones": list(h.stones), "volcano": h.kind == VOLCANO}
                  for h in HEXES],
        "letters": {letter: sum(1 for h in HEXES if h.letter == letter) for letter in LETTERS},
        "volcanoes": [h.id for h in HEXES if h.kind == VOLCANO],
        "level_tiles": {str(k): v for k, v in LEVEL_TILES.items()}, "treasure_kinds": list(TREASURES),
        "treasure_points": {"1": 1, "2": 3, "3": 6}, "action_points": AP,
    }
