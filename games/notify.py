"""Notifications: after a game's change commits, make the due rows of the new turn and queue the news.

``games.services`` sends ``signals.game_updated`` from ``transaction.on_commit``, so this runs after the
move is saved. It makes the ``Notice`` rows of the turn now waiting (turn email after the grace period,
reminder, timeout: games/notices.py), which the periodic sweep hands to tasks when due; and after a
timeout it queues the emails that tell the other players. It never raises: the move is saved already.
"""
from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from . import notices
from .models import Game, Move
from .signals import game_updated

logger = logging.getLogger(__name__)


@receiver(game_updated, dispatch_uid="games.notify")
def queue_notifications(sender: Any, game_id: int, version: int, kind: str, **_: Any) -> None:
    """After commit: the due rows of the turn at ``version``; after a timeout, tell the others."""
    try:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            return
        if game.version == version:  # else the game moved on again and that change's own signal follows
            notices.schedule(game)
        if kind == Move.Kind.TIMEOUT:
            from .tasks import queue, send_timeout_emails

            transaction.on_commit(lambda: queue(send_timeout_emails, game_id, version))
    except Exception:
        logger.exception("notifications for game %s version %s failed", game_id, version)
