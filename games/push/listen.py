"""After a change commits: push the end of a game, and a message at the table, to the players who want them.

The turn, the reminder and the timeout are pushed by the notifications' tasks, beside their emails (the same
due rows, grace period and once-only rules: games/notifications/tasks.py). These two have no due row: they go
out when they happen, once (``PushMessage``'s unique key), to every player of the table but the one who caused
them.
"""
from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from games.chat.models import ChatMessage
from games.chat.selectors import muted
from games.chat.signals import chat_posted
from games.models import Game, Move
from games.play.signals import game_updated
from games.push import messages, vapid
from games.push.models import PushKind, PushMessage

logger = logging.getLogger(__name__)

#: The moves that end a game by a player's own hand: that player is not told.
BY_HAND = (Move.Kind.TURN, Move.Kind.RESIGN)


@receiver(game_updated, dispatch_uid="games.push.ended")
def game_ended(sender: Any, game_id: int, version: int, publication: Any = None, **_: Any) -> None:
    """If this change ended the game, push "the game is over" to its players; never raises."""
    if publication is not None and publication.to_move is not None or not vapid.configured():
        return  # someone is to move: the game goes on (known without a query)
    try:
        with transaction.atomic():
            game = Game.objects.filter(pk=game_id, version=version, status__in=(Game.Status.FINISHED, Game.Status.ABORTED)).first()
            if game is None:
                return
            last = game.moves.order_by("-seq").first()
            by = last.user_id if last is not None and last.kind in BY_HAND else None
            told = set(PushMessage.objects.filter(game=game, kind=PushKind.TIMEOUT, version=version)
                       .values_list("user_id", flat=True))  # a timeout's push said the game is over already
            recorded = [messages.record(user=seat.user, kind=PushKind.ENDED, game=game, version=version,
                                        key=f"ended:{game.pk}")
                        for seat in game.seats.select_related("user").order_by("number")
                        if seat.user_id != by and seat.user_id not in told]
            messages.queue_after(recorded)
    except Exception:
        logger.exception("pushing the end of game %s failed", game_id)


@receiver(chat_posted, dispatch_uid="games.push.chat")
def chat_message(sender: Any, message_id: int, **_: Any) -> None:
    """Push a new message at the table to the table's other players who want chat pushes; never raises."""
    if not vapid.configured():
        return
    try:
        with transaction.atomic():
            message = ChatMessage.objects.select_related("author", "game").filter(pk=message_id, hidden=False).first()
            if message is None:
                return
            recorded = [messages.record(user=seat.user, kind=PushKind.CHAT, game=message.game,
                                        version=message.game.version, key=f"chat:{message.pk}",
                                        extra={"author": message.author.name, "text": message.text})
                        for seat in message.game.seats.select_related("user").order_by("number")
                        if seat.user_id != message.author_id and not muted(seat.user)]
            messages.queue_after(recorded)
    except Exception:
        logger.exception("pushing chat message %s failed", message_id)
