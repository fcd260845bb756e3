"""What the site needs besides play: set-up, options, parsing, removal, settling, timeouts, words, the registry."""
from __future__ import annotations

import random
from typing import Any

import pytest

from games.rules import engine as get_engine
from games.rules.base import CHANCE, IllegalActionError, InvalidActionError
from games.rules.iwari import IwariEngine
from games.rules.iwari.cards import NB
from games.rules.iwari.setup import choose_mountains
from games.rules.iwari.state import (
    CARD,
    DRAW,
    FEAT,
    OVER,
    PLACE,
    REFILL,
    SETTLE,
    IwariState,
)
from games.rules.iwari.state import THIRD as THIRD_PHASE

from .helpers import (
    BLUE,
    BOARD,
    ENG,
    GREEN,
    RED,
    draw_rest,
    game,
    legal,
    place,
    play,
    set_hand,
    tent,
)


def test_registered_under_its_name() -> None:
    eng = get_engine("iwari")
    assert isinstance(eng, IwariEngine) and eng.title == "Iwari" and eng.record_shows_hidden
    assert [o.name for o in eng.options] == ["feats"] and eng.options[0].default is False
    assert (eng.min_players, eng.max_players) == (2, 5)


@pytest.mark.parametrize(("players", "deck", "tiles"), [(2, 47, 4), (3, 47, 3), (4, 52, 2), (5, 57, 1)])
def test_set_up_by_player_count(players: int, deck: int, tiles: int) -> None:
    state = game(players, seed="x")
    assert len(state.deck) + 3 * players + 4 == deck
    assert all(sum(hand) == 3 for hand in state.hands) and len(state.display) == 4
    assert len(state.mountains) == tiles
    covered = {BOARD.connection_ids[c] for c in state.mountains}
    assert "c16" in covered and (players == 5 or "c09" in covered)
    assert sorted(BOARD.peaks[c] for c in state.mountains) == list(range(5 - tiles, 5))
    assert state.tent_supply[:players] == [20] * players and state.totem_supply[:players] == [8] * players
    if players == 2:
        assert state.tent_supply[2] == 21 and state.totem_supply[2] == 8


def test_the_seed_decides_everything_and_each_thing_has_its_own_stream() -> None:
    assert game(4, seed=3).to_dict() == game(4, seed=3).to_dict()
    mountains = {tuple(game(2, seed=s).mountains) for s in range(40)}
    assert len(mountains) == 4                      # c04 or c21, c08 or c10: all four pairings occur
    assert game(2, seed=3).mountains == choose_mountains(BOARD, 2, random.Random("mountains:3"))
    deck = [c for c in range(NB) for _ in range((11, 10, 9, 9, 8)[c])]
    random.Random("deck:3").shuffle(deck)
    assert game(2, seed=3).deck == deck[:-10]            # 6 cards dealt and 4 displayed from its top


def test_options_and_players_are_checked() -> None:
    with pytest.raises(InvalidActionError):
        ENG.new_game(1, {}, 0)
    with pytest.raises(InvalidActionError):
        ENG.new_game(6, {}, 0)
    with pytest.raises(InvalidActionError, match="no option 'expeditions'"):
        ENG.new_game(3, {"expeditions": True}, 0)
    with pytest.raises(InvalidActionError, match="true or false"):
        ENG.new_game(3, {"feats": "yes"}, 0)
    assert not game(3).feats_on and game(3, feats=True).feats_left == {"union": 2, "discovery": 2, "honour": 1,
                                                                       "respect": 1}


@pytest.mark.parametrize("data", [
    None, {"type": "fly"}, {"type": "place", "piece": "house", "territory": "EW", "at": "EW1", "pay": ["forest"]},
    {"type": "place", "piece": "tent", "territory": "EW", "pay": ["forest"]},
    {"type": "place", "piece": "totem", "territory": "EW", "at": "EW1", "pay": ["forest"]},
    {"type": "place", "piece": "tent", "territory": "EW", "at": "EW1", "pay": []},
    {"type": "place", "piece": "tent", "territory": "EW", "at": "EW1", "pay": ["forest"] * 3},
    {"type": "third", "piece": "tent", "territory": "EW", "at": "EW1", "pay": ["forest", "coast"]},
    {"type": "exchange"}, {"type": "exchange", "card": "gold"}, {"type": "feat", "feat": "glory", "at": "EW"},
    {"type": "take-display", "card": 3},
])
def test_malformed_actions(data: Any) -> None:
    with pytest.raises(InvalidActionError):
        ENG.parse_action(data)


