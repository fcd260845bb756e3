"""The emails that tell the other players of a timeout are never lost (issue 24, item 9).

They are recorded (pending ``SentEmail`` rows) in the timeout's own transaction and delivered by a task after
it commits. If that task is lost (the broker was down, the worker was killed in the middle of the send), the
email sweep queues the delivery again once the row's lease is over: each email goes out, once.
"""
from __future__ import annotations

import logging
import os
import signal
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.utils import timezone

from games.models import Game, SentEmail
from games.notifications import emails, tasks
from games.play import clock as site_clock

from .conftest import (
    CeleryBroker,
    drain,
    mover,
    need_postgres,
    observed,
    start_game,
    stop_process,
    wait_until,
)
from .test_worker_killed import lines, start_worker

pytestmark = pytest.mark.django_db(transaction=True)


def past_the_deadline(game: Game) -> int:
    """Set the site clock past the deadline of the player to move; the version the timeout is for."""
    game.refresh_from_db()
    assert game.deadline is not None
    site_clock.freeze(game.deadline + timedelta(seconds=1))
    return game.version


def test_timeout_emails_whose_delivery_was_lost_while_redis_was_down_are_sent(make_user, private_redis,
                                                                             caplog) -> None:
    caplog.set_level(logging.ERROR)
    site_clock.freeze(timezone.now())
    try:
        with CeleryBroker(private_redis.url):
            game = start_game([make_user(), make_user(), make_user()])
            absent = mover(game)
            version = past_the_deadline(game)
            private_redis.kill()
            # a worker took the timeout before Redis went down: the timeout commits, nothing can be queued
            assert tasks.play_timeout.apply(args=(game.pk, version)).result == "played"
            private_redis.start()
            assert drain(private_redis.url) == []
            pending = list(SentEmail.objects.filter(game=game, kind=SentEmail.Kind.TIMEOUT)
                           .values_list("status", flat=True))
            assert tasks.sweep_pending_emails() == 0  # their lease still holds
            site_clock.advance(emails.DELIVERY_LEASE)
            assert tasks.sweep_pending_emails() == 2
            ran = drain(private_redis.url)
            site_clock.advance(emails.DELIVERY_LEASE * 2)
            assert tasks.sweep_pending_emails() == 0
    finally:
        site_clock.unfreeze()
    news = [m for m in mail.outbox if "timed out" in m.subject]
    observed(f"a timeout committed while Redis was down: its emails were recorded with it ({pending}); after the "
             f"restart and the lease the email sweep queued them: {ran}")
    assert pending == [SentEmail.Status.PENDING] * 2
    assert sorted(m.to[0] for m in news) == sorted(s.user.email for s in game.seats.all() if s.user != absent)
    assert set(SentEmail.objects.filter(game=game).values_list("status", flat=True)) == {SentEmail.Status.SENT}


def test_a_worker_killed_while_sending_a_timeout_email_loses_nothing(make_user, private_redis, tmp_path,
                                                                     settings) -> None:
    need_postgres("the worker process must share the test database")
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": [private_redis.url]}}}
    outbox, attempts, log = tmp_path / "outbox", tmp_path / "attempts.log", tmp_path / "worker.log"
    workers: list[subprocess.Popen] = []
    site_clock.freeze(timezone.now())  # the sweep runs here on this clock; the workers keep the real time
    try:
        with CeleryBroker(private_redis.url):
            game = start_game([make_user(), make_user(), make_user()])
            absent = mover(game)
            version = past_the_deadline(game)
            assert tasks.play_timeout.apply(args=(game.pk, version)).result == "played"  # two deliveries queued
            workers.append(start_worker(private_redis.url, outbox, attempts, log, slow=120))
            wait_until(lambda: lines(attempts), "the first worker inside a send", timeout=60, process=workers[0],
                       log=log)
            os.kill(workers[0].pid, signal.SIGKILL)
            workers[0].wait(timeout=10)
            statuses = sorted(SentEmail.objects.filter(game=game).values_list("status", flat=True))
            workers.append(start_worker(private_redis.url, outbox, attempts, log, slow=0))
            wait_until(lambda: SentEmail.objects.filter(game=game, status=SentEmail.Status.SENT).count() == 1,
                       "the other email sent by the second worker", timeout=60, process=workers[1], log=log)
            assert tasks.sweep_pending_emails() == 0  # the lease still holds
            site_clock.advance(emails.DELIVERY_LEASE)
            assert tasks.sweep_pending_emails() == 1  # the one the killed worker was sending
            wait_until(lambda: SentEmail.objects.filter(game=game, status=SentEmail.Status.SENT).count() == 2,
                       "both emails sent", timeout=60, process=workers[1], log=log)
            site_clock.advance(emails.DELIVERY_LEASE * 2)
            assert tasks.sweep_pending_emails() == 0
    finally:
        for worker in workers:
            stop_process(worker, timeout=20)
        site_clock.unfreeze()
    files = sorted(Path(outbox).glob("*.log"))
    recipients = sorted(line.split(": ", 1)[1] for f in files for line in f.read_text().splitlines()
                        if line.startswith("To: "))
    observed(f"worker 1 SIGKILLed inside a timeout email's send (rows then: {statuses}); worker 2 sent the other, "
             f"the email sweep queued the lost one after the lease: {len(files)} email files, the backend entered "
             f"{len(lines(attempts))} times")
    assert statuses == [SentEmail.Status.PENDING] * 2
    assert recipients == sorted(s.user.email for s in game.seats.all() if s.user != absent)
