"""Drawing and placing hexes (docs/rules/tikal.md sections 3.2 and 4.1)."""
from __future__ import annotations

import pytest

from games.rules import CHANCE, IllegalActionError
from games.rules.tikal.actions import Draw, Place
from games.rules.tikal.data import EMPTY, HEX_INDEX, HEXES, JUNGLE, NEIGHBOUR, NSPACES, VOLCANO
from games.rules.tikal.placing import placements
from games.rules.tikal.state import ACTIONS, DRAW, PLACE

from .helpers import ENG, lay, position, sp


def drawn(hid: str, players: int = 2):
    """A fresh game with ``hid`` drawn (it must be of the letter on top), seat 0 to place it."""
    state = ENG.new_game(players, {}, 3)
    return ENG.apply(state, Draw(hid))


def test_the_stacks_go_a_to_g_and_only_letters_and_counts_are_shown() -> None:
    state = ENG.new_game(2, {}, 9)
    assert ENG.current_player(state) == CHANCE
    letters = [HEXES[h].letter for h in reversed(state.stack)]
    assert letters == sorted(letters) and len(letters) == 36
    assert {a.hex for a in ENG.legal_actions(state)} == {"A1", "A2", "A3", "A4", "A5"}
    view = ENG.view(state, 0)
    assert view["stacks"] == {"next_letter": "A", "left": {"A": 5, "B": 5, "C": 5, "D": 5, "E": 5, "F": 5,
                                                            "G": 6}, "total": 36}
    with pytest.raises(IllegalActionError, match="not on top"):
        ENG.apply(state, Draw("B1"))


def test_a_hex_is_drawn_only_once() -> None:
    state = drawn("A2")
    state = ENG.apply(state, Place((0, 1), 0))
    state = ENG.apply(state, ENG.parse_action({"type": "end"}))
    with pytest.raises(IllegalActionError, match="already drawn"):
        ENG.apply(state, Draw("A2"))


def test_a_hex_goes_next_to_an_explored_space_on_an_empty_one() -> None:
    state = drawn("A3")
    assert state.phase == PLACE and ENG.current_player(state) == 0
    spaces = {p.at for p in ENG.legal_actions(state)}
    assert spaces == {(0, 1), (1, 1), (2, 1), (2, 2)}      # every empty space touching the start area
    with pytest.raises(IllegalActionError, match="already explored"):
        ENG.apply(state, Place((1, 2), 0))
    with pytest.raises(IllegalActionError, match="not next to an explored"):
        ENG.apply(state, Place((5, 0), 0))
    placed = ENG.apply(state, Place((1, 1), 0))
    assert placed.phase == ACTIONS and placed.ap == 10 and placed.kind[sp((1, 1))] != EMPTY


def test_the_connection_rule_needs_a_stone_on_a_shared_border() -> None:
    # A1 (no stone on its N side) at (0, 1): the space (0, 0) above touches only it, across A1's N side.
    state = lay(position(), "A1", (0, 1), rotation=0)
    state.phase, state.pending = PLACE, HEX_INDEX["A3"]
    state.stack.remove(HEX_INDEX["A3"])
    # A3 has stones on N, SW and NW: turned 3, 4 or 5 one of them faces S, towards A1
    assert sorted(k for s, k in placements(state, HEX_INDEX["A3"]) if s == sp((0, 0))) == [3, 4, 5]
    with pytest.raises(IllegalActionError, match="connection rule"):
        ENG.apply(state, Place((0, 0), 0))
    assert ENG.apply(state, Place((0, 0), 3)).stones[sp((0, 0))] == (0, 1, 1, 1, 0, 0)


def test_a_volcano_needs_no_stones_and_is_laid_unturned() -> None:
    state = lay(position(), "A1", (0, 1), rotation=0)
    state.phase, state.pending = PLACE, HEX_INDEX["B5"]
    state.stack.remove(HEX_INDEX["B5"])
    listed = {(p.at, p.rotation) for p in ENG.legal_actions(state)}
    assert ((0, 0), 0) in listed and all(rotation == 0 for _, rotation in listed)
    with pytest.raises(IllegalActionError, match="rotation 0"):
        ENG.apply(state, Place((0, 0), 2))
    assert ENG.apply(state, Place((0, 0), 0)).kind[sp((0, 0))] == VOLCANO


def test_the_fallback_when_nothing_connects() -> None:
    """Every empty space next to the explored area touches nothing explored but volcanoes: any space, any turn."""
    state = position()
    last = sp((0, 0))
    for s in range(NSPACES):
        if state.kind[s] == EMPTY and s != last:
            state.kind[s] = VOLCANO if s in NEIGHBOUR[last] else JUNGLE
    state.phase, state.pending = PLACE, HEX_INDEX["A3"]
    assert placements(state, HEX_INDEX["A3"]) == [(last, k) for k in range(6)]
    assert ENG.apply(state, Place((0, 0), 1)).kind[last] != EMPTY


def test_a_ruin_gets_its_treasures_face_down_from_the_pool() -> None:
    state = drawn("A5")                         # a ruin showing 3 treasures
    pool = list(state.pool)
    after = ENG.apply(state, Place((1, 1), 0))
    assert after.treasures_left[sp((1, 1))] == 3 and len(after.pool) == 21
    assert sorted(after.ruin[sp((1, 1))] + after.pool) == sorted(pool)
    view = ENG.view(after, 0)
    ruin = next(s for s in view["spaces"] if s["at"] == [1, 1])
    assert ruin["treasures"] == 3 and ruin["kind"] == "ruin" and view["hidden_treasures"] == 24


def test_all_six_rotations_of_a_connected_hex_are_listed() -> None:
    state = drawn("A2")
    listed = {(p.at, p.rotation) for p in ENG.legal_actions(state)}
    # (1, 1) touches the clearing's N side and the N temple's NE side, both with a stone: every rotation fits
    assert {k for at, k in listed if at == (1, 1)} == set(range(6))
    assert state.phase == PLACE and DRAW != PLACE
