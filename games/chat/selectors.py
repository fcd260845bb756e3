"""Reading the chat: a table's messages as a user may see them, and those a turn email tells of."""
from __future__ import annotations

from typing import Any, Optional

from games.chat.models import ChatMessage, ChatSetting
from games.models import Game, Move
from games.play.payloads import iso_time

#: The most messages a turn email quotes (the page has the rest).
EMAIL_MOST = 20


def muted(user: Any) -> bool:
    """True if ``user`` muted the chat (anonymous visitors never did)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return ChatSetting.objects.filter(user_id=user.pk, muted=True).exists()


def message_entry(message: ChatMessage) -> dict[str, Any]:
    """A message as the API and the socket carry it (the text as kept: escaped where it is shown)."""
    author = message.author
    return {"id": message.pk, "game": message.game_id, "seq": message.seq, "text": message.text,
            "created_at": iso_time(message.created_at),
            "author": {"id": author.pk, "username": author.username, "name": author.name}}


def chat_messages(game: Game, user: Any, *, until_seq: Optional[int] = None, after_id: int = 0,
                  limit: int = 200) -> list[dict[str, Any]]:
    """The visible messages of ``game`` (the last ``limit``), oldest first; none for a user who muted the chat.
    ``until_seq``: only those written by move ``until_seq`` (a replay at that move)."""
    if muted(user):
        return []
    rows = ChatMessage.objects.filter(game=game, hidden=False, id__gt=after_id).select_related("author")
    if until_seq is not None:
        rows = rows.filter(seq__lte=until_seq)
    return [message_entry(m) for m in reversed(rows.order_by("-id")[:limit])]


def chat_since_last_turn(game: Game, user: Any, seat_number: Optional[int]) -> list[dict[str, Any]]:
    """The others' messages since the seat's own last move, for its turn email (none if the user muted chat)."""
    if seat_number is None or muted(user):
        return []
    last = (Move.objects.filter(game=game, seat=seat_number, kind__in=(Move.Kind.TURN, Move.Kind.TIMEOUT))
            .order_by("-seq").values_list("seq", flat=True).first() or 0)
    rows = (ChatMessage.objects.filter(game=game, hidden=False, seq__gte=last).exclude(author=user)
            .select_related("author").order_by("-id"))  # seq >= last: written after that move was made
    return [{"name": m.author.name, "text": m.text} for m in reversed(rows[:EMAIL_MOST])]
