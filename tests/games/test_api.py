"""The games REST API: every answer JSON, every error path readable, no secrets, no 500s."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from rest_framework.authtoken.models import Token

from games.models import Game, Move
from games.play import services
from games.rules import RulesError, engine
from tests.factories import play_first_turns
from tests.games.conftest import mover, next_turn, open_game, play, secret_keys

pytestmark = pytest.mark.django_db

DETAIL_FIELDS = {"id", "game", "status", "version", "seats", "current_seat", "your_seat", "deadline", "view"}


def url(game_id=None, action: str = "") -> str:
    if game_id is None:
        return "/api/games/"
    return f"/api/games/{game_id}/" + (f"{action}/" if action else "")


def body(response) -> dict:
    """The response's JSON, checked for the things every answer must hold."""
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    data = json.loads(response.content)
    assert secret_keys(data) == []
    if response.status_code >= 400:
        assert isinstance(data, dict) and isinstance(data.get("detail"), str) and data["detail"]
    return data


def error(response, status: int) -> str:
    """The readable ``detail`` of an error answer with this status."""
    assert response.status_code == status, (response.status_code, response.content[:300])
    return body(response)["detail"]


def ok(response, status: int = 200):
    assert response.status_code == status, (response.status_code, response.content[:300])
    return body(response)


@pytest.fixture
def game(started):
    """An active 2-player Ark game of users[0] and users[1]."""
    return started("ark", 2, seed=77)


@pytest.fixture
def c(client_for, users):
    """One authenticated client per fixture user."""
    return [client_for(u) for u in users]


def client_of(c, users, user):
    return c[users.index(user)]


def submit(client, game_id: int, version, turn):
    return client.post(url(game_id, "turns"), {"version": version, "turn": turn}, format="json")


# ----- create -------------------------------------------------------------------------------
def test_create(c, users):
    data = ok(c[0].post(url(), {"game": "carcassonne", "seats": 3, "move_hours": 24}, format="json"), 201)
    assert DETAIL_FIELDS <= set(data)
    assert "state" not in data and "seed" not in data and "invite_code" not in data
    assert (data["game"], data["status"], data["players"], data["move_hours"]) == ("carcassonne", "open", 3, 24)
    assert data["version"] == 0 and data["your_seat"] == 0 and data["view"] is None
    assert data["seats"] == [{"seat": 0, "user": {"id": users[0].pk, "username": users[0].username,
                                                  "display_name": "", "kind": "person"}, "score": 0,
                              "status": "playing", "result": "",
                              "rating": {"rating": 1000, "provisional": True, "games": 0, "change": None}}]
    assert data["invite_url"].endswith(f"/games/join/{Game.objects.get().invite_code}/")
    game = Game.objects.get(pk=data["id"])
    assert game.created_by == users[0]


@pytest.mark.parametrize("payload,field", [
    ({"game": "ark", "seats": 1}, "seats"),
    ({"game": "ark", "seats": 6}, "seats"),
    ({"game": "chess", "seats": 2}, "game"),
    ({"seats": 2}, "game"),
    ({"game": "ark"}, "seats"),
    ({"game": "ark", "seats": "two"}, "seats"),
    ({"game": "ark", "seats": 2, "move_hours": 5}, "move_hours"),
    ({"game": ["ark"], "seats": 2}, "game"),
])
def test_create_refuses_bad_input(c, payload, field):
    detail = error(c[0].post(url(), payload, format="json"), 400)
    assert detail.startswith(f"{field}:")
    assert not Game.objects.exists()


def test_create_refuses_a_body_that_is_not_an_object(c):
    error(c[0].post(url(), [1, 2], format="json"), 400)
    error(c[0].post(url(), "{not json", content_type="application/json"), 400)


def test_anonymous_cannot_write(anon, game):
    for response in (anon.post(url(), {"game": "ark", "seats": 2}, format="json"),
                     anon.post(url(game.pk, "join"), {}, format="json"),
                     anon.post(url(game.pk, "resign"), {}, format="json"),
                     submit(anon, game.pk, game.version, {})):
        assert response.status_code in (401, 403)
        body(response)
    assert Game.objects.count() == 1


def test_token_authentication(users, anon):
    token = Token.objects.create(user=users[0])
    anon.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert ok(anon.post(url(), {"game": "ark", "seats": 2}, format="json"), 201)["your_seat"] == 0
    anon.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = anon.get(url())
    assert response.status_code in (401, 403) and body(response)["detail"] == "Invalid token."


