"""Live updates: after a game's change commits, tell the game's WebSocket group (issue: browser play)."""
from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from .signals import game_updated


@receiver(game_updated, dispatch_uid="games.broadcast")
def broadcast_game_updated(sender: Any, game_id: int, version: int, kind: str, **_: Any) -> None:
    """Filled in by the Channels work: push to group ``game.<id>`` the id and version only."""
