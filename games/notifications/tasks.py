"""Celery tasks of asynchronous play: the sweep of due rows, timeouts, and notification emails.

Every task takes ids and the game version it was queued for, re-reads, and does nothing if the game has
moved on or the email was recorded already (STYLE.md section 3). Emails are decided and recorded in one
transaction (a pending ``SentEmail``) and sent after it commits by ``deliver_email``, which retries with
backoff on the same row; ``sweep_pending_emails`` queues a pending one again when its delivery task was lost.
Deadlines and reminders are ``Notice`` rows swept every minute by ``sweep_due_notices`` (Celery beat, or the
in-process sweeper of games/sweeper.py without a broker).
"""
from __future__ import annotations

import logging
from datetime import date, timedelta
from typing import Any, Callable, Optional

from celery import Task, shared_task
from celery.exceptions import Retry
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from kombu.exceptions import OperationalError

from games.models import Game, Move, Notice, Seat, SentEmail
from games.notifications import emails
from games.play import clock, notices, services
from games.push import messages as push_messages

logger = logging.getLogger(__name__)

SWEEP_BATCH = 500
#: A handed-out notice is due again after this long unless its task closed it (a worker died meanwhile).
NOTICE_LEASE = timedelta(minutes=10)
NOTICE_MAX_ATTEMPTS = 5


def queue(task: Any, *args: Any) -> None:
    """Queue ``task(*args)`` now (call it from ``transaction.on_commit``); a broker outage is logged."""
    try:
        task.delay(*args)
    except Retry:  # run eagerly (no broker) and failed: its row stays pending
        logger.warning("%s%r failed; left pending", task.name, args)
    except OperationalError:
        logger.exception("could not queue %s%r: is the broker (REDIS_URL) up?", task.name, args)


# ----- the sweep -----------------------------------------------------------------------------------------
def _hand_out(jobs: list[tuple[str, int, int, int]]) -> None:
    from games.computer.tasks import queue_computer_step  # to the computer queue, or this process's computer thread

    starters: dict[str, Callable[[int, int, int], None]] = {
        Notice.Kind.TURN_EMAIL: lambda g, s, v: queue(send_turn_email, g, s, v),
        Notice.Kind.REMINDER: lambda g, s, v: queue(send_reminder, g, s, v),
        Notice.Kind.TIMEOUT: lambda g, s, v: queue(play_timeout, g, v),
        Notice.Kind.COMPUTER: lambda g, s, v: queue_computer_step(g, v),
    }
    for kind, game_id, seat, version in jobs:
        try:
            starters[kind](game_id, seat, version)
        except Exception:  # run eagerly: one failure must not keep the others waiting
            logger.exception("%s for game %s version %s failed", kind, game_id, version)


@shared_task(name="games.tasks.sweep_due_notices")
def sweep_due_notices() -> int:
    """Hand the due notices to their tasks and end the vacations whose time is up; returns how many.

    ``select_for_update(skip_locked=True)``: several sweepers at once each take different rows. A handed
    notice is leased (due again after NOTICE_LEASE, a computer's step after COMPUTER_STEP_PATIENCE_SECONDS)
    until its task closes it, so a lost task is retried.
    """
    from accounts.services import vacations_end_due

    now = clock.now()
    jobs: list[tuple[str, int, int, int]] = []
    with transaction.atomic():
        due = (Notice.objects.select_for_update(skip_locked=True)
               .filter(done_at__isnull=True, due_at__lte=now).order_by("due_at", "id")[:SWEEP_BATCH])
        for notice in due:
            if notice.attempts >= NOTICE_MAX_ATTEMPTS:
                notice.done_at, notice.outcome = now, "gave up"
                notice.save(update_fields=["done_at", "outcome"])
                logger.error("gave up on %s after %s attempts", notice, notice.attempts)
                continue
            notice.attempts += 1
            notice.due_at = now + (notices.computer_patience() if notice.kind == Notice.Kind.COMPUTER else NOTICE_LEASE)
            notice.save(update_fields=["attempts", "due_at"])
            jobs.append((notice.kind, notice.game_id, notice.seat, notice.version))
        transaction.on_commit(lambda: _hand_out(jobs))
    vacations_end_due()
    return len(jobs)


