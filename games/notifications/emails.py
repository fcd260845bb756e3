"""Notification emails: what they say (templates/email/), how they are recorded, and the message sent.

An email is decided and recorded as a ``SentEmail`` row (pending) in one transaction, with its rendered
subject and bodies, and sent afterwards by ``games.tasks.deliver_email``; the row's unique constraints
make each email at most once, and the email sweep queues a pending one again when its delivery was lost. Every email carries an unsubscribe link for its kind and the
``List-Unsubscribe`` / ``List-Unsubscribe-Post`` headers (RFC 8058 one-click).
"""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, Optional
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import dateformat, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.services import unsubscribe_url
from games.chat.selectors import chat_since_last_turn
from games.i18n import localize
from games.models import Game, Move, Seat, SentEmail
from games.play import clock, selectors
from games.play.payloads import audience_views, progress_of
from games.rules import engine

#: Which unsubscribe kind (accounts.services.UNSUBSCRIBE_KINDS) turns each kind of email off.
UNSUBSCRIBE_KIND: dict[str, str] = {SentEmail.Kind.TURN: "turn", SentEmail.Kind.REMINDER: "reminder",
                    SentEmail.Kind.DIGEST: "reminder", SentEmail.Kind.TIMEOUT: "timeout"}
#: A recorded email not sent this long after it was recorded (or last handed out) is queued again by the email
#: sweep (``games.tasks.sweep_pending_emails``): its delivery task was lost.
DELIVERY_LEASE = timedelta(minutes=10)


def local_time(at: Optional[datetime], user: Any) -> str:
    """A time in the user's time zone, e.g. "Tue 3 Jun 2025, 14:00 (Europe/Paris)"."""
    if at is None:
        return "-"
    try:
        zone = ZoneInfo(user.time_zone)
    except Exception:  # an unknown zone name: show UTC
        zone = ZoneInfo("UTC")
    local = timezone.localtime(at, zone)
    # the day's and month's names in the active language (the recipient's: translation.override by the caller)
    return f"{dateformat.format(local, 'D j M Y, H:i')} ({zone.key})"


def game_url(game: Game) -> str:
    """The link straight to a game's page."""
    return f"{settings.SITE_URL.rstrip('/')}/games/{game.pk}/"


#: The most moves an email tells of (a long absence: the page has the rest).
SINCE_MOST = 20


def since_last_move(game: Game, seat_number: Optional[int]) -> list[str]:
    """What happened since the seat's own last move, in words, as that seat may see it."""
    if seat_number is None:
        return []
    last = (game.moves.filter(seat=seat_number, kind__in=(Move.Kind.TURN, Move.Kind.TIMEOUT))
            .order_by("-seq").values_list("seq", flat=True).first() or 0)
    moves = list(game.moves.filter(seq__gt=last).select_related("user").order_by("-seq")[:SINCE_MOST])[::-1]
    lines = []
    for entry in selectors.move_entries(game, moves, seat_number):
        # the engines' words in the active language (games/i18n.py): the recipient's, where the email is made
        lines.append(localize(entry["words"]) + "".join(f" ({localize(w)})" for w in entry["event_words"]))
    return lines


def board_in_words(game: Game, seat_number: Optional[int]) -> dict[str, Any]:
    """The position for an email, as the seat sees it: the engine's words for it, the scores, and what the
    others did since the seat's last move."""
    eng = engine(game.game)
    progress = progress_of(game)
    view = audience_views(progress, [seat_number])[seat_number] if progress is not None else {}
    seats = list(game.seats.select_related("user").order_by("number"))
    scores = view.get("scores") or [s.score for s in seats]
    rows = [{"name": s.user.name, "score": scores[s.number] if s.number < len(scores) else s.score,
             "you": s.number == seat_number,
             "status": "" if s.status == Seat.Status.PLAYING else s.get_status_display()}
            for s in seats]
    return {
        "position": localize(eng.describe_position(view)) if view else "",
        "scores": rows, "scores_line": ", ".join(f"{r['name']} {r['score']}" + (_(" (you)") if r["you"] else "")
                                                 for r in rows),
        "since": since_last_move(game, seat_number),
    }


