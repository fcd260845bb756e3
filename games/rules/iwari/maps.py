"""Iwari's maps: data files in ``maps/``, checked on load, turned into index tables the engine plays on.

``maps/index.json`` lists the maps (the default first) and, for each, the counts the rules page gives for it
(docs/rules/iwari.md, section 1). A second map is a JSON file and an index entry: no code changes. A map file
has the shape of ``maps/titans-crossing.json`` (docs/rules/iwari.md; the fields are those of
``tiles/iwari-map.json``). Inside the engine, territories, tent spaces and connections are indexes in file
order; outside it they are the file's ids.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NoReturn

from .cards import (
    BIOME_CARDS,
    BIOME_INDEX,
    BIOMES,
    DISPLAY_SIZE,
    HAND_SIZE,
    MOUNTAIN_TILES,
    REMOVED_PER_BIOME,
    TENTS_PER_TRIBE,
    TOTEMS_PER_TRIBE,
    tiles_used,
)

MAPS_DIR = Path(__file__).resolve().parent / "maps"
Fail = Callable[[str], NoReturn]


class MapError(ValueError):
    """A map file or the map index is inconsistent; the message names the map and the fault."""


class Board:
    """One map as index tables (read-only once built)."""

    __slots__ = (
        "biome",
        "connection_ids",
        "connection_index",
        "connections_of",
        "data",
        "ends",
        "id",
        "links",
        "name",
        "peaks",
        "space_ids",
        "space_index",
        "space_territory",
        "spaces_of",
        "territory_ids",
        "territory_index",
        "territory_names",
        "water",
    )

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.id: str = data["id"]
        self.name: str = data["map"]
        territories = data["territories"]
        self.territory_ids: tuple[str, ...] = tuple(t["id"] for t in territories)
        self.territory_names: tuple[str, ...] = tuple(t["name"] for t in territories)
        self.territory_index = {tid: i for i, tid in enumerate(self.territory_ids)}
        self.biome: tuple[int, ...] = tuple(BIOME_INDEX[t["biome"]] for t in territories)
        self.space_ids: tuple[str, ...] = tuple(s["id"] for s in data["tent_spaces"])
        self.space_index = {sid: i for i, sid in enumerate(self.space_ids)}
        self.space_territory: tuple[int, ...] = tuple(self.territory_index[s["territory"]]
                                                      for s in data["tent_spaces"])
        self.spaces_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.space_index[sid] for sid in t["tent_spaces"]) for t in territories)
        links: list[list[int]] = [[] for _ in self.space_ids]
        for path in data["paths"]:
            a, b = self.space_index[path["a"]], self.space_index[path["b"]]
            links[a].append(b)
            links[b].append(a)
        self.links: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in links)
        connections = data["connections"]
        self.connection_ids: tuple[str, ...] = tuple(c["id"] for c in connections)
        self.connection_index = {cid: i for i, cid in enumerate(self.connection_ids)}
        self.ends: tuple[tuple[int, int], ...] = tuple(
            (self.territory_index[c["a"]], self.territory_index[c["b"]]) for c in connections)
        self.water: tuple[bool, ...] = tuple(c["kind"] == "water" for c in connections)
        self.peaks: tuple[int, ...] = tuple(c["mountain"] or 0 for c in connections)
        self.connections_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, ends in enumerate(self.ends) if t in ends) for t in range(len(territories)))

    def mountain_sites(self, peaks: int) -> list[int]:
        """Connections marked for the mountain tile with ``peaks`` peaks."""
        return [i for i, p in enumerate(self.peaks) if p == peaks]


def default_map() -> str:
    """The id of the map a new game is played on."""
    return str(_index()["default"])


def map_ids() -> list[str]:
    """Ids of every map in the index."""
    return sorted(_index()["maps"])


@cache
def load_board(map_id: str) -> Board:
    """The checked map ``map_id``; raises ``MapError``."""
    entry = _index()["maps"].get(map_id)
    if not isinstance(entry, dict):
        raise MapError(f"there is no map {map_id!r}; known: {', '.join(map_ids())}")
    try:
        data = json.loads((MAPS_DIR / entry["file"]).read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError) as err:
        raise MapError(f"map {map_id}: cannot read its file ({err})") from None
    check_map(data, map_id, entry.get("expect") or {})
    return Board(data)


@lru_cache(maxsize=1)
def _index() -> dict[str, Any]:
    data = json.loads((MAPS_DIR / "index.json").read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("maps"), dict) or data.get("default") not in data["maps"]:
        raise MapError("maps/index.json needs 'maps' (an object) and a 'default' among them")
    return data


def check_map(data: Any, map_id: str, expect: Mapping[str, Any]) -> None:
    """Raise ``MapError`` unless ``data`` is a consistent map with id ``map_id`` and the ``expect`` counts."""
    def fail(message: str) -> NoReturn:
        raise MapError(f"map {map_id}: {message}")

    if not isinstance(data, dict):
        fail("the file must hold a JSON object")
    for key in ("id", "map", "biomes", "territories", "tent_spaces", "paths", "connections"):
        if key not in data:
            fail(f"missing {key!r}")
    if data["id"] != map_id:
        fail(f"its id is {data['id']!r}, not {map_id!r} as the index says")
    _check_constants(data, fail)
    _check_territories(data, fail)
    _check_paths(data, fail)
    _check_connections(data, fail)
    _check_mountain_setup(data, fail)
    _check_expected(data, expect, fail)


def _check_constants(data: Mapping[str, Any], fail: Fail) -> None:
    """The card and piece numbers the map repeats must be the rules' (rules/iwari.md sections 1 and 2)."""
    biomes = {b.get("id"): b.get("cards") for b in data["biomes"]}
    if biomes != dict(zip(BIOMES, BIOME_CARDS)):
        fail(f"biomes and their cards must be {dict(zip(BIOMES, BIOME_CARDS))}, not {biomes}")
    removed = data.get("cards_removed_per_biome")
    if removed is not None and {int(k): v for k, v in removed.items()} != REMOVED_PER_BIOME:
        fail(f"cards_removed_per_biome must be {REMOVED_PER_BIOME}")
    if data.get("hand_size", HAND_SIZE) != HAND_SIZE or data.get("display_size", DISPLAY_SIZE) != DISPLAY_SIZE:
        fail(f"the hand holds {HAND_SIZE} cards and the display {DISPLAY_SIZE}")
    pieces = data.get("pieces_per_tribe", {"tents": TENTS_PER_TRIBE, "totems": TOTEMS_PER_TRIBE})
    if pieces != {"tents": TENTS_PER_TRIBE, "totems": TOTEMS_PER_TRIBE}:
        fail(f"each tribe has {TENTS_PER_TRIBE} tents and {TOTEMS_PER_TRIBE} totems")
    if list(data.get("players", [2, 3, 4, 5])) != [2, 3, 4, 5]:
        fail("the game is for 2 to 5 players")


