"""Feats, the game option of docs/rules/iwari.md section 13."""
from __future__ import annotations

import pytest

from games.rules.base import IllegalActionError
from games.rules.iwari.state import FEAT, SETTLE, IwariState

from .helpers import (
    BLUE,
    BOARD,
    ENG,
    GREEN,
    RED,
    THIRD,
    draw_rest,
    game,
    legal,
    place,
    play,
    set_hand,
    tent,
    third,
    totem,
)

EW = BOARD.territory_index["EW"]


def settle_and_draw(state: IwariState, seat: int, hand: tuple[str, ...], *steps: dict) -> IwariState:  # type: ignore[type-arg]
    state.seat = seat
    set_hand(state, seat, *hand)
    return draw_rest(play(state, *steps))


def feat_places(state: IwariState) -> set[str]:
    return {a["at"] for a in legal(state)}


def test_union_for_the_first_two_players_to_form_a_settlement() -> None:
    state = game(3, feats=True)
    tent(state, RED, "LB1", "EW3", "EW4")
    state = settle_and_draw(state, 0, ("desert", "coast", "coast"), place("tent", "FH", "FH1", "desert"))
    assert state.phase == FEAT and state.turn.feats == ["union"] and state.turns == 0
    assert feat_places(state) == {"LB", "EW", "FH"}
    with pytest.raises(IllegalActionError, match="the union feat may go on EW, LB, FH, not IC"):
        play(state, {"type": "feat", "feat": "union", "at": "IC"})
    state = play(state, {"type": "feat", "feat": "union", "at": "EW"})
    assert state.turns == 1 and state.seat == 1 and state.phase == SETTLE      # the feat ended the turn
    assert state.feat_territory[EW] == 1 and state.feats_left["union"] == 1
    tent(state, BLUE, "AS1", "AS2", "AS3")
    state = settle_and_draw(state, 1, ("desert", "coast", "coast"), place("tent", "AS", "AS4", "desert"),
                            {"type": "done"})
    state = play(state, {"type": "feat", "feat": "union", "at": "AS"})
    assert state.feats_left["union"] == 0 and state.feats_earned[1] == ["union"]
    tent(state, GREEN, "SD1", "SD2", "SD3")
    state = settle_and_draw(state, 2, ("coast", "tundra", "tundra"), place("tent", "SD", "SD4", "coast"),
                            {"type": "done"})
    assert state.phase == SETTLE and state.feats_earned[2] == []              # no marker left


def test_each_kind_is_earned_once_per_player() -> None:
    state = game(3, feats=True)
    state.feats_earned[RED] = ["union"]
    tent(state, RED, "LB1", "EW3", "EW4")
    state = settle_and_draw(state, 0, ("desert", "coast", "coast"), place("tent", "FH", "FH1", "desert"))
    assert state.phase == SETTLE and state.seat == 1


def test_discovery_for_the_tent_on_a_territory_s_last_empty_space() -> None:
    state = game(3, feats=True)
    tent(state, BLUE, "CF1", "CF2")
    state = settle_and_draw(state, 0, ("tundra", "coast", "coast"), place("tent", "CF", "CF3", "tundra"),
                            {"type": "done"})
    assert state.turn.feats == ["discovery"]
    assert feat_places(state) == set(BOARD.territory_ids) - {"CF"}
    with pytest.raises(IllegalActionError):
        play(state, {"type": "feat", "feat": "discovery", "at": "CF"})
    state = play(state, {"type": "feat", "feat": "discovery", "at": "AS"})
    assert state.feat_territory[BOARD.territory_index["AS"]] == 1


def test_union_then_discovery_in_one_turn_in_that_order() -> None:
    state = game(3, feats=True)
    tent(state, RED, "CF1", "CF2", "MG1")
    state = settle_and_draw(state, 0, ("tundra", "coast", "coast"), place("tent", "CF", "CF3", "tundra"),
                            {"type": "done"})
    assert state.turn.feats == ["union", "discovery"]
    with pytest.raises(IllegalActionError, match="the feat to place now is union"):
        play(state, {"type": "feat", "feat": "discovery", "at": "AS"})
    state = play(state, {"type": "feat", "feat": "union", "at": "MG"})
    assert state.turns == 0 and state.phase == FEAT
    state = play(state, {"type": "feat", "feat": "discovery", "at": "MG"})
    assert state.turns == 1 and state.feat_territory[BOARD.territory_index["MG"]] == 2


def test_honour_for_leading_both_ends_of_an_open_land_connection() -> None:
    state = game(3, feats=True)
    tent(state, BLUE, "WT1", "EW1")
    totem(state, RED, "WT")
    state = settle_and_draw(state, 0, ("forest", "coast", "coast"), place("totem", "EW", None, "forest"),
                            {"type": "done"})
    assert state.turn.feats == ["honour"] and feat_places(state) == {"c05"}
    state = play(state, {"type": "feat", "feat": "honour", "at": "c05"})
    assert state.feat_connection[BOARD.connection_index["c05"]] == 1 and state.feats_left["honour"] == 0


def test_respect_for_a_water_connection() -> None:
    state = game(3, feats=True)
    tent(state, BLUE, "WT1", "SG1")
    totem(state, RED, "WT")
    state = settle_and_draw(state, 0, ("glacier", "coast", "coast"), place("totem", "SG", None, "glacier"),
                            {"type": "done"})
    assert state.turn.feats == ["respect"] and feat_places(state) == {"c02"}


def test_feats_off_earn_nothing() -> None:
    state = game(3, feats=False)
    tent(state, BLUE, "CF1", "CF2")
    state = settle_and_draw(state, 0, ("tundra", "coast", "coast"), place("tent", "CF", "CF3", "tundra"),
                            {"type": "done"})
    assert state.phase == SETTLE and state.seat == 1 and ENG.view(state, 0)["feats"] is None


def test_the_third_tribe_filling_a_territory_earns_nothing() -> None:
    state = game(2, feats=True)
    tent(state, BLUE, "CF1", "CF2")
    set_hand(state, 0, "desert", "tundra", "coast")
    state = play(state, place("tent", "FH", "FH1", "desert"))
    state = play(state, third("tent", "CF", "CF3", "tundra"))
    state = draw_rest(state)
    assert state.phase == SETTLE and state.feats_earned == [[], []]
    assert state.occupant[BOARD.space_index["CF3"]] == THIRD


def test_a_feat_multiplies_later_tent_scorings() -> None:
    state = game(3, feats=True)
    tent(state, RED, "EW1", "EW2")
    tent(state, BLUE, "EW3")
    state.feat_territory[EW] = 1
    final = ENG.settle(state)
    assert final.events[-1]["tents"] == [6, 4, 0]
