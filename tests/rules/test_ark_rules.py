"""Rule tests for The Ark of the Covenant, from small hand-built game records.

Every expected score here is worked out by hand from docs/rules/ark.md and the catalogue
games/rules/ark/tiles.json, never taken from the engine. Coordinates as in docs/tiles.md: x grows east,
y grows SOUTH, so north of (x, y) is (x, y - 1). The start tile "27" (edges CRFR: N city cap, E-W road,
S field) lies at (0, 0) at rotation 0.

Tiles used, at rotation 0 (edges N E S W):
  17 CFCF city N-S, 1 scroll          21 CFFF city cap N            22 CFFF cap N, 1 scroll
  23 CFFF cap N                        01 CCCC 1 scroll (count 1)    08/09 CCFF city N-E (09: wolf)
  10 CCFF two caps N and E             13 CCRR city N-E, road S-W    34 CRRR city N, road ends E S W
  36 CRRR as 34, oasis on the E road   37/38/40 FFRR road S-W        43 FRFR road E-W
  44 FRFR road E-W, 1 oasis            45 FRFR oasis, 1 sheep north  47 FRFR 1 wolf in the south field
  48 FRFR 2 sheep in the north field   49 FRRR road ends E S W       50 FRRR road ends E S W, temple
Rotation r (clockwise) at a glance, for the curves (road S-W at 0):
  90 -> road W-N,  180 -> road N-E,  270 -> road E-S.
A cap "21" at rotation 180 has its city on S; "08" at 90 has city E-S, at 180 city S-W, at 270 W-N.
"""
from __future__ import annotations

import json

import pytest

from games.rules.record import RecordError, load_record, replay_record
from tests.rules.records import PASS, F, assert_result, check_illegal, record


def P(at):
    return {"type": "prophet", "at": at}


def ARK(*path):
    return {"type": "ark", "path": [list(p) for p in path]}


def T(tile, x, y, rot=0, action=None, ark_at=None):
    turn = {"tile": tile, "x": x, "y": y, "rotation": rot, "action": action or PASS}
    if ark_at is not None:
        turn["ark_at"] = list(ark_at)
    return turn


def DISCARD(tile):
    return {"tile": tile, "discard": True}


def rec(turns, players=2, end=False):
    return record("ark", turns, players, end)


def play(turns, players=2, end=False):
    return replay_record(rec(turns, players, end))


def assert_illegal(turns, turn, players=2, end=False):
    check_illegal(rec(turns, players, end), turn)


# ---------------------------------------------------------------------------------------------------
# Placement: matching, touching, tile ids and counts
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "tile,x,y,rot",
    [
        ("43", 1, 0, 0),    # road to road: 43 W=R meets start E=R
        ("43", -1, 0, 180), # 43 at 180 is still E-W: E=R meets start W=R
        ("43", 0, 1, 0),    # field to field: 43 N=F meets start S=F
        ("17", 0, -1, 0),   # city to city: 17 S=C meets start N=C (city stays open to the north)
        ("21", 0, 1, 180),  # 21 at 180 has its cap on S: its N=F meets start S=F
    ],
)
def test_matching_placement_is_legal(tile, x, y, rot):
    # rules/ark.md, Turn 1: every touching edge must match. No feature completes, nobody scores.
    assert_result(play([T(tile, x, y, rot)]), [0, 0], turns=1)


@pytest.mark.parametrize(
    "tile,x,y,rot",
    [
        ("43", 0, -1, 0),   # 43 S=F against start N=C (field to city)
        ("43", 1, 0, 90),   # 43 at 90 is N-S: its W=F against start E=R (field to road)
        ("21", 0, 1, 0),    # 21 N=C against start S=F (city to field)
        ("21", 1, 0, 90),   # 21 at 90 has city E, W=F against start E=R
        ("17", -1, 0, 0),   # 17 E=F against start W=R
    ],
)
def test_mismatched_edge_is_rejected(tile, x, y, rot):
    assert_illegal([T(tile, x, y, rot)], turn=1)


def test_every_touching_edge_must_match():
    #      x=0  x=1
    # y=-1 17   [?]      turn 3 puts 43 at 90 (road N-S) on (1,-1): its W=F matches 17's E=F,
    # y=0  27   43       but its S=R meets 43's N=F at (1,0): rejected on turn 3.
    turns = [T("17", 0, -1), T("43", 1, 0), T("43", 1, -1, 90)]
    assert_result(play(turns[:2]), [0, 0], turns=2)
    assert_illegal(turns, turn=3)


