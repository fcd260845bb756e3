"""Delivery: an email is recorded once, sent after commit, and a failed send is retried on the same row."""
from __future__ import annotations

from unittest import mock

import pytest
from celery.exceptions import Retry
from django.core import mail

from games.models import SentEmail
from games.notifications import tasks

from .conftest import mover

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_failed_send_is_retried_on_the_same_record(start, clock) -> None:
    game = start(2)
    clock.advance(minutes=6)
    with mock.patch("django.core.mail.backends.locmem.EmailBackend.send_messages",
                    side_effect=ConnectionRefusedError("no mail server")):
        with pytest.raises(Retry):  # run eagerly, the retry surfaces; a worker waits and runs it again
            tasks.deliver_email.apply(args=[_decide(game)], throw=True)
    record = SentEmail.objects.get()
    assert (record.status, record.attempts) == (SentEmail.Status.PENDING, 1)
    assert "no mail server" in record.error and mail.outbox == []
    assert tasks.deliver_email(record.pk) == "sent"  # the retry
    assert tasks.deliver_email(record.pk) == "nothing to do"  # and a duplicate of it
    record.refresh_from_db()
    assert (record.status, record.attempts, SentEmail.objects.count()) == (SentEmail.Status.SENT, 2, 1)
    assert [m.to for m in mail.outbox] == [[mover(game).email]]


def _decide(game) -> int:
    """Record the turn email without sending it (as the deciding task does before its commit)."""
    from games.notifications import emails

    user = mover(game)
    context = emails.game_context(game, user, game.current_seat)
    email = emails.record(user=user, kind=SentEmail.Kind.TURN, context=context, game=game, seat=game.current_seat,
                          version=game.version)
    assert email is not None
    assert emails.record(user=user, kind=SentEmail.Kind.TURN, context={}, game=game, seat=game.current_seat,
                         version=game.version) is None  # the unique constraint: once
    return email.pk


def test_the_delivery_task_retries_with_backoff() -> None:
    task = tasks.deliver_email
    assert OSError in task.autoretry_for and task.retry_backoff and task.max_retries == 5


def test_a_stale_turn_email_is_not_sent(start, clock) -> None:
    from .conftest import play

    game = start(2)
    pk = _decide(game)
    play(game)
    assert tasks.deliver_email(pk) == "moved on"
    assert SentEmail.objects.get(pk=pk).status == SentEmail.Status.SKIPPED and mail.outbox == []


def test_a_failure_after_the_last_retry_marks_the_email_failed(start, clock) -> None:
    game = start(2)
    pk = _decide(game)
    tasks.deliver_email.on_failure(OSError("gave up"), "id", [pk], {}, None)
    assert SentEmail.objects.get(pk=pk).status == SentEmail.Status.FAILED