def test_ids_not_on_the_map_are_illegal() -> None:
    state = set_hand(game(3), 0, "forest", "forest", "desert")
    with pytest.raises(IllegalActionError, match="no territory 'XX'"):
        play(state, place("tent", "XX", "EW1", "forest"))
    with pytest.raises(IllegalActionError, match="not your turn|the turn starts"):
        play(state, {"type": "draw-deck"})


def mid_draw(players: int = 3) -> IwariState:
    state = set_hand(game(players), 0, "forest", "forest", "desert")
    tent(state, BLUE, "EW1")
    return play(state, place("tent", "EW", "EW2", "forest"), place("tent", "EW", "EW3", "forest"))


def test_remove_a_seat_not_on_turn() -> None:
    state = game(3)
    tent(state, GREEN, "CF1")
    hand = list(state.hands[2])
    discard = len(state.discard)
    out = ENG.remove_seat(state, 2)
    assert ENG.active(out) == [True, True, False] and out.hands[2] == [0] * NB
    assert sorted(out.discard[discard:]) == sorted(c for c in range(NB) for _ in range(hand[c]))
    out = draw_rest(play(set_hand(out, 0, "desert", "coast", "coast"), {"type": "exchange", "card": "desert"}))
    out = draw_rest(play(set_hand(out, 1, "desert", "coast", "coast"), {"type": "exchange", "card": "desert"}))
    assert out.seat == 0                                  # seat 2 is skipped
    final = ENG.settle(out)
    assert final.scores[GREEN] == 0 and GREEN not in ENG.winners(final)   # its score stands (it was 0)
    assert ENG.remove_seat(out, 2).to_dict() == out.to_dict()            # removing it again changes nothing


def test_remove_the_seat_on_turn_ends_its_turn_where_it_stands() -> None:
    state = mid_draw()
    assert state.phase == DRAW
    out = ENG.remove_seat(state, 0)
    assert out.seat == 1 and out.phase == SETTLE and out.turns == 1
    assert out.occupant[BOARD.space_index["EW2"]] == RED                  # its pieces stay
    assert out.hands[0] == [0] * NB


def test_remove_during_a_refill_still_refills_the_display() -> None:
    state = mid_draw()
    card = next(a for a in legal(state) if a["type"] == "take-display")
    state = play(state, card)
    assert state.phase == REFILL
    top = state.deck[-1]
    out = ENG.remove_seat(state, 0)
    assert top in out.display and -1 not in out.display and out.seat == 1


def test_remove_during_a_deck_draw() -> None:
    state = play(mid_draw(), {"type": "draw-deck"})
    assert state.phase == CARD
    deck = len(state.deck)
    out = ENG.remove_seat(state, 0)
    assert len(out.deck) == deck and out.seat == 1 and ENG.current_player(out) == 1


def test_fewer_than_two_seats_left_ends_the_game() -> None:
    out = ENG.remove_seat(ENG.remove_seat(game(3), 1), 0)
    assert ENG.is_over(out) and ENG.winners(out) == [2] and out.events[-1]["type"] == "final"
    two = mid_draw(2)
    assert ENG.is_over(ENG.remove_seat(two, 1))


def test_a_removed_last_seat_ends_the_round_early() -> None:
    state = game(3)
    state.seat = 1
    state.end_triggered = True
    state = ENG.remove_seat(state, 2)
    state = draw_rest(play(set_hand(state, 1, "desert", "coast", "coast"), {"type": "exchange", "card": "desert"}))
    assert ENG.is_over(state)


def test_settle_scores_now_from_the_middle_of_a_turn() -> None:
    state = mid_draw()
    final = ENG.settle(state)
    assert ENG.is_over(final) and final.phase == OVER
    assert ENG.scores(final) == [3, 2, 0]                 # Elderwood: red 2 tents, blue 1
    assert ENG.settle(final).to_dict() == final.to_dict()
    assert ENG.view(final, 0)["legal"] == [] and ENG.view(final, 0)["current_seat"] is None


def run_timeouts(state: IwariState, seed: int = 0) -> IwariState:
    rng = random.Random(seed)
    turn = state.turns
    while state.turns == turn and state.phase != OVER:
        state = ENG.apply(state, ENG.timeout_action(state, rng))
    return state


