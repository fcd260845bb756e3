"""Rule tests for Carcassonne (base game), from small hand-built game records.

Every expected score is worked out by hand from docs/rules/carcassonne.md (and ark.md where it
refers to it) with the catalogue games/rules/carcassonne/tiles.json, never taken from the engine.
Coordinates as in tiles/README.md: x east, y SOUTH. The start tile "D" (CRFR: N city cap, E-W road,
S field) lies at (0, 0), rotation 0.

Tiles used, at rotation 0 (edges N E S W):
  A FFRF cloister, road S ends at it     B FFFF cloister            D CRFR (count 4 with the start)
  E CFFF city cap N (count 5)            F CFCF city N-S, 1 pennant  J CRRF city N, road E-S
  L CRRR city N, road ends E S W         N CCFF city N-E            T CCCR city N-E-S, road W ends at gate
  U FRFR road E-W                        V FFRR road S-W             W FRRR road ends E S W   X RRRR
Rotations (clockwise): E at 90 has its cap E, at 180 S, at 270 W. V at 90 -> road W-N, 180 -> N-E,
270 -> E-S. N at 90 -> city E-S, 180 -> S-W. A at 90 -> road W.
"""
from __future__ import annotations

import pytest

from games.rules.record import replay_record
from tests.rules.records import PASS, F, assert_result, check_illegal, record


def T(tile, x, y, rot=0, action=None, **extra):
    turn = {"tile": tile, "x": x, "y": y, "rotation": rot, "action": action or PASS}
    turn.update(extra)
    return turn


def rec(turns, players=2, end=False):
    return record("carcassonne", turns, players, end)


def play(turns, players=2, end=False):
    return replay_record(rec(turns, players, end))


def assert_illegal(turns, turn, players=2, end=False):
    check_illegal(rec(turns, players, end), turn)


# ---------------------------------------------------------------------------------------------------
# Placement
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "tile,x,y,rot",
    [("U", 1, 0, 0), ("U", -1, 0, 0), ("U", 0, 1, 0), ("F", 0, -1, 0), ("B", 0, 1, 0), ("E", 0, 1, 180)],
)
def test_matching_placement_is_legal(tile, x, y, rot):
    assert_result(play([T(tile, x, y, rot)]), [0, 0], turns=1)


@pytest.mark.parametrize(
    "tile,x,y,rot",
    [
        ("F", 1, 0, 0),    # F E/W are fields: W=F against D's E=R
        ("F", 1, 0, 90),   # F at 90 is city E-W: W=C against R
        ("E", 0, 1, 0),    # E N=C against D's S=F
        ("U", 0, -1, 0),   # U S=F against D's N=C
        ("B", 1, 0, 0),    # cloister B is all field: W=F against R
    ],
)
def test_mismatched_edge_is_rejected(tile, x, y, rot):
    assert_illegal([T(tile, x, y, rot)], turn=1)


def test_touching_no_tile_is_rejected():
    assert_illegal([T("U", 3, 0)], turn=1)
    assert_illegal([T("U", 1, 0), T("U", 2, 1)], turn=2)  # (2,1) only meets (1,0) at a corner


@pytest.mark.parametrize("bad", ["27", "Y", "d", "01"])
def test_unknown_tile_id_is_rejected(bad):
    assert_illegal([T(bad, 1, 0)], turn=1)


def test_tile_count_includes_the_start_tile():
    # D has count 4, one of them is the start tile: three more fit in a row east (W=R against E=R).
    row = [T("D", 1, 0), T("D", 2, 0), T("D", 3, 0)]
    assert_result(play(row), [0, 0])
    assert_illegal(row + [T("D", 4, 0)], turn=4)


def test_count_one_tile_twice_is_rejected():
    # C (CCCC, count 1) north of the start, then again north of that.
    assert_illegal([T("C", 0, -1), T("C", 0, -2)], turn=2)


# ---------------------------------------------------------------------------------------------------
# Cloisters
# ---------------------------------------------------------------------------------------------------
#        x=-1       x=0        x=1
# y=0    U          D          U
# y=1    E@270      B (s0)     E@90
# y=2    E@270      E@180      E@90
# Caps point outwards (W, S, E); every edge inside the block is field.
CLOISTER = [
    T("B", 0, 1, 0, F("cloister")),
    T("U", 1, 0),
    T("U", -1, 0),
    T("E", 1, 1, 90),
    T("E", -1, 1, 270),
    T("E", 0, 2, 180),
    T("E", 1, 2, 90),
    T("E", -1, 2, 270),
]


def test_cloister_completed_scores_nine():
    # Turn 8 places the 8th neighbour: 9 to seat 0 at once.
    assert_result(play(CLOISTER[:7]), [0, 0])
    assert_result(play(CLOISTER), [9, 0], turns=8)


def test_completed_cloister_follower_returns_and_is_not_scored_again():
    # End: the cloister is complete (already scored); no other follower stands anywhere. Still 9.
    assert_result(play(CLOISTER, end=True), [9, 0], finished=True, winners=[0])