@pytest.mark.parametrize("x,y", [(5, 0), (1, 1), (-1, -1)])
def test_tile_touching_no_tile_is_rejected(x, y):
    # (1,1) and (-1,-1) touch the start tile only at a corner: that is not edge to edge.
    assert_illegal([T("43", x, y)], turn=1)


def test_tile_on_an_occupied_square_is_rejected():
    assert_illegal([T("43", 0, 0)], turn=1)
    assert_illegal([T("43", 1, 0), T("43", 1, 0)], turn=2)


@pytest.mark.parametrize("bad", ["99", "A", "1", ""])
def test_unknown_tile_id_is_rejected(bad):
    assert_illegal([T("43", 1, 0), T(bad, -1, 0)], turn=2)


def test_tile_used_more_often_than_catalogue_holds():
    # "01" (CCCC) has count 1: turn 1 puts it north of the start (S=C meets N=C, city still open N/E/W),
    # turn 2 puts a second 01 on a square where it would fit (S=C meets 01's N=C): count exceeded.
    assert_result(play([T("01", 0, -1)]), [0, 0])
    assert_illegal([T("01", 0, -1), T("01", 0, -2)], turn=2)


def test_start_tile_uses_its_types_count():
    # "27" has count 1 and that one is the start tile; 27 at (1,0) would match (W=R against E=R).
    assert_illegal([T("27", 1, 0)], turn=1)


def test_count_of_three_allows_three():
    # "43" count 3: a row of three east of the start is fine, a fourth is not.
    row = [T("43", 1, 0), T("43", 2, 0), T("43", 3, 0)]
    assert_result(play(row), [0, 0], turns=3)
    assert_illegal(row + [T("43", 4, 0)], turn=4)


# ---------------------------------------------------------------------------------------------------
# Followers: where they may stand
# ---------------------------------------------------------------------------------------------------

def test_follower_on_road_occupied_across_tiles_is_rejected():
    #  43(-1,0) -- 27(0,0) -- 43(1,0)   one road W-E; seat 0 stands on it at (1,0)
    turns = [T("43", 1, 0, 0, F("E")), T("43", -1, 0, 0, F("W"))]
    assert_illegal(turns, turn=2)


def test_follower_on_own_occupied_road_is_rejected_too():
    turns = [T("43", 1, 0, 0, F("E")), T("43", 2, 0), T("43", -1, 0, 0, F("E"))]
    assert_illegal(turns, turn=3)


def test_follower_on_field_occupied_across_tiles_is_rejected():
    # The south field of 43(1,0) (ESE SSE SSW WSW) joins the start's south field through the start's
    # ESE/WSW halves, and that joins the south field of 43(-1,0).
    assert_illegal([T("43", 1, 0, 0, F("SSE")), T("43", -1, 0, 0, F("SSW"))], turn=2)
    # The north fields are a different field (the road separates them): legal.
    assert_result(play([T("43", 1, 0, 0, F("SSE")), T("43", -1, 0, 0, F("NNW"))]), [0, 0])


def test_follower_on_city_occupied_across_tiles_is_rejected():
    # 17 (CFCF) at (0,-1) extends the start's city north; 18 (CFCF) at (0,-2) extends it again (open N).
    turns = [T("17", 0, -1, 0, F("N")), T("18", 0, -2, 0, F("S"))]
    assert_illegal(turns, turn=2)


@pytest.mark.parametrize(
    "tile,x,y,rot,at",
    [
        ("50", 0, 1, 0, "cloister"),  # never on the temple itself; there is no cloister in the Ark
        ("50", 0, 1, 0, "temple"),
        ("43", 1, 0, 0, "N"),         # N of 43 is a field side: a side names a city or road only
        ("17", 0, -1, 0, "NNW"),      # N of 17 is city: a city side has no field halves
        ("43", 1, 0, 0, "XYZ"),
    ],
)
def test_follower_on_a_place_that_does_not_exist_is_rejected(tile, x, y, rot, at):
    assert_illegal([T(tile, x, y, rot, F(at))], turn=1)


# ---------------------------------------------------------------------------------------------------
# Roads
# ---------------------------------------------------------------------------------------------------