def game_context(game: Game, user: Any, seat_number: Optional[int]) -> dict[str, Any]:
    """What every game email says about the game."""
    hours = game.move_hours
    return {
        "game": game, "game_name": game.get_game_display(), "game_url": game_url(game),
        "move_time": ngettext("%(days)d day", "%(days)d days", hours // 24) % {"days": hours // 24},
        "deadline": local_time(game.deadline, user), "paused": game.deadline is None,
        "others": [s.user.name for s in game.seats.select_related("user").order_by("number")
                   if s.user_id != user.pk],
        **board_in_words(game, seat_number),
        "chat": chat_since_last_turn(game, user, seat_number),  # the table's messages since the seat's last move
        "tournament": tournament_context(game),  # the tournament the game is a table of, if any
    }


def tournament_context(game: Game) -> Optional[dict[str, Any]]:
    """The name, round and link of the tournament ``game`` is a table of (None for a game of its own)."""
    from games.tournaments.selectors import tournament_table_of

    table = tournament_table_of(game.pk)
    if table is None:
        return None
    return {"name": table.tournament.name, "round": table.round,
            "url": f"{settings.SITE_URL.rstrip('/')}/tournaments/{table.tournament_id}/"}


def render(kind: str, user: Any, context: dict[str, Any]) -> tuple[str, str, str, str]:
    """Subject, plain text, HTML and unsubscribe link of an email of ``kind`` to ``user``, in the recipient's
    language (their choice, else their browser's latest: ``User.reading_language``)."""
    link = unsubscribe_url(user=user, kind=UNSUBSCRIBE_KIND[kind])
    with translation.override(user.reading_language):
        context = {**context, "user": user, "site_url": settings.SITE_URL.rstrip("/"), "unsubscribe_url": link,
                   "unsubscribe_what": {"turn": _("“your turn” emails"), "reminder": _("reminders"),
                                        "timeout": _("emails about timeouts")}[UNSUBSCRIBE_KIND[kind]]}
        subject = " ".join(render_to_string(f"email/{kind}_subject.txt", context).split())
        text = render_to_string(f"email/{kind}.txt", context)
        html = render_to_string(f"email/{kind}.html", context)
    return subject[:200], text, html, link


def record(*, user: Any, kind: str, context: dict[str, Any], game: Optional[Game] = None,
           seat: Optional[int] = None, version: int = 0, day: Optional[date] = None) -> Optional[SentEmail]:
    """Record the decision to send (a pending row); None if this email was recorded before.

    Call inside the transaction that decides; queue ``deliver_email`` after it commits.
    """
    subject, text, html, link = render(kind, user, context)
    try:
        with transaction.atomic():
            return SentEmail.objects.create(user=user, kind=kind, game=game, seat=seat, version=version, day=day,
                                            to=user.email, subject=subject, body_text=text, body_html=html,
                                            unsubscribe_url=link, due_at=clock.now() + DELIVERY_LEASE)
    except IntegrityError:  # the unique constraints: this one was decided already
        return None


def message(email: SentEmail) -> EmailMultiAlternatives:
    """The message of a recorded email, with its one-click unsubscribe headers."""
    msg = EmailMultiAlternatives(
        subject=email.subject, body=email.body_text, from_email=settings.DEFAULT_FROM_EMAIL, to=[email.to],
        headers={"List-Unsubscribe": f"<{email.unsubscribe_url}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                 "Auto-Submitted": "auto-generated"})
    if email.body_html:
        msg.attach_alternative(email.body_html, "text/html")
    return msg


def can_email(user: Any) -> bool:
    """An account that may be mailed at all: active, not suspended, with an address, not a computer."""
    return bool(user.is_active and user.suspended_at is None and user.email and not user.computer_level)


def today_for(user: Any, at: Optional[datetime] = None) -> tuple[date, int]:
    """The user's local date and hour now."""
    try:
        zone = ZoneInfo(user.time_zone)
    except Exception:
        zone = ZoneInfo("UTC")
    local = timezone.localtime(at or clock.now(), zone)
    return local.date(), local.hour
