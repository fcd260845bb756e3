"""Drawing, the half journey, the end of the journey and the last round (docs/rules/iwari.md sections 4, 7, 8)."""
from __future__ import annotations

import random

import pytest

from games.rules.base import CHANCE, IllegalActionError
from games.rules.iwari.actions import Refill
from games.rules.iwari.state import CARD, DRAW, OVER, REFILL, SETTLE, IwariState

from .helpers import (
    BLUE,
    ENG,
    RED,
    draw_rest,
    game,
    legal,
    place,
    play,
    set_display,
    set_hand,
    stack_deck,
    tent,
)


def thin_deck(state: IwariState, keep: int) -> IwariState:
    """Leave only the top ``keep`` cards in the deck; the others go to the discard pile (the count stays)."""
    cut = len(state.deck) - keep
    state.discard.extend(state.deck[:cut])
    del state.deck[:cut]
    return state


def two_tents_in_ew(players: int = 3) -> IwariState:
    """Seat 0 places two tents in Elderwood (blue already there) and must draw 2 cards."""
    state = game(players)
    set_hand(state, 0, "forest", "forest", "desert")
    tent(state, BLUE, "EW1")
    return play(state, place("tent", "EW", "EW2", "forest"), place("tent", "EW", "EW3", "forest"))


def test_a_taken_display_card_is_replaced_at_once_and_the_new_card_may_be_taken() -> None:
    state = two_tents_in_ew()
    set_display(state, "tundra", "glacier", "coast", "desert")
    stack_deck(state, "tundra", "coast")
    state = play(state, {"type": "take-display", "card": "tundra"})
    assert state.phase == REFILL and ENG.current_player(state) == CHANCE
    assert ENG.sample_chance(state) == Refill("tundra")
    state = ENG.apply(state, ENG.sample_chance(state))
    assert state.display == [0, 2, 3, 4]                     # the same place, refilled
    state = play(state, {"type": "take-display", "card": "tundra"}, {"type": "refill", "card": "coast"})
    assert state.seat == 1 and state.phase == SETTLE          # the hand is full: the turn is over
    assert state.hands[0] == [2, 0, 0, 0, 1] and state.known[0] == [2, 0, 0, 0, 0]
    assert state.display == [3, 2, 3, 4]


def test_draws_mix_deck_and_display_one_at_a_time() -> None:
    state = two_tents_in_ew()
    assert {a["type"] for a in legal(state)} == {"draw-deck", "take-display"}
    state = play(state, {"type": "draw-deck"})
    assert state.phase == CARD and ENG.legal_actions(state)          # every card the deck may hold
    with pytest.raises(IllegalActionError):
        play(state, {"type": "draw-deck"})
    state = ENG.apply(state, ENG.sample_chance(state))
    assert state.phase == DRAW and state.turn.draws_left == 1
    card = next(a for a in legal(state) if a["type"] == "take-display")
    state = play(state, card)
    state = ENG.apply(state, ENG.sample_chance(state))
    assert state.seat == 1 and state.hand_size(0) == 3


def test_a_chance_step_names_a_card_the_deck_holds() -> None:
    state = play(two_tents_in_ew(), {"type": "draw-deck"})
    state.deck = [1] * len(state.deck)                        # only forests left
    assert ENG.legal_actions(state) == [ENG.parse_action({"type": "card", "card": "forest"})]
    assert ENG.view(state, 0)["legal"] == []                  # the site, not the player, takes chance steps
    with pytest.raises(IllegalActionError, match="the deck holds no more tundra cards"):
        play(state, {"type": "card", "card": "tundra"})


def test_half_journey_when_the_last_deck_card_is_drawn() -> None:
    state = game(3)
    tent(state, RED, "EW1", "EW2")
    tent(state, BLUE, "EW3")
    set_hand(state, 0, "forest", "desert", "coast")
    thin_deck(state, 1)
    old_discard = list(state.discard)
    state = play(state, {"type": "exchange", "card": "desert"}, {"type": "draw-deck"})
    state = ENG.apply(state, ENG.sample_chance(state))
    # Section 7: paused at once, tents scored (Elderwood: red 3, blue 2), the discard pile is the new deck.
    assert state.scores == [3, 2, 0] and state.deck_runs == 1
    assert state.events[-1]["type"] == "half-journey" and state.events[-1]["territories"] == {"EW": [3, 2, 0]}
    # what it counted, for the page's breakdown by territory: the tents of each tribe, no feat factor
    assert state.events[-1]["counts"] == {"EW": [2, 1, 0]} and state.events[-1]["factors"] == {}
    expected = old_discard + [4]
    random.Random(f"reshuffle:{state.seed}:1").shuffle(expected)
    assert state.deck == expected and state.discard == []
    assert state.seat == 1                                    # one card drawn: the exchange is over


