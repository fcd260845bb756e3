"""A Celery worker killed in the middle of sending an email: the email still goes out, exactly once.

A real ``celery worker --pool=solo`` (a subprocess, on the test's PostgreSQL database and a private Redis)
sends through ``tests.robustness.slow_email.SlowFileBackend``, which sleeps before writing the message file.
The worker is SIGKILLed during that sleep. A second worker is started; the sweep (run here, on the frozen
clock) finds the turn email's notice again once its lease is over, and the recorded email is sent by the
new worker: one file in the outbox, one SentEmail row, status sent.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from games.models import Notice, SentEmail
from games.notifications import tasks
from games.play import clock as site_clock

from .conftest import CeleryBroker, database_url, mover, need_postgres, observed, start_game, stop_process, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def start_worker(redis_url: str, outbox: Path, attempts: Path, log: Path, slow: float) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": database_url(), "INPROCESS_SWEEP": "0",
           "EMAIL_BACKEND": "tests.robustness.slow_email.SlowFileBackend", "EMAIL_FILE_PATH": str(outbox),
           "SLOW_EMAIL_SECONDS": str(slow), "SLOW_EMAIL_LOG": str(attempts), "SITE_URL": settings.SITE_URL,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(settings.BASE_DIR), os.environ.get("PYTHONPATH")])),
           "CELERY_QUEUE": "celery"}
    with log.open("a") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "arkproject", "worker", "--pool=solo", "-l", "info",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"robust-{time.time_ns()}@%h"],
            cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT)


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


@pytest.mark.skipif(not os.environ.get("REDIS_URL"),
                    reason="needs Redis for a real Celery worker: set REDIS_URL (CI: redis://127.0.0.1:6379/0) and a "
                           "PostgreSQL DATABASE_URL")
def test_a_worker_killed_while_sending_an_email_loses_nothing_and_sends_once(make_user, private_redis, tmp_path,
                                                                               settings) -> None:
    need_postgres("the worker process must share the test database")
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": [private_redis.url]}}}
    outbox, attempts, log = tmp_path / "outbox", tmp_path / "attempts.log", tmp_path / "worker.log"
    site_clock.freeze(timezone.now())  # the sweep runs here on this clock; the workers keep the real time
    workers: list[subprocess.Popen] = []
    try:
        with CeleryBroker(private_redis.url):
            game = start_game([make_user(), make_user()])
            player = mover(game)
            workers.append(start_worker(private_redis.url, outbox, attempts, log, slow=120))
            site_clock.advance(tasks.NOTICE_LEASE / 2)  # past the grace period: the turn email is due
            assert tasks.sweep_due_notices() == 1
            wait_until(lambda: lines(attempts), "the first worker inside the send", timeout=60,
                       process=workers[0], log=log)
            began = time.monotonic()
            os.kill(workers[0].pid, signal.SIGKILL)
            workers[0].wait(timeout=10)
            killed = SentEmail.objects.get(game=game)
            notice = Notice.objects.get(game=game, kind=Notice.Kind.TURN_EMAIL, version=game.version)
            files_then = list(outbox.glob("*")) if outbox.exists() else []
            observed(f"worker 1 SIGKILLed inside the send: email row {killed.status} (attempts {killed.attempts}), "
                     f"{len(files_then)} files in the outbox; the notice is open (done_at={notice.done_at}, "
                     f"attempt {notice.attempts}, leased)")
            assert killed.status == SentEmail.Status.PENDING and files_then == []
            assert notice.done_at is None

            workers.append(start_worker(private_redis.url, outbox, attempts, log, slow=0))
            assert tasks.sweep_due_notices() == 0  # the lease still holds
            site_clock.advance(tasks.NOTICE_LEASE)
            assert tasks.sweep_due_notices() == 1  # the lease ran out: handed out again
            wait_until(lambda: SentEmail.objects.filter(game=game, status=SentEmail.Status.SENT).exists(),
                       "the email sent by the second worker", timeout=60, process=workers[1], log=log)
            wait_until(lambda: Notice.objects.filter(pk=notice.pk, done_at__isnull=False).exists(),
                       "the notice closed", timeout=30, process=workers[1], log=log)
            # more sweeps, later: nothing more is sent
            site_clock.advance(tasks.NOTICE_LEASE * 2)
            tasks.sweep_due_notices()
            time.sleep(1.0)
    finally:
        for worker in workers:
            stop_process(worker, timeout=20)
        site_clock.unfreeze()
    files = sorted(outbox.glob("*.log"))
    rows = list(SentEmail.objects.filter(game=game))
    notice.refresh_from_db()
    observed(f"after a second worker and a sweep past the lease: {len(files)} email file(s), {len(rows)} SentEmail "
             f"row(s) status {rows[0].status} attempts {rows[0].attempts}; the backend was entered "
             f"{len(lines(attempts))} times; notice outcome {notice.outcome!r} after {notice.attempts} hand-outs; "
             f"{time.monotonic() - began:.1f} s from the kill to the end")
    assert len(files) == 1 and len(rows) == 1 and rows[0].status == SentEmail.Status.SENT
    assert len(lines(attempts)) == 2 and notice.outcome == "sent"
    text = files[0].read_text()
    assert f"To: {player.email}" in text and f"Your turn in The Ark of the Covenant #{game.pk}" in text
