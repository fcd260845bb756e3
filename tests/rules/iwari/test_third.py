"""The two-player third tribe (docs/rules/iwari.md section 6)."""
from __future__ import annotations

import pytest

from games.rules.base import IllegalActionError
from games.rules.iwari.state import DRAW, SETTLE, IwariState
from games.rules.iwari.state import THIRD as THIRD_PHASE

from .helpers import (
    BLUE,
    ENG,
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
    walk,
)


def two_players(*hand: str) -> IwariState:
    state = game(2)
    set_hand(state, 0, *hand)
    return state


def third_moves(state: IwariState) -> set[tuple[str, str, str, tuple[str, ...]]]:
    return {(a["piece"], a["territory"], a.get("at", ""), tuple(a["pay"])) for a in legal(state)}


def test_two_leftover_cards_of_one_biome_must_place_two_pieces() -> None:
    state = two_players("desert", "forest", "forest")
    tent(state, BLUE, "EW1")
    state = play(state, place("tent", "FH", "FH1", "desert"))
    assert state.phase == THIRD_PHASE and state.turn.third_best == (2, 2)
    # Only Elderwood (explored) takes two forest pieces; Mosslight Grove and Redwood Mire would take one tent.
    assert third_moves(state) == {("tent", "EW", s, ("forest",)) for s in ("EW2", "EW3", "EW4")} | {
        ("totem", "EW", "", ("forest",))}
    state = play(state, third("tent", "EW", "EW2", "forest"))
    assert state.phase == THIRD_PHASE
    state = play(state, third("totem", "EW", None, "forest"))
    assert state.phase == DRAW and state.turn.draws_left == 3 and state.turn.third_discard == []
    assert state.tents[4 * 3 + THIRD] == 1 and state.totems[4 * 3 + THIRD] == 1
    assert state.tent_supply[THIRD] == 20 and state.totem_supply[THIRD] == 7


def test_a_move_that_cannot_reach_the_most_pieces_is_refused() -> None:
    state = two_players("desert", "forest", "forest")
    tent(state, BLUE, "EW1")
    state = play(state, place("tent", "FH", "FH1", "desert"))
    with pytest.raises(IllegalActionError, match="must place 2 pieces spending 2 cards"):
        play(state, third("tent", "MG", "MG1", "forest"))
    with pytest.raises(IllegalActionError, match="must place 2 pieces"):
        play(state, third("tent", "AS", "AS1", "forest", "forest"))


def test_the_territory_just_settled_is_judged_after_the_player_s_placement() -> None:
    state = two_players("forest", "forest", "forest")
    state = play(state, place("tent", "EW", "EW1", "forest"))   # Elderwood unexplored: one tent, then explored
    assert state.turn.third_best == (2, 2)
    assert {t for _, t, _, _ in third_moves(state)} == {"EW"}


def test_cards_of_two_biomes_place_one_piece_and_the_other_is_discarded() -> None:
    state = two_players("coast", "forest", "desert")
    state = play(state, place("tent", "LB", "LB1", "coast"))
    assert state.turn.third_best == (1, 1)
    moves = third_moves(state)
    assert ("tent", "FH", "FH1", ("desert",)) in moves and ("tent", "MG", "MG1", ("forest",)) in moves
    assert all(len(pay) == 1 for *_, pay in moves)
    discard = len(state.discard)
    state = play(state, third("tent", "FH", "FH1", "desert"))
    assert state.phase == DRAW and state.turn.third_discard == [1]
    assert state.discard[discard:] == [4, 1]                    # the desert paid, the forest went unused
    assert state.hand_size(0) == 0


def test_a_pair_beats_one_matching_card_when_both_place_one_piece() -> None:
    state = two_players("forest", "coast", "coast")
    tent(state, BLUE, "EW1")
    state = play(state, place("tent", "EW", "EW2", "forest"), {"type": "done"})  # a coast pair could follow
    assert state.turn.third_best == (1, 2)                      # the coast territories are unexplored
    assert all(pay == ("coast", "coast") for *_, pay in third_moves(state))
    assert ("tent", "LB", "LB1", ("coast", "coast")) in third_moves(state)
    assert ("totem", "EW", "", ("coast", "coast")) in third_moves(state)


def test_an_explored_coast_territory_takes_two_matching_pieces() -> None:
    state = two_players("forest", "coast", "coast")
    tent(state, BLUE, "EW1", "LB1")
    state = play(state, place("tent", "EW", "EW2", "forest"), {"type": "done"})
    assert state.turn.third_best == (2, 2)
    assert {t for _, t, _, _ in third_moves(state)} == {"LB"}


def test_one_leftover_card_after_a_two_card_settle() -> None:
    state = two_players("forest", "forest", "glacier")
    tent(state, BLUE, "EW1")
    state = play(state, place("tent", "EW", "EW2", "forest"), place("tent", "EW", "EW3", "forest"))
    assert state.turn.third_best == (1, 1)
    assert {t for _, t, _, _ in third_moves(state)} == {"IC", "SG"}
    state = play(state, third("tent", "SG", "SG1", "glacier"))
    assert state.phase == DRAW


def test_no_placement_possible_discards_every_leftover_card() -> None:
    state = two_players("desert", "forest", "coast")
    state.tent_supply[THIRD] = 0
    state.totem_supply[THIRD] = 0
    discard = len(state.discard)
    state = play(state, place("tent", "FH", "FH1", "desert"))
    assert state.phase == DRAW and state.turn.third_called and state.turn.third_best == (0, 0)
    assert sorted(state.turn.third_discard) == [1, 3] and len(state.discard) == discard + 3


