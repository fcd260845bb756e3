"""How it runs: Celery beat's schedule, and the in-process sweeper of the embedded default."""
from __future__ import annotations

import pytest
from django.conf import settings

from arkproject.celery import app
from games.notifications import sweeper


def test_beat_sweeps_every_minute_and_checks_the_digest_hourly() -> None:
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["sweep-due-notices"] == {"task": "games.tasks.sweep_due_notices", "schedule": 60.0}
    assert schedule["send-reminder-digests"]["task"] == "games.tasks.send_reminder_digests"
    assert schedule["sweep-pending-emails"] == {"task": "games.tasks.sweep_pending_emails", "schedule": 60.0}
    app.loader.import_default_modules()
    assert {"games.tasks.sweep_due_notices", "games.tasks.send_reminder_digests", "games.tasks.send_turn_email",
            "games.tasks.play_timeout", "games.tasks.deliver_email", "games.tasks.sweep_pending_emails",
            "games.tasks.play_computer_step"} <= set(app.tasks)


@pytest.mark.parametrize(("argv", "run_main", "serving"), [
    (["manage.py", "runserver", "127.0.0.1:8000"], "true", True),   # the autoreloader's child serves
    (["manage.py", "runserver", "127.0.0.1:8000"], None, False),    # its parent only watches files
    (["manage.py", "runserver", "--noreload"], None, True),
    (["/usr/bin/daphne", "arkproject.asgi:application"], None, True),
    (["manage.py", "migrate"], "true", False),
    (["celery", "-A", "arkproject", "worker"], None, False),
])
def test_only_the_serving_process_sweeps(monkeypatch, argv, run_main, serving) -> None:
    if run_main:
        monkeypatch.setenv("RUN_MAIN", run_main)
    else:
        monkeypatch.delenv("RUN_MAIN", raising=False)
    assert sweeper.serving(argv) is serving


def test_never_under_tests(monkeypatch) -> None:
    monkeypatch.setenv("RUN_MAIN", "true")
    assert settings.INPROCESS_SWEEP is False
    assert sweeper.start(["manage.py", "runserver"]) is False


@pytest.mark.django_db(transaction=True)
def test_a_round_of_the_in_process_sweeper_sends_what_is_due(start, clock) -> None:
    from django.core import mail

    start(2)
    clock.advance(minutes=6)
    sweeper.run_once(check_digests=True)
    assert [m.subject.split(" #")[0] for m in mail.outbox] == ["Your turn in The Ark of the Covenant"]


def test_the_sweeper_thread_starts_once(settings, monkeypatch) -> None:
    settings.INPROCESS_SWEEP = True
    settings.SWEEP_INTERVAL_SECONDS = 3600
    monkeypatch.setattr(sweeper, "_thread", None)
    monkeypatch.setattr(sweeper, "_stop", __import__("threading").Event())
    try:
        assert sweeper.start(["daphne", "arkproject.asgi:application"]) is True
        assert sweeper.start(["daphne", "arkproject.asgi:application"]) is False
        assert sweeper._thread is not None and sweeper._thread.daemon and sweeper._thread.is_alive()
    finally:
        sweeper._stop.set()
        if sweeper._thread is not None:
            sweeper._thread.join(timeout=10)
    assert not sweeper._thread.is_alive()
