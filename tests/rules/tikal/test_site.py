"""What the site needs besides play: the registry, words for the log and emails, the board's geometry, the data
files checked at import, the computer players and the bench."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules import choices, engine
from games.rules.bots import LEVELS, Settings, choose
from games.rules.play import Game
from games.rules.tikal import data
from games.rules.tikal.bench import mid_game
from games.rules.tikal.bench import random_game as bench_game

from .helpers import ENG

FAST = Settings(runs=2, seconds=60, samples=1, max_lines=100)


def test_registered_like_the_other_games() -> None:
    assert ("tikal", "Tikal") in choices()
    eng = engine("tikal")
    assert eng.name == "tikal" and eng.min_players == 2 and eng.max_players == 4
    with pytest.raises(Exception, match="2 to 4"):
        eng.new_game(5, {}, 1)


def test_an_entry_in_words() -> None:
    entry = {"hex": "B3", "at": [2, 2], "rotation": 0, "actions": [
        {"type": "enter", "piece": "worker", "at": [0, 3]},
        {"type": "move", "piece": "worker", "from": [0, 3], "to": [1, 2]},
        {"type": "move", "piece": "worker", "from": [1, 2], "to": [2, 2]},
        {"type": "move", "piece": "leader", "from": [0, 2], "to": [1, 1]},
        {"type": "dig", "at": [1, 0], "treasure": "sun disc"},
        {"type": "dig", "at": [1, 0], "treasure": "jade mask"}]}
    assert ENG.describe_entry(entry) == ("laid a temple (value 4) on C1, brought in 1 explorer, moved 2 "
                                         "explorers, dug 2 treasures")
    assert ENG.describe_entry({"hex": "B5", "volcano": True}) == "drew a volcano: a scoring round begins"
    assert ENG.describe_entry({"bonus": []}) == "took a bonus turn and did nothing"
    assert ENG.describe_entry({"bonus": [{"type": "camp", "at": [1, 2]}]}) == \
        "took a bonus turn: built a camp at B2"
    assert ENG.describe_action({"type": "move", "piece": "leader", "from": [0, 3], "to": [0, 2]}) == \
        "moved the leader from the base camp to A2"
    assert ENG.describe_action({"type": "exchange", "give": "jade mask", "seat": 2, "take": "sun disc"}) == \
        "exchanged a jade mask for player 3's sun disc"
    # issue 26: no "turned 0", no coordinates; the base camp when an explorer comes in without a place named
    assert ENG.describe_action({"type": "place", "at": [2, 2], "rotation": 0}) == "laid the hex on C1"
    assert ENG.describe_action({"type": "enter", "piece": "worker"}) == "brought a worker in at the base camp"
    assert ENG.describe_action({"type": "uncover", "at": [0, 2]}) == "uncovered a level of the temple at A2"


def test_a_scoring_in_words() -> None:
    event = {"type": "score", "seat": 1, "round": "volcano", "temples": 7, "treasures": 4, "points": 11,
             "score": 30, "temple_list": []}
    assert ENG.describe_event(event, ["Ana", "Ben"]) == \
        "Ben scored 11 in the volcano round (7 for temples, 4 for treasures): 30 in all"


def test_every_entry_of_a_game_has_words() -> None:
    game = Game(ENG, 3, 4)
    rng = random.Random(4)
    while not game.over:
        game.play(rng.choice(ENG.legal_actions(game.state)))
    for entry in game.entries:
        assert ENG.describe_entry(entry)
    for event in ENG.events(game.state):
        assert ENG.describe_event(event, ["A", "B", "C"]).startswith(("A ", "B ", "C "))
    assert ENG.describe_position(ENG.view(game.state, 0)).startswith("You have")


def test_board_data_is_the_static_geometry() -> None:
    board = ENG.board_data()
    json.dumps(board)
    assert len(board["spaces"]) == 40 and board["base_camp"] == [0, 3]
    assert {s["id"] for s in board["start_area"]} == {"BC", "P1", "P2", "P3"}
    assert len(board["hexes"]) == 36 and len(board["volcanoes"]) == 3
    corner = next(s for s in board["spaces"] if [s["q"], s["r"]] == [0, 3])
    assert corner["neighbours"][0] == [0, 2] and corner["neighbours"][3] is None
    # each space's name as the board shows it: column letters from the west, places from the south
    names = {(s["q"], s["r"]): s["name"] for s in board["spaces"]}
    assert len(set(names.values())) == 40 and names[(0, 3)] == "A1" and names[(0, 0)] == "A4"
    assert names[(1, 3)] == "B1" and names[(1, -1)] == "B5" and names[(8, -4)] == "I4"


def _bad(monkeypatch: pytest.MonkeyPatch, name: str, change: Any) -> None:
    """Make ``data._load`` read ``name`` with ``change`` applied (a fresh parse each time)."""
    real = data._load

    def load(which: str) -> Any:
        found = real(which)
        if which == name:
            change(found)
        return found
    monkeypatch.setattr(data, "_load", load)


@pytest.mark.parametrize("change,reason", [
    (lambda d: d["hexes"][0].update(stones=[1, 1, 1, 1, 0, 0]), "exactly 3 stones"),
    (lambda d: d["hexes"][9].update(stones=[1, 0, 0, 0, 0, 0]), "volcano has no stones"),
    (lambda d: d["hexes"][1].update(kind="temple", value=2), "15 temple"),
    (lambda d: d["hexes"].pop(), "36 terrain hexes"),
    (lambda d: d["hexes"][4].update(treasures=4), "24 treasures"),
    (lambda d: d["hexes"][2].update(value=9), "printed value"),
    (lambda d: d["hexes"][1].update(id="A1"), "twice"),
    (lambda d: d["hexes"][0].update(stones=[0, 4, 0, 0, -1, 0]), "0 to 3"),
    (lambda d: d["hexes"][2].update(value=3), "temple_value_counts"),
    (lambda d: d["volcano_letters"].append("A"), "volcano_letters"),
])
def test_a_wrong_hex_file_is_refused(monkeypatch: pytest.MonkeyPatch, change: Any, reason: str) -> None:
    _bad(monkeypatch, "hexes.json", change)
    with pytest.raises(data.DataError, match=reason):
        data._hexes()


@pytest.mark.parametrize("change,reason", [
    (lambda d: d["spaces"].pop(), "40 different spaces"),
    (lambda d: d["supply"]["temple_level_tiles"].update({"5": 10}), "level tiles"),
    (lambda d: d["base_camp"].update(stones=[1, 1, 0, 0, 0, 0]), "exactly 3 stones"),
    (lambda d: d["supply"]["treasure_kinds"].pop(), "8 treasure kinds"),
])
def test_a_wrong_board_file_is_refused(monkeypatch: pytest.MonkeyPatch, change: Any, reason: str) -> None:
    _bad(monkeypatch, "board.json", change)
    with pytest.raises(data.DataError, match=reason):
        data._board()


def test_a_corrected_hex_needs_no_code_change(monkeypatch: pytest.MonkeyPatch) -> None:
    _bad(monkeypatch, "hexes.json", lambda d: d["hexes"][0].update(stones=[0, 0, 3, 0, 0, 0]))
    assert data._hexes()[0].stones == (0, 0, 3, 0, 0, 0)


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_level_plays_a_legal_action(level: str) -> None:
    game = Game(ENG, 2, 11)
    rng = random.Random(7)
    seen = 0
    while not game.over and seen < 3:
        if game.steps in (0, 9, 30):
            seat = ENG.current_player(game.state)
            action = choose(ENG, ENG.view(game.state, seat), seat, level, random.Random(1), FAST)
            ENG.apply(game.state, action)
            seen += 1
        game.play(rng.choice(ENG.legal_actions(game.state)))


def test_the_evaluation_counts_score_temples_and_treasures() -> None:
    state = mid_game(ENG, 2, 3)
    assert isinstance(ENG.evaluate(state, 0), float)
    assert ENG.evaluate(state, 0) == -ENG.evaluate(state, 1)


def test_the_bench_plays_whole_games() -> None:
    state = bench_game(ENG, 4, 1)
    assert ENG.is_over(state) and state.placed == 36


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_evaluation_is_the_score_if_every_seat_scored_now(players: int) -> None:
    """``evaluate`` (one pass over the temples, for speed) agrees with ``score_seat`` seat by seat, temples
    guarded, held by strength and tied alike; each seat's figure less the best other's."""
    from games.rules.tikal.scoring import score_seat
    rng = random.Random(players)
    for seed in range(6):
        state = mid_game(ENG, players, seed)
        for _ in range(rng.randrange(0, 40)):
            if ENG.current_player(state) < 0:
                break
            state = ENG.apply(state, rng.choice(ENG.legal_actions(state)))
        worth = [state.scores[s] + sum(score_seat(state, s)[:2]) for s in range(players)]
        for seat in range(players):
            others = [worth[s] for s in range(players) if s != seat and state.active[s]]
            assert ENG.evaluate(state, seat) == worth[seat] - max(others, default=0)


def test_a_copy_has_every_field_and_shares_no_list() -> None:
    state = mid_game(ENG, 3, 5)
    copy = state.copy()
    assert copy.to_dict() == state.to_dict()
    for name in type(state).__slots__:
        value = getattr(state, name)
        if isinstance(value, list) and value:
            assert getattr(copy, name) is not value, name


def test_apply_never_changes_the_state_it_is_given() -> None:
    """Copies share what is replaced, never changed, in place (each ruin's treasures); a whole random game of
    digs, scorings and volcano rounds, every step applied to a copy, leaves each earlier state as it was."""
    from games.rules.base import CHANCE, TERMINAL
    rng = random.Random(11)
    state = ENG.new_game(3, {}, 11)
    digs = 0
    while ENG.current_player(state) != TERMINAL:
        before = state.to_dict()
        action = (ENG.sample_chance(state) if ENG.current_player(state) == CHANCE
                  else rng.choice(ENG.legal_actions(state)))
        after = ENG.apply(state, action)
        digs += after.phase == 3  # a dig waits for its treasure
        assert state.to_dict() == before
        state = after
    assert digs >= 3