def test_road_completion_one_per_tile_one_per_oasis():
    #  34(-1,0) -- 27 -- 44(1,0) -- 34(2,0)      34: road ends at its crossing (W end at (2,0), E at (-1,0))
    # Seat 0 on the road at (1,0). Turn 3 closes it: 4 tiles + 1 oasis (44) = 5 (rules/ark.md, road).
    turns = [T("44", 1, 0, 0, F("E")), T("34", 2, 0), T("34", -1, 0)]
    assert_result(play(turns), [5, 0], turns=3)


def test_oasis_on_another_road_of_the_tile_does_not_count():
    # 36 (CRRR) has its oasis on the E road; at (1,0) the road from the start enters its W road, which
    # ends at the crossing. Road: 36 + 27 + 34(-1,0) = 3 tiles, 0 oases = 3.
    turns = [T("36", 1, 0, 0, F("W")), T("34", -1, 0)]
    assert_result(play(turns), [3, 0])


def test_road_closing_a_loop_is_complete():
    #      x=0          x=1
    # y=0  27
    # y=1  37@270(E-S)  37@0(S-W)       seat 0 on (0,1). Loop of 4 tiles, no oases: 4.
    # y=2  38@180(N-E)  38@90(W-N)
    turns = [
        T("37", 0, 1, 270, F("E")),
        T("37", 1, 1, 0),
        T("38", 1, 2, 90),
        T("38", 0, 2, 180),
    ]
    assert_result(play(turns[:3]), [0, 0])
    assert_result(play(turns), [4, 0])


def test_tile_counted_once_per_road():
    #      x=0          x=1
    # y=0  27
    # y=1  49 (E,S,W)   37@0 (S-W)      the road leaves the crossing 49 east and comes back into it
    # y=2  37@180 (N-E) 37@90 (W-N)     from the south: both ends at 49's crossing -> complete.
    # Tiles: 49, 37, 37, 37 = 4 (49 holds two segments of this road but counts once).
    turns = [
        T("49", 0, 1, 0, F("E")),
        T("37", 1, 1, 0),
        T("37", 1, 2, 90),
        T("37", 0, 2, 180),
    ]
    assert_result(play(turns), [4, 0])


# ---------------------------------------------------------------------------------------------------
# Cities (the first completed city also places the Ark: ark_at is required there)
# ---------------------------------------------------------------------------------------------------

def test_city_completion_two_per_tile_two_per_scroll():
    #  21@180 (0,-2)  cap S
    #  17     (0,-1)  N-S, 1 scroll, seat 0 follower
    #  27     (0,0)   cap N
    # 3 tiles * 2 + 1 scroll * 2 = 8 (rules/ark.md, city). First city: Ark placed on (0,-2).
    turns = [T("17", 0, -1, 0, F("N")), T("21", 0, -2, 180, PASS, ark_at=(0, -2))]
    assert_result(play(turns), [8, 0], turns=2)


def test_follower_on_the_city_it_completes_scores_and_returns():
    # Turn 1: 22 (cap, 1 scroll) at 180 closes the start's city: 2*2 + 2*1 = 6 to seat 0, follower back.
    # Ark put on (0,0). Turn 3 seat 0 moves the Ark into (0,-1): no follower stands there any more -> 0.
    turns = [
        T("22", 0, -1, 180, F("S"), ark_at=(0, 0)),
        T("43", 1, 0),
        T("43", -1, 0, 0, ARK((0, -1))),
    ]
    assert_result(play(turns[:1]), [6, 0])
    assert_result(play(turns), [6, 0])


def test_tile_counted_once_per_city():
    #       x=1          x=2
    # y=-2  08@90 (E-S)  09@180 (S-W)
    # y=-1  10 (caps N,E) 13@270 (W-N, road E-S)
    # y=0   43
    # 10 holds two caps of the same ring city; the city has 4 tiles: 4*2 = 8 to seat 1 (follower on 10's
    # N cap), not 10. No scrolls on 08, 09, 10, 13.
    turns = [
        T("43", 1, 0),
        T("10", 1, -1, 0, F("N")),
        T("08", 1, -2, 90),
        T("09", 2, -2, 180),
        T("13", 2, -1, 270, PASS, ark_at=(2, -1)),
    ]
    assert_result(play(turns), [0, 8])


# ---------------------------------------------------------------------------------------------------
# Majority
# ---------------------------------------------------------------------------------------------------

