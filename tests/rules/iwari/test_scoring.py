"""Scoring, hand-scored from docs/rules/iwari.md sections 9 to 12 (expected values worked out by hand)."""
from __future__ import annotations

import pytest

from games.rules.iwari.scoring import (
    leaders,
    settlement_scoring,
    settlements,
    tent_points,
    tent_ranks,
    tent_scoring,
    totem_scoring,
)

from .helpers import BLUE, BOARD, ENG, GREEN, RED, THIRD, YELLOW, game, tent, totem


@pytest.mark.parametrize(("counts", "points"), [
    ([3, 2, 1], [6, 3, 2]),          # section 9, first example
    ([2, 2, 1], [5, 5, 2]),          # second: a tie at the top; 5 tents
    ([4, 1, 1], [6, 4, 4]),          # third: a tie below
    ([1], [1]),                      # fourth: alone with one tent
    ([0, 3, 3, 0], [0, 6, 6, 0]),    # no tent, no points
    ([2, 1, 1, 1], [5, 2, 2, 2]),
    ([3, 2, 2, 1], [8, 3, 3, 2]),    # the rank below a tie scores one tribe's count of that tie
    ([5, 3, 1, 0, 1], [10, 5, 3, 0, 3]),
    ([1, 1, 1], [3, 3, 3]),
    ([0, 0], [0, 0]),
])
def test_tent_points(counts: list[int], points: list[int]) -> None:
    assert tent_points(counts) == points


def test_tent_ranks_share_ties() -> None:
    assert tent_ranks([2, 2, 1, 0]) == [1, 1, 2, 0]
    assert tent_ranks([1, 3, 1]) == [2, 1, 2]


def test_leaders_need_a_totem_and_share_ties() -> None:
    assert leaders([2, 1, 0]) == [0]
    assert leaders([1, 1, 0]) == [0, 1]
    assert leaders([0, 0, 0]) == []


def test_tent_scoring_by_territory() -> None:
    state = game(3)
    tent(state, RED, "EW1", "EW2")
    tent(state, BLUE, "EW3")
    tent(state, GREEN, "CF1")
    points, by_territory = tent_scoring(state, BOARD)
    assert by_territory == {"EW": [3, 2, 0], "CF": [0, 0, 1]}
    assert points == [3, 2, 1]


def test_totems_example_of_connection_12() -> None:
    # Section 10: Elderwood red 2, blue 1; Flint Hollow red 1, blue 1: red scores 2+1+1+1 = 5, blue nothing.
    state = game(2)
    state.mountains = []
    tent(state, RED, "EW1", "EW2", "FH1")
    tent(state, BLUE, "EW3", "FH2")
    totem(state, RED, "EW", 2)
    totem(state, BLUE, "EW")
    totem(state, RED, "FH")
    totem(state, BLUE, "FH")
    points, by_connection = totem_scoring(state, BOARD)
    assert by_connection == {"c12": [5, 0]}
    assert points == [5, 0]


def test_totems_under_a_mountain_never_score() -> None:
    state = game(2)
    state.mountains = [BOARD.connection_index["c12"]]
    totem(state, RED, "EW")
    totem(state, RED, "FH")
    assert totem_scoring(state, BOARD)[0] == [0, 0]


def test_tied_leaders_both_score_and_each_connection_scores_on_its_own() -> None:
    state = game(3)
    state.mountains = []
    totem(state, RED, "EW")
    totem(state, BLUE, "EW")
    totem(state, RED, "FH")
    totem(state, BLUE, "FH")
    totem(state, RED, "WT")  # c05 WT-EW: red leads both; 1 + 2 totems
    points, by_connection = totem_scoring(state, BOARD)
    assert by_connection == {"c12": [4, 4, 0], "c05": [3, 0, 0]}
    assert points == [7, 4, 0]


def test_water_connections_score_like_land() -> None:
    state = game(3)
    state.mountains = []
    totem(state, GREEN, "WT", 2)
    totem(state, GREEN, "SG")  # c02 is over water
    assert totem_scoring(state, BOARD)[1] == {"c02": [0, 0, 3]}


def test_the_third_tribe_blocks_totem_leads_and_scores_nothing() -> None:
    state = game(2)
    state.mountains = []
    totem(state, RED, "EW")
    totem(state, THIRD, "EW", 2)
    totem(state, RED, "FH")
    totem(state, THIRD, "FH", 2)
    assert totem_scoring(state, BOARD)[0] == [0, 0]
    tent(state, THIRD, "CF1", "CF2")
    assert tent_scoring(state, BOARD)[0] == [0, 0]


