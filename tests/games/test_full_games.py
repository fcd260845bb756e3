"""Whole games through the API only: each player reads their view and plays a random listed choice."""
from __future__ import annotations

import json
import random
from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Game
from games.play import selectors
from tests.games.conftest import fix_seed, secret_keys

pytestmark = pytest.mark.django_db

NEIGHBOURS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def get(client, path: str):
    response = client.get(path)
    assert response.status_code == 200, response.content[:300]
    data = json.loads(response.content)
    assert secret_keys(data) == [], path
    return data


def post(client, path: str, payload: dict, status: int = 200):
    response = client.post(path, payload, format="json")
    assert response.status_code == status, (path, payload, response.content[:300])
    data = json.loads(response.content)
    assert secret_keys(data) == [], path
    return data


def ark_moves(view: dict, rng: random.Random) -> list[dict]:
    """A few Ark moves of one or two steps over the tiles already on the board (from the view alone)."""
    if view.get("ark") is None:
        return []
    tiles = {(t["x"], t["y"]) for t in view["board"]}
    start = tuple(view["ark"])
    moves = []
    for dx, dy in NEIGHBOURS:
        first = (start[0] + dx, start[1] + dy)
        if first not in tiles:
            continue
        moves.append({"type": "ark", "path": [list(first)]})
        onward = [(first[0] + ex, first[1] + ey) for ex, ey in NEIGHBOURS]
        onward = [step for step in onward if step in tiles and step != start]
        if onward:
            moves.append({"type": "ark", "path": [list(first), list(rng.choice(onward))]})
    return moves


def choose_turn(view: dict, rng: random.Random) -> dict:
    """A uniformly random listed placement and a random action it allows, built from the view only."""
    assert view["tile"] and view["legal"], "the seat to move always holds a tile that fits"
    spot = rng.choice(view["legal"])
    actions = [{"type": "pass"}]
    actions += [{"type": "follower", "at": at} for at in spot["followers"]]
    actions += [{"type": "prophet", "at": at} for at in spot.get("prophet", [])]
    if rng.random() < 0.3:  # now and then move the Ark (Ark games, once it is on the board)
        actions += ark_moves(view, rng)
    turn = {"tile": view["tile"], "x": spot["x"], "y": spot["y"], "rotation": spot["rotation"],
            "action": rng.choice(actions)}
    if spot.get("ark_at"):
        turn["ark_at"] = rng.choice(spot["ark_at"])
    return turn


def play_through_api(name: str, players: int, seed: int, users: list, client_for, tmp_path) -> list[dict]:
    """Play to the end, check the outcome, and return the move log."""
    rng = random.Random(seed)
    clients = [client_for(u) for u in users[:players]]
    created = post(clients[0], "/api/games/", {"game": name, "seats": players, "move_hours": 24}, 201)
    game_id = created["id"]
    fix_seed(Game.objects.get(pk=game_id), seed)  # reproducible: the secret shuffle is pinned
    path = f"/api/games/{game_id}/"
    for client in clients[1:]:
        data = post(client, path + "join/", {})
    assert data["status"] == "active"
    seat_of = {}
    for client in clients:
        seat_of[get(client, path)["your_seat"]] = client
    assert sorted(seat_of) == list(range(players))
    spectator = client_for(None)

    turns = 0
    data = get(clients[0], path)
    while data["status"] == "active":
        version, seat = data["version"], data["current_seat"]
        for number, client in seat_of.items():
            if number != seat:
                other = get(client, path)["view"]
                assert other["tile"] is None and other["legal"] == []
        view = get(seat_of[seat], path)["view"]
        assert view["your_seat"] == seat == view["current_seat"]
        data = post(seat_of[seat], path + "turns/", {"version": version, "turn": choose_turn(view, rng)})
        assert data["version"] == version + 1
        turns += 1
        if turns % 10 == 0:
            get(spectator, path + "moves/?since=0")
            get(spectator, path + "record/")
        assert turns < 100, "a game of 71 tiles ends"

    final = get(seat_of[0], path)
    view = final["view"]
    assert final["status"] == "finished" and view["finished"] is True
    assert final["current_seat"] is None and final["deadline"] is None
    scores = {s["seat"]: s["score"] for s in final["seats"]}
    assert [scores[n] for n in range(players)] == view["scores"]
    best = max(view["scores"])
    winners = [n for n in range(players) if view["scores"][n] == best]
    assert {s["seat"]: s["result"] for s in final["seats"]} == {
        n: ("won" if n in winners else "lost") for n in range(players)}
    assert view["winners"] == winners
    assert view["tiles_left"] == 0 and view["tile"] is None and view["legal"] == []

    game = Game.objects.get(pk=game_id)
    assert selectors.state_from_log(game) == game.state

    record = get(spectator, path + "record/")
    assert record["end"] is False and len(record["turns"]) == 71  # every tile but the start tile
    assert len(record["turns"]) == turns + len(view["discards"])
    file = tmp_path / "record.json"
    file.write_text(json.dumps(record))
    out = StringIO()
    call_command("replay", str(file), stdout=out)
    replayed = json.loads(out.getvalue())
    assert replayed == {"scores": view["scores"], "finished": True, "turns": 71, "winners": winners}
    moves = get(spectator, path + "moves/")
    assert [m["seq"] for m in moves] == list(range(1, len(moves) + 1))
    return moves


@pytest.mark.parametrize("name,players,seed", [
    ("ark", 2, 1), ("carcassonne", 2, 2), ("ark", 3, 3),
])
def test_a_whole_game_through_the_api(name, players, seed, users, client_for, tmp_path):
    moves = play_through_api(name, players, seed, users, client_for, tmp_path)
    actions = {m["turn"]["action"]["type"] for m in moves if m["kind"] == "turn"}
    assert {"pass", "follower"} <= actions
    if name == "ark":
        assert {"prophet", "ark"} <= actions
        assert any("ark_at" in m["turn"] for m in moves if m["kind"] == "turn")


def test_a_whole_game_with_a_forced_discard(users, client_for, tmp_path):
    """With seed 1278 (and these random turns) a tile that fits nowhere is dealt: the server discards it."""
    moves = play_through_api("ark", 2, 1278, users, client_for, tmp_path)
    discards = [m for m in moves if m["kind"] == "forced"]
    assert discards and all(m["turn"] == {"tile": m["turn"]["tile"], "discard": True} for m in discards)
