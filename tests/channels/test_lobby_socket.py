"""/ws/lobby/: logged-in users only; the games waiting for this user, after every change to one of theirs."""
from __future__ import annotations

import random

import pytest

from games.play import services
from games.rules import engine, games
from tests.channels.conftest import Socket, db_async, mover, play_turn, run_async, session_cookie, start_game
from tests.factories import play_step, turn_of

pytestmark = pytest.mark.django_db(transaction=True)

LOBBY = "/ws/lobby/"


@run_async
async def test_anonymous_is_refused_with_4401():
    sock = await Socket(LOBBY).connect()
    assert await sock.closed_with() == 4401


@run_async
async def test_the_lobby_lists_a_game_when_it_becomes_my_turn(players):
    p0, p1, watcher, _ = players
    game = await db_async(start_game)([p0, p1])
    first = await db_async(mover)(game)
    second = p1 if first == p0 else p0
    sockets = {}
    for user in (first, second, watcher):
        sockets[user.pk] = await Socket(LOBBY, await db_async(session_cookie)(user)).connect()
    assert await sockets[first.pk].receive() == {"type": "lobby", "waiting": [game.pk], "changed": None}
    assert await sockets[second.pk].receive() == {"type": "lobby", "waiting": [], "changed": None}
    assert await sockets[watcher.pk].receive() == {"type": "lobby", "waiting": [], "changed": None}

    await db_async(play_turn)(game.pk)
    assert await sockets[second.pk].receive() == {"type": "lobby", "waiting": [game.pk], "changed": game.pk}
    assert await sockets[first.pk].receive() == {"type": "lobby", "waiting": [], "changed": game.pk}
    assert await sockets[watcher.pk].nothing()  # not seated: not told
    for sock in sockets.values():
        await sock.close()


@run_async
async def test_the_lobby_hears_joins_and_lists_only_active_games(players):
    p0, p1, p2, _ = players
    waiting_one = await db_async(start_game)([p0, p1])  # someone is to move here
    game = await db_async(services.game_create)(user=p0, game="carcassonne", players=3)
    sock = await Socket(LOBBY, await db_async(session_cookie)(p0)).connect()
    mine = (await sock.receive_type("lobby"))["waiting"]
    assert game.pk not in mine
    await db_async(services.game_join)(game_id=game.pk, user=p1)
    message = await sock.receive_type("lobby")
    assert message["changed"] == game.pk and game.pk not in message["waiting"]  # not started yet
    assert set(message["waiting"]) <= {waiting_one.pk}
    await sock.close()


@run_async
async def test_lobby_ping_sync_and_bad_messages(players):
    sock = await Socket(LOBBY, await db_async(session_cookie)(players[0])).connect()
    assert (await sock.receive_type("lobby"))["changed"] is None
    await sock.send({"type": "ping"})
    assert await sock.receive() == {"type": "pong"}
    await sock.send({"type": "sync"})
    assert await sock.receive() == {"type": "lobby", "waiting": [], "changed": None}
    await sock.send({"type": "join", "game": 1})
    assert (await sock.receive_type("error"))["detail"]
    await sock.send_text("]")
    assert (await sock.receive_type("error"))["detail"]
    await sock.close()


@run_async
async def test_open_games_by_others_appear_live_in_every_lobby(players):
    """A public game opened, filled or cancelled by someone else changes every lobby's open list at once;
    a private one tells no one."""
    host, guest, watcher, _ = players
    sock = await Socket(LOBBY, await db_async(session_cookie)(watcher)).connect()
    assert (await sock.receive())["changed"] is None
    game = await db_async(services.game_create)(user=host, game="carcassonne", players=2)
    assert await sock.receive() == {"type": "lobby", "waiting": [], "changed": game.pk}
    await db_async(services.game_create)(user=host, game="ark", players=2, private=True)
    assert await sock.nothing()
    await db_async(services.game_join)(game_id=game.pk, user=guest)  # full: it leaves the open list
    assert (await sock.receive())["changed"] == game.pk
    await sock.close()


def _one_step(game_id: int, rng: random.Random) -> bool:
    """The seat to move plays one random legal step; whether its turn went on after it."""
    from games.models import Game

    game = Game.objects.get(pk=game_id)
    turn = turn_of(game)
    return turn_of(play_step(game, rng)) == turn


@pytest.mark.parametrize("name", [name for name in games() if not engine(name).whole_turns])
@run_async
async def test_a_step_inside_a_turn_tells_no_lobby_and_the_turns_end_tells_both(players, name):
    """A lobby lists whose turn it is, until when, the seats and the status: a step that changes none of these
    (in every game played by steps) does not make the players' lobbies fetch their lists again."""
    p0, p1, _, _ = players
    game = await db_async(start_game)([p0, p1], name=name)
    sockets = [await Socket(LOBBY, await db_async(session_cookie)(user)).connect() for user in (p0, p1)]
    for sock in sockets:
        assert (await sock.receive_type("lobby"))["changed"] is None
    rng = random.Random(3)
    assert await db_async(_one_step)(game.pk, rng)  # the first news of this game since the sockets opened: told
    for sock in sockets:
        assert (await sock.receive_type("lobby"))["changed"] == game.pk
    steps_inside = 0
    for _ in range(200):
        if not await db_async(_one_step)(game.pk, rng):
            break
        steps_inside += 1
        for sock in sockets:
            assert await sock.nothing()
    else:
        raise AssertionError("the turn did not end")
    assert steps_inside >= 1
    for sock in sockets:  # the turn ended: whose turn it is moved
        assert (await sock.receive_type("lobby"))["changed"] == game.pk
    for sock in sockets:
        await sock.close()
