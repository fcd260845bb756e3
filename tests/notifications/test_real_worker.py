"""A real Celery worker against the Redis on 127.0.0.1 sees a task through to the email (CI).

The worker runs in a subprocess on the test's own database (PostgreSQL: the committed rows of a
``transaction=True`` test), with a queue of its own and the file email backend into a temporary folder.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings

from arkproject.celery import app as celery_app
from games.models import SentEmail
from games.notifications import tasks
from games.play import clock as site_clock

from .conftest import mover, start_game

WAIT_SECONDS = 60


def database_url() -> str:
    """A DATABASE_URL for the test database this process uses (under xdist: test_test_gw0 and so on)."""
    db = settings.DATABASES["default"]
    auth = quote(db["USER"] or "", safe="") + (":" + quote(db["PASSWORD"], safe="") if db.get("PASSWORD") else "")
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return f"postgres://{auth}{'@' if auth else ''}{host}/{db['NAME']}"


def wait_for(condition, worker: subprocess.Popen, log: Path, what: str):
    """Poll ``condition`` until it gives something true; fail if the worker dies or time runs out."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        if worker.poll() is not None:
            pytest.fail(f"the worker exited ({worker.returncode}) before {what}:\n{log.read_text()}")
        time.sleep(0.1)
    pytest.fail(f"no {what} after {WAIT_SECONDS} s; worker log:\n{log.read_text()}")


@pytest.mark.skipif(not os.environ.get("REDIS_URL"),
                    reason="needs a Redis broker: set REDIS_URL (CI: redis://127.0.0.1:6379/0) and a PostgreSQL "
                           "DATABASE_URL to run a real Celery worker")
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_sends_a_turn_email(users, tmp_path) -> None:
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("the worker must share the test database: set DATABASE_URL to PostgreSQL")
    site_clock.unfreeze()  # the worker keeps the real time
    game = start_game(users[:2])
    player = mover(game)
    queue = f"test-{uuid.uuid4().hex}"  # the worker's own queue: no other worker takes this task
    outbox = tmp_path / "outbox"
    log = tmp_path / "worker.log"
    env = {**os.environ, "REDIS_URL": os.environ["REDIS_URL"], "DATABASE_URL": database_url(),
           "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend", "EMAIL_FILE_PATH": str(outbox),
           "CELERY_QUEUE": queue, "SITE_URL": settings.SITE_URL, "INPROCESS_SWEEP": "0"}
    with log.open("w") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "arkproject", "worker", "--pool=solo", "-l", "warning",
             "-Q", queue, "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT)
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        tasks.send_turn_email.apply_async(args=[game.pk, game.current_seat, game.version], queue=queue)
        files = wait_for(lambda: sorted(outbox.glob("*.log")) if outbox.exists() else [], worker, log,
                         "email file")
        wait_for(lambda: SentEmail.objects.filter(game=game, status=SentEmail.Status.SENT).exists(), worker, log,
                 "sent record")
    finally:
        celery_app.conf.task_always_eager = eager
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(timeout=10)
    text = files[0].read_text()
    assert f"Subject: Your turn in The Ark of the Covenant #{game.pk}" in text
    assert f"To: {player.email}" in text and "List-Unsubscribe-Post: List-Unsubscribe=One-Click" in text
    assert f"{settings.SITE_URL}/games/{game.pk}/" in text
    record = SentEmail.objects.get(game=game)
    assert (record.kind, record.version, record.user) == (SentEmail.Kind.TURN, game.version, player)