def _unique(items: Any, what: str, fail: Fail) -> list[str]:
    ids = [item.get("id") for item in items]
    if any(not isinstance(i, str) or not i for i in ids):
        fail(f"every {what} needs a non-empty string id")
    if len(set(ids)) != len(ids):
        fail(f"{what} ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
    return ids


def _check_territories(data: Mapping[str, Any], fail: Fail) -> None:
    territories = _unique(data["territories"], "territory", fail)
    spaces = _unique(data["tent_spaces"], "tent space", fail)
    listed: dict[str, str] = {}
    for territory in data["territories"]:
        tid = territory["id"]
        if territory.get("biome") not in BIOME_INDEX:
            fail(f"territory {tid} has an unknown biome {territory.get('biome')!r}")
        if not isinstance(territory.get("name"), str) or not territory.get("tent_spaces"):
            fail(f"territory {tid} needs a name and at least one tent space")
        for sid in territory["tent_spaces"]:
            if sid in listed:
                fail(f"tent space {sid} is listed by both {listed[sid]} and {tid}")
            listed[sid] = tid
    for space in data["tent_spaces"]:
        if space.get("territory") not in territories:
            fail(f"tent space {space['id']} lies in an unknown territory {space.get('territory')!r}")
        if listed.get(space["id"]) != space["territory"]:
            fail(f"tent space {space['id']} says territory {space['territory']}, but that territory "
                 f"does not list it")
    missing = sorted(set(listed) - set(spaces))
    if missing:
        fail(f"territories list tent spaces that do not exist: {missing}")


def _check_paths(data: Mapping[str, Any], fail: Fail) -> None:
    _unique(data["paths"], "path", fail)
    spaces = {s["id"] for s in data["tent_spaces"]}
    seen: set[tuple[str, str]] = set()
    for path in data["paths"]:
        a, b = path.get("a"), path.get("b")
        if a not in spaces or b not in spaces:
            fail(f"path {path['id']} joins {a!r} and {b!r}, which must both be tent spaces")
        if a == b:
            fail(f"path {path['id']} joins {a} to itself")
        pair = (min(a, b), max(a, b))
        if pair in seen:
            fail(f"two paths join {a} and {b}")
        seen.add(pair)


def _check_connections(data: Mapping[str, Any], fail: Fail) -> None:
    _unique(data["connections"], "connection", fail)
    territories = {t["id"] for t in data["territories"]}
    numbers = [c.get("number") for c in data["connections"]]
    if len(set(numbers)) != len(numbers):
        fail("connection numbers repeat")
    for c in data["connections"]:
        if c.get("a") not in territories or c.get("b") not in territories or c.get("a") == c.get("b"):
            fail(f"connection {c['id']} must join two different territories, not {c.get('a')!r} and {c.get('b')!r}")
        if c.get("kind") not in ("land", "water"):
            fail(f"connection {c['id']} must be over land or water, not {c.get('kind')!r}")
        peaks = c.get("mountain")
        if peaks is not None and peaks not in MOUNTAIN_TILES:
            fail(f"connection {c['id']} marks a mountain of {peaks!r} peaks (tiles have 1 to 4)")
        if peaks is not None and c["kind"] != "land":
            fail(f"connection {c['id']} is over water: mountains stand only on land connections")
    for peaks in MOUNTAIN_TILES:
        if not any(c.get("mountain") == peaks for c in data["connections"]):
            fail(f"no connection is marked for the mountain with {peaks} peaks")


def _check_mountain_setup(data: Mapping[str, Any], fail: Fail) -> None:
    """The map's own summary of the mountain set-up, if present, must follow the rule and the sites."""
    setup = data.get("mountain_setup")
    if setup is None:
        return
    for players in (2, 3, 4, 5):
        entry = setup.get(str(players), {})
        used = tiles_used(players)
        if list(entry.get("mountain_tiles", [])) != used:
            fail(f"mountain_setup for {players} players must use the tiles {used}")
        sites = {k: sorted(c["id"] for c in data["connections"] if c.get("mountain") == k) for k in used}
        always = sorted(s[0] for s in sites.values() if len(s) == 1)
        groups = sorted(s for s in sites.values() if len(s) > 1)
        if sorted(entry.get("covered_always", [])) != always or \
                sorted(sorted(g) for g in entry.get("covered_one_of_each", [])) != groups:
            fail(f"mountain_setup for {players} players does not match the connections' mountain sites")


def _check_expected(data: Mapping[str, Any], expect: Mapping[str, Any], fail: Fail) -> None:
    """The counts the rules page gives for this map (maps/index.json, ``expect``)."""
    found = {"territories": len(data["territories"]), "tent_spaces": len(data["tent_spaces"]),
             "paths": len(data["paths"]), "connections": len(data["connections"]),
             "land": sum(c["kind"] == "land" for c in data["connections"]),
             "water": sum(c["kind"] == "water" for c in data["connections"]),
             "mountain_sites": sum(c.get("mountain") is not None for c in data["connections"])}
    for key, value in found.items():
        if key in expect and expect[key] != value:
            fail(f"it has {value} {key.replace('_', ' ')}, the rules' table says {expect[key]}")
    for biome, wanted in (expect.get("biomes") or {}).items():
        owned = [t for t in data["territories"] if t["biome"] == biome]
        have = {"territories": len(owned), "tent_spaces": sum(len(t["tent_spaces"]) for t in owned)}
        for key, value in wanted.items():
            if have.get(key) != value:
                fail(f"{biome} has {have.get(key)} {key.replace('_', ' ')}, the rules' table says {value}")
