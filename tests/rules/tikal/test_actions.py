"""The eight actions of docs/rules/tikal.md section 5, their costs and limits, on small hand-built positions.

Costs are worked out by hand from the printed start area (rules 3.1): base camp N 1, NE 1, SE 1; temple (0, 2)
N 1, NE 1, S 1; clearing (1, 2) N 1, NE 1, SE 1; temple (1, 3) N 1, NE 1, NW 1.
"""
from __future__ import annotations

import pytest

from games.rules import CHANCE, IllegalActionError
from games.rules.tikal.data import TREASURE_INDEX
from games.rules.tikal.state import ACTIONS, DRAW, GONE, SUPPLY, TREASURE, VOLCANO_ROUND

from .helpers import BC, ENG, ENTER, T_N, T_SE, J, W, act, hold, lay, legal_dicts, position, put, sp


def costs(state, kind: str) -> dict[tuple, int]:
    """The view's listed actions of ``kind`` with their costs, keyed by (from, to) or at."""
    view = ENG.view(state, state.seat)
    out = {}
    for item in view["legal"]:
        if item["type"] == kind:
            key = (tuple(item["from"]), tuple(item["to"]), item["piece"]) if "from" in item \
                else (tuple(item["at"]), item.get("piece"))
            out[key] = item["cost"]
    return out


# ----- 5.3 moving across borders --------------------------------------------------------------------------
def test_a_border_costs_the_stones_on_both_sides() -> None:
    state = put(position(), 0, BC, workers=1)
    assert costs(state, "move") == {(BC, T_N, "worker"): 2, (BC, J, "worker"): 1, (BC, T_SE, "worker"): 2}
    after = act(state, W(BC, T_N))
    assert after.ap == 8 and after.workers[0][sp(T_N)] == 1 and after.workers[0][sp(BC)] == 0
    assert act(state, W(BC, J)).ap == 9


def test_a_border_without_stones_cannot_be_crossed() -> None:
    state = put(position(), 0, J, workers=1)      # the clearing and the N temple share a border with no stones
    assert (J, T_N, "worker") not in costs(state, "move")
    with pytest.raises(IllegalActionError, match="no stones"):
        act(state, W(J, T_N))
    assert costs(state, "move")[(J, T_SE, "worker")] == 1


def test_volcanoes_and_unexplored_spaces_cannot_be_entered() -> None:
    state = lay(position(), "B5", (1, 1))          # a volcano N of the clearing (the clearing's N side has 1)
    put(state, 0, J, workers=1)
    with pytest.raises(IllegalActionError, match="volcano"):
        act(state, W(J, (1, 1)))
    with pytest.raises(IllegalActionError, match="not explored"):
        act(state, W(J, (2, 1)))
    assert {key[1] for key in costs(state, "move")} == {BC, T_SE}


def test_turning_a_hex_moves_its_stones() -> None:
    # A4 (temple 3) has 2 stones on SE and 1 on NW. At (2, 2) its NW side faces the clearing's SE side (1 stone).
    plain = put(lay(position(), "A4", (2, 2), rotation=0), 0, J, workers=1)
    assert costs(plain, "move")[(J, (2, 2), "worker")] == 1 + 1
    turned = put(lay(position(), "A4", (2, 2), rotation=1), 0, J, workers=1)   # now 2 on S, 1 on N, 0 on NW
    assert costs(turned, "move")[(J, (2, 2), "worker")] == 0 + 1


def test_a_move_needs_the_points() -> None:
    state = put(position(ap=1), 0, BC, workers=1, leader=True)
    with pytest.raises(IllegalActionError, match="moving the leader from the base camp to A2 \\(0, 2\\) costs 2 "
                                                 "points, only 1 is left"):
        act(state, W(BC, T_N, "leader"))
    assert set(costs(state, "move")) == {(BC, J, "worker"), (BC, J, "leader")}


def test_the_leader_moves_as_one_explorer() -> None:
    state = put(position(), 0, BC, leader=True)
    after = act(state, W(BC, J, "leader"), W(J, T_SE, "leader"))
    assert after.leader[0] == sp(T_SE) and after.ap == 8
    with pytest.raises(IllegalActionError, match="no worker"):
        act(state, W(BC, J))