# ----- join and resign ----------------------------------------------------------------------
def test_join_and_start(c, users):
    game_id = ok(c[0].post(url(), {"game": "ark", "seats": 2}, format="json"), 201)["id"]
    data = ok(c[1].post(url(game_id, "join"), {}, format="json"))
    assert data["status"] == "active" and data["version"] == 1
    assert data["your_seat"] in (0, 1) and data["invite_url"] is None
    assert sorted(s["seat"] for s in data["seats"]) == [0, 1]
    assert data["deadline"] and data["current_seat"] in (0, 1)
    assert data["view"]["your_seat"] == data["your_seat"]


def test_join_errors(c, users, game):
    assert "not waiting" in error(c[2].post(url(game.pk, "join"), {}, format="json"), 409)  # full
    waiting = open_game(users[0], players=3)
    ok(c[1].post(url(waiting.pk, "join"), {}, format="json"))
    assert "already have a seat" in error(c[1].post(url(waiting.pk, "join"), {}, format="json"), 409)
    assert "already have a seat" in error(c[0].post(url(waiting.pk, "join"), {}, format="json"), 409)
    error(c[2].post(url(10 ** 6, "join"), {}, format="json"), 404)
    error(c[2].post(url(waiting.pk, "join"), {"invite_code": ["x"]}, format="json"), 400)


def test_private_games(c, users, moderator, client_for, anon):
    private = open_game(users[0], players=3, private=True)
    public = open_game(users[1], players=2)

    def listed(client, query: str = "") -> set[int]:
        return {g["id"] for g in ok(client.get(url() + query))["results"]}

    assert listed(c[0]) == {private.pk, public.pk}
    assert listed(c[2]) == {public.pk} and listed(anon) == {public.pk}
    error(c[2].get(url(private.pk)), 404)
    error(anon.get(url(private.pk)), 404)
    error(c[2].get(url(private.pk, "moves")), 404)
    error(c[2].get(url(private.pk, "record")), 404)
    error(c[2].post(url(private.pk, "join"), {}, format="json"), 404)
    error(c[2].post(url(private.pk, "join"), {"invite_code": "wrong"}, format="json"), 404)
    assert ok(client_for(moderator).get(url(private.pk)))["id"] == private.pk  # staff see it
    invite = ok(c[0].get(url(private.pk)))["invite_url"]
    assert invite.endswith(f"/{private.invite_code}/")
    data = ok(c[2].post(url(private.pk, "join"), {"invite_code": private.invite_code}, format="json"))
    assert data["your_seat"] is not None
    assert listed(c[2]) == {private.pk, public.pk}


def test_resign(c, users):
    waiting = open_game(users[0], [users[1]], players=3)
    data = ok(c[1].post(url(waiting.pk, "resign"), {}, format="json"))
    assert data["status"] == "open" and data["your_seat"] is None and len(data["seats"]) == 1
    assert "not playing" in error(c[1].post(url(waiting.pk, "resign"), {}, format="json"), 409)
    assert ok(c[0].post(url(waiting.pk, "resign"), format="json"))["status"] == "aborted"
    assert "over" in error(c[0].post(url(waiting.pk, "resign"), {}, format="json"), 409)
    error(c[0].post(url(10 ** 6, "resign"), {}, format="json"), 404)


def test_resign_an_active_game(c, users, game):
    play_first_turns(game)  # before, a resignation aborts the game (tests/social/test_ratings.py)
    data = ok(c[0].post(url(game.pk, "resign"), {}, format="json"))
    assert data["status"] == "finished" and data["your_seat"] is None
    results = {s["user"]["id"]: (s["status"], s["result"]) for s in data["seats"]}
    assert results == {users[0].pk: ("resigned", "lost"), users[1].pk: ("playing", "won")}


# ----- turns ----------------------------------------------------------------------------------
def test_a_turn(c, users, game, updates, django_capture_on_commit_callbacks):
    client = client_of(c, users, mover(game))
    turn = next_turn(game, random.Random(1))
    with django_capture_on_commit_callbacks(execute=True):
        data = ok(submit(client, game.pk, game.version, turn))
    assert data["version"] == game.version + 1 and data["current_seat"] != game.current_seat
    assert data["view"]["tile"] is None and data["view"]["legal"] == []  # no longer my turn
    assert data["view"]["board"][-1] == {k: turn[k] for k in ("tile", "x", "y", "rotation")}
    assert [u["version"] for u in updates] == [data["version"]]


