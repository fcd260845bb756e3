"""Volcano scoring rounds, the final round and the end (docs/rules/tikal.md sections 6 and 7), seats leaving."""
from __future__ import annotations

import random

import pytest

from games.rules import CHANCE, TERMINAL, IllegalActionError
from games.rules.tikal.actions import Draw, Place
from games.rules.tikal.data import HEX_INDEX
from games.rules.tikal.engine import new_state
from games.rules.tikal.state import ACTIONS, DRAW, OVER, PLACE

from .helpers import BC, ENG, T_N, T_SE, W, act, put, sp

END = {"type": "end"}


def drawing(players: int, seat: int, *hexes: str):
    """A game whose stacks hold ``hexes`` (the last on top), ``seat`` about to draw."""
    state = new_state(players, 1)
    state.stack = [HEX_INDEX[h] for h in hexes]
    state.seat = seat
    state.phase = DRAW
    return state


def scorings(state) -> list[tuple[int, str, int]]:
    return [(e["seat"], e["round"], e["points"]) for e in state.events if e["type"] == "score"]


def test_a_volcano_gives_everyone_a_scoring_bonus_turn_from_the_drawer_on() -> None:
    state = drawing(3, 1, "C1", "B1", "B5")
    put(state, 0, T_N, workers=1)
    put(state, 1, BC, leader=True)
    put(state, 2, BC, workers=4)
    state = ENG.apply(state, Draw("B5"))
    assert state.turns == 1 and state.phase == ACTIONS and state.bonus and state.seat == 1 and state.ap == 10
    assert ENG.view(state, 0)["hex"]["kind"] == "volcano"          # put beside the board, seen by all
    state = act(state, W(BC, T_N, "leader"), END)                  # 3 against 1: seat 1 scores the temple (1)
    assert scorings(state) == [(1, "volcano", 1)] and state.seat == 2 and state.bonus
    state = act(state, *[W(BC, T_N)] * 4, END)                     # 4 against 3: now seat 2 scores it too
    assert scorings(state)[-1] == (2, "volcano", 1) and state.seat == 0
    state = act(state, END)                                        # seat 0: 1 against 3 and 4, nothing
    assert scorings(state)[-1] == (0, "volcano", 0)
    assert state.phase == PLACE and state.seat == 1 and not state.bonus and state.turns == 4
    assert {p.rotation for p in ENG.legal_actions(state)} == {0}   # no connection rule, no turning
    state = ENG.apply(state, Place((2, 2), 0))
    assert state.phase == ACTIONS and state.ap == 10 and state.seat == 1 and not state.bonus
    state = act(state, END)
    assert state.phase == DRAW and state.seat == 2 and state.turns == 5
    assert state.scores == [0, 1, 1]


def test_the_bonus_turns_limits_start_afresh() -> None:
    state = drawing(2, 0, "B1", "B5")
    put(state, 0, T_N, workers=2)
    state = ENG.apply(state, Draw("B5"))
    state = act(state, {"type": "uncover", "at": list(T_N)}, {"type": "uncover", "at": list(T_N)}, END)
    state = act(state, END)                                        # seat 1's bonus turn
    state = ENG.apply(state, Place((2, 2), 0))                     # seat 0's own turn: two more levels
    state = act(state, {"type": "uncover", "at": list(T_N)}, {"type": "uncover", "at": list(T_N)})
    assert state.value[sp(T_N)] == 5
    assert scorings(state) == [(0, "volcano", 3), (1, "volcano", 0)]


def test_the_last_hex_finishes_its_turn_then_the_final_round() -> None:
    state = drawing(3, 2, "G6")
    put(state, 0, T_N, workers=1)
    put(state, 1, T_SE, leader=True)
    state = ENG.apply(state, Draw("G6"))
    state = ENG.apply(state, Place((1, 1), 0))
    assert state.phase == ACTIONS and state.seat == 2 and not state.bonus   # the placer's 10 points
    state = act(state, END)
    assert state.bonus and state.seat == 0
    state = act(state, END)
    assert scorings(state) == [(0, "final", 1)] and state.seat == 1
    state = act(state, END)
    assert state.seat == 2 and state.bonus
    state = act(state, END)
    assert scorings(state) == [(0, "final", 1), (1, "final", 1), (2, "final", 0)]
    assert ENG.current_player(state) == TERMINAL and ENG.is_over(state) and state.phase == OVER
    assert ENG.winners(state) == [0, 1]                            # no guard, no treasure: shared
    assert ENG.view(state, 0)["current_seat"] is None and ENG.view(state, 0)["legal"] == []
    with pytest.raises(IllegalActionError, match="over"):
        act(state, END)


def test_a_volcano_drawn_last_plays_its_round_then_the_final_round() -> None:
    state = drawing(2, 0, "B5")
    put(state, 1, T_N, workers=1)
    state = ENG.apply(state, Draw("B5"))
    state = act(state, END, END)
    state = ENG.apply(state, Place((2, 2), 0))
    state = act(state, END)
    assert state.bonus and state.seat == 1                         # the final round, from the next seat
    state = act(state, END, END)
    assert scorings(state) == [(0, "volcano", 0), (1, "volcano", 1), (1, "final", 1), (0, "final", 0)]
    assert ENG.is_over(state) and state.scores == [0, 2] and ENG.winners(state) == [1]