def test_incomplete_cloister_at_end():
    # Neighbours of (0,1) that exist: D (0,0) and U (1,0) (diagonal counts): 1 + 2 = 3.
    turns = [T("B", 0, 1, 0, F("cloister")), T("U", 1, 0)]
    assert_result(play(turns), [0, 0])
    assert_result(play(turns, end=True), [3, 0], finished=True)


def test_follower_on_cloister_of_a_tile_without_one_is_rejected():
    assert_illegal([T("U", 1, 0, 0, F("cloister"))], turn=1)


# ---------------------------------------------------------------------------------------------------
# Roads
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "tile,rot",
    [
        ("A", 90),  # road ends at the cloister
        ("W", 0),   # road ends at the crossing
        ("X", 0),   # road ends at the crossing
        ("T", 0),   # road ends at the city gate
    ],
)
def test_road_ending_at_cloister_crossing_or_city(tile, rot):
    # L(-1,0) -- D -- tile(1,0): the west end stops at L's crossing, the east one in tile's centre.
    # 3 tiles -> 3 to seat 0 (rules/carcassonne.md, road: 1 per tile).
    turns = [T(tile, 1, 0, rot, F("W")), T("L", -1, 0)]
    assert_result(play(turns), [3, 0])


def test_road_running_on_is_not_complete():
    turns = [T("U", 1, 0, 0, F("W")), T("L", -1, 0)]
    assert_result(play(turns), [0, 0])
    # at the end: 3 tiles, 1 each
    assert_result(play(turns, end=True), [3, 0], finished=True)


def test_follower_on_occupied_road_is_rejected():
    assert_illegal([T("U", 1, 0, 0, F("E")), T("U", -1, 0, 0, F("E"))], turn=2)


# ---------------------------------------------------------------------------------------------------
# Cities
# ---------------------------------------------------------------------------------------------------

def test_city_completed_two_per_tile_two_per_pennant():
    #  E@180 (0,-2) / F (0,-1, pennant, s0) / D (0,0): 3 tiles * 2 + 1 pennant * 2 = 8.
    turns = [T("F", 0, -1, 0, F("N")), T("E", 0, -2, 180)]
    assert_result(play(turns), [8, 0])


def test_city_completed_by_the_follower_tile_scores_at_once():
    # E@180 closes D's cap: 2 tiles = 4; no Ark here, so no ark_at.
    assert_result(play([T("E", 0, -1, 180, F("S"))]), [4, 0])


def test_city_incomplete_at_end_one_per_tile_one_per_pennant():
    # D + F: 2 tiles + 1 pennant = 3.
    assert_result(play([T("F", 0, -1, 0, F("N"))], end=True), [3, 0], finished=True)


def test_completed_city_tie():
    #       x=0          x=1
    # y=-2  N@90 (E-S)   N@180 (S-W)
    # y=-1  F (s0)       E (cap N, s1)
    # y=0   D
    # 5 tiles + 1 pennant (F) = 12, tie 1-1: 12 each.
    turns = [
        T("F", 0, -1, 0, F("N")),
        T("E", 1, -1, 0, F("N")),
        T("N", 0, -2, 90),
        T("N", 1, -2, 180),
    ]
    assert_result(play(turns), [12, 12])


def test_follower_on_occupied_city_is_rejected():
    assert_illegal([T("F", 0, -1, 0, F("N")), T("G", 0, -2, 0, F("S"))], turn=2)


# ---------------------------------------------------------------------------------------------------
# Majority
# ---------------------------------------------------------------------------------------------------

def test_road_tie_both_score():
    #      x=-1        x=0        x=1
    # y=0  V@270       D          U (s0)
    # y=1  V@180       V@0 (s1)
    # One road of 5 tiles, open at (1,0) E and (0,1) S; end: 5 each.
    turns = [
        T("U", 1, 0, 0, F("E")),
        T("V", 0, 1, 0, F("W")),
        T("V", -1, 0, 270),
        T("V", -1, 1, 180),
    ]
    assert_result(play(turns, end=True), [5, 5], finished=True, winners=[0, 1])


def test_road_majority_takes_all():
    #      x=-1        x=0        x=1          x=2
    # y=0  V@270       D          U (s0)       V@0
    # y=1  V@180       V@0 (s1)   V@270 (s0)   V@90
    # 8 tiles, seat 0 two followers against one: 8 to seat 0.
    turns = [
        T("U", 1, 0, 0, F("E")),
        T("V", 0, 1, 0, F("W")),
        T("V", 1, 1, 270, F("E")),
        T("V", 2, 0, 0),
        T("V", 2, 1, 90),
        T("V", -1, 0, 270),
        T("V", -1, 1, 180),
    ]
    assert_result(play(turns, end=True), [8, 0], finished=True, winners=[0])


# ---------------------------------------------------------------------------------------------------
# Farms (scored only at the end)
# ---------------------------------------------------------------------------------------------------

def test_farm_scores_three_per_completed_city():
    # s0 farms D's north field (ENE WNW, borders D's city) through U's north field. Turn 2 closes
    # D's city with E@180. End: 1 completed city bordered -> 3.
    turns = [T("U", 1, 0, 0, F("NNE")), T("E", 0, -1, 180)]
    assert_result(play(turns, end=True), [3, 0], finished=True)


