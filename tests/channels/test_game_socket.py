"""/ws/games/<id>/: who may watch, each seat's own view after every committed change, ping, sync, errors."""
from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from arkproject.asgi import application
from games.live.broadcast import game_broadcast
from games.play import services
from tests.channels.conftest import Socket, api_game, db_async, mover, play_turn, run_async, session_cookie, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def game_path(game_id: int) -> str:
    return f"/ws/games/{game_id}/"


async def watch(game_id: int, user=None) -> Socket:
    """A connected socket on the game, logged in as ``user`` (None: anonymous)."""
    cookie = await db_async(session_cookie)(user) if user is not None else None
    return await Socket(game_path(game_id), cookie).connect()


def assert_mover_view(message: dict, seat: int) -> None:
    view = message["game"]["view"]
    assert message["game"]["your_seat"] == seat and view["your_seat"] == seat
    assert view["current_seat"] == seat
    assert view["tile"] is not None and view["legal"], "the seat to move sees its tile and where it fits"


def assert_waiting_view(message: dict) -> None:
    view = message["game"]["view"]
    assert view["tile"] is None and view["legal"] == [], "only the seat to move sees the tile in hand"


# ----- who may connect ----------------------------------------------------------------------
@run_async
async def test_anonymous_may_watch_a_public_game(players):
    game = await db_async(start_game)(players[:2])
    sock = await Socket(game_path(game.pk)).connect()
    message = await sock.receive_type("game")
    assert message["version"] == game.version == message["game"]["version"]
    assert message["game"] == await db_async(api_game)(game.pk)  # exactly what the REST API answers
    assert message["game"]["your_seat"] is None
    assert_waiting_view(message)
    await sock.close()


@run_async
async def test_private_game_shows_only_to_its_players_and_staff(players):
    p0, p1, outsider, staff = players
    game = await db_async(start_game)([p0, p1], private=True)
    path = game_path(game.pk)
    for cookie in (None, await db_async(session_cookie)(outsider)):
        sock = await Socket(path, cookie).connect()
        assert await sock.closed_with() == 4404
    for user in (p0, p1, staff):
        sock = await Socket(path, await db_async(session_cookie)(user)).connect()
        message = await sock.receive_type("game")
        assert message["game"] == await db_async(api_game)(game.pk, user)
        await sock.close()


@run_async
async def test_unknown_game_is_closed_with_4404(players):
    game = await db_async(start_game)(players[:2])
    for cookie in (None, await db_async(session_cookie)(players[0])):
        sock = await Socket(game_path(game.pk + 1000), cookie).connect()
        assert await sock.closed_with() == 4404


@run_async
async def test_a_foreign_origin_is_refused(players):
    game = await db_async(start_game)(players[:2])
    comm = WebsocketCommunicator(application, game_path(game.pk),
                                 headers=[(b"origin", b"http://evil.example"), (b"host", b"testserver")])
    connected, _ = await comm.connect()
    assert not connected


@run_async
async def test_an_open_game_is_watchable_before_it_starts(players):
    game = await db_async(services.game_create)(user=players[0], game="carcassonne", players=3)
    sock = await Socket(game_path(game.pk), await db_async(session_cookie)(players[0])).connect()
    message = await sock.receive_type("game")
    assert message["game"]["status"] == "open" and message["game"]["view"] is None
    assert message["game"]["your_seat"] == 0
    await db_async(services.game_join)(game_id=game.pk, user=players[1])  # someone joins: everyone hears
    message = await sock.receive_type("game")
    assert message["version"] == 1 and len(message["game"]["seats"]) == 2
    await sock.close()


# ----- each socket gets its own view ----------------------------------------------------------
@run_async
async def test_after_a_turn_each_socket_gets_its_own_view(players):
    p0, p1, watcher, _ = players
    game = await db_async(start_game)([p0, p1])
    first = await db_async(mover)(game)
    second = p1 if first == p0 else p0
    seat = await db_async(lambda: {s.user_id: s.number for s in game.seats.all()})()
    # Log everyone in before any socket opens: SQLite's shared in-memory database refuses a write to a table
    # another thread is reading ("table is locked"), and an open socket reads the users table.
    cookies = {user.pk: await db_async(session_cookie)(user) for user in (first, second, watcher)}
    audience = {name: (user, await Socket(game_path(game.pk), cookies[user.pk] if user else None).connect())
                for name, user in (("first", first), ("second", second), ("watcher", watcher), ("anonymous", None))}
    for name, (_user, sock) in audience.items():
        message = await sock.receive_type("game")
        assert message["version"] == game.version
        if name == "first":
            assert_mover_view(message, seat[first.pk])
        else:
            assert_waiting_view(message)

    after = await db_async(play_turn)(game.pk)
    assert after.version == game.version + 1
    for name, (user, sock) in audience.items():
        message = await sock.receive_type("game")
        assert message["version"] == after.version == message["game"]["version"]
        assert message["game"] == await db_async(api_game)(game.pk, user)  # the user's own REST answer
        if name == "second":
            assert_mover_view(message, seat[second.pk])
        else:
            assert_waiting_view(message)
        assert message["game"]["your_seat"] == (seat[user.pk] if name in ("first", "second") else None)
    for _, sock in audience.values():
        assert await sock.nothing()  # one message per change
        await sock.close()


