"""How a player scores (docs/rules/tikal.md section 8) and the tie-breaks (section 7); expected points by hand."""
from __future__ import annotations

from games.rules.tikal.scoring import score_seat, treasure_points
from games.rules.tikal.state import OVER

from .helpers import ENG, T_N, T_SE, hold, lay, position, put, sp


def test_the_strictly_strongest_seat_scores_a_temple_and_the_leader_counts_three() -> None:
    state = put(put(position(), 0, T_N, leader=True), 1, T_N, workers=2)       # 3 against 2
    assert score_seat(state, 0)[0] == 1 and score_seat(state, 1)[0] == 0
    put(state, 1, T_N, workers=1)                                               # 3 against 3: nobody
    assert score_seat(state, 0)[0] == 0 and score_seat(state, 1)[0] == 0
    put(state, 1, T_N, workers=1)                                               # 3 against 4
    assert score_seat(state, 0)[0] == 0 and score_seat(state, 1)[0] == 1


def test_a_guarded_temple_scores_only_for_its_guard() -> None:
    state = put(position(), 1, T_N, workers=5)
    state.guard[sp(T_N)] = 0
    state.value[sp(T_N)] = 6
    assert score_seat(state, 0)[0] == 6 and score_seat(state, 1)[0] == 0


def test_temple_values_include_uncovered_levels() -> None:
    state = lay(position(), "C4", (1, 1))                                       # a temple of printed value 5
    put(state, 0, (1, 1), workers=1)
    put(state, 0, T_SE, workers=1)
    state.value[sp((1, 1))] = 7                                                 # two levels uncovered
    assert score_seat(state, 0)[0] == 7 + 1


def test_treasures_score_1_3_6_by_kind() -> None:
    assert treasure_points([1, 0, 0, 0, 0, 0, 0, 0]) == 1
    assert treasure_points([2, 0, 0, 0, 0, 0, 0, 0]) == 3
    assert treasure_points([3, 2, 1, 1, 0, 0, 0, 0]) == 6 + 3 + 1 + 1
    state = hold(position(), 0, "jade mask", "jade mask", "jade mask", "gold mask", "gold mask", "sun disc")
    assert score_seat(state, 0)[1] == 10


def test_a_whole_scoring_adds_temples_and_treasures() -> None:
    state = lay(position(), "A3", (1, 1))                                       # temple 2
    put(state, 0, (1, 1), leader=True)
    put(state, 0, T_SE, workers=1)
    put(state, 1, T_SE, workers=1)                                              # a tie at (1, 3): nobody
    hold(state, 0, "jade mask", "gold mask")
    temples, treasures, detail = score_seat(state, 0)
    assert (temples, treasures) == (2, 2)
    assert detail == [{"at": [1, 1], "value": 2, "guarded": False}]


def over(scores: list[int]):
    state = position(3)
    state.scores = scores
    state.phase = OVER
    return state


def test_ties_go_to_the_best_guarded_temple_then_treasures_then_are_shared() -> None:
    state = over([20, 20, 19])
    state.guard[sp(T_N)], state.value[sp(T_N)] = 1, 4
    state.guard[sp(T_SE)], state.value[sp(T_SE)] = 0, 3
    assert ENG.winners(state) == [1]
    state.value[sp(T_SE)] = 5
    assert ENG.winners(state) == [0]


def test_no_guard_loses_to_a_guard() -> None:
    state = over([20, 20, 0])
    hold(state, 0, "jade mask", "gold mask", "sun disc")
    state.guard[sp(T_N)] = 1
    assert ENG.winners(state) == [1]


def test_equal_guards_go_to_treasures_then_shared() -> None:
    state = over([20, 20, 20])
    state.guard[sp(T_N)], state.guard[sp(T_SE)] = 0, 1                       # both of value 1
    hold(state, 1, "jade mask")
    assert ENG.winners(state) == [1]
    hold(state, 0, "sun disc")
    assert ENG.winners(state) == [0, 1]                                        # seat 2: no guard


def test_the_view_says_who_leads_each_temple_and_who_is_tied() -> None:
    """Issue 26: the board shows who leads each temple; the engine says it (``owner``, ``tied``), by the same rule
    that scores it."""
    def temple(state, at) -> tuple:
        space = next(s for s in ENG.view(state, None)["spaces"] if s["at"] == list(at))
        return space["owner"], space["tied"]

    state = position(players=3)
    assert temple(state, T_N) == (None, []) and temple(state, T_SE) == (None, [])     # nobody there
    put(put(state, 0, T_N, leader=True), 1, T_N, workers=2)                          # 3 against 2
    assert temple(state, T_N) == (0, [])
    put(state, 1, T_N, workers=1)                                                    # 3 against 3
    assert temple(state, T_N) == (None, [0, 1])
    put(state, 2, T_N, workers=3)                                                    # three tied
    assert temple(state, T_N) == (None, [0, 1, 2])
    state.guard[sp(T_N)] = 2                                                         # a guard: its seat, no tie
    assert temple(state, T_N) == (2, [])
    assert all("owner" not in s for s in ENG.view(state, None)["spaces"] if s["kind"] != "temple")