def test_farm_next_to_incomplete_city_scores_nothing():
    assert_result(play([T("U", 1, 0, 0, F("NNE"))], end=True), [0, 0], finished=True, winners=[0, 1])


def test_city_scores_for_two_separate_farms():
    # The closing E@180 has its own field (W, N, E halves) that borders the same city but does not
    # touch D's north field (the city lies between). s1 farms it. End: 3 each.
    turns = [T("U", 1, 0, 0, F("NNE")), T("E", 0, -1, 180, F("NNW"))]
    assert_result(play(turns, end=True), [3, 3], finished=True, winners=[0, 1])


def test_farm_counts_a_city_once():
    #       x=0         x=1
    # y=-2  E@180
    # y=-1  F           B (cloister, no follower)
    # y=0   D           U (s0 on its north field)
    # The farm D-north + U-north + B + F-east borders the city D+F+E twice (on D and on F): 3, not 6.
    turns = [
        T("U", 1, 0, 0, F("NNE")),
        T("F", 0, -1),
        T("B", 1, -1),
        T("E", 0, -2, 180),
    ]
    assert_result(play(turns), [0, 0])  # the city (8) had no follower
    assert_result(play(turns, end=True), [3, 0], finished=True)


def test_farms_touching_at_a_corner_are_separate():
    #        x=-1              x=0
    # y=-1   E@180 (TL)        E@180 (TR, s0 farm)
    # y=0    J (s1 farm)       D
    # TR's field and J's field meet only at the corner in the middle of the square (TR's S and J's N
    # are city), so s1 may farm J's field on turn 2. TL (turn 3) joins TR's field only.
    # Cities: D+TR (closed turn 1), J+TL (closed turn 3).
    # Farm 1 (TR + TL fields, s0) borders both cities: 6. Farm 2 (D north + J field, s1) too: 6.
    turns = [
        T("E", 0, -1, 180, F("NNW")),
        T("J", -1, 0, 0, F("WNW")),
        T("E", -1, -1, 180),
    ]
    assert_result(play(turns[:2]), [0, 0])
    assert_result(play(turns, end=True), [6, 6], finished=True, winners=[0, 1])


def test_farmer_on_a_connected_farm_is_rejected():
    # Same square: TL's field (placed turn 3) joins TR's farm, where s0 already stands.
    turns = [
        T("E", 0, -1, 180, F("NNW")),
        T("J", -1, 0, 0, F("WNW")),
        T("E", -1, -1, 180, F("NNW")),
    ]
    assert_illegal(turns, turn=3)


# ---------------------------------------------------------------------------------------------------
# No Prophet, no Ark
# ---------------------------------------------------------------------------------------------------

def test_prophet_rejected():
    assert_illegal([T("F", 0, -1, 0, {"type": "prophet", "at": "N"})], turn=1)


def test_ark_move_rejected():
    assert_illegal([T("U", 1, 0, 0, {"type": "ark", "path": [[1, 0]]})], turn=1)


def test_ark_at_rejected():
    # The first completed city places nothing in Carcassonne; an ark_at there is not a Carcassonne
    # record (docs/records/tiles.md: ark_at is Ark-only; never a silent skip).
    assert_illegal([T("E", 0, -1, 180, PASS, ark_at=[0, -1])], turn=1)


def test_three_players_take_turns():
    # Seat 2 closes the road L - D - W on turn 3 with its own follower on W's west road: 3.
    turns = [T("U", 0, 1), T("L", -1, 0), T("W", 1, 0, 0, F("W"))]
    assert_result(play(turns, players=3), [0, 0, 3])


def test_seven_followers_each():
    # Seat 0 builds a row at y=1 under seat 1's row of U tiles at y=0 (U's S=F meets the row's N=F):
    #   y=0:  D  U  U  U  U  U  U  U
    #   y=1:  B  B  B  B  A  A  E@180 E@180      (x = 0 .. 7)
    # Each of seat 0's tiles offers a fresh feature (a cloister, or a new city cap facing south) and none
    # is ever completed (row y=2 stays empty, caps stay open). Seven followers are fine; the eighth
    # (turn 15) has none left in supply (rules/carcassonne.md: 7 followers each).
    s0 = [
        ("B", 0, "cloister"), ("B", 0, "cloister"), ("B", 0, "cloister"), ("B", 0, "cloister"),
        ("A", 0, "cloister"), ("A", 0, "cloister"), ("E", 180, "S"), ("E", 180, "S"),
    ]
    turns = []
    for x, (tile, rot, at) in enumerate(s0):
        if x:
            turns.append(T("U", x, 0))
        turns.append(T(tile, x, 1, rot, F(at)))
    assert len(turns) == 15
    assert_result(play(turns[:13]), [0, 0])
    assert_illegal(turns, turn=15)
    # with a pass on turn 15 the record is fine
    turns[14] = T("E", 7, 1, 180)
    assert_result(play(turns), [0, 0])