# ----- 5.1 bringing in explorers, 5.2 moving between camps ---------------------------------------------------
def test_explorers_come_in_on_the_base_camp_or_own_camps() -> None:
    state = position()
    state.camp[sp((0, 1))] = 0
    state.camp[sp((1, 1))] = 1
    lay(state, "A1", (0, 1))
    lay(state, "A2", (1, 1))
    assert costs(state, "enter") == {(BC, "worker"): 1, ((0, 1), "worker"): 1, (BC, "leader"): 1,
                                     ((0, 1), "leader"): 1}
    after = act(state, ENTER(), ENTER("leader", (0, 1)))
    assert after.ap == 8 and after.supply[0] == 17 and after.workers[0][sp(BC)] == 1
    assert after.leader[0] == sp((0, 1))
    with pytest.raises(IllegalActionError, match="your camps"):
        act(state, ENTER("worker", (1, 1)))       # seat 1's camp
    with pytest.raises(IllegalActionError, match="not in your supply"):
        act(after, ENTER("leader"))


def test_no_worker_comes_in_from_an_empty_supply() -> None:
    state = position()
    state.supply[0] = 0
    with pytest.raises(IllegalActionError, match="no worker left"):
        act(state, ENTER())
    assert costs(state, "enter") == {(BC, "leader"): 1}


def test_moving_between_camps_costs_one_point() -> None:
    state = lay(position(), "A1", (0, 0))
    state.camp[sp((0, 0))] = 0
    put(state, 0, BC, workers=1)
    put(state, 0, T_N, workers=1)
    assert costs(state, "camp-move") == {(BC, (0, 0), "worker"): 1}
    after = act(state, {"type": "camp-move", "piece": "worker", "from": list(BC), "to": [0, 0]})
    assert after.ap == 9 and after.workers[0][sp((0, 0))] == 1
    with pytest.raises(IllegalActionError, match="between camps"):
        act(state, {"type": "camp-move", "piece": "worker", "from": list(T_N), "to": [0, 0]})


# ----- 5.7 camps ---------------------------------------------------------------------------------------------
def test_a_camp_goes_on_a_clearing_without_a_camp() -> None:
    state = lay(position(), "A5", (1, 1), treasures=["jade mask", "gold mask", "sun disc"])
    camp_at = {key[0] for key in costs(state, "camp")}
    assert J in camp_at and BC not in camp_at and T_N not in camp_at and (1, 1) not in camp_at
    after = act(state, {"type": "camp", "at": list(J)})
    assert after.ap == 5 and after.camp[sp(J)] == 0 and after.camps_left[0] == 1
    for where, reason in ((J, "already has a camp"), (BC, "not a clearing"), (T_N, "not a clearing"),
                          ((1, 1), "not a clearing")):
        with pytest.raises(IllegalActionError, match=reason):
            act(after, {"type": "camp", "at": list(where)})


def test_two_camps_per_player() -> None:
    state = lay(lay(position(), "A1", (0, 1)), "A2", (1, 1))
    state.camps_left[0] = 0
    with pytest.raises(IllegalActionError, match="both your camps"):
        act(state, {"type": "camp", "at": [0, 1]})
    assert costs(state, "camp") == {}


def test_an_emptied_ruin_is_a_clearing() -> None:
    state = lay(position(), "B4", (1, 1), treasures=["jade mask", "gold mask"])   # a ruin of 2
    put(state, 0, (1, 1), workers=2)
    state = act(state, {"type": "dig", "at": [1, 1]}, {"type": "treasure", "treasure": "gold mask"},
                {"type": "dig", "at": [1, 1]}, {"type": "treasure", "treasure": "jade mask"})
    assert state.treasures_left[sp((1, 1))] == 0 and state.ap == 4
    state.ap = 10
    assert ((1, 1), None) in costs(state, "camp")
    assert act(state, {"type": "camp", "at": [1, 1]}).camp[sp((1, 1))] == 0


# ----- 5.4 temple levels -------------------------------------------------------------------------------------
def test_uncovering_puts_the_next_level_on_top() -> None:
    state = put(position(), 0, T_N, workers=1)
    after = act(state, {"type": "uncover", "at": list(T_N)})
    assert after.value[sp(T_N)] == 2 and after.tiles[2] == 2 and after.ap == 8