def test_road_tie_both_score_full_value():
    #      x=-1          x=0        x=1
    # y=0  37@270(E-S)   27         43   <- seat 0
    # y=1  37@180(N-E)   37@0(S-W)  <- seat 1 (its road joined to seat 0's on turn 4)
    # Road: 43, 27, 37, 37, 37 = 5 tiles, open at (1,0) E and (0,1) S; incomplete at the end: 5 each.
    turns = [
        T("43", 1, 0, 0, F("E")),
        T("37", 0, 1, 0, F("W")),
        T("37", -1, 0, 270),
        T("37", -1, 1, 180),
    ]
    assert_result(play(turns, end=True), [5, 5], finished=True, winners=[0, 1])


def test_road_majority_takes_all():
    #      x=-1        x=0        x=1          x=2
    # y=0  40@270      27         43 (s0)      38@0 (S-W)
    # y=1  40@180      37@0 (s1)  37@270 (s0)  38@90 (W-N)
    # Seat 0 has two followers (on (1,0) and (1,1)), seat 1 one (on (0,1)); all one road of 8 tiles
    # (no oases), open at (1,1) S and (0,1) S. End: 8 to seat 0, 0 to seat 1.
    turns = [
        T("43", 1, 0, 0, F("E")),
        T("37", 0, 1, 0, F("W")),
        T("37", 1, 1, 270, F("E")),
        T("38", 2, 0, 0),
        T("38", 2, 1, 90),
        T("40", -1, 0, 270),
        T("40", -1, 1, 180),
    ]
    assert_result(play(turns, end=True), [8, 0], finished=True, winners=[0])


def test_third_seat_plays_third_turn():
    # 3 players: the road 34(-1,0) 27 43(1,0) 34(2,0) is closed on turn 3 by seat 2, whose follower on it
    # scores 4 at once.
    turns = [T("43", 1, 0), T("34", 2, 0), T("34", -1, 0, 0, F("E"))]
    assert_result(play(turns, players=3), [0, 0, 4])


# ---------------------------------------------------------------------------------------------------
# The Prophet
# ---------------------------------------------------------------------------------------------------

def test_prophet_doubles_completed_city():
    # As the city test: 3 tiles + 1 scroll = 8, doubled for the Prophet's owner = 16.
    turns = [T("17", 0, -1, 0, P("N")), T("21", 0, -2, 180, PASS, ark_at=(0, -1))]
    assert_result(play(turns), [16, 0])


def test_prophet_counts_as_one_follower_and_only_its_owner_doubles():
    #       x=0          x=1
    # y=-2  08@90 (E-S)  09@180 (S-W)
    # y=-1  17 (s0 P)    21 (cap N, s1 follower)
    # y=0   27
    # City of 5 tiles, 1 scroll (17): 10 + 2 = 12. Tie 1-1: seat 0 doubles (24), seat 1 scores 12.
    turns = [
        T("17", 0, -1, 0, P("N")),
        T("21", 1, -1, 0, F("N")),
        T("08", 0, -2, 90),
        T("09", 1, -2, 180, PASS, ark_at=(1, -2)),
    ]
    assert_result(play(turns[:3]), [0, 0])
    assert_result(play(turns), [24, 12])


@pytest.mark.parametrize("at", ["E", "W", "NNW", "SSE"])
def test_prophet_only_on_a_city(at):
    # 43 at (1,0): E/W are its road, NNW/SSE its fields.
    assert_illegal([T("43", 1, 0, 0, P(at))], turn=1)


def test_second_prophet_of_same_player_rejected():
    # Seat 0's Prophet stands on the open city 27+17; on turn 3 seat 0 tries a second one on 21's cap.
    # 21 at (1,-1): W=F meets 17's E=F, S=F meets 43's N=F.
    turns = [T("17", 0, -1, 0, P("N")), T("43", 1, 0), T("21", 1, -1, 0, P("N"))]
    assert_illegal(turns, turn=3)
    # seat 1's own Prophet is still available
    ok = [T("17", 0, -1, 0, P("N")), T("21", 1, -1, 0, P("N"))]
    assert_result(play(ok), [0, 0])