def test_settlement_of_section_11() -> None:
    state = game(3)
    tent(state, RED, "LB1", "EW3", "EW4", "FH1", "FH3")
    assert settlement_scoring(state, BOARD) == [5, 0, 0]


def test_settlement_broken_by_another_tribe_or_a_gap() -> None:
    state = game(3)
    tent(state, RED, "LB1", "EW3", "FH1", "FH3")
    assert settlement_scoring(state, BOARD) == [0, 0, 0]   # EW4 empty: two groups of 2
    tent(state, BLUE, "EW4")
    assert sorted(map(len, settlements(state, BOARD, RED))) == [2, 2]
    assert settlement_scoring(state, BOARD) == [0, 0, 0]


def test_settlement_branches_and_crosses_borders() -> None:
    state = game(3)
    tent(state, BLUE, "IC2", "IC1", "IC3", "IC6")   # IC2 joins IC1, IC3 and IC6: a star of 4
    tent(state, GREEN, "IC4", "WT1", "WT2")         # 3 linked tents across a border: too few
    assert settlement_scoring(state, BOARD) == [0, 4, 0]
    tent(state, GREEN, "WT3")
    assert settlement_scoring(state, BOARD) == [0, 4, 4]


def test_two_settlements_of_one_tribe_both_score() -> None:
    state = game(4)
    tent(state, YELLOW, "SD1", "SD2", "SD3", "SD4", "AS1", "AS2", "AS3", "AS4", "AS6")
    assert settlement_scoring(state, BOARD) == [0, 0, 0, 9]


def test_feat_factors_multiply_territories_and_connections() -> None:
    state = game(3, feats=True)
    state.mountains = []
    tent(state, RED, "EW1", "EW2")
    tent(state, BLUE, "EW3")
    state.feat_territory[BOARD.territory_index["EW"]] = 1
    assert tent_scoring(state, BOARD)[0] == [6, 4, 0]
    totem(state, RED, "EW")
    totem(state, RED, "FH")
    state.feat_connection[BOARD.connection_index["c12"]] = 1
    assert totem_scoring(state, BOARD)[1]["c12"] == [4, 0, 0]


def test_a_feat_on_a_covered_connection_scores_nothing() -> None:
    state = game(3, feats=True)
    state.mountains = [BOARD.connection_index["c12"]]
    state.feat_connection[BOARD.connection_index["c12"]] = 1
    totem(state, RED, "EW")
    totem(state, RED, "FH")
    assert totem_scoring(state, BOARD)[0] == [0, 0, 0]


def test_final_scoring_adds_tents_totems_and_settlements() -> None:
    state = game(3)
    state.mountains = []
    state.scores = [10, 0, 0]
    tent(state, RED, "LB1", "EW3", "EW4", "FH1")    # EW red 2: red 3, blue 2; LB 1; FH red 1 blue 1: 2 each
    tent(state, BLUE, "EW1", "FH2")
    totem(state, RED, "EW")
    totem(state, RED, "FH")                          # c12: red leads both with 2 totems
    final = ENG.settle(state)
    # red: 10 + tents (3 + 1 + 2) + totems 2 + settlement of 4; blue: tents 2 + 2
    assert ENG.scores(final) == [10 + 6 + 2 + 4, 4, 0]
    event = final.events[-1]
    assert (event["tents"], event["totems"], event["settlements"]) == ([6, 4, 0], [2, 0, 0], [4, 0, 0])
    assert ENG.is_over(final)


def test_tie_break_by_unused_pieces() -> None:
    state = game(3)
    tent(state, RED, "EW1")
    tent(state, BLUE, "CF1")
    totem(state, BLUE, "CF")
    final = ENG.settle(state)
    assert ENG.scores(final) == [1, 1, 0]
    assert ENG.ranking(final)[0] == (1, 27) and ENG.ranking(final)[1] == (1, 26)
    assert ENG.winners(final) == [0]


def test_a_tie_on_both_shares_the_win() -> None:
    state = game(3)
    tent(state, RED, "EW1")
    tent(state, BLUE, "CF1")
    assert ENG.winners(ENG.settle(state)) == [0, 1]
