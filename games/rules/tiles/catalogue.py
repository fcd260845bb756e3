"""Tile catalogues: loaded from JSON data, each tile type precomputed in its four rotations.

The catalogue files are data (docs/tiles.md); a corrected tile list needs
no code change. Edges are packed two bits per side so a cell's border requirement
is matched against a rotated tile with one mask-and-compare.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .geometry import HALF_INDEX, HALVES, SIDE_INDEX, SIDES, rotate_half, rotate_side

CITY, ROAD, FIELD, CLOISTER = 0, 1, 2, 3
KIND_NAMES = ("city", "road", "field", "cloister")
EDGE_CODE = {"C": 1, "R": 2, "F": 3}
EDGE_NAMES = {1: "city", 2: "road", 3: "field"}


class CatalogueError(ValueError):
    """The catalogue file is inconsistent."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One feature piece of a rotated tile (sides and halves in board orientation)."""

    kind: int
    sides: tuple[int, ...]
    halves: tuple[int, ...]
    value: int          # bonus icons on a city or road (the game's: scrolls, pennants, oases)
    icons: tuple[int, ...]  # a field's icons, counted per kind of the game's ``Icons.field``
    cities: tuple[int, ...]  # a field's bordering city segments (indexes into the tile's segments)
    name: str           # canonical place name: first side, first half, or "cloister"


@dataclass(frozen=True, slots=True)
class RotatedTile:
    """A tile type in one rotation, with lookups from sides and halves to segments."""

    tile: str
    rotation: int       # quarter turns clockwise
    code: int           # edge types, two bits per side (N lowest)
    segments: tuple[Segment, ...]
    side_seg: tuple[int, ...]   # per side: segment index of its city/road, or -1
    half_seg: tuple[int, ...]   # per half: segment index of its field, or -1
    names: dict[str, int]       # every place name that reaches a segment -> segment index
    center: str                 # what stands in the tile centre ("temple", "cloister"), or ""

    def edge(self, side: int) -> int:
        """The edge type code on a side."""
        return (self.code >> (2 * side)) & 3


@dataclass(frozen=True, slots=True)
class TileType:
    """A catalogue entry: id, count and its four rotations."""

    id: str
    count: int
    start: bool
    rotations: tuple[RotatedTile, ...]
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Icons:
    """The icons a game's catalogue uses (docs/tiles.md, "Fields of a tile")."""

    city: str = ""              # the key of a city's bonus icons ("scrolls", "pennants")
    road: str = ""              # the key of a road's bonus icons ("oases")
    field: tuple[str, ...] = ()  # the keys of a field's icons, counted each ("sheep", "wolves")
    centers: tuple[str, ...] = ()  # flags of what may stand in a tile's centre ("temple", "cloister")


def _count(data: dict[str, Any], key: str) -> int:
    return int(data.get(key, 0)) if key else 0


def _segments(data: dict[str, Any], steps: int, icons: Icons) -> list[Segment]:
    segs: list[Segment] = []
    for city in data.get("cities", []):
        sides = tuple(sorted(rotate_side(SIDE_INDEX[s], steps) for s in city["sides"]))
        segs.append(Segment(CITY, sides, (), _count(city, icons.city), (), (), SIDES[sides[0]]))
    for road in data.get("roads", []):
        sides = tuple(sorted(rotate_side(SIDE_INDEX[s], steps) for s in road["sides"]))
        segs.append(Segment(ROAD, sides, (), _count(road, icons.road), (), (), SIDES[sides[0]]))
    for field in data.get("fields", []):
        halves = tuple(sorted(rotate_half(HALF_INDEX[h], steps) for h in field["halves"]))
        counts = tuple(_count(field, key) for key in icons.field)
        segs.append(Segment(FIELD, (), halves, 0, counts if any(counts) else (), tuple(field.get("cities", [])),
                            HALVES[halves[0]]))
    if data.get("cloister"):
        segs.append(Segment(CLOISTER, (), (), 0, (), (), "cloister"))
    return segs


def _rotated(data: dict[str, Any], steps: int, icons: Icons) -> RotatedTile:
    edges = data["edges"]
    code = 0
    for side, letter in enumerate(edges):
        code |= EDGE_CODE[letter] << (2 * rotate_side(side, steps))
    segs = _segments(data, steps, icons)
    side_seg = [-1] * 4
    half_seg = [-1] * 8
    names: dict[str, int] = {}
    for index, seg in enumerate(segs):
        for side in seg.sides:
            side_seg[side] = index
            names[SIDES[side]] = index
        for half in seg.halves:
            half_seg[half] = index
            names[HALVES[half]] = index
        if seg.kind == CLOISTER:
            names["cloister"] = index
    center = next((flag for flag in icons.centers if data.get(flag)), "")
    return RotatedTile(str(data["id"]), steps, code, tuple(segs), tuple(side_seg), tuple(half_seg), names, center)


def _check(data: dict[str, Any], rot: RotatedTile) -> None:
    """A side is in one segment or is a field side; every field side's halves are covered."""
    for side in range(4):
        edge = rot.edge(side)
        has_seg = rot.side_seg[side] >= 0
        kind = rot.segments[rot.side_seg[side]].kind if has_seg else FIELD
        if (edge == 3) == has_seg or (has_seg and EDGE_CODE["CR"[kind]] != edge):
            raise CatalogueError(f"tile {data['id']}: side {SIDES[side]} does not match its segments")
    city_count = sum(1 for s in rot.segments if s.kind == CITY)
    for seg in rot.segments:
        if any(not 0 <= c < city_count for c in seg.cities):
            raise CatalogueError(f"tile {data['id']}: a field borders an unknown city")


def load_catalogue(path: Path, icons: Icons) -> dict[str, TileType]:
    """Read a catalogue JSON file into tile types keyed by id."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    types: dict[str, TileType] = {}
    for data in raw["tiles"]:
        rotations = tuple(_rotated(data, steps, icons) for steps in range(4))
        _check(data, rotations[0])
        tid = str(data["id"])
        if tid in types:
            raise CatalogueError(f"tile {tid} is listed twice")
        types[tid] = TileType(tid, int(data["count"]), bool(data.get("start")), rotations, data)
    if sum(1 for t in types.values() if t.start) != 1:
        raise CatalogueError("a catalogue needs exactly one start tile type")
    if "total" in raw and sum(t.count for t in types.values()) != raw["total"]:
        raise CatalogueError("tile counts do not add up to the catalogue's total")
    return types
