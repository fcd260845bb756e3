"""The chat on the game page: what the page shows before chat.js takes over (rendered, hence escaped, by Django)."""
from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.chat.models import MAX_LENGTH
from games.chat.selectors import chat_messages, muted
from games.chat.services import player_seat
from games.models import Game
from games.play.errors import NotAllowed


def chat_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The table's messages (none if muted), whether this user may write, and the limit of a message."""
    try:
        player_seat(game, request.user)
        can_write = True
    except NotAllowed:
        can_write = False
    return {"chat_messages": chat_messages(game, request.user), "chat_muted": muted(request.user),
            "chat_can_write": can_write, "chat_max": MAX_LENGTH}
