"""Records (docs/records/iwari.md): set-up, entries both ways, errors naming the turn, what others see."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from games.rules.base import IllegalActionError, InvalidActionError

from .helpers import BLUE, ENG, RED, ReplayError, game, replay, set_hand, tent, totem

EXAMPLE: dict[str, Any] = {
    "format": 1, "game": "iwari", "map": "titans-crossing", "players": 2, "options": {"feats": False},
    "setup": {"mountains": ["c04", "c08", "c09", "c16"],
              "hands": [["tundra", "tundra", "coast"], ["forest", "desert", "glacier"]],
              "display": ["forest", "coast", "tundra", "desert"]},
    "turns": [
        {"settle": {"territory": "WT", "place": [{"piece": "tent", "at": "WT2", "pay": ["tundra"]}]},
         "third": {"territory": "CF", "place": [{"piece": "tent", "at": "CF1", "pay": ["tundra"]}],
                   "discard": ["coast"]},
         "draw": [{"from": "display", "card": "forest", "refill": "glacier"}, {"from": "deck", "card": "coast"},
                  {"from": "deck", "card": "tundra"}]},
        {"exchange": "desert", "draw": [{"from": "deck", "card": "forest"}]},
    ],
    "end": False,
}


def with_turns(*turns: dict[str, Any], setup: dict[str, Any] | None = None) -> dict[str, Any]:
    record = copy.deepcopy(EXAMPLE)
    record["turns"] = list(turns)
    if setup:
        record["setup"].update(setup)
    return record


def fails(record: dict[str, Any], turn: int, words: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.turn == turn and words in info.value.reason, str(info.value)


FIRST = EXAMPLE["turns"][0]
SECOND = EXAMPLE["turns"][1]


def test_the_documented_example_replays() -> None:
    state = replay(EXAMPLE)
    assert state.turns == 2 and state.seat == 0 and not ENG.is_over(state)
    assert state.hands[0] == [1, 1, 0, 1, 0] and state.hands[1] == [0, 2, 1, 0, 0]
    assert state.display == [2, 3, 0, 4]
    assert state.discard == [0, 0, 3, 4]     # red's tundra, the third tribe's tundra, its coast, the exchange


def test_record_setup_and_record_start_agree() -> None:
    for players in (2, 3, 4, 5):
        state = game(players, feats=players == 3, seed=players)
        keys = ENG.record_setup(state)
        assert set(keys) == {"map", "options", "setup"}
        started = ENG.record_start(players, keys)
        for seat in [*range(players), None]:
            assert ENG.view(started, seat) == ENG.view(state, seat)


def test_entry_record_is_the_inverse_of_entry_actions() -> None:
    state = ENG.record_start(2, EXAMPLE)
    for entry in EXAMPLE["turns"]:
        actions = ENG.entry_actions(state, entry)
        assert ENG.entry_record(state, actions) == entry
        for action in actions:
            state = ENG.apply(state, action)


def test_a_settle_the_third_tribe_and_every_draw_are_separate_steps() -> None:
    actions = ENG.entry_actions(ENG.record_start(2, EXAMPLE), FIRST)
    assert [a.type for a in actions] == ["place", "third", "take-display", "refill", "draw-deck", "card",
                                         "draw-deck", "card"]


def test_end_true_runs_the_final_scoring() -> None:
    state = replay({**EXAMPLE, "end": True})
    assert ENG.is_over(state) and ENG.scores(state) == [1, 0]   # red alone in Whitehorn Tundra


@pytest.mark.parametrize(("turn", "words"), [
    ({"settle": {"territory": "EW", "place": [{"piece": "tent", "at": "EW1", "pay": ["forest"]}]}},
     "the hand holds no forest card"),
    ({"settle": {"territory": "WT", "place": [{"piece": "tent", "at": "WT1", "pay": ["coast"]}]}},
     "one coast card does not pay for a piece in Whitehorn Tundra (tundra)"),
    ({"settle": {"territory": "WT", "place": [{"piece": "tent", "at": "EW1", "pay": ["tundra"]}]}},
     "EW1 is not a tent space of Whitehorn Tundra"),
    ({"settle": {"territory": "WT", "place": [{"piece": "tent", "at": "WT1", "pay": ["tundra"]},
                                              {"piece": "tent", "at": "WT2", "pay": ["tundra"]}]}},
     "Whitehorn Tundra was unexplored: it takes only one tent this turn"),
    ({"settle": {"territory": "WT", "place": [{"piece": "tent", "at": "WT1", "pay": ["tundra"]}]},
      "draw": [{"from": "deck", "card": "forest"}]},
     "the third tribe's move is missing"),
    (dict(FIRST, third={"territory": "CF", "place": [{"piece": "tent", "at": "CF1", "pay": ["tundra"]}],
                        "discard": []}),
     "the third tribe's leftover cards, discarded, are coast"),
    (dict(FIRST, draw=FIRST["draw"][:2]), "the hand must be refilled: 1 more card to draw"),
    (dict(FIRST, draw=[*FIRST["draw"], {"from": "deck", "card": "forest"}]), "too many cards drawn"),
    (dict(FIRST, draw=[{"from": "display", "card": "forest"}]), "'refill' names the card turned up"),
    (dict(FIRST, draw=[{"from": "display", "card": "glacier", "refill": "coast"}]),
     "the display holds no glacier card"),
    ({"exchange": "desert", "draw": []}, "the hand holds no desert card to exchange"),
    ({"pass": True}, "only one with no card passes"),
    ({"exchange": "coast", "third": {"discard": []}, "draw": [{"from": "deck", "card": "forest"}]},
     "the third tribe moves only after a settle"),
])
def test_a_bad_first_turn_is_reported_with_its_number(turn: dict[str, Any], words: str) -> None:
    fails(with_turns(turn), 1, words)


def test_the_third_tribe_s_discard_may_be_left_out() -> None:
    third = {k: v for k, v in FIRST["third"].items() if k != "discard"}
    assert replay(with_turns(dict(FIRST, third=third), SECOND)).turns == 2


def test_a_tent_on_a_taken_space_in_turn_2() -> None:
    setup = {"hands": [["tundra", "tundra", "coast"], ["tundra", "desert", "glacier"]]}
    fails(with_turns(FIRST, {"settle": {"territory": "WT", "place": [{"piece": "tent", "at": "WT2",
                                                                      "pay": ["tundra"]}]}}, setup=setup),
          2, "WT2 in Whitehorn Tundra already holds a tent")


def test_more_cards_of_a_biome_drawn_than_the_deck_holds() -> None:
    setup = {"hands": [["desert", "desert", "desert"], ["desert", "desert", "desert"]],
             "display": ["desert", "desert", "tundra", "tundra"]}             # all 8 deserts of a 2-player game
    fails(with_turns({"exchange": "desert", "draw": [{"from": "deck", "card": "forest"}]},
                     {"exchange": "desert", "draw": [{"from": "deck", "card": "desert"}]}, setup=setup),
          2, "the deck holds no more desert cards")


def test_the_third_tribe_not_spending_what_it_must() -> None:
    setup = {"hands": [["tundra", "tundra", "tundra"], ["forest", "desert", "glacier"]]}
    turn = {"settle": {"territory": "WT", "place": [{"piece": "tent", "at": "WT1", "pay": ["tundra"]}]},
            "third": {"territory": "WT", "place": [{"piece": "tent", "at": "WT2", "pay": ["tundra"]}],
                      "discard": ["tundra"]},
            "draw": [{"from": "deck", "card": "forest"}] * 3}
    fails(with_turns(turn, setup=setup), 1, "the third tribe must place 2 pieces spending 2 cards")


def test_the_totem_limit_named_in_the_record_error() -> None:
    state = game(3)
    set_hand(state, 0, "forest", "desert", "coast")
    tent(state, RED, "EW1", "EW2")
    tent(state, BLUE, "EW3")
    totem(state, BLUE, "EW", 2)
    entry = {"settle": {"territory": "EW", "place": [{"piece": "totem", "pay": ["forest"]}]},
             "draw": [{"from": "deck", "card": "forest"}]}
    with pytest.raises(IllegalActionError, match="a totem in Elderwood would make 3 totems against a largest "
                                                 "tent count of 2"):
        ENG.entry_actions(state, entry)


def test_draws_after_the_deck_is_gone_for_good() -> None:
    state = game(3)
    set_hand(state, 0, "forest", "desert", "coast")
    state.deck_runs = 2
    state.discard.extend(state.deck)
    state.deck = []
    state.display = [0, -1, -1, -1]
    with pytest.raises(IllegalActionError, match="the display holds no forest card"):
        ENG.entry_actions(state, {"exchange": "desert", "draw": [{"from": "display", "card": "forest"}]})
    with pytest.raises(IllegalActionError, match="no longer refilled"):
        ENG.entry_actions(state, {"exchange": "desert",
                                  "draw": [{"from": "display", "card": "tundra", "refill": "coast"}]})
    actions = ENG.entry_actions(state, {"exchange": "desert", "draw": [{"from": "display", "card": "tundra"}]})
    assert [a.type for a in actions] == ["exchange", "take-display"]
    state.display = [-1, -1, -1, -1]
    with pytest.raises(IllegalActionError, match="too many cards drawn"):
        ENG.entry_actions(state, {"exchange": "desert", "draw": [{"from": "display", "card": "tundra"}]})
    assert [a.type for a in ENG.entry_actions(state, {"exchange": "desert", "draw": []})] == ["exchange"]


@pytest.mark.parametrize("entry", [
    [], {"settle": {}, "exchange": "coast"}, {"jump": 1}, {"pass": "yes"},
    {"settle": {"territory": "WT", "place": []}},
    {"settle": {"territory": "WT", "place": [{"piece": "house", "at": "WT1", "pay": ["tundra"]}]}},
    {"exchange": "gold"}, {"exchange": "coast", "draw": "deck"},
])
def test_malformed_entries(entry: Any) -> None:
    with pytest.raises(InvalidActionError):
        ENG.entry_actions(ENG.record_start(2, EXAMPLE), entry)


@pytest.mark.parametrize(("change", "words"), [
    ({"mountains": ["c04", "c08", "c09"]}, "mountains"),
    ({"mountains": ["c04", "c08", "c09", "c05"]}, "mountains"),
    ({"mountains": ["c04", "c08", "c09", "c99"]}, "no connection 'c99'"),
    ({"hands": [["tundra", "tundra"], ["forest", "desert", "glacier"]]}, "seat 0's hand must be 3 cards"),
    ({"display": ["forest", "coast", "tundra", "gold"]}, "the display must be 4 cards"),
    ({"hands": [["desert"] * 3, ["desert"] * 3], "display": ["desert"] * 4}, "names 10 desert cards"),
])
def test_bad_setups(change: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidActionError, match=words):
        ENG.record_start(2, with_turns(setup=change))


def test_an_unknown_map_is_refused() -> None:
    with pytest.raises(InvalidActionError, match="there is no map 'atlantis'"):
        ENG.record_start(2, {**EXAMPLE, "map": "atlantis"})


def test_others_never_see_the_cards_drawn_from_the_deck() -> None:
    mine = ENG.entry_for(FIRST, 0, 0)
    assert mine == FIRST
    for audience in (1, None):
        theirs = ENG.entry_for(FIRST, 0, audience)
        assert theirs["draw"] == [{"from": "display", "card": "forest", "refill": "glacier"}, {"from": "deck"},
                                  {"from": "deck"}]
        assert theirs["third"] == FIRST["third"] and theirs["settle"] == FIRST["settle"]
    assert ENG.entry_for(SECOND, 1, 0) == {"exchange": "desert", "draw": [{"from": "deck"}]}
    assert FIRST["draw"][1] == {"from": "deck", "card": "coast"}    # the entry itself is unchanged


def test_entries_in_words() -> None:
    assert ENG.describe_entry(ENG.entry_for(FIRST, 0, 1)) == (
        "settled Whitehorn Tundra with a tent; the third tribe put a tent in Caribou Flats (a Coast card discarded); "
        "drew 3 cards (a Forest card from the display)")
    assert ENG.describe_entry(SECOND) == "exchanged a Desert card; drew 1 card (a Forest card from the deck)"
    assert ENG.describe_entry({"pass": True}) == "passed"
