"""Tikal records (docs/records/tikal.md): hand-written games replayed, with scores worked out by hand, and the
faults a record can have, each reported at its entry."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules.record import RecordError, replay_record, replay_state
from games.rules.tikal.actions import parse_action
from tests.rules.records import assert_result, check_illegal

from .helpers import BC, ENG, ENTER, T_N, T_SE, J, W, record

ROOT = Path(__file__).resolve().parents[3]
UNCOVER_T_N = {"type": "uncover", "at": list(T_N)}


def opening() -> list[dict]:
    """Five turns on the A hexes (2 players), then seat 1 draws the volcano B5 and the round is played."""
    return [
        {"hex": "A3", "at": [1, 1], "rotation": 0, "actions": [ENTER("leader"), W(BC, T_N, "leader"), UNCOVER_T_N]},
        {"hex": "A1", "at": [0, 1], "rotation": 0, "actions": [ENTER(), ENTER(), W(BC, J), W(J, T_SE)]},
        {"hex": "A2", "at": [2, 2], "rotation": 0, "actions": []},
        {"hex": "A4", "at": [2, 1], "rotation": 0, "actions": []},
        {"hex": "A5", "at": [1, 0], "rotation": 0},
        {"hex": "B5", "volcano": True},
        # seat 1's bonus turn: BC-(0,2) 2, (0,2)-(1,1) 1+1, (1,1)-(1,0) 1+0, a dig 3: 8 points
        {"bonus": [W(BC, T_N), W(T_N, (1, 1)), W((1, 1), (1, 0)),
                   {"type": "dig", "at": [1, 0], "treasure": "sun disc"}]},
        {"bonus": [UNCOVER_T_N]},
        {"hex": "B5", "at": [3, 2], "rotation": 0, "actions": []},
    ]


def test_a_volcano_round_scores_each_player_after_its_bonus_turn() -> None:
    # seat 1 scores the (1, 3) temple (1, alone there) and a sun disc (1): 2. Seat 0's leader (3 against 1) holds
    # the (0, 2) temple, uncovered to 2 on turn 1 and to 3 in the bonus turn: 3.
    assert_result(replay_record(record(opening())), [3, 2], finished=False, turns=9)


def test_end_true_scores_everyone_once_more() -> None:
    assert_result(replay_record(record(opening(), end=True)), [3 + 3, 2 + 2], finished=True, turns=9,
                  winners=[0])


def test_a_replayed_record_shows_the_board_it_describes() -> None:
    _, state = replay_state(record(opening()))
    view = ENG.view(state, None)
    spaces = {tuple(s["at"]): s for s in view["spaces"]}
    assert spaces[(0, 2)]["value"] == 3 and spaces[(1, 0)]["treasures"] == 2 and spaces[(3, 2)]["kind"] == "volcano"
    assert view["seats"][1]["treasures"] == {"sun disc": 1}
    assert view["current_seat"] == 0 and view["phase"] == "draw" and view["stacks"]["next_letter"] == "B"


def test_the_stacks_order_and_each_hex_once() -> None:
    check_illegal(record([{"hex": "B1", "at": [1, 1], "rotation": 0}]), 1)
    check_illegal(record([{"hex": "A3", "at": [1, 1]}, {"hex": "A3", "at": [0, 1]}]), 2)
    check_illegal(record([{"hex": "Z9", "at": [1, 1]}]), 1)


def test_where_a_hex_may_go() -> None:
    check_illegal(record([{"hex": "A3", "at": [0, 2], "rotation": 0}]), 1)       # explored
    check_illegal(record([{"hex": "A3", "at": [5, 0], "rotation": 0}]), 1)       # not next to explored
    check_illegal(record([{"hex": "A3", "at": [9, 9], "rotation": 0}]), 1)       # off the board
    # A1 at (0, 1) has no stone on its N side: A3 unturned at (0, 0) has none on its S side either
    check_illegal(record([{"hex": "A1", "at": [0, 1]}, {"hex": "A3", "at": [0, 0], "rotation": 0}]), 2)
    assert_result(replay_record(record([{"hex": "A1", "at": [0, 1]}, {"hex": "A3", "at": [0, 0], "rotation": 3}])),
                  [0, 0], turns=2)


def test_an_action_without_its_points_names_the_cost() -> None:
    data = record([{"hex": "A3", "at": [1, 1], "actions": [ENTER()] * 8 + [ENTER("leader"),
                                                                        W(BC, T_N, "leader")]}])
    check_illegal(data, 1)
    with pytest.raises(RecordError) as info:
        replay_record(data)
    assert str(info.value) == "turn 1: moving the leader from the base camp to A2 (0, 2) costs 2 points, only 1 is left"


def test_actions_after_the_points_are_spent() -> None:
    check_illegal(record([{"hex": "A3", "at": [1, 1], "actions": [ENTER()] * 11}]), 1)


def test_an_entry_may_list_end_last_or_leave_it_out() -> None:
    """A turn ends only with ``end`` (the engine never ends one by itself); records written before that, which
    never list it, replay as they did, and so do records that list it last."""
    END = {"type": "end"}
    spent = [ENTER()] * 10                  # every point spent: the old records' turns ended here by themselves
    without = [{"hex": "A3", "at": [1, 1], "actions": spent}, {"hex": "A1", "at": [0, 1], "actions": [ENTER()]}]
    listed = [{"hex": "A3", "at": [1, 1], "actions": [*spent, END]}, {"hex": "A1", "at": [0, 1], "actions": [ENTER(), END]}]
    _, old = replay_state(record(without))
    _, new = replay_state(record(listed))
    assert ENG.state_to_dict(old) == ENG.state_to_dict(new)
    assert old.seat == 0 and old.turns == 2 and old.supply == [8, 17]
    bonus = opening()
    bonus[7] = {"bonus": [UNCOVER_T_N, END]}
    assert_result(replay_record(record(bonus)), [3, 2], finished=False, turns=9)
    # nothing may follow ``end``
    check_illegal(record([{"hex": "A3", "at": [1, 1], "actions": [ENTER(), END, ENTER()]}]), 1)
    with pytest.raises(RecordError, match="turn 1: the turn is over before the end of this entry"):
        replay_record(record([{"hex": "A3", "at": [1, 1], "actions": [END, ENTER()]}]))
    # what the site writes: an entry without ``end``
    entry = ENG.entry_record(new_state_at_turn_start(), [parse_action({"type": "place", "at": [1, 1], "rotation": 0}),
                                                         parse_action(ENTER()), parse_action(END)])
    assert entry["actions"] == [ENTER(at=BC)]


def new_state_at_turn_start():
    """A game whose first hex (A3) is drawn, to be laid."""
    from games.rules.tikal.actions import TABLES
    from games.rules.tikal.data import HEX_INDEX

    state = ENG.record_start(2, {})
    return ENG.apply(state, TABLES.draw[HEX_INDEX["A3"]])


def test_a_third_level_on_one_temple_in_a_turn() -> None:
    three = [ENTER()] * 3 + [W(BC, T_N)] * 3
    data = record([{"hex": "A3", "at": [1, 1], "actions": three}, {"hex": "A1", "at": [0, 1]},
                   {"hex": "A2", "at": [2, 2], "actions": [UNCOVER_T_N] * 3}])
    check_illegal(data, 3)
    data["turns"][2]["actions"] = [UNCOVER_T_N] * 2
    assert_result(replay_record(data), [0, 0], turns=3)


def test_volcano_entries_in_their_place() -> None:
    turns = opening()
    check_illegal(record([{"bonus": []}]), 1)                                   # no round is on
    check_illegal(record(turns[:5] + [{"hex": "B5", "at": [3, 2]}]), 6)        # a volcano is drawn as such
    check_illegal(record(turns[:5] + [{"hex": "B1", "volcano": True}]), 6)     # B1 is no volcano
    check_illegal(record(turns[:6] + [turns[8]]), 7)                           # the bonus turns come first
    check_illegal(record(turns[:8] + [{"hex": "B1", "at": [3, 2]}]), 9)        # the drawer places B5
    check_illegal(record(turns[:9] + [{"bonus": []}]), 10)                     # the round is over


def test_malformed_actions_and_treasures() -> None:
    base = opening()[:6]
    bad = {"bonus": [W(BC, T_N), W(T_N, (1, 1)), W((1, 1), (1, 0)), {"type": "dig", "at": [1, 0],
                                                                    "treasure": "golden goose"}]}
    check_illegal(record(base + [bad]), 7)
    check_illegal(record([{"hex": "A3", "at": [1, 1], "actions": [{"type": "fly"}]}]), 1)
    check_illegal(record([{"hex": "A3", "at": [1, 1], "actions": [{"type": "dig", "at": [1, 1]}]}]), 1)
    check_illegal(record([{"hex": "A3", "at": [1, 1], "colour": "red"}]), 1)


def test_the_replay_command_prints_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(opening(), end=True)))
    run = subprocess.run([sys.executable, "manage.py", "replay", str(path)], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"scores": [6, 4], "finished": True, "turns": 9, "winners": [0]}
