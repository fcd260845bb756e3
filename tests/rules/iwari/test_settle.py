"""Settling, exchanging and passing (docs/rules/iwari.md sections 3A, 3B and 4)."""
from __future__ import annotations

import pytest

from games.rules.base import IllegalActionError, InvalidActionError
from games.rules.iwari.state import DRAW, PLACE, SETTLE

from .helpers import (
    BLUE,
    ENG,
    RED,
    draw_rest,
    game,
    legal,
    place,
    play,
    set_hand,
    tent,
    totem,
)


def explored_ew(*hand: str):  # type: ignore[no-untyped-def]
    """Three players, seat 0 (red) to move with ``hand``; Elderwood (forest) holds a blue tent on EW1."""
    state = game(3)
    set_hand(state, 0, *hand)
    return tent(state, BLUE, "EW1")


def refused(state, step, words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        play(state, step)
    assert words in str(info.value)


# ----- the four legal payments ------------------------------------------------------------------------------
def test_one_matching_card_pays_one_piece() -> None:
    state = play(explored_ew("forest", "desert", "coast"), place("tent", "EW", "EW2", "forest"))
    assert state.phase == DRAW and state.occupant[state.turn.placed[0][1]] == RED
    assert state.turn.cards == 1 and state.hands[0] == [0, 0, 0, 1, 1]


def test_two_matching_cards_pay_two_pieces() -> None:
    state = explored_ew("forest", "forest", "desert")
    state = play(state, place("tent", "EW", "EW2", "forest"))
    assert state.phase == PLACE
    state = play(state, place("tent", "EW", "EW3", "forest"))
    assert state.phase == DRAW and state.turn.cards == 2
    assert state.tents[4 * 3 + RED] == 2  # Elderwood is territory 4


def test_a_wild_pair_of_any_biome_pays_one_piece() -> None:
    state = play(explored_ew("desert", "desert", "coast"), place("totem", "EW", None, "desert", "desert"))
    assert state.totem_count[4] == 1 and state.turn.cards == 2
    assert state.phase == DRAW  # a second piece would need a forest card


def test_a_matching_card_and_a_wild_pair_pay_two_pieces_in_either_order() -> None:
    first = play(explored_ew("forest", "coast", "coast"), place("tent", "EW", "EW2", "forest"),
                 place("tent", "EW", "EW3", "coast", "coast"))
    second = play(explored_ew("forest", "coast", "coast"), place("tent", "EW", "EW2", "coast", "coast"),
                  place("tent", "EW", "EW3", "forest"))
    assert first.turn.cards == second.turn.cards == 3
    assert first.phase == second.phase == DRAW


def test_a_pair_of_the_territory_s_own_biome_is_a_wild_pair() -> None:
    state = play(explored_ew("forest", "forest", "forest"), place("tent", "EW", "EW2", "forest", "forest"),
                 place("tent", "EW", "EW3", "forest"))
    assert state.turn.cards == 3 and state.phase == DRAW


def test_a_single_card_of_another_biome_pays_nothing() -> None:
    refused(explored_ew("desert", "coast", "coast"), place("tent", "EW", "EW2", "desert"),
            "one desert card does not pay for a piece in Elderwood (forest)")


def test_a_pair_of_two_biomes_is_malformed() -> None:
    with pytest.raises(InvalidActionError):
        play(explored_ew("desert", "coast", "forest"), place("tent", "EW", "EW2", "desert", "coast"))


def test_cards_not_in_hand_pay_nothing() -> None:
    refused(explored_ew("desert", "coast", "coast"), place("tent", "EW", "EW2", "forest"), "no forest card")
    refused(explored_ew("desert", "coast", "forest"), place("tent", "EW", "EW2", "desert", "desert"),
            "only one desert card for a pair")


def test_at_most_three_cards_a_pair_after_a_pair_is_refused() -> None:
    state = explored_ew("coast", "coast", "desert")
    state.hands[0][4] += 1  # four cards, only to reach the 3-card limit
    state = play(state, place("tent", "EW", "EW2", "coast", "coast"))
    assert state.phase == DRAW  # the only second payment would be a fourth card
    state = explored_ew("coast", "coast", "desert")
    state.hands[0][4] += 1
    state.hands[0][1] += 1
    state = play(state, place("tent", "EW", "EW2", "coast", "coast"))
    assert state.phase == PLACE
    assert all(len(a.get("pay", [])) <= 1 for a in legal(state))
    refused(state, place("tent", "EW", "EW3", "desert", "desert"), "at most 3 cards")


def test_every_card_pays_a_piece_and_two_pieces_at_most() -> None:
    state = play(explored_ew("forest", "forest", "forest"), place("tent", "EW", "EW2", "forest"),
                 place("tent", "EW", "EW3", "forest"))
    assert state.phase == DRAW and state.hands[0] == [0, 1, 0, 0, 0]


def test_done_after_one_piece() -> None:
    state = play(explored_ew("forest", "forest", "desert"), place("tent", "EW", "EW2", "forest"))
    assert {"type": "done"} in legal(state)
    state = play(state, {"type": "done"})
    assert state.phase == DRAW and state.turn.draws_left == 1


# ----- the territory ----------------------------------------------------------------------------------------
def test_all_pieces_go_to_one_territory() -> None:
    state = play(explored_ew("forest", "forest", "tundra"), place("tent", "EW", "EW2", "forest"))
    tent(state, BLUE, "MG1")
    refused(state, place("tent", "MG", "MG2", "forest"), "one territory: Elderwood, not Mosslight Grove")


def test_an_unexplored_territory_takes_one_tent_only() -> None:
    state = game(3)
    set_hand(state, 0, "forest", "forest", "forest")
    refused(state, place("totem", "MG", None, "forest"), "unexplored")
    state = play(state, place("tent", "MG", "MG1", "forest"))
    assert state.phase == DRAW and state.turn.unexplored  # no second piece, no "done" needed


def test_tents_need_an_empty_space_of_the_territory() -> None:
    refused(explored_ew("forest", "forest", "desert"), place("tent", "EW", "EW1", "forest"),
            "EW1 in Elderwood already holds a tent")
    refused(explored_ew("forest", "forest", "desert"), place("tent", "EW", "FH1", "forest"),
            "FH1 is not a tent space of Elderwood")
    refused(explored_ew("forest", "forest", "desert"), place("tent", "EW", "XX9", "forest"), "no tent space")


# ----- totems and their limit -------------------------------------------------------------------------------
def test_the_totem_limit_counts_every_tribe_against_the_largest_tent_count() -> None:
    state = explored_ew("forest", "forest", "desert")
    tent(state, BLUE, "EW2")
    tent(state, RED, "EW3")
    totem(state, RED, "EW")                        # blue has 2 tents: room for 2 totems in all
    state = play(state, place("totem", "EW", None, "forest"))
    refused(state, place("totem", "EW", None, "forest"),
            "a totem in Elderwood would make 3 totems against a largest tent count of 2")


def test_a_totem_needs_no_tent_of_its_own_tribe() -> None:
    state = play(explored_ew("forest", "desert", "desert"), place("totem", "EW", None, "forest"))
    assert state.totems[4 * 3 + RED] == 1 and state.tents[4 * 3 + RED] == 0


def test_a_tent_placed_earlier_in_the_turn_counts_for_the_limit() -> None:
    state = explored_ew("forest", "forest", "desert")
    tent(state, RED, "EW2")
    totem(state, BLUE, "EW")                       # red 1, blue 1 tent; 1 totem: full
    refused(state, place("totem", "EW", None, "forest"), "2 totems against a largest tent count of 1")
    state = play(state, place("tent", "EW", "EW3", "forest"), place("totem", "EW", None, "forest"))
    assert state.totem_count[4] == 2


def test_the_limit_is_checked_after_each_totem() -> None:
    state = explored_ew("forest", "forest", "desert")
    tent(state, BLUE, "EW2")                        # blue 2 tents, no totem
    state = play(state, place("totem", "EW", None, "forest"), place("totem", "EW", None, "forest"))
    assert state.totem_count[4] == 2
    state = explored_ew("forest", "forest", "desert")   # blue 1 tent: room for 1 totem
    state = play(state, place("totem", "EW", None, "forest"))
    assert state.phase == PLACE                          # a tent may follow, a second totem may not
    assert all(a.get("piece") != "totem" for a in legal(state))


def test_pieces_come_from_the_supply_only() -> None:
    state = explored_ew("forest", "forest", "desert")
    state.tent_supply[RED] = 0
    assert all(a.get("piece") != "tent" for a in legal(state))
    refused(state, place("tent", "EW", "EW2", "forest"), "no tent is left in supply")
    state.totem_supply[RED] = 0
    assert {a["type"] for a in legal(state)} == {"exchange"}   # no legal Settle: exchange
    refused(state, place("totem", "EW", None, "forest"), "no totem is left in supply")


# ----- played cards, exchange and pass ----------------------------------------------------------------------
def test_played_cards_go_face_up_to_the_discard_pile() -> None:
    state = explored_ew("forest", "coast", "coast")
    before = list(state.discard)
    state = play(state, place("tent", "EW", "EW2", "coast", "coast"))
    assert state.discard == before + [3, 3]
    assert ENG.view(state, 1)["discard"][-2:] == ["coast", "coast"]


def test_exchange_discards_one_and_draws_one() -> None:
    state = explored_ew("forest", "coast", "desert")
    state = play(state, {"type": "exchange", "card": "desert"})
    assert state.phase == DRAW and state.turn.draws_left == 1 and state.discard[-1] == 4
    turn = state.turns
    state = draw_rest(state)
    assert state.turns == turn + 1 and state.hand_size(0) == 3 and state.seat == 1


def test_exchange_needs_the_card() -> None:
    refused(explored_ew("forest", "coast", "desert"), {"type": "exchange", "card": "tundra"}, "no tundra card")


def test_pass_only_without_cards() -> None:
    state = explored_ew("forest", "coast", "desert")
    refused(state, {"type": "pass"}, "only one with no card passes")
    state = set_hand(state, 0)
    assert legal(state) == [{"type": "pass"}]
    state = play(state, {"type": "pass"})
    assert state.seat == 1 and state.turns == 1 and state.phase == SETTLE


def test_listing_offers_every_space_and_payment() -> None:
    state = explored_ew("forest", "coast", "coast")
    actions = legal(state)
    in_ew = [a for a in actions if a.get("territory") == "EW"]
    # EW2, EW3, EW4 empty; each by a forest card or a coast pair; a totem (blue has 1 tent, no totem) the same
    assert len(in_ew) == 8
    assert {"type": "exchange", "card": "coast"} in actions and {"type": "exchange", "card": "forest"} in actions
    unexplored = [a for a in actions if a.get("territory") == "MG"]
    assert {a["piece"] for a in unexplored} == {"tent"}