def test_prophet_leaves_the_game_after_scoring():
    # Turn 1: Prophet on the city it completes (27 + 21): 2*2 = 4, doubled = 8; the Prophet leaves.
    # Turn 3: seat 0 cannot place a Prophet again (a follower is fine).
    turns = [T("21", 0, -1, 180, P("S"), ark_at=(0, -1)), T("43", 1, 0), T("21", 1, -1, 0, P("N"))]
    assert_illegal(turns, turn=3)
    turns[2] = T("21", 1, -1, 0, F("N"))
    assert_result(play(turns), [8, 0])


# ---------------------------------------------------------------------------------------------------
# The Ark: placing it
# ---------------------------------------------------------------------------------------------------

def test_ark_at_required_when_first_city_completes():
    assert_illegal([T("21", 0, -1, 180)], turn=1)
    assert_illegal([T("43", 1, 0), T("21", 0, -1, 180, F("S"))], turn=2)


@pytest.mark.parametrize("where", [(0, -1), (0, 0)])
def test_ark_at_any_tile_of_the_city(where):
    assert_result(play([T("21", 0, -1, 180, PASS, ark_at=where)]), [0, 0])


@pytest.mark.parametrize("where", [(1, 0), (0, -2), (5, 5)])
def test_ark_at_wrong_tile_rejected(where):
    # (1,0) is placed but holds no part of the city; (0,-2) and (5,5) are empty.
    assert_illegal([T("43", 1, 0), T("21", 0, -1, 180, PASS, ark_at=where)], turn=2)


def test_ark_at_on_turn_completing_no_city_rejected():
    assert_illegal([T("43", 1, 0, 0, PASS, ark_at=(0, 0))], turn=1)


def test_ark_at_on_second_city_rejected():
    #       x=0       x=1
    # y=-2            22@180 (cap S, 1 scroll)   <- turn 3 closes the second city (21 + 22)
    # y=-1  21@180    21 (cap N, s1 follower)
    # y=0   27
    turns = [
        T("21", 0, -1, 180, PASS, ark_at=(0, -1)),
        T("21", 1, -1, 0, F("N")),
        T("22", 1, -2, 180, PASS, ark_at=(1, -2)),
    ]
    assert_illegal(turns, turn=3)
    # without ark_at it is legal: 2 tiles + 1 scroll = 6 to seat 1
    turns[2] = T("22", 1, -2, 180)
    assert_result(play(turns), [0, 6])


def test_ark_move_before_the_ark_is_placed_rejected():
    assert_illegal([T("43", 1, 0, 0, ARK((1, 0)))], turn=1)


def test_ark_move_on_the_turn_that_places_it_rejected():
    # The action comes before scoring; the Ark is put on the board only after scoring (step 4).
    assert_illegal([T("21", 0, -1, 180, ARK((0, 0)), ark_at=(0, -1))], turn=1)


# ---------------------------------------------------------------------------------------------------
# The Ark: moving it
# ---------------------------------------------------------------------------------------------------
#        x=-1            x=0                 x=1
# y=-1   23  s0 city     21@180 s0 field     21  s1 Prophet on city
#                        (Ark starts here)
# y=0    43  s1 field    27                  43  s0 road         (x=2: 43 placed on turn 6)
ARK_BOARD = [
    T("43", 1, 0, 0, F("E")),                          # s0
    T("43", -1, 0, 0, F("NNW")),                       # s1: north field, nobody on it yet
    T("21", 0, -1, 180, F("NNW"), ark_at=(0, -1)),     # s0: closes 27+21 (no one on it), field follower
    T("21", 1, -1, 0, P("N")),                         # s1
    T("23", -1, -1, 0, F("N")),                        # s0
]


def test_ark_board_scores_nothing_yet():
    assert_result(play(ARK_BOARD), [0, 0], turns=5)


def test_ark_move_five_steps_scores_each_entered_tile():
    # Path from (0,-1): (1,-1) s1 Prophet +1 s1; (1,0) s0 +1; (0,0) nobody; (-1,0) s1 (the mover) +1;
    # (-1,-1) s0 +1. The start (0,-1) holds s0's field follower but scores nothing. -> [2, 2]
    turns = ARK_BOARD + [T("43", 2, 0, 0, ARK((1, -1), (1, 0), (0, 0), (-1, 0), (-1, -1)))]
    assert_result(play(turns), [2, 2], turns=6)


