"""What the board reads: the map data (``board_data``) and the view's settlements and scores-if-ended-now."""
from __future__ import annotations

import json
import random

from games.rules.iwari.maps import MAPS_DIR
from games.rules.iwari.scoring import settlement_scoring, settlements, tent_scoring, totem_scoring
from games.rules.play import take_chance

from .helpers import BLUE, BOARD, ENG, RED, game, tent, totem


def test_board_data_carries_every_map_file_as_is() -> None:
    data = ENG.board_data()
    assert data["default"] == "titans-crossing"
    on_disk = json.loads((MAPS_DIR / "titans-crossing.json").read_text(encoding="utf-8"))
    assert data["maps"]["titans-crossing"] == on_disk
    assert json.loads(json.dumps(data)) == data  # JSON-ready
    data["maps"]["titans-crossing"]["territories"].clear()  # a copy: the engine's board is untouched
    assert len(ENG.board_data()["maps"]["titans-crossing"]["territories"]) == 12


def test_the_view_names_settlements_of_four_or_more() -> None:
    state = tent(game(3), RED, "LB1", "EW3", "EW4", "FH1", "FH3")
    tent(state, BLUE, "IC1", "IC2", "IC3")  # linked, but only 3
    view = ENG.view(state, 1)
    assert [sorted(g) for g in view["settlements"][RED]] == [sorted(["LB1", "EW3", "EW4", "FH1", "FH3"])]
    assert view["settlements"][BLUE] == [] and len(view["settlements"]) == 3


def test_score_now_is_the_final_scoring_without_ending() -> None:
    state = tent(game(2), RED, "LB1", "EW3", "EW4", "FH1", "FH3")
    tent(state, BLUE, "EW1", "FH2")
    totem(state, RED, "EW", 2)
    totem(state, RED, "FH")
    totem(state, BLUE, "FH")
    now = ENG.view(state, 0)["score_now"]
    assert now == {"tents": tent_scoring(state, BOARD)[0], "totems": totem_scoring(state, BOARD)[0],
                   "settlements": settlement_scoring(state, BOARD)}
    assert now["settlements"] == [5, 0]
    c12 = next(c for c in ENG.view(state, 0)["connections"] if c["id"] == "c12")  # EW-FH: red leads both
    assert c12["scorers"] == [RED] and now["totems"][RED] >= c12["points"] == 4  # 2 + 1 + 1 totems
    final = ENG.settle(state)
    assert ENG.view(final, 0)["score_now"] is None
    event = final.events[-1]
    assert [event["tents"], event["totems"], event["settlements"]] == [now["tents"], now["totems"],
                                                                      now["settlements"]]


def test_score_now_and_settlements_agree_with_the_scoring_through_a_game() -> None:
    rng = random.Random(8)
    state = take_chance(ENG, game(3))
    steps = 0
    while not ENG.is_over(state):
        if steps == 60:
            state = ENG.remove_seat(state, 1)  # a seat that left scores nothing: not even now
        view = ENG.view(state, None)
        if view["score_now"] is not None:
            assert view["score_now"] == {"tents": tent_scoring(state, BOARD)[0],
                                         "totems": totem_scoring(state, BOARD)[0],
                                         "settlements": settlement_scoring(state, BOARD)}
        for tribe, groups in enumerate(view["settlements"]):
            assert sorted(map(sorted, groups)) == sorted(
                sorted(BOARD.space_ids[s] for s in g) for g in settlements(state, BOARD, tribe) if len(g) >= 4)
        state = take_chance(ENG, ENG.apply(state, rng.choice(ENG.legal_actions(state))))
        steps += 1
    assert ENG.view(state, 0)["score_now"] is None
