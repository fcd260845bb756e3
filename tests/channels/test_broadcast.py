"""The after-commit broadcaster: ids and a version to the game's and the seated users' groups; never raises."""
from __future__ import annotations

import asyncio
import logging
import time

import pytest
from django.db import connections

import games.live.broadcast as broadcast
from games.live.broadcast import game_broadcast
from games.models import Game, Move
from tests.channels.conftest import TIMEOUT, db_async, play_turn, run_async, start_game

pytestmark = pytest.mark.django_db(transaction=True)


@run_async
async def test_group_messages_carry_ids_and_the_version_only(players, channel_layer):
    p0, p1 = players[:2]
    game = await db_async(start_game)([p0, p1])
    await db_async(broadcast.wait_for_broadcasts)()  # the start's own news is out before we listen
    groups = [f"game.{game.pk}", f"user.{p0.pk}", f"user.{p1.pk}"]
    listeners = {}
    for group in groups:
        listeners[group] = await channel_layer.new_channel()
        await channel_layer.group_add(group, listeners[group])

    after = await db_async(play_turn)(game.pk)
    to_move = await db_async(lambda: after.seats.get(number=after.current_seat).user_id)()
    for group in groups:
        message = await asyncio.wait_for(channel_layer.receive(listeners[group]), TIMEOUT)
        # ids, the version, the public deadline and status: never a view, a tile or the pile
        assert message == {"type": "game.updated", "game_id": game.pk, "version": after.version,
                           "seated": sorted([p0.pk, p1.pk]), "to_move": to_move,
                           "deadline": after.deadline.isoformat().replace("+00:00", "Z"), "status": "active"}, group


def test_a_failing_layer_does_not_undo_or_break_the_turn(players, channel_layer, monkeypatch, caplog):
    game = start_game(players[:2])

    async def broken(group, message):
        raise ConnectionError("the channel layer is down")

    monkeypatch.setattr(channel_layer, "group_send", broken, raising=False)  # the instance the site sends through

    with caplog.at_level(logging.WARNING, logger="games.live.broadcast"):
        after = play_turn(game.pk)  # on_commit runs the broadcaster: it must not raise
        broadcast.wait_for_broadcasts()
    before = game.version
    game.refresh_from_db()
    assert game.version == after.version == before + 1
    assert Move.objects.filter(game=game, kind=Move.Kind.TURN).count() == 1
    assert "failed" in caplog.text


def test_an_unreachable_redis_does_not_break_the_turn(players, settings, caplog):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]}}}  # nothing listens
    game = start_game(players[:2])
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="games.live.broadcast"):
        after = play_turn(game.pk)
        assert time.monotonic() - started < 10  # the turn does not wait for the layer
        broadcast.wait_for_broadcasts()
    assert Game.objects.get(pk=game.pk).version == after.version
    assert "failed" in caplog.text or "timed out" in caplog.text


def test_the_broadcaster_never_raises(players, monkeypatch):
    def explode():
        raise RuntimeError("no layer")
    monkeypatch.setattr(broadcast, "get_channel_layer", explode)
    game_broadcast(game_id=12345, version=1)  # logged, not raised


@run_async
async def test_a_running_event_loop_in_the_callers_thread_is_no_obstacle(players, channel_layer, monkeypatch):
    game = await db_async(start_game)(players[:2])
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # as the browser tests do under Playwright
    listener = await channel_layer.new_channel()
    await channel_layer.group_add(f"game.{game.pk}", listener)
    # Called straight from the loop's thread (as under Playwright's sync API), not through sync_to_async.
    try:
        game_broadcast(game_id=game.pk, version=game.version)
    finally:
        connections.close_all()  # the loop's thread opened a connection of its own for the seats
    message = await asyncio.wait_for(channel_layer.receive(listener), TIMEOUT)
    assert (message["type"], message["game_id"], message["version"]) == ("game.updated", game.pk, game.version)
