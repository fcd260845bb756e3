"""Rematch offers over the game's socket: ``{"type": "rematch", "game_id": N}`` tells the page to read the
offer again (GET /api/games/<id>/rematch/); the group message carries ids only."""
from __future__ import annotations

import logging
from typing import Any

from django.dispatch import receiver

from games.live.broadcast import game_group, send
from games.rematch.signals import rematch_changed

logger = logging.getLogger(__name__)


@receiver(rematch_changed, dispatch_uid="games.rematch.live")
def push_rematch(sender: Any, game_id: int, offer_id: int, **_: Any) -> None:
    """After commit: tell the game's group its rematch offer changed; never raises."""
    try:
        send([game_group(game_id)], {"type": "rematch.changed", "game_id": game_id, "offer_id": offer_id})
    except Exception:
        logger.exception("pushing the rematch of game %s failed", game_id)


class RematchSocket:
    """Mixed into the game's consumer (games/live/consumers.py)."""

    async def rematch_changed(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "rematch", "game_id": event.get("game_id")})  # type: ignore[attr-defined]