def test_settle_scores_every_seat_once() -> None:
    state = drawing(3, 0, "A1", "A2")
    put(state, 1, T_N, workers=2)
    put(state, 2, T_SE, leader=True)
    done = ENG.settle(state)
    assert scorings(done) == [(0, "settle", 0), (1, "settle", 1), (2, "settle", 1)]
    assert ENG.is_over(done) and not ENG.is_over(state)


def test_a_seat_that_leaves_mid_turn_ends_it_and_takes_no_bonus_turn() -> None:
    state = drawing(3, 0, "B1", "B5", "A1")
    state = ENG.apply(state, Draw("A1"))                           # seat 0 must place A1
    left = ENG.remove_seat(state, 0)
    assert left.phase == DRAW and left.seat == 1 and left.kind.count(0) == 35   # A1 laid for it
    assert ENG.current_player(left) == CHANCE
    left = ENG.apply(left, Draw("B5"))                             # seat 1's volcano: bonus turns for 1 and 2
    left = act(left, END, END)
    assert [s for s, _, _ in scorings(left)] == [1, 2] and left.phase == PLACE and left.seat == 1
    gone = ENG.remove_seat(left, 2)
    assert ENG.is_over(gone)                                       # one seat left: the game is settled


def test_exchanges_skip_a_seat_that_left() -> None:
    state = drawing(3, 0, "A1")
    state.phase, state.ap = ACTIONS, 10
    state.held[0][0] = state.held[1][1] = state.held[2][2] = 1
    left = ENG.remove_seat(state, 1)
    assert left.seat == 0
    listed = [a.to_dict() for a in ENG.legal_actions(left) if a.type == "exchange"]
    assert [a["seat"] for a in listed] == [2]


def test_a_seat_leaving_in_its_bonus_turn_does_not_score_it() -> None:
    state = drawing(3, 0, "B1", "B5")
    put(state, 1, T_N, workers=1)
    state = ENG.apply(state, Draw("B5"))
    state = act(state, END)                                        # seat 0's bonus turn
    assert state.seat == 1 and state.bonus
    left = ENG.remove_seat(state, 1)
    assert left.seat == 2 and left.bonus and scorings(left) == [(0, "volcano", 0)]
    left = act(left, END)
    assert left.phase == PLACE and left.seat == 0                  # the drawer places the volcano


def test_a_timeout_in_a_bonus_turn_ends_it() -> None:
    state = drawing(2, 1, "B1", "B5")
    state = ENG.apply(state, Draw("B5"))
    rng = random.Random(1)
    state = ENG.apply(state, ENG.timeout_action(state, rng))
    assert state.seat == 0 and state.bonus and scorings(state) == [(1, "volcano", 0)]
    state = ENG.apply(state, ENG.timeout_action(state, rng))
    placed = ENG.apply(state, ENG.timeout_action(state, rng))      # the drawer's volcano, on a legal space
    assert placed.phase == ACTIONS and placed.placed == 1


def test_a_scoring_round_stays_in_the_view_through_the_volcano_turn_and_at_the_end() -> None:
    """Issue 26: the volcano's scores vanished once everyone had scored. ``last_scoring`` keeps the round's results
    (each player's points, temple by temple) while the round is played and through the turn that lays the
    volcano; the next turn drops them, and the end shows the final round's."""
    state = drawing(3, 1, "C1", "B1", "B5")
    put(state, 0, T_N, workers=1)
    put(state, 1, BC, leader=True)
    put(state, 2, BC, workers=4)
    state = ENG.apply(state, Draw("B5"))
    assert ENG.view(state, 0)["last_scoring"] is None                 # nobody has scored in this round yet
    state = act(state, W(BC, T_N, "leader"), END)
    shown = ENG.view(state, 0)["last_scoring"]
    assert shown["round"] == "volcano" and [(r["seat"], r["points"]) for r in shown["results"]] == [(1, 1)]
    assert shown["results"][0]["temple_list"] == [{"at": list(T_N), "value": 1, "guarded": False}]
    state = act(state, *[W(BC, T_N)] * 4, END, END)                   # seats 2 and 0: the round is over
    for seat in (None, 0, 1):
        shown = ENG.view(state, seat)["last_scoring"]
        assert [(r["seat"], r["points"]) for r in shown["results"]] == [(1, 1), (2, 1), (0, 0)]
    state = ENG.apply(state, Place((2, 2), 0))                        # the drawer's turn: still shown
    assert ENG.view(state, 2)["last_scoring"]["round"] == "volcano"
    state = act(state, END)                                           # the next player's turn: gone
    assert state.seat == 2 and ENG.view(state, 2)["last_scoring"] is None
    over = ENG.settle(state)
    shown = ENG.view(over, None)["last_scoring"]
    assert shown["round"] == "settle" and [r["seat"] for r in shown["results"]] == [0, 1, 2]


def test_scorings_saved_before_they_named_their_entry_are_not_grouped() -> None:
    state = drawing(2, 0, "B1", "B5")
    state = act(ENG.apply(state, Draw("B5")), END)
    for event in state.events:
        del event["entry"]
    assert ENG.view(state, 1)["last_scoring"] is None and ENG.view(state, 1)["events"]