def test_each_level_in_a_turn_needs_another_explorer_and_two_at_most() -> None:
    one = put(position(), 0, T_N, workers=1)
    once = act(one, {"type": "uncover", "at": list(T_N)})
    with pytest.raises(IllegalActionError, match="different explorer"):
        act(once, {"type": "uncover", "at": list(T_N)})
    three = put(position(), 0, T_N, workers=2, leader=True)
    twice = act(three, {"type": "uncover", "at": list(T_N)}, {"type": "uncover", "at": list(T_N)})
    assert twice.value[sp(T_N)] == 3 and twice.ap == 6
    assert "uncover" not in {a["type"] for a in legal_dicts(twice)}
    with pytest.raises(IllegalActionError, match="at most 2 levels"):
        act(twice, {"type": "uncover", "at": list(T_N)})
    # another temple in the same turn is fine
    put(twice, 0, T_SE, workers=1)
    assert act(twice, {"type": "uncover", "at": list(T_SE)}).value[sp(T_SE)] == 2


def test_no_level_when_its_pile_is_empty_or_at_ten() -> None:
    state = put(position(), 0, T_N, workers=1)
    state.tiles[2] = 0
    with pytest.raises(IllegalActionError, match="no level tile of value 2"):
        act(state, {"type": "uncover", "at": list(T_N)})
    state.value[sp(T_N)] = 10
    with pytest.raises(IllegalActionError, match="at 10"):
        act(state, {"type": "uncover", "at": list(T_N)})
    assert "uncover" not in {a["type"] for a in legal_dicts(state)}


def test_uncovering_needs_an_explorer_there() -> None:
    state = put(position(), 0, BC, workers=1)
    with pytest.raises(IllegalActionError, match="no explorer"):
        act(state, {"type": "uncover", "at": list(T_N)})


# ----- 5.5 treasures --------------------------------------------------------------------------------------------
def test_digging_is_a_hidden_chance_step() -> None:
    state = lay(position(), "A5", (1, 1), treasures=["jade mask", "gold mask", "sun disc"])
    put(state, 0, (1, 1), workers=1)
    dug = act(state, {"type": "dig", "at": [1, 1]})
    assert dug.phase == TREASURE and ENG.current_player(dug) == CHANCE and dug.ap == 7
    assert ENG.view(dug, 0)["legal"] == []
    found = ENG.sample_chance(dug)
    assert found.kind in ("jade mask", "gold mask", "sun disc")
    after = ENG.apply(dug, found)
    assert after.phase == ACTIONS and after.held[0][TREASURE_INDEX[found.kind]] == 1
    assert after.treasures_left[sp((1, 1))] == 2
    with pytest.raises(IllegalActionError, match="2 explorers"):
        act(after, {"type": "dig", "at": [1, 1]})


def test_two_treasures_per_ruin_per_turn_each_with_an_explorer() -> None:
    state = lay(position(), "C5", (1, 1), treasures=["jade mask", "gold mask", "sun disc", "painted vase"])
    put(state, 0, (1, 1), workers=3)
    state.ap = 10
    twice = act(state, {"type": "dig", "at": [1, 1]}, {"type": "treasure", "treasure": "sun disc"},
                {"type": "dig", "at": [1, 1]}, {"type": "treasure", "treasure": "jade mask"})
    assert twice.ap == 4 and sum(twice.held[0]) == 2 and twice.treasures_left[sp((1, 1))] == 2
    with pytest.raises(IllegalActionError, match="at most 2 treasures"):
        act(twice, {"type": "dig", "at": [1, 1]})


def test_a_kind_taken_three_times_cannot_be_dug_again() -> None:
    state = lay(position(), "A5", (1, 1), treasures=["gold mask", "sun disc", "painted vase"])
    hold(state, 1, "jade mask", "jade mask")
    hold(state, 0, "jade mask")
    put(state, 0, (1, 1), workers=1)
    dug = act(state, {"type": "dig", "at": [1, 1]})
    assert "jade mask" not in {a.kind for a in ENG.legal_actions(dug)}
    with pytest.raises(IllegalActionError, match="all 3 jade mask"):
        act(dug, {"type": "treasure", "treasure": "jade mask"})