def test_half_journey_during_a_display_refill_then_the_refill_goes_on() -> None:
    state = two_tents_in_ew()
    thin_deck(state, 1)
    last = state.deck[-1]
    state = play(state, {"type": "take-display", "card": next(a for a in legal(state)
                                                             if a["type"] == "take-display")["card"]})
    state = ENG.apply(state, ENG.sample_chance(state))
    assert state.deck_runs == 1 and state.events[-1]["type"] == "half-journey"
    assert last in state.display and state.phase == DRAW and state.turn.draws_left == 1
    assert state.events[-1]["points"] == [3, 2, 0]            # Elderwood: red 2 tents, blue 1
    state = draw_rest(state)                                  # the second card comes from the new deck
    assert state.seat == 1 and state.hand_size(0) == 3 and state.deck_runs == 1


def second_run_out(players: int = 3) -> IwariState:
    """Seat 0 exchanges and draws the last card of the rebuilt deck: the second run-out."""
    state = game(players)
    state.deck_runs = 1
    set_hand(state, 0, "forest", "desert", "coast")
    thin_deck(state, 1)
    state = play(state, {"type": "exchange", "card": "desert"}, {"type": "draw-deck"})
    return ENG.apply(state, ENG.sample_chance(state))


def test_the_second_run_out_triggers_the_end_without_a_rebuild() -> None:
    state = second_run_out()
    assert state.deck_runs == 2 and state.end_triggered and state.deck == [] and state.discard
    assert [e["type"] for e in state.events] == []            # no second half-journey
    view = ENG.view(state, 1)
    assert view["final_round"] and view["end_triggered"] and view["deck_size"] == 0


def test_after_the_second_run_out_only_display_cards_are_left_and_not_refilled() -> None:
    state = second_run_out()
    set_hand(state, 1, "forest", "forest", "desert")
    tent(state, BLUE, "EW1")
    set_display(state, "tundra", None, None, None)
    state = play(state, place("tent", "EW", "EW2", "forest"), place("tent", "EW", "EW3", "forest"))
    assert legal(state) == [{"type": "take-display", "card": "tundra"}]
    state = play(state, {"type": "take-display", "card": "tundra"})
    assert state.display == [-1, -1, -1, -1]
    assert state.seat == 2 and state.hands[1] == [1, 0, 0, 0, 1]   # nothing left: plays on with 2 cards


def test_the_round_is_finished_after_the_trigger() -> None:
    state = second_run_out()                                   # triggered on seat 0's turn, start player
    for seat in (1, 2):
        assert state.seat == seat and state.phase != OVER
        state = play(state, {"type": "exchange", "card": next(a["card"] for a in legal(state)
                                                              if a["type"] == "exchange")})
        state = draw_rest(state)
    assert ENG.is_over(state) and state.turns == 3
    assert state.events[-1]["type"] == "final"


def test_a_trigger_on_the_last_seat_s_turn_ends_the_game_after_it() -> None:
    state = game(3)
    state.seat = 2
    state.deck_runs = 1
    set_hand(state, 2, "forest", "desert", "coast")
    thin_deck(state, 1)
    state = play(state, {"type": "exchange", "card": "desert"}, {"type": "draw-deck"})
    state = ENG.apply(state, ENG.sample_chance(state))
    assert ENG.is_over(state)


def test_a_player_without_tents_at_the_end_of_a_turn_triggers_the_end() -> None:
    state = game(4)
    state.seat = 1
    state.tent_supply[BLUE] = 1
    set_hand(state, 1, "forest", "desert", "coast")
    state = play(state, place("tent", "EW", "EW1", "forest"))
    assert not state.end_triggered                             # checked at the end of the turn
    state = draw_rest(state)
    assert state.end_triggered and state.seat == 2
    for _ in (2, 3):
        state = play(state, {"type": "exchange", "card": next(a["card"] for a in legal(state)
                                                              if a["type"] == "exchange")})
        state = draw_rest(state)
    assert ENG.is_over(state) and state.turns == 3


def test_no_cards_and_no_action_means_pass() -> None:
    state = second_run_out()
    set_hand(state, 1)
    assert legal(state) == [{"type": "pass"}]
    state = play(state, {"type": "pass"})
    assert state.seat == 2


def test_a_refill_is_refused_when_no_display_place_waits() -> None:
    state = two_tents_in_ew()
    with pytest.raises(IllegalActionError, match="no display place is being refilled"):
        play(state, {"type": "refill", "card": "tundra"})
    with pytest.raises(IllegalActionError, match="draw now: 2 more cards"):
        play(state, {"type": "exchange", "card": "desert"})
