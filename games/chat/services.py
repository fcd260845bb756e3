"""Table chat: a player writes, a player reports, a moderator hides, a user mutes. Each write in its own
transaction; after commit the listeners hear of it (games/chat/signals.py: the live part pushes it).

A message is plain text, kept as written (less the characters that could disguise it, below) and escaped
wherever it is shown: pages through Django's autoescape, chat.js through ``textContent``, emails' HTML part
through autoescape too.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.chat import signals
from games.chat.models import MAX_LENGTH, ChatMessage, ChatReport, ChatSetting
from games.models import Game, ModeratorAction, Move, Seat
from games.play.errors import BadTurn, Conflict, GameNotFound, NotAllowed
from games.play.selectors import game_get

#: Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): a message could reverse
#: the text shown after it, or disguise itself. Right-to-left text and the plain marks (U+200E, U+200F) stay.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
#: Every line break and run of white space is one space: a message is one line, and cannot start a line that
#: would read as another player's ("gg\nBob: I resign").
WHITE_SPACE = re.compile(r"\s+")
#: At most this many combining marks on one character: every script's accents and points (Vietnamese two,
#: Hebrew or Tibetan three), never a tower of hundreds drawn over the messages above and below.
MAX_MARKS = 4
#: Characters that print nothing: Unicode's Default_Ignorable_Code_Point (zero width spaces and joiners,
#: variation selectors, fillers such as U+3164, tags), and the blank braille pattern.
INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                       "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                       "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")


def _marks_cut(text: str) -> str:
    """``text`` with at most ``MAX_MARKS`` combining marks in a row."""
    kept, run = [], 0
    for char in text:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if run <= MAX_MARKS:
            kept.append(char)
    return "".join(kept)


def _visible(char: str) -> bool:
    """True if ``char`` prints something of its own (not white space, a mark, a format or unassigned
    character, nor one that prints nothing)."""
    return not (char.isspace() or INVISIBLE.match(char) or unicodedata.category(char)[0] in "MC")


def clean_text(text: Any) -> str:
    """The message as kept: a string on one line (line breaks and runs of white space are one space), without
    control characters or bidi overrides, with at most ``MAX_MARKS`` combining marks in a row, its ends
    trimmed; ``BadTurn`` if nothing visible is left or it is longer than ``MAX_LENGTH`` characters."""
    if not isinstance(text, str):
        raise BadTurn(_("a message is text"))
    text = BIDI_CONTROLS.sub("", WHITE_SPACE.sub(" ", text))
    text = _marks_cut("".join(c for c in text if unicodedata.category(c) != "Cc")).strip()
    if not any(_visible(char) for char in text):
        raise BadTurn(_("write something first"))
    if len(text) > MAX_LENGTH:
        raise BadTurn(_("a message has at most %(most)d characters") % {"most": MAX_LENGTH})
    return text


def player_seat(game: Game, user: Any) -> Seat:
    """The user's seat at ``game`` (playing, or resigned: still at the table); ``NotAllowed`` for anyone else."""
    seat = next((s for s in game.seats.all() if s.user_id == getattr(user, "pk", None)
                 and s.status != Seat.Status.REMOVED), None)
    if seat is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed(_("only the players of this game write at its table"))
    return seat


def chat_post(*, game_id: Any, user: Any, text: Any) -> ChatMessage:
    """A player's message at their game's table, after the log's last move; pushed live after commit."""
    game = game_get(game_id=game_id, user=user)
    player_seat(game, user)
    cleaned = clean_text(text)
    with transaction.atomic():
        seq = Move.objects.filter(game=game).order_by("-seq").values_list("seq", flat=True).first() or 0
        message = ChatMessage.objects.create(game=game, author=user, text=cleaned, seq=seq)
        transaction.on_commit(lambda: signals.chat_posted.send(sender=ChatMessage, message_id=message.pk))
    return message


def chat_report(*, message_id: Any, user: Any, reason: str = "") -> ChatReport:
    """A player of the game reports a message to the moderators (once per player and message)."""
    message = ChatMessage.objects.filter(pk=_pk(message_id), hidden=False).select_related("game").first()
    if message is None:  # a hidden message is gone from every table: nothing left to report
        raise GameNotFound(_("there is no such message"))
    game = game_get(game_id=message.game_id, user=user)
    player_seat(game, user)
    if message.author_id == user.pk:
        raise Conflict(_("you cannot report your own message"))
    report, _created = ChatReport.objects.get_or_create(message=message, reporter=user,
                                                 defaults={"reason": str(reason)[:MAX_LENGTH]})
    return report


def chat_hide(*, message: ChatMessage, moderator: Any, reason: str) -> ChatMessage:
    """A moderator hides a message, with a reason: recorded as a ``ModeratorAction``; its reports are resolved;
    after commit the tables showing it drop it."""
    with transaction.atomic():
        locked = ChatMessage.objects.select_for_update().get(pk=message.pk)
        if not locked.hidden:
            locked.hidden, locked.hidden_reason = True, reason
            locked.hidden_by, locked.hidden_at = moderator, timezone.now()
            locked.save(update_fields=["hidden", "hidden_reason", "hidden_by", "hidden_at"])
            ModeratorAction.objects.create(moderator=moderator, action="hide chat message", game_id=locked.game_id,
                                           target_id=locked.author_id, reason=reason)
            game_id, message_id = locked.game_id, locked.pk
            transaction.on_commit(lambda: signals.chat_hidden.send(sender=ChatMessage, game_id=game_id,
                                                                   message_id=message_id))
        ChatReport.objects.filter(message=locked).update(resolved=True)
    return locked


def chat_mute(*, user: Any, muted: bool) -> ChatSetting:
    """Mute (or unmute) the chat of every table for ``user``."""
    setting, _created = ChatSetting.objects.update_or_create(user=user, defaults={"muted": bool(muted)})
    return setting


def _pk(value: Any) -> int:
    try:
        pk = int(value)
    except (TypeError, ValueError):
        raise GameNotFound(_("there is no such message")) from None
    if not 0 < pk < 2**63:
        raise GameNotFound(_("there is no such message"))
    return pk
