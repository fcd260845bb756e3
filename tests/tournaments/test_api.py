"""The tournaments API: create, join (by invitation too), read the standings, withdraw, call off; its refusals
with readable reasons; the game's seat counts from the registry; no computer players."""
from __future__ import annotations

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from games.models import Game
from games.play import clock
from games.rules import engine, games
from games.tournaments import tasks
from games.tournaments.models import Tournament
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_round_robin_through_the_api_from_creation_to_its_first_round():
    ann, bob, cyd = UserFactory(), UserFactory(), UserFactory()
    answer = client_for(ann).post("/api/tournaments/", {
        "name": "Tikal trio", "game": "tikal", "kind": "round_robin", "per_table": 3, "start_players": 4,
        "days_per_move": 2, "invitation_only": True}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    pk, code = body["id"], body["invite_code"]
    assert body["status"] == "open" and body["you_play"] and code
    assert client_for(bob).post(f"/api/tournaments/{pk}/join/", {}, format="json").status_code == 403
    assert client_for(bob).get(f"/api/tournaments/{pk}/").json()["invite_code"] is None  # not shown to others
    assert pk not in [t["id"] for t in client_for(bob).get("/api/tournaments/").json()]  # by invitation: unlisted
    for user in (bob, cyd):
        answer = client_for(user).post(f"/api/tournaments/{pk}/join/", {"invite_code": code}, format="json")
        assert answer.status_code == 200, answer.content
    assert client_for(cyd).post(f"/api/tournaments/{pk}/join/", {"invite_code": code}, format="json").status_code == 409
    dan = UserFactory()
    body = client_for(dan).post(f"/api/tournaments/{pk}/join/", {"invite_code": code}, format="json").json()
    # the fourth player started it: four groups of three, one a round
    assert body["status"] == "running" and body["rounds"] == 4 and body["current_round"] == 1
    table = body["rounds_played"][0]["tables"][0]
    assert len(table["players"]) == 3 and len(body["rounds_played"][0]["byes"]) == 1
    game = Game.objects.get(pk=table["game"])
    assert game.move_hours == 48 and game.players == 3 and game.status == Game.Status.ACTIVE
    listed = client_for(bob).get("/api/tournaments/?status=running").json()
    assert [t["id"] for t in listed] == [pk] and listed[0]["players"] == 4


def test_refusals_say_why():
    ann = UserFactory()
    api = client_for(ann)

    def refused(status, **data):
        base = {"game": "ark", "kind": "swiss", "rounds": 3, "start_players": 4}
        answer = api.post("/api/tournaments/", {**base, **data}, format="json")
        assert answer.status_code == status, answer.content
        return answer.json()["detail"]

    for name in games():  # the registry's seat counts, per game
        most = engine(name).max_players
        assert "at a table" in refused(400, game=name, per_table=most + 1) if most < 5 else True
        assert api.post("/api/tournaments/", {"game": name, "kind": "swiss", "rounds": 2, "start_players": 4,
                                              "per_table": most}, format="json").status_code == 201
    assert "when it starts" in refused(400, start_players=None)
    assert "rounds" in refused(400, rounds=None)
    assert "future" in refused(400, starts_at=(clock.now() - timedelta(hours=1)).isoformat())
    assert "games" in refused(400, kind="round_robin", start_players=None, max_players=40,
                              starts_at=(clock.now() + timedelta(days=1)).isoformat())
    assert api.post("/api/tournaments/x/join/").status_code == 404
    assert api.get("/api/tournaments/99999999999999999999/").status_code == 404
    assert api.get("/api/tournaments/?status=nope").status_code == 400
    assert APIClient().post("/api/tournaments/", {}, format="json").status_code in (401, 403)


def test_computer_players_take_no_part():
    from accounts.services import computer_player

    ann = UserFactory()
    tournament = client_for(ann).post("/api/tournaments/", {"game": "ark", "kind": "swiss", "rounds": 1,
                                                             "start_players": 2}, format="json").json()
    answer = client_for(computer_player(level="easy", number=1)).post(f"/api/tournaments/{tournament['id']}/join/")
    assert answer.status_code == 403 and "computer" in answer.json()["detail"]


def test_a_date_start_with_too_few_players_is_called_off_and_a_creator_can_call_one_off():
    ann, bob = UserFactory(), UserFactory()
    when = clock.now() + timedelta(days=1)
    lonely = client_for(ann).post("/api/tournaments/", {"game": "iwari", "kind": "swiss", "rounds": 2,
                                                         "starts_at": when.isoformat()}, format="json").json()
    other = client_for(ann).post("/api/tournaments/", {"game": "ark", "kind": "swiss", "rounds": 2,
                                                        "start_players": 6}, format="json").json()
    assert client_for(bob).post(f"/api/tournaments/{other['id']}/cancel/").status_code == 403
    assert client_for(ann).post(f"/api/tournaments/{other['id']}/cancel/").json()["status"] == "cancelled"
    assert tasks.sweep_tournaments() == 0  # not yet
    clock.freeze(when + timedelta(minutes=1))
    try:
        assert tasks.sweep_tournaments() == 1
    finally:
        clock.unfreeze()
    assert Tournament.objects.get(pk=lonely["id"]).status == Tournament.Status.CANCELLED


def test_the_schema_documents_the_tournaments():
    paths = APIClient().get("/api/schema/?format=json").json()["paths"]
    for path in ("/api/tournaments/", "/api/tournaments/{tournament_id}/", "/api/tournaments/{tournament_id}/join/",
                 "/api/tournaments/{tournament_id}/withdraw/", "/api/tournaments/{tournament_id}/cancel/"):
        assert path in paths
    assert "409" in paths["/api/tournaments/{tournament_id}/join/"]["post"]["responses"]
