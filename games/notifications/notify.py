"""Notifications: after a game's change commits, queue the news that cannot wait for the sweep.

The ``Notice`` rows of the turn now waiting (turn email after the grace period, reminder, timeout:
games/notices.py) are made by the services inside the change's own transaction, and the periodic sweep
hands them to tasks when due. ``games.play.services`` sends ``signals.game_updated`` from
``transaction.on_commit``; after a timeout this queues the emails that tell the other players. It never
raises: the move is saved already.
"""
from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from games.models import Move
from games.play.signals import game_updated

logger = logging.getLogger(__name__)


@receiver(game_updated, dispatch_uid="games.notify")
def queue_notifications(sender: Any, game_id: int, version: int, kind: str, **_: Any) -> None:
    """After commit: after a timeout, tell the other players (the turn's due rows were made in its commit)."""
    try:
        if kind == Move.Kind.TIMEOUT:
            from games.notifications.tasks import queue, send_timeout_emails

            transaction.on_commit(lambda: queue(send_timeout_emails, game_id, version))
    except Exception:
        logger.exception("notifications for game %s version %s failed", game_id, version)