# ----- turn emails and reminders -------------------------------------------------------------------------
def _decide(game_id: int, seat: int, version: int, kind: str) -> Optional[str]:
    """Record the turn email or reminder for the seat to move at ``version`` if it is still wanted.

    Returns what came of it, or None to leave the notice open (the clock was stopped meanwhile).
    """
    with transaction.atomic():
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            return "no such game"
        if game.version != version or game.status != Game.Status.ACTIVE or game.current_seat != seat:
            return "moved on"
        if game.deadline is None:
            return None  # on vacation: the notice waits for the clock to run again
        if game.deadline <= clock.now():
            return "deadline passed"
        user = game.seats.select_related("user").get(number=seat).user
        with translation.override(user.reading_language):  # the words the player reads, in their language
            time_left = _duration_words(game.deadline - clock.now())
            # its push, if the player wants one (games/push): the same due row, grace period and checks
            pushed = push_messages.queue_after([push_messages.record_for_turn(
                game=game, user=user, seat=seat, kind=kind, version=version, time_left=time_left)])
            outcome = _decide_email(game, user, seat, version, kind, time_left)
    return "pushed" if pushed and outcome != "queued" else outcome


def _decide_email(game: Game, user: Any, seat: int, version: int, kind: str, time_left: str) -> str:
    """Record the email of a turn's notice (inside ``_decide``'s transaction) and queue it after commit."""
    if not emails.can_email(user):
        return "cannot email"
    if kind == SentEmail.Kind.TURN and not user.notify_turn:
        return "turned off"
    if kind == SentEmail.Kind.REMINDER:
        if not user.notify_reminders:
            return "turned off"
        if user.reminder_mode == "digest":
            return "in the digest"
    context = emails.game_context(game, user, seat)
    context["time_left"] = time_left
    email = emails.record(user=user, kind=kind, context=context, game=game, seat=seat, version=version)
    if email is None:  # decided before: send it again only if it never went out (a worker died sending it)
        email = SentEmail.objects.filter(game=game, seat=seat, kind=kind, version=version).first()
        if email is None or email.status != SentEmail.Status.PENDING:
            return f"{email.status if email else 'sent'} before"
    transaction.on_commit(lambda: queue(deliver_email, email.pk))
    return "queued"