def test_turn_errors(c, users, game):
    mine = client_of(c, users, mover(game))
    theirs = next(client_of(c, users, s.user) for s in game.seats.all() if s.number != game.current_seat)
    turn = next_turn(game, random.Random(1))
    v = game.version
    moves = game.moves.count()
    assert "not your turn" in error(submit(theirs, game.pk, v, turn), 409)
    assert "moved on" in error(submit(mine, game.pk, v - 1, turn), 409)
    assert "moved on" in error(submit(mine, game.pk, v + 1, turn), 409)
    assert "not playing" in error(submit(c[3], game.pk, v, turn), 409)
    error(submit(c[3], 10 ** 6, v, turn), 404)
    # an illegal turn: the engine's own message
    far = {**turn, "x": 50, "y": 50}
    eng = engine("ark")
    with pytest.raises(RulesError) as caught:
        state = eng.state_from_dict(game.state)
        for action in eng.turn_actions(state, far):
            state = eng.apply(state, action)
    assert error(submit(mine, game.pk, v, far), 400) == str(caught.value)
    assert "touches no placed tile" in str(caught.value)
    assert "tile in hand is" in error(submit(mine, game.pk, v, {**turn, "tile": "nope"}), 400)
    # malformed
    error(mine.post(url(game.pk, "turns"), '{"version": 1, "turn": ', content_type="application/json"), 400)
    assert error(submit(mine, game.pk, v, "a string"), 400).startswith("turn:")
    assert error(submit(mine, game.pk, v, [turn]), 400).startswith("turn:")
    assert error(mine.post(url(game.pk, "turns"), {"turn": turn}, format="json"), 400).startswith("version:")
    assert error(mine.post(url(game.pk, "turns"), {"version": v}, format="json"), 400).startswith("turn:")
    assert error(submit(mine, game.pk, "seven", turn), 400).startswith("version:")
    assert error(submit(mine, game.pk, -1, turn), 400).startswith("version:")
    error(mine.post(url(game.pk, "turns"), [turn], format="json"), 400)
    game.refresh_from_db()
    assert game.version == v and game.moves.count() == moves