def test_ark_moves_on_from_where_it_stopped():
    # Turn 6 (s1): (0,-1) -> (1,-1): s1 +1. Turn 7 (s0): (1,-1) -> (1,0): s0 +1.
    # 44 at (3,0): W=R meets 43's E=R.
    turns = ARK_BOARD + [T("43", 2, 0, 0, ARK((1, -1))), T("44", 3, 0, 0, ARK((1, 0)))]
    assert_result(play(turns[:6]), [0, 1])
    assert_result(play(turns), [1, 1])


def test_ark_may_enter_the_tile_just_placed():
    # (1,-1) s1 Prophet +1, (1,0) s0 +1, (2,0) just placed, nobody on it. -> [1, 1]
    turns = ARK_BOARD + [T("43", 2, 0, 0, ARK((1, -1), (1, 0), (2, 0)))]
    assert_result(play(turns), [1, 1])


@pytest.mark.parametrize(
    "path",
    [
        ((0, 0), (-1, 0), (-1, -1), (0, -1)),   # back onto the tile the move began on
        ((0, 0), (1, 0), (0, 0)),               # re-entering a tile of this move
        ((1, 0),),                              # diagonal step from (0,-1)
        ((0, 0), (2, 0)),                       # jump over (1,0)
        ((0, -2),),                             # no tile there
        (),                                     # no step at all
    ],
)
def test_illegal_ark_paths_rejected(path):
    assert_illegal(ARK_BOARD + [T("43", 2, 0, 0, ARK(*path))], turn=6)


# y=-1   21@180 (turn 6, Ark put on (0,0))
# y=0    27  43(s0 road)  43(s1 S field)  43(s0 N field)  44  44  46(turn 7)
LINE = [
    T("43", 1, 0, 0, F("E")),
    T("43", 2, 0, 0, F("SSE")),
    T("43", 3, 0, 0, F("NNE")),
    T("44", 4, 0),
    T("44", 5, 0),
    T("21", 0, -1, 180, PASS, ark_at=(0, 0)),
]


def test_ark_move_of_six_steps_rejected():
    path = ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0))
    assert_illegal(LINE + [T("46", 6, 0, 0, ARK(*path))], turn=7)


def test_ark_move_along_a_line_five_steps():
    # (1,0) s0 +1, (2,0) s1 +1, (3,0) s0 +1, (4,0) and (5,0) empty of followers: [2, 1]
    path = ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    assert_result(play(LINE + [T("46", 6, 0, 0, ARK(*path))]), [2, 1])


# ---------------------------------------------------------------------------------------------------
# Temples
# ---------------------------------------------------------------------------------------------------
#       x=-1          x=0              x=1
# y=0                 27
# y=1   43 (E-W)      50 temple        43 (E-W)
# y=2                 43@90 (N-S)
# 50 (FRRR, temple): roads E, S, W each end at the temple; fields NNW..ENE (north), ESE+SSE, SSW+WSW.

def test_temple_completion_seven_to_majority():
    # Followers on the cross: s0 on 50's S road and on (-1,1)'s north field, s1 on (1,1)'s road.
    # Turn 4 fills the cross: 2 against 1 -> 7 to seat 0 (followers stay).
    turns = [
        T("50", 0, 1, 0, F("S")),
        T("43", 1, 1, 0, F("E")),
        T("43", -1, 1, 0, F("NNW")),
        T("43", 0, 2, 90),
    ]
    assert_result(play(turns[:3]), [0, 0])
    assert_result(play(turns), [7, 0])
    # Followers are not returned by the temple. End: s0's road 50+43@90 = 2, s1's road 50+43 = 2,
    # s0's field has no sheep (27 south field, 50, 43: 0) = 0. -> [9, 2]
    assert_result(play(turns, end=True), [9, 2], finished=True, winners=[0])


def test_temple_tie_both_score_seven():
    # As above, but seat 1 puts a follower on the east field of 43@90 (NNE ENE ESE SSE), which joins
    # 50's ESE+SSE field and (1,1)'s south field: nobody there. 2 against 2: 7 each.
    turns = [
        T("50", 0, 1, 0, F("S")),
        T("43", 1, 1, 0, F("E")),
        T("43", -1, 1, 0, F("NNW")),
        T("43", 0, 2, 90, F("ENE")),
    ]
    assert_result(play(turns), [7, 7])