@run_async
async def test_updates_are_deduplicated_and_never_go_back(players):
    game = await db_async(start_game)(players[:2])
    sock = await Socket(game_path(game.pk), await db_async(session_cookie)(players[2])).connect()
    assert (await sock.receive_type("game"))["version"] == game.version

    await db_async(game_broadcast)(game_id=game.pk, version=game.version)  # a version it has: skipped
    assert await sock.nothing()

    after = await db_async(play_turn)(game.pk)
    assert (await sock.receive_type("game"))["version"] == after.version
    await db_async(game_broadcast)(game_id=game.pk, version=after.version)  # a repeat: skipped
    assert await sock.nothing()

    def two_turns():
        play_turn(game.pk, rng_seed=1)
        return play_turn(game.pk, rng_seed=2)
    latest = await db_async(two_turns)()
    # Two changes committed back to back: each version's own view goes out once, in order, never an older one
    # after a newer one (each is the view built when that version committed).
    versions = [(await sock.receive_type("game"))["version"]]
    while versions[-1] < latest.version:
        versions.append((await sock.receive_type("game"))["version"])
    assert versions == sorted(set(versions)) and versions[-1] == latest.version == after.version + 2
    assert await sock.nothing()
    await db_async(game_broadcast)(game_id=game.pk, version=after.version + 1)  # late and stale: skipped
    assert await sock.nothing()
    await sock.close()


# ----- client messages -------------------------------------------------------------------------
@run_async
async def test_ping_sync_and_bad_messages(players):
    game = await db_async(start_game)(players[:2])
    sock = await Socket(game_path(game.pk), await db_async(session_cookie)(players[0])).connect()
    first = await sock.receive_type("game")

    await sock.send({"type": "ping"})
    assert await sock.receive() == {"type": "pong"}

    await sock.send({"type": "sync"})
    again = await sock.receive_type("game")
    assert again == first  # nothing changed: the same view again

    for bad in ({"type": "move", "turn": {}}, {"type": "game.updated", "game_id": game.pk, "version": 99},
                {"no": "type"}, [1, 2], "ping", {"type": 3}):
        await sock.send(bad)
        error = await sock.receive_type("error")
        assert isinstance(error["detail"], str) and error["detail"]
    await sock.send_text("{not json")
    assert (await sock.receive_type("error"))["detail"]
    await sock.comm.send_to(bytes_data=b"\x00\x01")
    assert (await sock.receive_type("error"))["detail"]

    await sock.send({"type": "ping"})  # still alive
    assert await sock.receive() == {"type": "pong"}
    await sock.close()


@run_async
async def test_sync_after_missed_changes_returns_the_current_view(players):
    game = await db_async(start_game)(players[:2])
    sock = await Socket(game_path(game.pk)).connect()
    await sock.receive_type("game")
    await sock.close()
    after = await db_async(play_turn)(game.pk)  # while disconnected
    sock = await Socket(game_path(game.pk)).connect()  # reconnect: the current view at once
    assert (await sock.receive_type("game"))["version"] == after.version
    await sock.send({"type": "sync"})
    assert (await sock.receive_type("game"))["version"] == after.version
    await sock.close()


# ----- frames and paths the site does not speak (found by an attack on the running site) -------------------
@run_async
async def test_a_deeply_nested_or_huge_frame_closes_the_socket_cleanly(players):
    game = await db_async(start_game)(players[:2])
    for frame in ("[" * 990 + "]" * 990, '{"type": "ping", "pad": "' + "x" * 5000 + '"}',
                  '{"type": "ping", "a": ' + "[" * 20 + "]" * 20 + "}"):
        sock = await Socket(game_path(game.pk)).connect()
        await sock.receive_type("game")
        await sock.send_text(frame)
        assert await sock.closed_with() == 4009
    sock = await Socket(game_path(game.pk)).connect()  # a normal frame still works, brackets in strings too
    await sock.receive_type("game")
    await sock.send_text('{"type": "ping", "note": "' + "[" * 40 + '"}')
    assert (await sock.receive())["type"] == "pong"
    await sock.close()


@run_async
async def test_a_socket_to_an_unknown_path_is_refused_at_the_handshake():
    for path in ("/ws/nope/", "/ws/games/abc/", "/elsewhere"):
        comm = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://testserver"),
                                                                 (b"host", b"testserver")])
        connected, code = await comm.connect(timeout=5)
        assert connected is False and code in (None, 1000, 403)
        await comm.disconnect()