def _duration_words(delta: timedelta) -> str:
    hours = max(int(delta.total_seconds() // 3600), 0)
    if hours >= 48:
        return ngettext("%(days)d day", "%(days)d days", hours // 24) % {"days": hours // 24}
    if hours >= 1:
        return ngettext("%(hours)d hour", "%(hours)d hours", hours) % {"hours": hours}
    return _("less than an hour")


def _close(game_id: int, kind: str, version: int, outcome: Optional[str]) -> Optional[str]:
    """Close the notice with what came of it; a queued email keeps it open (leased) until it is delivered.

    So a worker that dies while sending leaves the notice to fall due again when its lease ends, and the
    sweep's rerun sends the recorded email (``_decide`` re-queues a pending row): nothing is lost.
    """
    if outcome is not None and outcome != "queued":
        notices.finish(game_id=game_id, kind=kind, version=version, outcome=outcome)
    return outcome


@shared_task(name="games.tasks.send_turn_email")
def send_turn_email(game_id: int, seat: int, version: int) -> Optional[str]:
    """Email the player to move that the game waits for them (the grace period has passed)."""
    outcome = _decide(game_id, seat, version, SentEmail.Kind.TURN)
    return _close(game_id, Notice.Kind.TURN_EMAIL, version, outcome)


@shared_task(name="games.tasks.send_reminder")
def send_reminder(game_id: int, seat: int, version: int) -> Optional[str]:
    """Remind the player to move that a fifth of their time is left (unless they take the digest)."""
    outcome = _decide(game_id, seat, version, SentEmail.Kind.REMINDER)
    return _close(game_id, Notice.Kind.REMINDER, version, outcome)


# ----- timeouts ------------------------------------------------------------------------------------------
@shared_task(name="games.tasks.play_timeout")
def play_timeout(game_id: int, version: int) -> Optional[str]:
    """The time for the move at ``version`` ran out: the server plays for the absent player, and the emails
    that tell the other players are recorded in the same commit (pending rows the email sweep retries)."""
    with transaction.atomic():
        game = services.move_timeout(game_id=game_id, expected_version=version)
        if game is not None:
            recorded = record_timeout_emails(game)
            transaction.on_commit(lambda: deliver_all(recorded))
            record_timeout_pushes(game)
    if game is not None:
        notices.finish(game_id=game_id, kind=Notice.Kind.TIMEOUT, version=version, outcome="played", overwrite=True)
        return "played"
    game = Game.objects.filter(pk=game_id).first()
    if game is not None and game.version == version and game.status == Game.Status.ACTIVE:
        if game.deadline is None:
            return None  # the clock is stopped (vacation): resuming makes the notice due again
        if game.deadline > clock.now():  # not yet (the notice was early): due at the deadline
            Notice.objects.filter(game=game, kind=Notice.Kind.TIMEOUT, version=version,
                                  done_at__isnull=True).update(due_at=game.deadline)
            return "not yet"
    return _close(game_id, Notice.Kind.TIMEOUT, version, "moved on")


def _timeout_of(game: Game) -> Optional[tuple[Seat, bool, bool, bool]]:
    """The seat that just timed out in ``game``, and whether it was removed, the game aborted, or ended."""
    timeout = game.moves.filter(kind=Move.Kind.TIMEOUT).order_by("-seq").first()
    if timeout is None or timeout.seat is None:
        return None
    absent = game.seats.select_related("user").get(number=timeout.seat)
    removed = game.moves.filter(kind=Move.Kind.REMOVE, seat=absent.number, version=timeout.version + 1).exists()
    # out before a turn of their own: the game is aborted, unrated (games/play/seats.py)
    aborted = game.moves.filter(kind=Move.Kind.ABORT, seat=absent.number, version=timeout.version + 1).exists()
    return absent, removed, aborted, game.status == Game.Status.FINISHED


def record_timeout_pushes(game: Game) -> int:
    """Record the pushes telling the other players of a timeout (games/push), in the timeout's transaction, and
    queue them after it commits."""
    found = _timeout_of(game)
    if found is None:
        return 0
    absent, removed, aborted, ended = found
    return push_messages.queue_after(push_messages.record_timeout(game, absent=absent, removed=removed or aborted,
                                                                  ended=ended))


def record_timeout_emails(game: Game) -> list[int]:
    """Record (pending) the emails telling the other players that someone just timed out in ``game`` (and was
    removed, or lost); the ids of those recorded now. Called in the timeout's own transaction."""
    found = _timeout_of(game)
    if found is None:
        return []
    absent, removed, aborted, ended = found
    recipients = [s for s in game.seats.select_related("user").order_by("number")
                  if s.number != absent.number and s.status == Seat.Status.PLAYING
                  and emails.can_email(s.user) and s.user.notify_timeouts]
    recorded = []
    for seat in recipients:
        with translation.override(seat.user.reading_language):
            context = emails.game_context(game, seat.user, seat.number)
            context.update(absent=absent.user.name, timeouts=absent.timeouts, removed=removed, ended=ended,
                           aborted=aborted, won=ended and seat.result == Seat.Result.WON,
                           your_turn=game.status == Game.Status.ACTIVE and game.current_seat == seat.number)
            email = emails.record(user=seat.user, kind=SentEmail.Kind.TIMEOUT, context=context, game=game,
                                  seat=seat.number, version=game.version)
        if email is not None:
            recorded.append(email.pk)
    return recorded


@shared_task(name="games.tasks.send_timeout_emails")
def send_timeout_emails(game_id: int, version: int) -> int:
    """Kept for messages queued before the timeout emails were recorded with the timeout itself: records them
    if they were not (once: the rows are unique), and queues their delivery."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, version=version).first()
        recorded = record_timeout_emails(game) if game is not None else []
        transaction.on_commit(lambda: deliver_all(recorded))
    return len(recorded)


def deliver_all(email_ids: list[int]) -> None:
    """Queue the delivery of each recorded email (after the commit that recorded them)."""
    for pk in email_ids:
        queue(deliver_email, pk)


# ----- the daily digest ----------------------------------------------------------------------------------
def _waiting_games(user_id: Any) -> Any:
    return Game.objects.filter(status=Game.Status.ACTIVE, seats__user_id=user_id, seats__status=Seat.Status.PLAYING,
                               seats__number=F("current_seat"))


@shared_task(name="games.tasks.send_reminder_digests")
def send_reminder_digests() -> int:
    """Queue today's digest for each digest user whose local hour has reached REMINDER_DIGEST_HOUR."""
    from accounts.models import ReminderMode, Vacation

    now = clock.now()
    waiting = _waiting_games(OuterRef("pk"))
    away = Vacation.objects.filter(user=OuterRef("pk"), ended_at__isnull=True)
    users = (get_user_model().objects.filter(is_active=True, notify_reminders=True, reminder_mode=ReminderMode.DIGEST)
             .exclude(email="").filter(Exists(waiting)).exclude(Exists(away)))
    count = 0
    for user in users:
        day, hour = emails.today_for(user, now)
        if hour < settings.REMINDER_DIGEST_HOUR or SentEmail.objects.filter(
                user=user, kind=SentEmail.Kind.DIGEST, day=day).exists():
            continue
        queue(send_digest, user.pk, day.isoformat())
        count += 1
    return count


@shared_task(name="games.tasks.send_digest")
def send_digest(user_id: int, day: str) -> Optional[int]:
    """One email listing every game waiting for the user (once per user and local day)."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not emails.can_email(user) or not user.notify_reminders or user.reminder_mode != "digest":
        return None
    games = []
    for game in _waiting_games(user.pk).order_by("deadline", "pk"):
        seat = game.seats.get(user=user)
        with translation.override(user.reading_language):
            games.append({**emails.game_context(game, user, seat.number),
                          "time_left": _duration_words(game.deadline - clock.now()) if game.deadline else None})
    if not games:
        return 0
    with transaction.atomic():
        email = emails.record(user=user, kind=SentEmail.Kind.DIGEST, context={"games": games},
                              day=date.fromisoformat(day))
        if email is None:
            return None
        transaction.on_commit(lambda: queue(deliver_email, email.pk))
    return len(games)


# ----- delivery ------------------------------------------------------------------------------------------
@shared_task(name="games.tasks.sweep_pending_emails")
def sweep_pending_emails() -> int:
    """Queue again the delivery of each recorded email still pending when its lease ends (its task was lost:
    a worker killed, the broker down); returns how many. Leased again each time, until it is sent, skipped or
    failed (``deliver_email``'s retries); a second delivery of one email finds it locked or sent."""
    now = clock.now()
    with transaction.atomic():
        due = list(SentEmail.objects.select_for_update(skip_locked=True)
                   .filter(status=SentEmail.Status.PENDING, due_at__lte=now)
                   .order_by("due_at", "id").values_list("pk", flat=True)[:SWEEP_BATCH])
        SentEmail.objects.filter(pk__in=due).update(due_at=now + emails.DELIVERY_LEASE)
        transaction.on_commit(lambda: deliver_all(due))
    return len(due)


class EmailTask(Task):
    """Marks the email failed once the retries are spent."""

    def on_failure(self, exc: Exception, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        SentEmail.objects.filter(pk=args[0], status=SentEmail.Status.PENDING).update(
            status=SentEmail.Status.FAILED, error=repr(exc)[:2000])


@shared_task(name="games.tasks.deliver_email", bind=True, base=EmailTask,
             autoretry_for=(OSError,),  # smtplib.SMTPException and socket errors are OSErrors
             retry_backoff=True, retry_backoff_max=600, retry_jitter=True, max_retries=5)
def deliver_email(self: Task, email_id: int) -> str:
    """Send a recorded email; a retry sends the same row again. Stale turn emails and reminders are dropped.

    The row stays locked while it is sent, so two deliveries of one email (a re-queued one while the first is
    still sending) never both send: the second finds the row locked and leaves it. A worker killed mid-send
    releases the lock with its connection; the email stays pending and its notice's lease brings it back.
    """
    failure: Optional[OSError] = None
    with transaction.atomic():
        email = SentEmail.objects.select_for_update(skip_locked=True).filter(pk=email_id).first()
        if email is None or email.status != SentEmail.Status.PENDING:
            return "nothing to do"  # no such row, sent already, or being sent right now
        game = email.game
        if email.kind in (SentEmail.Kind.TURN, SentEmail.Kind.REMINDER) and game is not None and (
                game.version != email.version or game.status != Game.Status.ACTIVE):
            SentEmail.objects.filter(pk=email.pk).update(status=SentEmail.Status.SKIPPED)
            _close_notice_of(email, "moved on")
            return "moved on"
        try:
            emails.message(email).send()
        except OSError as exc:  # counted and kept (committed), then raised for the retry
            failure = exc
            SentEmail.objects.filter(pk=email.pk).update(attempts=F("attempts") + 1, error=repr(exc)[:2000])
        else:
            SentEmail.objects.filter(pk=email.pk).update(attempts=F("attempts") + 1, status=SentEmail.Status.SENT,
                                                         sent_at=clock.now(), error="")
            _close_notice_of(email, "sent")
    if failure is not None:
        raise failure
    return "sent"


#: The notice whose task decided each kind of email (digests and timeout emails have none).
NOTICE_OF_EMAIL: dict[str, str] = {SentEmail.Kind.TURN: Notice.Kind.TURN_EMAIL, SentEmail.Kind.REMINDER: Notice.Kind.REMINDER}


def _close_notice_of(email: SentEmail, outcome: str) -> None:
    kind = NOTICE_OF_EMAIL.get(email.kind)
    if kind is not None and email.game_id is not None:
        notices.finish(game_id=email.game_id, kind=kind, version=email.version, outcome=outcome)