@pytest.mark.parametrize("bad", [
    {}, {"tile": 44}, {"tile": ""}, {"tile": "T", "x": "1", "y": 0, "rotation": 0, "action": {"type": "pass"}},
    {"tile": "T", "x": 1.5, "y": 0, "rotation": 0, "action": {"type": "pass"}},
    {"tile": "T", "x": True, "y": 0, "rotation": 0, "action": {"type": "pass"}},
    {"tile": "T", "x": 10 ** 40, "y": -10 ** 40, "rotation": 0, "action": {"type": "pass"}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 45, "action": {"type": "pass"}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": "pass"},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "fly"}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "draw", "tile": "T"}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "follower", "at": None}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "follower", "at": "\u0000"}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "ark", "path": [[1, 0], [10 ** 30, 2]]}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "ark", "path": "north"}},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "prophet", "at": "N"}, "ark_at": [0]},
    {"tile": "T", "x": 1, "y": 0, "rotation": 0, "action": {"type": "pass"}, "ark_at": [10 ** 30, 0]},
    {"tile": "T", "discard": "yes"}, {"tile": "T", "discard": True, "x": 1},
    {"tile": "T", "discard": True},
])
def test_no_malformed_turn_is_a_500(c, users, game, bad):
    """Each is refused with 400 and a readable message, whether or not it names the tile in hand."""
    client = client_of(c, users, mover(game))
    hand = engine("ark").state_from_dict(game.state).hand
    for tile in ("T", hand):
        turn = {**bad, "tile": tile} if bad.get("tile") == "T" else bad
        error(submit(client, game.pk, game.version, turn), 400)
    game.refresh_from_db()
    assert game.version == 1 and not game.moves.exclude(kind=Move.Kind.FORCED).exists()


def test_no_turn_in_a_finished_or_waiting_game(c, users, game):
    turn = next_turn(game, random.Random(1))
    ok(c[0].post(url(game.pk, "resign"), {}, format="json"))
    assert "over" in error(submit(c[1], game.pk, game.version + 1, turn), 409)
    waiting = open_game(users[0], players=2)
    assert "not started" in error(submit(c[0], waiting.pk, 0, turn), 409)


# ----- reading --------------------------------------------------------------------------------
def test_list_filters(c, users, anon, started):
    active = started("ark", 2)                                  # users 0 and 1
    finished = play_first_turns(open_game(users[2], [users[3]], game="carcassonne", players=2))
    services.game_resign(game_id=finished.pk, user=users[2])
    waiting = open_game(users[1], players=3)

    def ids(client, query: str = "") -> list[int]:
        data = ok(client.get(url() + query))
        assert all(g["view"] is None for g in data["results"])  # lists carry no views
        return [g["id"] for g in data["results"]]

    everything = [waiting.pk, finished.pk, active.pk]
    assert ids(anon) == everything and ids(c[4]) == everything
    assert ids(c[4], "?status=open") == [waiting.pk]
    assert ids(c[4], "?status=active") == [active.pk]
    assert ids(c[4], "?status=finished") == [finished.pk]
    assert ids(c[4], "?status=aborted") == []
    assert ids(c[1], "?mine=1") == [waiting.pk, active.pk]
    assert ids(c[1], "?mine=1&status=active") == [active.pk]
    assert ids(c[2], "?mine=true") == [finished.pk]
    assert ids(c[4], "?mine=1") == [] and ids(anon, "?mine=1") == []
    assert ids(c[4], "?mine=0") == everything
    assert ids(c[4], "?status=") == everything
    for bad in ("over", "OPEN", "open,active", "%00"):
        assert "status must be one of" in error(c[4].get(url() + f"?status={bad}"), 400)
    assert ids(c[4], "?limit=1") == [waiting.pk] and ids(c[4], "?limit=x&offset=-1") == everything


def test_detail_views(c, users, anon, game):
    to_move = mover(game)
    waiting_user = next(s.user for s in game.seats.all() if s.user != to_move)
    me = ok(client_of(c, users, to_move).get(url(game.pk)))
    other = ok(client_of(c, users, waiting_user).get(url(game.pk)))
    spectator = ok(c[3].get(url(game.pk)))
    nobody = ok(anon.get(url(game.pk)))
    for data in (me, other, spectator, nobody):
        assert DETAIL_FIELDS <= set(data) and "state" not in data and "seed" not in data
        assert data["current_seat"] == game.current_seat and data["version"] == game.version
        assert {"user", "score", "seat"} <= set(data["seats"][0])
        assert "ark" in data["view"] and data["view"]["ark"] is None
        assert data["view"]["board"] == [{"tile": data["view"]["board"][0]["tile"], "x": 0, "y": 0, "rotation": 0}]
    assert me["your_seat"] == game.current_seat == me["view"]["your_seat"]
    hand = engine("ark").state_from_dict(game.state).hand
    assert me["view"]["tile"] == hand and me["view"]["legal"]
    for spot in me["view"]["legal"]:
        assert set(spot) == {"x", "y", "rotation", "followers", "prophet", "ark_at", "names"}
        assert spot["rotation"] in (0, 90, 180, 270) and isinstance(spot["followers"], list)
    assert other["your_seat"] == 1 - game.current_seat
    for data in (other, spectator, nobody):  # nobody else sees the tile in hand
        assert data["view"]["tile"] is None and data["view"]["legal"] == []
    assert spectator["your_seat"] is None and nobody["your_seat"] is None
    assert spectator["view"]["your_seat"] is None
    assert sum(me["view"]["remaining"].values()) == me["view"]["tiles_left"]
    assert sum(spectator["view"]["remaining"].values()) == me["view"]["tiles_left"] + 1  # the hand is unknown
    error(c[0].get(url(10 ** 6)), 404)
    error(c[0].get("/api/games/99999999999999999999999/"), 404)


def test_moves_since(c, users, game, anon):
    game = play(game, random.Random(2), turns=5)
    everything = ok(anon.get(url(game.pk, "moves")))
    log = list(game.moves.order_by("seq"))
    assert [m["seq"] for m in everything] == [m.seq for m in log]
    assert [m["kind"] for m in everything] == [m.kind for m in log]
    assert [m["turn"] for m in everything] == [m.turn for m in log]
    assert everything[0]["user"] == (log[0].user.username if log[0].user else None)
    assert {"seq", "kind", "seat", "user", "turn", "events", "version", "created_at"} <= set(everything[0])
    assert ok(anon.get(url(game.pk, "moves") + "?since=0")) == everything
    assert [m["seq"] for m in ok(anon.get(url(game.pk, "moves") + "?since=3"))] == [m.seq for m in log[3:]]
    assert ok(anon.get(url(game.pk, "moves") + f"?since={log[-1].seq}")) == []
    assert ok(anon.get(url(game.pk, "moves") + "?since=99999999999999999999999")) == []
    for bad in ("x", "1.5", "", "%00"):
        assert "since" in error(anon.get(url(game.pk, "moves") + f"?since={bad}"), 400)
    error(anon.get(url(10 ** 6, "moves")), 404)


def test_the_log_names_players_never_moderators(c, users, anon, make_user):
    moderator = make_user("eve_the_mod", is_staff=True)
    game = play_first_turns(open_game(users[0], [users[1], users[2]], players=3, seed=5))
    services.seat_remove(game_id=game.pk, user=users[2], moderator=moderator, reason="abusive chat")
    services.game_settle(game_id=game.pk, moderator=moderator, reason="test")
    for client in (anon, c[0], c[3]):
        entries = ok(client.get(url(game.pk, "moves")))
        assert [e["kind"] for e in entries][-2:] == ["remove", "settle"]
        assert moderator.username not in json.dumps(entries)
        assert {e["user"] for e in entries if e["kind"] == "turn"} == {u.username for u in users[:3]}
        assert [e["user"] for e in entries][-2:] == [None, None]


def test_record(c, users, game, anon):
    game = play(game, random.Random(2), turns=7)
    record = ok(anon.get(url(game.pk, "record")))
    assert (record["format"], record["game"], record["players"], record["end"]) == (1, "ark", 2, False)
    logged = [m.turn for m in game.moves.filter(kind__in=("turn", "forced")).order_by("seq")]
    assert record["turns"] == logged and len(record["turns"]) >= 7
    view = ok(client_of(c, users, mover(game)).get(url(game.pk)))["view"]
    # never a tile not yet drawn: exactly the tiles laid (not the start tile) and discarded
    played = Counter(t["tile"] for t in view["board"][1:]) + Counter(view["discards"])
    assert Counter(t["tile"] for t in record["turns"]) == played
    download = anon.get(url(game.pk, "record") + "?download=1")
    assert download["Content-Disposition"] == f'attachment; filename="ark-{game.pk}.json"'
    error(anon.get(url(10 ** 6, "record")), 404)


def test_schema(anon):
    response = anon.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for path in ("/api/games/", "/api/games/{game_id}/turns/", "/api/games/{game_id}/moves/",
                 "/api/games/{game_id}/record/"):
        assert path in text


def test_odd_requests_are_answered_not_crashed(c, users, game):
    """Deep nesting, huge numbers, wrong media types and methods: a 4xx with a readable detail each."""
    client = client_of(c, users, mover(game))
    turns = url(game.pk, "turns")
    deep = "[" * 5000 + "]" * 5000
    for response, status in [
        (client.post(turns, deep, content_type="application/json"), 400),
        (client.post(turns, '{"version": 1, "turn": %s}' % deep, content_type="application/json"), 400),
        (client.post(url(), '{"game": %s, "seats": 2}' % deep, content_type="application/json"), 400),
        (client.post(url(game.pk, "join"), deep, content_type="application/json"), 400),
        (client.post(turns, b"\xff\xfe", content_type="application/json"), 400),
        (client.post(turns, '{"version": NaN, "turn": {}}', content_type="application/json"), 400),
        (client.post(turns, '{"version": 1e400, "turn": {}}', content_type="application/json"), 400),
        (client.post(turns, "{}", content_type="text/plain"), 415),
        (client.put(turns, {}, format="json"), 405),
        (client.delete(url(game.pk)), 405),
        (client.patch(url(game.pk), {"status": "finished"}, format="json"), 405),
        (client.get(turns), 405),
    ]:
        error(response, status)
    for query in ("?offset=99999999999999999999999", "?limit=99999999999999999999999",
                  "?offset=9223372036854775807&limit=9223372036854775807", "?mine=%00"):
        ok(client.get(url() + query))
    game.refresh_from_db()
    assert game.version == 1 and game.status == "active"


def test_the_seed_and_the_pile_never_leave_the_server(users, c, anon, started):
    """Not as keys (checked on every answer), not as values: the seed's digits and the pile order."""
    seed = 7_364_912_558_301_447
    game = play(started("ark", 3, seed=seed), random.Random(1), turns=4)
    pile = engine("ark").state_from_dict(game.state).pile
    order = json.dumps(pile[-6:], separators=(",", ":"))[1:-1]  # the next tiles to be drawn, in order
    paths = [url(), url() + "?mine=1", url(game.pk), url(game.pk, "moves"), url(game.pk, "record")]
    for client in (*c, anon):
        for path in paths:
            response = client.get(path)
            ok(response)
            text = response.content.decode()
            assert str(seed) not in text and order not in text
