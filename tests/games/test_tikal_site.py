"""Tikal through the whole site: games of 2 and 4 players played action by action through the services to the
end, every reader's payload checked against the state for hidden information (no hex not yet drawn, no stack
order, no treasure kind still on a ruin, no seed), then replayed from the log and from the record."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Game
from games.play import selectors
from games.rules import engine
from games.rules import record as records
from games.rules.tikal.data import HEXES
from tests.factories import UserFactory, play_turn, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def hexes_named(data: Any) -> set[str]:
    """Every hex id the payload names as a hex (under a "hex" key, as a string or an object's id)."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "hex" and isinstance(value, str):
                found.add(value)
            elif key == "hex" and isinstance(value, dict) and "id" in value:
                found.add(value["id"])
            found |= hexes_named(value)
    elif isinstance(data, list):
        for value in data:
            found |= hexes_named(value)
    return found


def check_secrets(game: Game, data: dict[str, Any]) -> None:
    state = engine("tikal").state_from_dict(game.state)
    ids = [h.id for h in HEXES]
    shown = {ids[h] for h in state.hexid if h >= 0} | ({ids[state.pending]} if state.pending >= 0 else set())
    named = hexes_named(data)
    assert named <= shown, f"hexes not drawn yet in a payload: {named - shown}"
    view = data["view"]
    assert set(view["stacks"]) == {"next_letter", "left", "total"}
    for space in view["spaces"]:
        assert isinstance(space.get("treasures", 0), int), space   # a count, never the kinds
    assert isinstance(view["pool"], int) and isinstance(view["hidden_treasures"], int)
    text = json.dumps(data)
    assert f"{game.seed:x}" not in text and '"seed"' not in text


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_of_tikal_is_played_to_the_end_through_the_site(players: int) -> None:
    users = [UserFactory() for _ in range(players)]
    game = start_game(users, game="tikal", seed=0x7A3C91E4D2 + players)
    assert game.status == Game.Status.ACTIVE
    rng = random.Random(players)
    clients = {u.pk: APIClient() for u in users}
    for user in users:
        clients[user.pk].force_authenticate(user)
    spectator = APIClient()
    turns = 0
    while game.status == Game.Status.ACTIVE:
        game = play_turn(game, rng)
        turns += 1
        if turns % 9 == 1:
            for client in [*clients.values(), spectator]:
                response = client.get(f"/api/games/{game.pk}/")
                assert response.status_code == 200
                check_secrets(game, json.loads(response.content))
            moves = json.loads(clients[users[0].pk].get(f"/api/games/{game.pk}/moves/").content)
            assert moves and all(move["words"] for move in moves)
        assert turns < 600
    assert game.status == Game.Status.FINISHED and turns >= 10 * players
    assert selectors.state_from_log(game) == game.state
    record = json.loads(clients[users[0].pk].get(f"/api/games/{game.pk}/record/").content)
    assert record["game"] == "tikal"
    result = records.replay_record(record)
    assert result["finished"] is True
    assert result["scores"] == [s.score for s in game.seats.order_by("number")]


def test_the_check_catches_a_hex_not_drawn_and_a_treasure_kind() -> None:
    users = [UserFactory() for _ in range(2)]
    game = start_game(users, game="tikal", seed=0x7A3C91E4D9)
    game = play_turn(game, random.Random(1))
    client = APIClient()
    data = json.loads(client.get(f"/api/games/{game.pk}/").content)
    check_secrets(game, data)
    state = engine("tikal").state_from_dict(game.state)
    with pytest.raises(AssertionError):
        check_secrets(game, {**data, "view": {**data["view"], "hex": {"id": HEXES[state.stack[-1]].id}}})
    ruin = {"at": [0, 0], "treasures": ["sun disc"]}
    with pytest.raises(AssertionError):
        check_secrets(game, {**data, "view": {**data["view"], "spaces": [*data["view"]["spaces"], ruin]}})


def test_spending_the_last_point_keeps_the_turn_open_and_undoable_until_end() -> None:
    """The fault of issue 26: the step that spent the last point ended the turn at once, with no undo. Now the
    turn waits for ``end``, every step can be taken back, and the move log gets the turn only then."""
    from games.play import services
    from games.play.payloads import progress_of

    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="tikal", seed=0x71CA1)
    seat = game.current_seat
    user = game.seats.get(number=seat).user

    def step(action: dict[str, Any]) -> Game:
        return services.move_submit(game_id=game.pk, user=user, action=action, expected_version=game.version)

    place = next(a for a in engine("tikal").legal_actions(progress_of(game).state))
    game = step(place.to_dict())
    for _ in range(10):
        game = step({"type": "enter", "piece": "worker"})
    progress = progress_of(game)
    assert game.current_seat == seat and progress.state.ap == 0 and game.moves.count() == 0
    assert [a.to_dict() for a in engine("tikal").legal_actions(progress.state)] == [{"type": "end"}]
    assert progress.undoable == 11
    game = services.move_undo(game_id=game.pk, user=user, expected_version=game.version)
    assert progress_of(game).state.ap == 1 and game.current_seat == seat
    game = step({"type": "enter", "piece": "worker"})
    game = step({"type": "end"})
    assert game.current_seat != seat and game.moves.count() == 1
