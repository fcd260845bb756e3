"""The chat over the game's socket: after a message commits, the game's group hears it through the one
broadcast path (games.live.broadcast.send); each socket passes it on unless its user muted the chat.

A chat message is public to everyone who may watch the game (spectators read the table), so the group message
carries the message entry itself: it says nothing hidden about the game.

Server -> client: ``{"type": "chat", "message": {...}}`` and ``{"type": "chat.hidden", "id": N}``.
"""
from __future__ import annotations

import logging
from typing import Any

from django.dispatch import receiver

from games.chat.models import ChatMessage
from games.chat.selectors import message_entry, muted
from games.chat.signals import chat_hidden, chat_posted
from games.live.broadcast import game_group, send

logger = logging.getLogger(__name__)


@receiver(chat_posted, dispatch_uid="games.chat.live.posted")
def push_message(sender: Any, message_id: int, **_: Any) -> None:
    """After commit: the new message to the game's group; never raises."""
    try:
        message = ChatMessage.objects.select_related("author").get(pk=message_id)
        send([game_group(message.game_id)], {"type": "chat.message", "game_id": message.game_id,
                                             "message": message_entry(message)})
    except Exception:
        logger.exception("pushing chat message %s failed", message_id)


@receiver(chat_hidden, dispatch_uid="games.chat.live.hidden")
def push_hidden(sender: Any, game_id: int, message_id: int, **_: Any) -> None:
    """After commit: tell the game's group to drop a hidden message; never raises."""
    try:
        send([game_group(game_id)], {"type": "chat.hidden", "game_id": game_id, "message_id": message_id})
    except Exception:
        logger.exception("pushing the hiding of chat message %s failed", message_id)


class ChatSocket:
    """Mixed into the game's consumer (games/live/consumers.py): the chat's group messages."""

    async def chat_message(self, event: dict[str, Any]) -> None:
        """Group message ``chat.message``: pass it on, unless this user muted the chat."""
        if await self._chat_muted():
            return
        await self.send_json({"type": "chat", "message": event.get("message")})  # type: ignore[attr-defined]

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        """Group message ``chat.hidden``: the message with this id is no longer shown."""
        await self.send_json({"type": "chat.hidden", "id": event.get("message_id")})  # type: ignore[attr-defined]

    async def _chat_muted(self) -> bool:
        """Read at each message (a user may mute or unmute while the socket is open; chat is not busy)."""
        user = getattr(self, "user", None)
        if not getattr(user, "is_authenticated", False):
            return False
        from games.live.consumers import db_read  # the consumers import this module

        return bool(await db_read(muted)(user))
