"""Redis stops in the middle of a game: turns are still accepted and saved; once it is back the news catch up.

Everything that uses Redis (the channel layer, the Celery broker, the cache the rate limits count in) is
pointed at a private ``redis-server`` on a free port, which the test kills (SIGKILL) mid-game and restarts
on the same port. The machine's own Redis is never touched. Queued Celery messages are run here, from the
private broker's list, as a worker would (``drain``), so the test needs no worker and runs on SQLite too.
"""
from __future__ import annotations

import logging
import random
import time
import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async as db_async
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Game, Notice, SentEmail
from games.notifications import tasks
from games.play import clock as site_clock
from tests.channels.conftest import Socket, session_cookie

from .conftest import CeleryBroker, check_log, drain, mover, next_turn, observed, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def submit(game: Game, rng: random.Random) -> tuple[int, float]:
    """The player to move plays a random legal turn through the API; returns the status and the seconds."""
    game.refresh_from_db()
    client = APIClient()
    client.force_authenticate(mover(game))
    began = time.monotonic()
    response = client.post(f"/api/games/{game.pk}/turns/", {"version": game.version, "turn": next_turn(game, rng)},
                           format="json")
    return response.status_code, time.monotonic() - began


def test_redis_stops_mid_game_turns_are_saved_and_the_news_resume(make_user, private_redis, settings,
                                                                    caplog) -> None:
    caplog.set_level(logging.WARNING)
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": [private_redis.url],
                                                      "prefix": f"robust-{uuid.uuid4().hex}"}}}
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": private_redis.url}}
    settings.CELERY_BROKER_URL = private_redis.url  # for the record: the app's own conf is switched below
    site_clock.freeze(timezone.now())
    rng = random.Random(11)
    facts: dict[str, Any] = {}
    try:
        with CeleryBroker(private_redis.url):
            players = [make_user(), make_user()]
            game = start_game(players, seed=99)
            cookies = {user.pk: session_cookie(user) for user in players}

            async def scenario() -> None:
                watcher = await Socket(f"/ws/games/{game.pk}/", cookies[players[0].pk]).connect()
                first = await watcher.receive_type("game")
                facts["socket version before"] = first["version"]

                private_redis.kill()
                answers = [await db_async(submit)(game, rng) for _ in range(4)]
                facts["turns while Redis is down"] = [(code, round(seconds, 2)) for code, seconds in answers]
                assert all(code == 200 for code, _ in answers), answers
                try:  # the old socket hears nothing (its layer is gone); it may also have failed outright
                    facts["old socket during the outage"] = "silent" if await watcher.nothing() else "got a message"
                    await watcher.close()
                except Exception as exc:  # noqa: BLE001 - reported
                    facts["old socket during the outage"] = f"failed: {type(exc).__name__}"

                # the turn email falls due while the broker is down: handed out, but nothing can be queued
                site_clock.advance(tasks.NOTICE_LEASE / 2)
                facts["sweep while down"] = await db_async(tasks.sweep_due_notices)()

                private_redis.start()  # same port
                await db_async(game.refresh_from_db)()
                again = await Socket(f"/ws/games/{game.pk}/", cookies[players[0].pk]).connect()
                hello = await again.receive_type("game")
                await again.send({"type": "sync"})
                synced = await again.receive_type("game")
                facts["reconnect + sync"] = (hello["version"], synced["version"], game.version)
                assert synced["version"] == game.version
                assert mail.outbox == [] and not await db_async(SentEmail.objects.exists)()
                facts["waiting notice"] = await db_async(Notice.objects.get)(
                    game=game, kind=Notice.Kind.TURN_EMAIL, version=game.version)
                # the sweep redoes the due work once the lease is over: the turn email goes out, once
                site_clock.advance(tasks.NOTICE_LEASE)
                facts["sweep after the lease"] = await db_async(tasks.sweep_due_notices)()
                facts["tasks run after the restart"] = await db_async(drain)(private_redis.url)
                await db_async(tasks.sweep_due_notices)()
                facts["tasks run after another sweep"] = await db_async(drain)(private_redis.url)
                code, _ = await db_async(submit)(game, rng)
                assert code == 200
                pushed = await again.receive_type("game")
                facts["push after restart"] = pushed["version"]
                await db_async(game.refresh_from_db)()
                assert pushed["version"] == game.version
                await again.close()

            async_to_sync(scenario)()
            assert facts["sweep while down"] == 1 and facts["sweep after the lease"] == 1
            log = check_log(game)
    finally:
        site_clock.unfreeze()
    waiting = facts["waiting notice"]
    waiting.refresh_from_db()
    sent = SentEmail.objects.filter(game=game)
    warnings = sorted({r.getMessage()[:70] for r in caplog.records if r.levelno >= logging.WARNING})
    observed(f"Redis killed mid-game: {facts['turns while Redis is down']} (status, seconds) for 4 turns; "
             f"old socket: {facts['old socket during the outage']}; sweep while down handed out "
             f"{facts['sweep while down']} notice(s); logged: {warnings}")
    observed(f"Redis restarted: a new socket got version {facts['reconnect + sync'][0]}, sync -> "
             f"{facts['reconnect + sync'][1]} (game at {facts['reconnect + sync'][2]}); the next turn pushed "
             f"version {facts['push after restart']}; log: {log['moves']} moves, replay == state")
    observed(f"after the lease a sweep re-queued the turn email of version {waiting.version} (due during the "
             f"outage): {facts['tasks run after the restart']}; a later sweep: "
             f"{facts['tasks run after another sweep']}; emails: {[m.subject for m in mail.outbox]}, "
             f"notice outcome {waiting.outcome!r}")
    assert [m.to for m in mail.outbox] == [[waiting.user.email]]
    email = sent.get()
    assert (email.version, email.status, waiting.outcome) == (waiting.version, SentEmail.Status.SENT, "sent")


