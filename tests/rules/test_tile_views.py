"""What the tile games' views carry for the game page: the Ark's last path for every player, and the final
scoring feature by feature with what each value was made of (tiles, scrolls, sheep and wolves)."""
from __future__ import annotations

import random

from games.rules import engine
from games.rules.ark.actions import MoveArk


def random_game(name: str, seed: int, prefer_ark: bool = False, stop=None):
    """Random legal actions from a new game (the Ark moved whenever it may, if ``prefer_ark``) until
    ``stop(state, action)`` says so after an action, or the game ends; returns the last state and action."""
    eng = engine(name)
    rng = random.Random(seed)
    state = eng.new_game(2, {}, seed)
    action = None
    while not eng.is_over(state):
        actions = eng.legal_actions(state)
        arks = [a for a in actions if isinstance(a, MoveArk)] if prefer_ark else []
        action = rng.choice(arks or actions)
        state = eng.apply(state, action)
        if stop is not None and stop(state, action):
            break
    return eng, state, action


def test_every_seat_sees_the_path_of_the_ark_move_of_the_last_turn() -> None:
    eng, state, move = random_game("ark", 3, prefer_ark=True, stop=lambda s, a: isinstance(a, MoveArk))
    assert isinstance(move, MoveArk)
    path = [list(p) for p in move.path]
    for seat in (0, 1, None):
        view = eng.view(state, seat)
        assert view["last_ark_path"][1:] == path  # from where the Ark stood, then every tile it entered
        assert view["ark"] == path[-1]
    # stored and read back, the path is still there; a turn later without an Ark move it is gone
    again = eng.state_from_dict(eng.state_to_dict(state))
    assert eng.view(again, 0)["last_ark_path"] == eng.view(state, 0)["last_ark_path"]
    turns = state.moves
    rng = random.Random(1)
    while state.moves < turns + 2 and not eng.is_over(state):
        actions = [a for a in eng.legal_actions(state) if not isinstance(a, MoveArk)]
        state = eng.apply(state, rng.choice(actions))
    assert eng.view(state, 0)["last_ark_path"] is None


def test_the_final_scoring_says_what_each_feature_was_worth() -> None:
    eng, state, _ = random_game("ark", 11)
    view = eng.view(state, None)
    finals = [e for e in view["events"] if e["final"]]
    assert finals
    fields = [e for e in finals if e["feature"] == "field"]
    for event in fields:
        sheep, wolves = event["detail"]["sheep"], event["detail"]["wolves"]
        assert max(event["points"]) == 2 * (sheep - wolves)  # docs/rules/ark.md: 2 a sheep a wolf leaves
    for event in finals:
        if event["feature"] in ("city", "road"):
            detail = event["detail"]
            icons = detail.get("scrolls", 0) + detail.get("oases", 0)
            assert max(event["points"]) == detail["tiles"] + icons  # open at the end: 1 a tile, 1 an icon
            assert detail["tiles"] == len(event["tiles"])
    completed = [e for e in view["events"] if not e["final"] and e["feature"] == "city"]
    assert all(e["detail"]["double"] for e in completed)


def test_carcassonne_cities_count_their_pennants() -> None:
    eng, state, _ = random_game("carcassonne", 5)
    cities = [e for e in eng.view(state, None)["events"] if e["feature"] == "city" and e["final"]]
    assert cities
    for event in cities:
        assert max(event["points"]) == event["detail"]["tiles"] + event["detail"].get("pennants", 0)
        assert "scrolls" not in event["detail"]
