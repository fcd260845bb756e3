"""What the board reads: the map data (``board_data``) and the view's settlements and scores-if-ended-now."""
from __future__ import annotations

import json
import random

from games.rules.iwari.maps import MAPS_DIR
from games.rules.iwari.scoring import settlement_scoring, settlements, tent_scoring, totem_scoring
from games.rules.play import take_chance

from .helpers import BLUE, BOARD, ENG, RED, game, place, play, set_hand, tent, totem


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


def test_the_final_event_carries_the_majorities_it_counted() -> None:
    state = tent(game(3, feats=True), RED, "EW1", "EW2")
    tent(state, BLUE, "EW3", "FH1")
    state.feat_territory[BOARD.territory_index["EW"]] = 1
    event = ENG.settle(state).events[-1]
    assert event["counts"] == {"EW": [2, 1, 0], "FH": [0, 1, 0]} and event["factors"] == {"EW": 2}
    assert event["territories"]["EW"] == [6, 4, 0]             # 3 tents, ×2; the second scores 2, ×2


# ----- why a place takes nothing now (``blocked``) -------------------------------------------------------


def test_blocked_names_every_territory_without_a_legal_piece_and_why() -> None:
    state = set_hand(tent(game(3), BLUE, "EW1"), 0, "forest", "desert", "coast")
    view = ENG.view(state, 0)
    lit = {a["territory"] for a in view["legal"] if a["type"] == "place"}
    blocked = view["blocked"]
    assert set(blocked["territories"]) == set(BOARD.territory_ids) - lit and blocked["now"] is None
    assert blocked["territories"]["IC"] == "the hand holds no Glacier card and no pair"
    # Elderwood is explored: a forest card pays for a tent or a totem (Blue has a tent: room for one totem)
    assert "EW" in lit and "EW" not in blocked["totems"]
    # an unexplored territory the hand pays for takes a tent first, never a totem
    assert blocked["totems"]["FH"] == "Flint Hollow is unexplored: its first piece must be a tent"
    assert ENG.view(state, 1)["blocked"] is None and ENG.view(state, None)["blocked"] is None


def test_blocked_for_a_full_circle_and_for_the_second_piece() -> None:
    state = set_hand(tent(game(3), BLUE, "EW1"), 0, "forest", "forest", "desert")
    totem(state, BLUE, "EW")
    assert ENG.view(state, 0)["blocked"]["totems"]["EW"] == (
        "Elderwood's totem circle holds 1 totem, and a totem needs a tribe with more tents there than that "
        "(the most any tribe has is 1)")
    state = play(state, place("tent", "EW", "EW2", "forest"))
    view = ENG.view(state, 0)
    assert view["phase"] == "place"
    assert view["blocked"]["territories"]["FH"] == "this turn's pieces all go to Elderwood"
    assert "EW" not in view["blocked"]["territories"]


def test_blocked_while_drawing_says_the_map_waits() -> None:
    state = set_hand(game(3), 0, "forest", "desert", "coast")
    state = play(state, {"type": "exchange", "card": "desert"})
    blocked = ENG.view(state, 0)["blocked"]
    assert blocked["territories"] == {} and blocked["now"].startswith("draw 1 card now")


def test_blocked_agrees_with_the_legal_actions_through_a_game() -> None:
    rng = random.Random(12)
    state = take_chance(ENG, game(2, feats=True))
    while not ENG.is_over(state):
        view = ENG.view(state, state.seat)
        pieces = [a for a in view["legal"] if a["type"] in ("place", "third")]
        if view["phase"] in ("settle", "place", "third"):
            blocked = view["blocked"]
            assert set(blocked["territories"]) == set(BOARD.territory_ids) - {a["territory"] for a in pieces}
            assert set(blocked["totems"]) == set(BOARD.territory_ids) - {
                a["territory"] for a in pieces if a["piece"] == "totem"}
            assert all(isinstance(why, str) and why for why in [*blocked["territories"].values(),
                                                                  *blocked["totems"].values()])
        state = take_chance(ENG, ENG.apply(state, rng.choice(ENG.legal_actions(state))))