def test_a_socket_learns_that_redis_is_down_and_catches_up_when_it_is_back(make_user, private_redis,
                                                                           settings) -> None:
    """The pong comes through the channel layer: a socket whose layer is down closes (4503), so the page says
    it is reconnecting and retries (a new socket cannot open until Redis is back: its channel cannot be made);
    the socket it gets once Redis is back starts at the present version, and the page's periodic ``sync`` with
    its version gets an answer only when the game moved on."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": [private_redis.url],
                                                      "prefix": f"robust-{uuid.uuid4().hex}"}}}
    rng = random.Random(12)
    players = [make_user(), make_user()]
    game = start_game(players, seed=98)
    cookie = session_cookie(players[0])
    facts: dict[str, Any] = {}

    async def scenario() -> None:
        watcher = await Socket(f"/ws/games/{game.pk}/", cookie).connect()
        shown = (await watcher.receive_type("game"))["version"]
        await watcher.send({"type": "ping"})
        assert await watcher.receive() == {"type": "pong"}
        private_redis.kill()
        code, _ = await db_async(submit)(game, rng)  # saved; its push is lost with Redis
        assert code == 200
        await watcher.send({"type": "ping"})
        facts["ping while down"] = await watcher.closed_with()
        private_redis.start()
        back = await Socket(f"/ws/games/{game.pk}/", cookie).connect()
        hello = (await back.receive_type("game"))["version"]
        await back.send({"type": "sync", "version": hello})
        facts["sync at the present version"] = "nothing" if await back.nothing() else "an answer"
        await back.send({"type": "sync", "version": shown})
        facts["sync one version behind"] = (await back.receive_type("game"))["version"]
        await back.send({"type": "ping"})
        assert await back.receive() == {"type": "pong"}
        await back.close()
        facts["shown before"], facts["reconnected at"] = shown, hello

    async_to_sync(scenario)()
    game.refresh_from_db()
    observed(f"Redis killed under an open socket: a ping then closed it with {facts['ping while down']}; once "
             f"back, a new socket began at version "
             f"{facts['reconnected at']} (the page had {facts['shown before']}, the game is at {game.version}); "
             f"sync with the present version: {facts['sync at the present version']}; with an old one: version "
             f"{facts['sync one version behind']}")
    assert facts["ping while down"] == 4503
    assert facts["reconnected at"] == game.version == facts["shown before"] + 1
    assert facts["sync at the present version"] == "nothing" and facts["sync one version behind"] == game.version
