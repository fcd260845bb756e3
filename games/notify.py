"""Notifications: after a game's change commits, queue the emails it calls for (issue: asynchronous play)."""
from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from .signals import game_updated


@receiver(game_updated, dispatch_uid="games.notify")
def queue_notifications(sender: Any, game_id: int, version: int, kind: str, **_: Any) -> None:
    """Filled in by the Celery work: queue turn emails for the new version."""