def test_temple_scored_after_roads():
    #       x=-1     x=0              x=1
    # y=0            27
    # y=1   43       50 temple (s0    37@0 (S-W) s1 on the road from 50's E end
    #                on its W road)
    # y=2            49@180 (N,E,W)   37@90 (W-N)
    # Turn 5 (49) closes s1's road 50-37-37-49 (4 tiles, both ends at 50's temple and 49's crossing):
    # s1 scores 4 and the follower goes back; the road 50(S)-49(N) (2 tiles) closes with nobody on it.
    # Then the temple: only s0's follower is left on the cross -> 7 to seat 0.
    turns = [
        T("50", 0, 1, 0, F("W")),
        T("37", 1, 1, 0, F("W")),
        T("43", -1, 1, 0),
        T("37", 1, 2, 90),
        T("49", 0, 2, 180),
    ]
    assert_result(play(turns[:4]), [0, 0])
    assert_result(play(turns), [7, 4])


def test_incomplete_temple_scored_first_at_end():
    # Cross tiles that exist: 27 (0,0), 50 (0,1), 43 (-1,1). s0 on 50's E road, s1 on 43's north field.
    # End, in order: temple 3 to each (1 against 1); then s0's road (50 alone, open to (1,1)) 1;
    # s1's field: no sheep, 0. -> [4, 3]. (Scoring roads first would take s0's follower off: [1, 3].)
    turns = [T("50", 0, 1, 0, F("E")), T("43", -1, 1, 0, F("NNW"))]
    assert_result(play(turns), [0, 0])
    assert_result(play(turns, end=True), [4, 3], finished=True, winners=[0])


# ---------------------------------------------------------------------------------------------------
# End of the game
# ---------------------------------------------------------------------------------------------------

def test_record_without_end_keeps_running_scores():
    turns = [T("44", 1, 0, 0, F("E"))]
    assert_result(play(turns), [0, 0], finished=False, turns=1, winners=[])
    # End: incomplete road 27 + 44 = 2 tiles + 1 oasis = 3.
    assert_result(play(turns, end=True), [3, 0], finished=True, turns=1, winners=[0])


def test_incomplete_city_at_end_no_prophet_doubling():
    # 27 + 17: 2 tiles + 1 scroll = 3, at the end, Prophet or not.
    assert_result(play([T("17", 0, -1, 0, P("N"))], end=True), [3, 0], finished=True)
    assert_result(play([T("17", 0, -1, 0, F("N"))], end=True), [3, 0], finished=True)


def test_field_sheep_minus_wolves():
    # North field: 27 (ENE WNW, 0) + 48 (2 sheep) + 47 at 180 (its wolf field is now north): 2 - 1 = 1
    # sheep -> 2 points.
    turns = [T("48", 1, 0, 0, F("NNW")), T("47", 2, 0, 180)]
    assert_result(play(turns, end=True), [2, 0], finished=True)


def test_field_sheep_add_up_across_tiles():
    # North field: 45 (1 sheep) at (-1,0) + 27 + 48 (2 sheep) = 3 sheep, no wolf -> 6.
    turns = [T("48", 1, 0, 0, F("NNW")), T("45", -1, 0)]
    assert_result(play(turns, end=True), [6, 0], finished=True)


def test_wolves_never_take_a_field_below_zero():
    # South field: 47 (1 wolf) + 27's south field (0 sheep) -> max(0, -1) = 0.
    assert_result(play([T("47", 1, 0, 0, F("SSE"))], end=True), [0, 0], finished=True, winners=[0, 1])


def test_three_players_winners_tie():
    # Road tie test with a third seat that never scores; seat 2 plays turn 3.
    turns = [
        T("43", 1, 0, 0, F("E")),
        T("37", 0, 1, 0, F("W")),
        T("37", -1, 0, 270),
        T("37", -1, 1, 180),
    ]
    assert_result(play(turns, players=3, end=True), [5, 5, 0], finished=True, winners=[0, 1])


# ---------------------------------------------------------------------------------------------------
# Discards
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tile", ["01", "43", "21"])
def test_discard_of_a_tile_that_fits_is_illegal(tile):
    # Next to the lone start tile every tile fits somewhere (e.g. 01's S=C against 27's N=C).
    assert_illegal([DISCARD(tile)], turn=1)