def test_no_third_move_on_a_three_card_settle_or_an_exchange() -> None:
    state = two_players("forest", "coast", "coast")
    tent(state, BLUE, "EW1")
    state = play(state, place("tent", "EW", "EW2", "forest"), place("tent", "EW", "EW3", "coast", "coast"))
    assert state.phase == DRAW and not state.turn.third_called
    state = play(two_players("forest", "coast", "coast"), {"type": "exchange", "card": "coast"})
    assert state.phase == DRAW and not state.turn.third_called and state.hand_size(0) == 2


def test_the_third_tribe_running_out_of_tents_triggers_nothing() -> None:
    state = two_players("desert", "forest", "forest")
    state.tent_supply[THIRD] = 1
    tent(state, BLUE, "EW1")
    state = play(state, place("tent", "FH", "FH1", "desert"), third("tent", "EW", "EW2", "forest"),
                 third("totem", "EW", None, "forest"))
    state = draw_rest(state)
    assert state.tent_supply[THIRD] == 0 and not state.end_triggered and state.phase == SETTLE


def test_the_third_tribe_never_scores_nor_wins() -> None:
    state = game(2)
    tent(state, THIRD, "EW1", "EW2", "EW3", "EW4", "FH1")
    tent(state, RED, "CF1")
    final = ENG.settle(state)
    assert ENG.scores(final) == [1, 0] and ENG.winners(final) == [0] and len(final.scores) == 2
    assert ENG.view(final, None)["tribes"][THIRD] == {"tribe": 2, "seat": None, "third": True, "tents": 16,
                                                      "totems": 8}


def test_the_third_tribe_counts_for_tent_majorities() -> None:
    state = game(2)
    tent(state, THIRD, "EW1", "EW2")
    tent(state, RED, "EW3")
    final = ENG.settle(state)
    assert ENG.scores(final)[RED] == 2                           # second rank: the count of the tribe above


def test_the_third_tribe_s_step_is_accepted_exactly_when_it_is_listed() -> None:
    """Applying a third-tribe step checks it without listing every move again (the bots apply steps by the
    hundred thousand): in every third-tribe position of random two-player games, of every placement the third
    tribe could make anywhere with any pair or card of the hand, exactly the listed ones are accepted, and the
    best the phase began with is still the best."""
    from games.rules.iwari.actions import Third
    from games.rules.iwari.cards import BIOMES
    from games.rules.iwari.engine import THIRD_TRIBE
    from games.rules.iwari.maps import load_board
    from games.rules.iwari.settle import TOTEM, pay_cards, pay_codes, steps_in, third_options

    positions = refused = 0
    for seed in range(12):
        for state in walk(seed, feats=seed % 2 == 1):
            if state.phase == THIRD_PHASE:
                board, hand = load_board(state.map_id), state.hands[state.seat]
                if not state.turn.third_placed:
                    assert state.turn.third_best == third_options(state, board, THIRD_TRIBE, hand)[0]
                listed = set(ENG.legal_actions(state))
                for territory, biome in enumerate(board.biome):
                    for step in steps_in(state, board, THIRD_TRIBE, territory, pay_codes(hand, biome, 0), False):
                        card, count = pay_cards(step[3], biome)
                        action = Third("totem" if step[1] == TOTEM else "tent", board.territory_ids[territory],
                                       board.space_ids[step[2]] if step[1] != TOTEM else None,
                                       (BIOMES[card],) * count)
                        try:
                            ENG.apply(state, action)
                            accepted = True
                        except IllegalActionError:
                            accepted, refused = False, refused + 1
                        assert accepted == (action in listed), action
                positions += 1
    assert positions > 50 and refused > 50


def test_the_best_third_move_is_the_best_of_every_placement_in_random_positions() -> None:
    """``third_best`` values one placement of each kind (territory, piece, pay) where the rules' definition
    values every placement (a tent on each empty space): the same best in every position of random games, with
    hands of every size, and ``third_options`` lists exactly the placements that reach it."""
    import random

    from games.rules.base import CHANCE
    from games.rules.iwari.cards import NB
    from games.rules.iwari.maps import load_board
    from games.rules.iwari.settle import third_best, third_options, third_steps_in, third_value

    rng = random.Random(7)  # the hands
    checked, positions = set(), 0
    for seed in range(6):
        for state in walk(seed):
            if ENG.current_player(state) == CHANCE:
                continue
            board = load_board(state.map_id)
            for _ in range(3):
                hand = [0] * NB
                for _ in range(rng.randint(0, 3)):
                    hand[rng.randrange(NB)] += 1
                every = [(third_value(state, board, THIRD, hand, step), step)
                         for territory in range(len(board.biome))
                         for step in third_steps_in(state, board, THIRD, hand, territory)]
                best = max((value for value, _ in every), default=(0, 0))
                assert third_best(state, board, THIRD, hand) == best
                assert third_options(state, board, THIRD, hand) == (
                    best, [step for value, step in every if value == best] if best[0] else [])
                checked.add(best)
                positions += 1
    assert positions > 1000 and checked == {(0, 0), (1, 1), (1, 2), (2, 2)}  # every kind of best met
