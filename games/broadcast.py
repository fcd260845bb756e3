"""Live updates: after a game's change commits, tell the game's WebSocket group (issue: browser play).

The group message carries the game's id and its new version only; each consumer re-reads the game
and sends its own user's view (games/consumers.py). The seated users' lobby groups hear the same.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.dispatch import receiver

from .models import Seat
from .signals import game_updated

logger = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    """The channel-layer group of everyone watching a game."""
    return f"game.{game_id}"


def user_group(user_id: int) -> str:
    """The channel-layer group of one user's lobby sockets."""
    return f"user.{user_id}"


#: Seconds the whole broadcast may take before it is given up (the turn is saved; clients resync).
BROADCAST_TIMEOUT = 5.0


async def _send_all(layer: Any, groups: list[str], message: dict[str, Any]) -> None:
    """Send ``message`` to each group; a failing group is logged and the others still get it."""
    async def send(group: str) -> None:
        try:
            await layer.group_send(group, message)
        except Exception:
            logger.warning("live update for game %s to %s failed", message["game_id"], group, exc_info=True)

    try:
        await asyncio.wait_for(asyncio.gather(*(send(g) for g in groups)), BROADCAST_TIMEOUT)
    except asyncio.TimeoutError:
        logger.warning("live update for game %s timed out", message["game_id"])


def _run(func: Any, *args: Any) -> None:
    """``async_to_sync(func)(*args)``, also from a thread whose event loop is running (async_to_sync refuses).

    Services are synchronous, but a caller may hold a running loop in its thread (Playwright's sync API in
    the browser tests does); there the sends run in a short-lived thread of their own.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(func)(*args)
        return
    worker = threading.Thread(target=async_to_sync(func), args=args, name="game-broadcast", daemon=True)
    worker.start()
    worker.join(BROADCAST_TIMEOUT + 1)


def game_broadcast(*, game_id: int, version: int) -> None:
    """Push ``game.updated`` to the game's group and to each seated user's group; never raises."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        user_ids = sorted(set(Seat.objects.filter(game_id=game_id).values_list("user_id", flat=True)))
        groups = [game_group(game_id)] + [user_group(uid) for uid in user_ids]
        message = {"type": "game.updated", "game_id": game_id, "version": version}
        _run(_send_all, layer, groups, message)
    except Exception:  # the change is committed already; a client that missed it resyncs on reconnect
        logger.exception("live update for game %s version %s failed", game_id, version)


@receiver(game_updated, dispatch_uid="games.broadcast")
def broadcast_game_updated(sender: Any, game_id: int, version: int, kind: str, **_: Any) -> None:
    """After commit: push to group ``game.<id>`` (and the seated users' ``user.<id>``) the id and version only."""
    game_broadcast(game_id=game_id, version=version)