def test_discard_of_a_tile_that_fits_nowhere_and_same_seat_draws_again():
    # After 21@180 closes the start's city, every open square touches exactly one edge, and none is a
    # city edge: (0,-2) F, (1,-1) F, (-1,-1) F, (1,0) R, (-1,0) R, (0,1) F. CCCC ("01") fits nowhere.
    # Turn 1 (s0): city 2*2 = 4. Turn 2 is seat 1's draw: 01, discarded. Turn 3: seat 1 draws again
    # (rules/ark.md) and stands on the road 27+43. End: road 2 tiles -> s1 2. -> [4, 2]
    # (Had the discard passed the turn on, turn 3 would be seat 0's: [6, 0].)
    turns = [
        T("21", 0, -1, 180, F("S"), ark_at=(0, -1)),
        DISCARD("01"),
        T("43", 1, 0, 0, F("E")),
    ]
    assert_result(play(turns, end=True), [4, 2], finished=True, turns=3)
    # With three players, seat 2 then plays turn 4: 43 at (0,1) (N=F against 27's S=F), standing on
    # that tile's own road (1 tile, open both ends) -> 1 at the end. -> [4, 2, 1]
    three = turns + [T("43", 0, 1, 0, F("E"))]
    assert_result(play(three, players=3, end=True), [4, 2, 1], finished=True, turns=4)


def test_discarded_tile_is_out_of_the_game():
    # 01 (count 1) discarded on turn 2; on turn 4 a 01 would fit at (1,-2) (W=C against 17@90's E=C),
    # but none is left.
    turns = [
        T("21", 0, -1, 180, PASS, ark_at=(0, -1)),
        DISCARD("01"),
        T("17", 0, -2, 90),
        T("01", 1, -2),
    ]
    assert_result(play(turns[:3]), [0, 0])
    assert_illegal(turns, turn=4)


# ---------------------------------------------------------------------------------------------------
# Records as a whole
# ---------------------------------------------------------------------------------------------------

def _whole_record_error(text):
    with pytest.raises(RecordError) as info:
        load_record(text)
    assert info.value.turn is None
    assert str(info.value) == f"record: {info.value.reason}"


@pytest.mark.parametrize("text", ["", "not json", "{", "[1, 2"])
def test_load_record_rejects_non_json(text):
    _whole_record_error(text)


@pytest.mark.parametrize(
    "record",
    [
        [],
        "ark",
        {"format": 1, "players": 2, "turns": [], "end": False},                     # no game
        {"format": 1, "game": "chess", "players": 2, "turns": [], "end": False},    # unknown game
        {"format": 1, "game": "ark", "players": 1, "turns": [], "end": False},
        {"format": 1, "game": "ark", "players": 6, "turns": [], "end": False},
        {"format": 1, "game": "ark", "players": 0, "turns": [], "end": False},
        {"format": 1, "game": "ark", "players": "2", "turns": [], "end": False},
        {"format": 1, "game": "ark", "players": 2, "turns": {}, "end": False},      # turns not a list
        {"format": 1, "game": "ark", "players": 2, "turns": "43", "end": False},
        {"format": 1, "game": "ark", "players": 2, "end": False},                   # no turns
    ],
)
def test_load_record_rejects_wrong_shapes(record):
    _whole_record_error(json.dumps(record))
    with pytest.raises(RecordError):
        replay_record(record)


def test_load_record_accepts_a_good_record():
    text = json.dumps(rec([T("44", 1, 0, 0, F("E"))], end=True))
    record = load_record(text)
    assert_result(replay_record(record), [3, 0], finished=True, turns=1)


@pytest.mark.parametrize("players", [2, 5])
def test_player_counts_at_the_limits(players):
    result = play([T("43", 1, 0)], players=players, end=True)
    assert_result(result, [0] * players, finished=True, winners=list(range(players)))


@pytest.mark.parametrize(
    "turn",
    [
        {"tile": "43", "y": 0, "rotation": 0, "action": PASS},                 # no x
        {"tile": "43", "x": 1, "y": 0, "rotation": 45, "action": PASS},        # not a quarter turn
        {"tile": "43", "x": 1, "y": 0, "rotation": 0, "action": {"type": "dance"}},
        {"tile": "43", "x": 1, "y": 0, "rotation": 0, "action": {"type": "follower"}},
        {"x": 1, "y": 0, "rotation": 0, "action": PASS},                       # no tile
        "43",
    ],
)
def test_malformed_turn_names_its_turn(turn):
    assert_illegal([T("43", -1, 0), turn], turn=2)