# ----- 5.6 exchanges --------------------------------------------------------------------------------------------
def test_lone_treasures_are_exchanged() -> None:
    state = hold(hold(position(), 0, "jade mask", "sun disc", "sun disc"), 1, "gold mask", "shell necklace",
                 "shell necklace")
    listed = [a for a in legal_dicts(state) if a["type"] == "exchange"]
    assert listed == [{"type": "exchange", "give": "jade mask", "seat": 1, "take": "gold mask"}]
    after = act(state, listed[0])
    assert after.ap == 7
    assert after.held[0][TREASURE_INDEX["gold mask"]] == 1 and after.held[0][TREASURE_INDEX["jade mask"]] == 0
    assert after.held[1][TREASURE_INDEX["jade mask"]] == 1 and after.held[1][TREASURE_INDEX["gold mask"]] == 0
    for give, take, reason in (("sun disc", "gold mask", "not a lone"), ("jade mask", "shell necklace", "no lone"),
                               ("jade mask", "jade mask", "different kinds")):
        with pytest.raises(IllegalActionError, match=reason):
            act(state, {"type": "exchange", "give": give, "seat": 1, "take": take})
    with pytest.raises(IllegalActionError, match="another player"):
        act(state, {"type": "exchange", "give": "jade mask", "seat": 0, "take": "gold mask"})


# ----- 5.8 guards ---------------------------------------------------------------------------------------------
def test_a_guard_needs_more_strength_than_each_other_player() -> None:
    state = put(put(position(3), 0, T_N, workers=2), 1, T_N, leader=True)     # 2 against 3
    with pytest.raises(IllegalActionError, match="greater than each"):
        act(state, {"type": "guard", "at": list(T_N), "piece": "worker"})
    state.seat = 1
    assert {(a["type"], a.get("piece")) for a in legal_dicts(state) if a["type"] == "guard"} == {("guard", "leader")}
    put(state, 1, T_N, workers=1)
    after = act(state, {"type": "guard", "at": list(T_N), "piece": "worker"})
    assert after.guard[sp(T_N)] == 1 and after.guards_made[1] == 1 and after.ap == 5
    assert after.leader[1] == GONE and after.workers[1][sp(T_N)] == 0   # the others there leave play
    assert after.workers[0][sp(T_N)] == 2                               # the other players' stay
    after.seat = 0
    with pytest.raises(IllegalActionError, match="has a guard"):
        act(after, {"type": "uncover", "at": list(T_N)})


def test_a_tie_gives_no_guard() -> None:
    state = put(put(position(), 0, T_N, workers=3), 1, T_N, leader=True)     # 3 against 3
    with pytest.raises(IllegalActionError, match="greater than each"):
        act(state, {"type": "guard", "at": list(T_N), "piece": "worker"})


def test_two_guards_per_player() -> None:
    state = put(position(), 0, T_N, workers=1)
    state.guards_made[0] = 2
    with pytest.raises(IllegalActionError, match="2 guards"):
        act(state, {"type": "guard", "at": list(T_N), "piece": "worker"})


# ----- points and the end of a turn ------------------------------------------------------------------------------
def test_a_turn_goes_on_when_the_points_are_spent_until_the_player_ends_it() -> None:
    state = position(ap=1)
    state.stack = state.stack[-3:]
    after = act(state, ENTER())
    # the last point is spent: the turn waits for its player, with ``end`` the one thing left to do
    assert after.phase == ACTIONS and after.seat == 0 and after.turns == 0 and after.ap == 0
    assert legal_dicts(after) == [{"type": "end"}]
    assert ENG.current_player(after) == 0 and ENG.turn_number(after) == ENG.turn_number(state)
    view = ENG.view(after, 0)
    assert view["action_points"] == 0 and view["legal"] == [{"type": "end", "cost": 0}] and view["reach"][0]["to"] == []
    with pytest.raises(IllegalActionError, match="only 0 are left"):
        act(after, ENTER())
    ended = act(after, {"type": "end"})
    assert ended.phase == DRAW and ended.seat == 1 and ended.turns == 1


