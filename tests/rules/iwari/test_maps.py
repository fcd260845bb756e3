"""The map data: our map's numbers, the loader's checks, and a second map that needs no code change."""
from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from games.rules.base import CHANCE, TERMINAL
from games.rules.iwari import maps, tables, words
from games.rules.iwari.maps import MapError, check_map, load_board

from .helpers import BOARD, ENG

DATA = json.loads((maps.MAPS_DIR / "titans-crossing.json").read_text(encoding="utf-8"))
EXPECT = json.loads((maps.MAPS_DIR / "index.json").read_text(encoding="utf-8"))["maps"]["titans-crossing"]["expect"]


def test_our_map_has_the_rules_numbers() -> None:
    assert (len(BOARD.territory_ids), len(BOARD.space_ids), sum(map(len, BOARD.links)) // 2,
            len(BOARD.connection_ids), sum(1 for p in BOARD.peaks if p)) == (12, 52, 56, 21, 6)
    assert sum(BOARD.water) == 4
    assert {BOARD.connection_ids[c] for p in (1, 2, 3, 4) for c in BOARD.mountain_sites(p)} == {
        "c04", "c21", "c08", "c10", "c09", "c16"}
    assert BOARD.territory_names[BOARD.territory_index["EW"]] == "Elderwood"


def edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(DATA)
    change(data)
    return data


def territory(data: dict[str, Any], tid: str) -> dict[str, Any]:
    return next(t for t in data["territories"] if t["id"] == tid)


def _drop_space(d: dict[str, Any]) -> None:
    territory(d, "IC")["tent_spaces"].remove("IC6")
    d["tent_spaces"] = [s for s in d["tent_spaces"] if s["id"] != "IC6"]
    d["paths"] = [p for p in d["paths"] if "IC6" not in (p["a"], p["b"])]


def _move_space(d: dict[str, Any]) -> None:
    territory(d, "IC")["tent_spaces"].remove("IC6")
    territory(d, "WT")["tent_spaces"].append("IC6")
    next(s for s in d["tent_spaces"] if s["id"] == "IC6")["territory"] = "WT"


BROKEN = [
    (lambda d: territory(d, "IC").update(biome="swamp"), "territory IC has an unknown biome 'swamp'"),
    (lambda d: d.update(id="other"), "its id is 'other'"),
    (lambda d: d["biomes"][0].update(cards=14), "biomes and their cards must be"),
    (lambda d: d["paths"][0].update(b="ZZ1"), "path p01 joins 'IC1' and 'ZZ1'"),
    (lambda d: d["paths"][0].update(b="IC1"), "path p01 joins IC1 to itself"),
    (lambda d: d["paths"].append({"id": "p99", "a": "IC2", "b": "IC1"}), "two paths join IC2 and IC1"),
    (lambda d: d["connections"][0].update(b="IC"), "connection c01 must join two different territories"),
    (lambda d: d["connections"][0].update(kind="air"), "connection c01 must be over land or water"),
    (lambda d: d["connections"][1].update(mountain=2), "connection c02 is over water"),
    (lambda d: d["connections"][15].update(mountain=None), "no connection is marked for the mountain with 4 peaks"),
    (lambda d: d["connections"][3].update(mountain=3), "mountain_setup for 2 players does not match"),
    (lambda d: territory(d, "WT")["tent_spaces"].append("IC1"), "tent space IC1 is listed by both IC and WT"),
    (lambda d: territory(d, "WT")["tent_spaces"].append("WT9"), "territories list tent spaces that do not exist"),
    (_drop_space, "it has 51 tent spaces, the rules' table says 52"),
    (_move_space, "tundra has 13 tent spaces, the rules' table says 12"),
    (lambda d: d["connections"].pop(19), "it has 20 connections, the rules' table says 21"),
]


@pytest.mark.parametrize(("change", "words_"), BROKEN)
def test_the_loader_names_each_fault(change: Callable[[dict[str, Any]], None], words_: str) -> None:
    with pytest.raises(MapError) as info:
        check_map(edit(change), "titans-crossing", EXPECT)
    assert str(info.value).startswith("map titans-crossing: ") and words_ in str(info.value), str(info.value)


def test_our_map_passes() -> None:
    check_map(copy.deepcopy(DATA), "titans-crossing", EXPECT)


def _clear_caches() -> None:
    for cached in (maps.load_board, maps._index, tables.tables_for, words._names):
        cached.cache_clear()


@pytest.fixture
def second_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A maps folder with a second map: our map with other ids and names, and one path fewer."""
    text = json.dumps(DATA).replace('"IC', '"NX').replace('"id": "titans-crossing"', '"id": "frost-ring"')
    data = json.loads(text)
    data["map"] = "The Frost Ring"
    data["paths"] = [p for p in data["paths"] if p["id"] != "p56"]
    (tmp_path / "titans-crossing.json").write_text(json.dumps(DATA), encoding="utf-8")
    (tmp_path / "frost-ring.json").write_text(json.dumps(data), encoding="utf-8")
    index = {"default": "titans-crossing", "maps": {
        "titans-crossing": {"file": "titans-crossing.json", "expect": EXPECT},
        "frost-ring": {"file": "frost-ring.json", "expect": {**EXPECT, "paths": 55}}}}
    (tmp_path / "index.json").write_text(json.dumps(index), encoding="utf-8")
    monkeypatch.setattr(maps, "MAPS_DIR", tmp_path)
    _clear_caches()
    yield "frost-ring"
    monkeypatch.undo()
    _clear_caches()


def test_a_second_map_needs_no_code_change(second_map: str) -> None:
    assert maps.map_ids() == ["frost-ring", "titans-crossing"]
    board = load_board(second_map)
    assert "NX1" in board.space_ids and sum(map(len, board.links)) // 2 == 55
    setup = ENG.record_setup(ENG.new_game(3, {}, 4))
    state = ENG.record_start(3, {**setup, "map": second_map})
    assert ENG.view(state, 0)["map"] == second_map and ENG.record_setup(state)["map"] == second_map
    rng = random.Random(4)
    while ENG.current_player(state) != TERMINAL:
        action = ENG.sample_chance(state) if ENG.current_player(state) == CHANCE else rng.choice(
            ENG.legal_actions(state))
        state = ENG.apply(state, action)
    assert state.map_id == second_map and ENG.is_over(state)
    assert set(ENG.view(state, None)["spaces"]) == set(board.space_ids)
    assert ENG.describe_action({"type": "place", "piece": "totem", "territory": "NX", "pay": ["glacier"]}) == \
        "placed a totem in Icecrown Shelf, paying one Glacier card"
