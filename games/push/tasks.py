"""Delivering pushes from Celery: each recorded push to each of the player's devices, through their push services.

``deliver_push`` locks the row while it sends (a second delivery of one push finds it locked or sent), skips a
turn's push when the game moved on, deletes a subscription its push service says is gone (404, 410), and retries
with backoff when a push service is down or busy (a connection error, 429, 5xx), sending again only to the
devices that did not take it. ``sweep_pending_pushes`` queues a push again whose delivery task was lost.
"""
from __future__ import annotations

import json
import logging
from typing import Any, Optional

import requests
from celery import Task, shared_task
from django.db import transaction
from pywebpush import WebPushException, webpush

from games.models import Game
from games.play import clock
from games.push import vapid
from games.push.messages import DELIVERY_LEASE, TIME_TO_LIVE
from games.push.models import PushKind, PushMessage, PushSubscription

logger = logging.getLogger(__name__)

SWEEP_BATCH = 500
#: The push service's answers that mean the subscription is gone for good (RFC 8030 section 7.3).
GONE = frozenset({404, 410})
#: Seconds a push service may take to answer.
TIMEOUT = 10


class PushServiceBusy(OSError):
    """A push service could not take a push now (no answer, 429, 5xx): the task retries."""


def deliver_all(message_ids: list[int]) -> None:
    """Queue the delivery of each recorded push (after the commit that recorded them)."""
    from games.notifications.tasks import queue

    for pk in message_ids:
        queue(deliver_push, pk)


class NoRedirects(requests.Session):
    """A push goes to the endpoint the browser gave, never where that address redirects."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


def send_one(subscription: PushSubscription, message: PushMessage) -> str:
    """Push ``message`` to one device: "sent", "gone" (deleted), "refused" (a 4xx: not retried); raises
    ``PushServiceBusy`` for a failure worth retrying."""
    try:
        with NoRedirects() as session:
            webpush(subscription.info(), data=json.dumps(message.payload), vapid_private_key=vapid.signer(),
                    vapid_claims=vapid.claims(), ttl=TIME_TO_LIVE.get(message.kind, 86400), timeout=TIMEOUT,
                    headers={"Urgency": "high" if message.kind in (PushKind.TURN, PushKind.REMINDER) else "normal",
                             "Topic": f"{message.kind}-{message.game_id}"[:32]},
                    requests_session=session)
    except WebPushException as exc:
        status = exc.status_code
        if status in GONE:
            subscription.delete()
            return "gone"
        PushSubscription.objects.filter(pk=subscription.pk).update(last_error=str(exc)[:2000])
        if status is None or status == 429 or status >= 500:
            raise PushServiceBusy(str(exc)[:500]) from exc
        logger.warning("push %s refused by %s: %s", message.pk, subscription.endpoint[:60], exc)
        return "refused"
    except requests.RequestException as exc:  # no answer: the service is down or far
        PushSubscription.objects.filter(pk=subscription.pk).update(last_error=repr(exc)[:2000])
        raise PushServiceBusy(repr(exc)[:500]) from exc
    PushSubscription.objects.filter(pk=subscription.pk).update(last_sent_at=clock.now(), last_error="")
    return "sent"


class PushTask(Task):
    """Marks the push failed once the retries are spent."""

    def on_failure(self, exc: Exception, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        PushMessage.objects.filter(pk=args[0], status=PushMessage.Status.PENDING).update(
            status=PushMessage.Status.FAILED, error=repr(exc)[:2000])


def _stale(message: PushMessage) -> bool:
    """A turn's push (or reminder) whose turn was played meanwhile says nothing true any more."""
    if message.kind not in (PushKind.TURN, PushKind.REMINDER):
        return False
    game = Game.objects.filter(pk=message.game_id).values("version", "status").first()
    return game is None or game["version"] != message.version or game["status"] != Game.Status.ACTIVE


@shared_task(name="games.tasks.deliver_push", bind=True, base=PushTask, autoretry_for=(PushServiceBusy,),
             retry_backoff=True, retry_backoff_max=600, retry_jitter=True, max_retries=5)
def deliver_push(self: Task, message_id: int) -> str:
    """Send a recorded push to every device of its player that has not taken it yet."""
    failure: Optional[PushServiceBusy] = None
    with transaction.atomic():
        message = PushMessage.objects.select_for_update(skip_locked=True).filter(pk=message_id).first()
        if message is None or message.status != PushMessage.Status.PENDING:
            return "nothing to do"
        if _stale(message) or not vapid.configured():
            PushMessage.objects.filter(pk=message.pk).update(status=PushMessage.Status.SKIPPED,
                                                             error="" if vapid.configured() else "push is off")
            return "moved on"
        done = set(message.delivered_to)
        outcomes: dict[str, int] = {}
        for subscription in PushSubscription.objects.filter(user_id=message.user_id).exclude(pk__in=done):
            try:
                outcome = send_one(subscription, message)
            except PushServiceBusy as exc:
                failure = exc
                continue
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            if outcome == "sent":
                done.add(subscription.pk)
        fields: dict[str, Any] = {"attempts": message.attempts + 1, "delivered_to": sorted(done)}
        if failure is not None:
            fields["error"] = str(failure)[:2000]
        elif done:
            fields.update(status=PushMessage.Status.SENT, sent_at=clock.now(), error="")
        else:
            fields.update(status=PushMessage.Status.SKIPPED, error=f"no device took it: {outcomes or 'none left'}")
        PushMessage.objects.filter(pk=message.pk).update(**fields)
    if failure is not None:
        raise failure
    return "sent" if done else "no device"


@shared_task(name="games.tasks.sweep_pending_pushes")
def sweep_pending_pushes() -> int:
    """Queue again the delivery of each recorded push still pending when its lease ends (its task was lost: a
    worker killed, the broker down); returns how many."""
    now = clock.now()
    with transaction.atomic():
        due = list(PushMessage.objects.select_for_update(skip_locked=True)
                   .filter(status=PushMessage.Status.PENDING, due_at__lte=now)
                   .order_by("due_at", "id").values_list("pk", flat=True)[:SWEEP_BATCH])
        PushMessage.objects.filter(pk__in=due).update(due_at=now + DELIVERY_LEASE)
        transaction.on_commit(lambda: deliver_all(due))
    return len(due)

