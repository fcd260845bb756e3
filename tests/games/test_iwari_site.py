"""Iwari through the whole site: a two-player game with the third tribe and a five-player one with feats, played
step by step through the services to the end, replayed from the log and from the record; no payload shows
another seat's hand."""
from __future__ import annotations

import json
import random

import pytest
from rest_framework.test import APIClient

from games.models import Game
from games.play import selectors
from games.rules import record as records
from tests.factories import UserFactory, play_turn, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def hands_shown(data, path="$"):
    """Paths of every list of cards under a "hand" key (the reader's own hand is the only one allowed)."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("hand", "hands") and value:
                found.append((f"{path}.{key}", value))
            found += hands_shown(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += hands_shown(value, f"{path}[{index}]")
    return found


@pytest.mark.parametrize("players,feats", [(2, False), (5, True)])
def test_a_game_of_iwari_is_played_to_the_end_through_the_site(players: int, feats: bool) -> None:
    users = [UserFactory() for _ in range(players)]
    game = start_game(users, game="iwari", options={"feats": feats}, seed=4 + players)
    assert game.status == Game.Status.ACTIVE and game.options == {"feats": feats}
    rng = random.Random(players)
    clients = {u.pk: APIClient() for u in users}
    for user in users:
        clients[user.pk].force_authenticate(user)
    turns = 0
    while game.status == Game.Status.ACTIVE:
        game = play_turn(game, rng)
        turns += 1
        if turns % 7 == 0:  # every reader sees their own hand and no other
            for user in users:
                data = json.loads(clients[user.pk].get(f"/api/games/{game.pk}/").content)
                seat = data["your_seat"]
                shown = hands_shown(data)
                assert all(path.endswith("view.hand") for path, _ in shown), shown
                assert data["view"]["hand_sizes"][seat] == len(data["view"]["hand"])
                moves = json.loads(clients[user.pk].get(f"/api/games/{game.pk}/moves/").content)
                for move in moves:
                    if move["seat"] != seat and move["turn"]:
                        assert all("card" not in d for d in move["turn"].get("draw", []) if d["from"] == "deck")
            response = clients[users[0].pk].get(f"/api/games/{game.pk}/record/")
            assert response.status_code == 409  # a record in play would show the hands
        assert turns < 400
    assert game.status == Game.Status.FINISHED and turns >= 10 * players
    assert selectors.state_from_log(game) == game.state
    record = json.loads(clients[users[0].pk].get(f"/api/games/{game.pk}/record/").content)
    assert record["game"] == "iwari" and record["options"] == {"feats": feats}
    result = records.replay_record(record)
    assert result["finished"] is True
    assert result["scores"] == [s.score for s in game.seats.order_by("number")]