def test_a_dig_that_spends_the_last_points_waits_for_end_too() -> None:
    state = lay(position(ap=3), "A5", (1, 1), treasures=["jade mask", "gold mask"])
    put(state, 0, (1, 1), workers=1)
    dug = act(state, {"type": "dig", "at": [1, 1]})
    found = ENG.apply(dug, ENG.sample_chance(dug))
    assert found.phase == ACTIONS and found.ap == 0 and found.seat == 0 and legal_dicts(found) == [{"type": "end"}]
    assert act(found, {"type": "end"}).seat == 1


def test_a_bonus_turn_scores_when_its_player_ends_it_not_when_the_points_run_out() -> None:
    state = put(position(ap=2, bonus=True), 0, T_N, workers=1)
    state.queue = [1]
    state.round = VOLCANO_ROUND
    spent = act(state, {"type": "uncover", "at": list(T_N)})
    assert spent.ap == 0 and spent.bonus and spent.seat == 0 and spent.events == []
    scored = act(spent, {"type": "end"})
    assert [e["seat"] for e in scored.events] == [0] and scored.seat == 1 and scored.bonus


def test_ending_a_turn_loses_the_points_left() -> None:
    state = position(ap=7)
    after = act(state, {"type": "end"})
    assert after.phase == DRAW and after.seat == 1 and after.ap == 7    # not carried: the next turn gets 10
    after = ENG.apply(after, ENG.sample_chance(after))
    after = ENG.apply(after, ENG.legal_actions(after)[0])
    assert after.ap == 10 and after.seat == 1


def test_the_leader_starts_in_supply() -> None:
    state = ENG.new_game(3, {}, 5)
    assert state.leader == [SUPPLY] * 3 and state.supply == [18] * 3 and state.scores == [0, 0, 0]


def test_the_view_shows_every_space_in_reach_at_its_cheapest() -> None:
    state = lay(position(ap=4), "A3", (1, 1))              # temple 2, stones N, SW, NW (none on S)
    put(state, 0, BC, workers=1)
    view = ENG.view(state, 0)
    assert view["reach"] == [{"from": list(BC), "to": [
        {"at": list(T_N), "cost": 2, "path": [list(T_N)]},
        # base camp - clearing 1, clearing - (1, 1) 1 + 0 (not 2 + 2 by (0, 2))
        {"at": [1, 1], "cost": 2, "path": [list(J), [1, 1]]},
        {"at": list(J), "cost": 1, "path": [list(J)]}, {"at": list(T_SE), "cost": 2, "path": [list(T_SE)]}]}]
    state.ap = 1
    assert ENG.view(state, 0)["reach"] == [{"from": list(BC), "to": [{"at": list(J), "cost": 1, "path": [list(J)]}]}]
    assert ENG.view(state, 1)["reach"] == [] and ENG.view(state, 1)["legal"] == []


def test_each_hop_of_a_reach_path_is_a_listed_move_and_the_costs_add_up() -> None:
    state = lay(position(ap=10), "A3", (1, 1))
    put(state, 0, BC, workers=2)
    for target in ENG.view(state, 0)["reach"][0]["to"]:
        walked, here, spent = state, list(BC), 0
        for hop in target["path"]:
            listed = [a for a in ENG.view(walked, 0)["legal"] if a["type"] in ("move", "camp-move")
                      and a["piece"] == "worker" and a["from"] == here and a["to"] == hop]
            assert listed, (target, hop)
            step = min(listed, key=lambda a: a["cost"])
            spent += step["cost"]
            walked = act(walked, step)
            here = hop
        assert here == target["at"] and spent == target["cost"]


def test_the_hex_in_hand_shows_its_stones_for_every_rotation() -> None:
    state = ENG.new_game(2, {}, 7)
    state = ENG.apply(state, ENG.sample_chance(state))     # the first hex drawn
    hx = ENG.view(state, 0)["hex"]
    assert hx["turned"][0] == hx["stones"]
    for k in range(6):
        assert hx["turned"][k] == [hx["stones"][(side - k) % 6] for side in range(6)]
    assert ENG.view(state, 1)["hex"] == hx      # a drawn hex is public; undrawn ones never show