def test_timeouts_finish_the_entry_from_any_step() -> None:
    assert run_timeouts(game(3)).seat == 1                                          # an exchange and a draw
    assert run_timeouts(mid_draw()).seat == 1
    assert run_timeouts(play(mid_draw(), {"type": "draw-deck"})).seat == 1          # from a chance step
    placed = play(set_hand(tent(game(3), BLUE, "EW1"), 0, "forest", "forest", "desert"),
                  place("tent", "EW", "EW2", "forest"))
    assert placed.phase == PLACE and run_timeouts(placed).seat == 1
    two = play(set_hand(game(2), 0, "desert", "forest", "coast"), place("tent", "FH", "FH1", "desert"))
    assert two.phase == THIRD_PHASE and run_timeouts(two).seat == 1
    feat = draw_rest(play(set_hand(tent(game(3, feats=True), BLUE, "CF1", "CF2"), 0, "tundra", "desert", "desert"),
                          place("tent", "CF", "CF3", "tundra"), {"type": "done"}))
    assert feat.phase == FEAT and run_timeouts(feat).seat == 1
    empty = set_hand(game(3), 0)
    assert ENG.timeout_action(empty, random.Random(0)).type == "pass"


def test_a_game_of_timeouts_ends() -> None:
    state = game(4, seed=2)
    rng = random.Random(2)
    while not ENG.is_over(state):
        state = ENG.apply(state, ENG.timeout_action(state, rng))
    assert ENG.is_over(state)


def test_chance_steps_belong_to_the_site() -> None:
    state = play(mid_draw(), {"type": "draw-deck"})
    assert ENG.current_player(state) == CHANCE
    with pytest.raises(IllegalActionError):
        play(state, {"type": "draw-deck"})
    with pytest.raises(IllegalActionError, match="no card is being drawn"):
        ENG.sample_chance(mid_draw())


def test_words() -> None:
    """Biomes capitalised and counted as cards; no tent space ids (the map shows where); connections named with
    their two territories; scorings with their parts."""
    assert ENG.describe_action(place("tent", "EW", "EW2", "forest")) == \
        "placed a tent in Elderwood, paying one Forest card"
    assert ENG.describe_action(place("totem", "FH", None, "coast", "coast")) == \
        "placed a totem in Flint Hollow, paying a pair of Coast cards"
    assert ENG.describe_action({"type": "third", "piece": "tent", "territory": "CF", "at": "CF1",
                                "pay": ["tundra"]}) == "placed a third-tribe tent in Caribou Flats, paying one Tundra card"
    assert ENG.describe_action({"type": "take-display", "card": "glacier"}) == "took a Glacier card from the display"
    assert ENG.describe_action({"type": "feat", "feat": "honour", "at": "c12"}) == \
        "placed the Honour feat on connection 12 (Elderwood–Flint Hollow)"
    assert ENG.describe_action({"type": "exchange", "card": "desert"}) == "exchanged a Desert card"
    assert ENG.describe_action({"type": "done"}) == "stopped at one piece"
    assert ENG.describe_action({"type": "refill", "card": "coast"}) == "turned up a Coast card for the display"
    half = {"type": "half-journey", "points": [12, 9], "territories": {"EW": [3, 2], "FH": [9, 7]}}
    assert ENG.describe_event(half, ["Ann", "Bob"]) == "half-journey scoring, tents in 2 territories: Ann +12, Bob +9"
    final = {"type": "final", "tents": [20, 18], "totems": [5, 0], "settlements": [4, 0], "scores": [41, 27]}
    assert ENG.describe_event(final, ["Ann", "Bob"]) == (
        "final scoring: Ann +20 for tents, +5 for totems, +4 for settlements: 41 in all; "
        "Bob +18 for tents, +0 for totems, +0 for settlements: 27 in all")
    view = ENG.view(set_hand(game(2), 0, "forest", "forest", "desert"), 0)
    assert ENG.describe_position(view) == (
        f"Your hand: Forest, Forest, Desert. Scores: seat 1 has 0, seat 2 has 0. Deck: {view['deck_size']} cards.")


def test_a_spectator_sees_no_hand_and_no_actions() -> None:
    view = ENG.view(game(3), None)
    assert view["hand"] is None and view["legal"] == [] and view["your_seat"] is None
    assert view["hand_sizes"] == [3, 3, 3] and view["phase"] == "settle" and view["current_seat"] == 0
