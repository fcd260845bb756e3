"""What a push says, and the decision to send one (a pending ``PushMessage``), made once.

A push carries only what the lock screen may show to anyone holding the phone, and what any spectator of the
game may see: the game's name and number, the other players' names, the deadline, the final scores, a chat
message (public at the table), the tournament the game is a table of and its round. Never the position: no
tile, hand, hex or card of the player, nothing hidden. The texts are made in the player's language
(``user.language`` where the account has one).
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any, Iterable, Optional

from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.play import clock
from games.push import vapid
from games.push.models import PushKind, PushMessage, PushPreference, PushSubscription

#: A recorded push not delivered this long after it was recorded (or last handed out) is queued again by the
#: push sweep (``games.tasks.sweep_pending_pushes``): its delivery task was lost.
DELIVERY_LEASE = timedelta(minutes=10)
#: How long a push service keeps a push for a device that is offline (the Web Push ``TTL``), per kind.
TIME_TO_LIVE: dict[str, int] = {PushKind.TURN: 86400, PushKind.REMINDER: 86400, PushKind.TIMEOUT: 86400,
                PushKind.ENDED: 86400 * 3, PushKind.CHAT: 3600}


def preference(user: Any) -> PushPreference:
    """The player's push choices (the defaults until they change them)."""
    found = PushPreference.objects.filter(user=user).first()
    return found if found is not None else PushPreference(user=user)


def can_push(user: Any, kind: str) -> bool:
    """Push is on for the site, the account is a person's in good standing, with a device, wanting ``kind``."""
    return bool(vapid.configured() and user.is_active and user.suspended_at is None and not user.computer_level
                and PushSubscription.objects.filter(user=user).exists() and preference(user).wants(kind))


def game_title(game: Game) -> str:
    return f"{game.get_game_display()} #{game.pk}"


def game_path(game: Game) -> str:
    """The game's address on the site (the notification's click opens it)."""
    return f"/games/{game.pk}/"


def _others(game: Game, user: Any) -> str:
    return ", ".join(s.user.name for s in game.seats.select_related("user").order_by("number") if s.user_id != user.pk)


def _scores(game: Game) -> str:
    return ", ".join(f"{s.user.name} {s.score}" for s in game.seats.select_related("user").order_by("number"))


def _tournament_words(game: Game) -> str:
    """The words naming the tournament a game is a table of, and its round (as its page names them), after a
    space; nothing for a game of its own."""
    from games.tournaments.selectors import tournament_table_of

    table = tournament_table_of(game.pk)
    if table is None:
        return ""
    return " " + _("Tournament %(name)s, round %(round)s.") % {"name": table.tournament.name, "round": table.round}


def _texts(kind: str, game: Game, user: Any, extra: dict[str, Any]) -> tuple[str, str]:
    """Title and body of a push of ``kind`` about ``game`` to ``user``."""
    from games.notifications.emails import local_time

    title = game_title(game)
    if kind == PushKind.TURN:
        return (_("Your turn in %(game)s") % {"game": title},
                _("Against %(others)s. Play by %(deadline)s.") % {"others": _others(game, user),
                                                                  "deadline": local_time(game.deadline, user)}
                + _tournament_words(game))
    if kind == PushKind.REMINDER:
        return (_("Reminder: your move in %(game)s") % {"game": title},
                _("%(left)s left: play by %(deadline)s.") % {"left": extra.get("time_left", ""),
                                                             "deadline": local_time(game.deadline, user)}
                + _tournament_words(game))
    if kind == PushKind.TIMEOUT:
        body = (_("The game is over. Scores: %(scores)s.") % {"scores": _scores(game)} if extra.get("ended")
                else _("They were removed from the game.") if extra.get("removed")
                else _("The server played their turn.")) + _tournament_words(game)
        return _("%(player)s timed out in %(game)s") % {"player": extra.get("absent", ""), "game": title}, body
    if kind == PushKind.ENDED:
        return (_("%(game)s is over") % {"game": title},
                _("Final scores: %(scores)s.") % {"scores": _scores(game)} + _tournament_words(game))
    return (_("%(author)s at the table of %(game)s") % {"author": extra.get("author", ""), "game": title},
            str(extra.get("text", ""))[:300])


def payload(kind: str, game: Game, user: Any, extra: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """What the device receives (JSON, encrypted to it): the texts, the game's address, a tag that makes a newer
    notification of the same game and kind replace an older one."""
    with translation.override(user.reading_language):  # the recipient's language (accounts.models)
        title, body = _texts(kind, game, user, extra or {})
    return {"kind": kind, "title": title, "body": body, "url": game_path(game), "tag": f"{kind}-{game.pk}"}


def record(*, user: Any, kind: str, game: Game, key: str, version: int = 0,
           extra: Optional[dict[str, Any]] = None) -> Optional[PushMessage]:
    """Record the decision to push (a pending row) if the player wants this kind; None if not, or if this push was
    recorded before. Call inside the transaction that decides; queue its delivery after commit (``queue_after``)."""
    if not can_push(user, kind):
        return None
    try:
        with transaction.atomic():
            return PushMessage.objects.create(user=user, kind=kind, game=game, version=version, key=key[:80],
                                              payload=payload(kind, game, user, extra),
                                              due_at=clock.now() + DELIVERY_LEASE)
    except IntegrityError:  # the unique (user, key): decided already
        return None


def queue_after(messages: Iterable[Optional[PushMessage]]) -> int:
    """Queue each recorded push's delivery once the present transaction commits; returns how many."""
    from games.push.tasks import deliver_all

    ids = [m.pk for m in messages if m is not None]
    if ids:
        transaction.on_commit(lambda: deliver_all(ids))
    return len(ids)


def record_for_turn(*, game: Game, user: Any, seat: int, kind: str, version: int,
                    time_left: str = "") -> Optional[PushMessage]:
    """The push of a turn's notice (its email's twin: the same due row, grace period and checks)."""
    return record(user=user, kind=kind, game=game, version=version, key=f"{kind}:{game.pk}:{seat}:{version}",
                  extra={"time_left": time_left})


def record_timeout(game: Game, *, absent: Seat, removed: bool, ended: bool) -> list[Optional[PushMessage]]:
    """The pushes telling the other players that ``absent`` timed out (in the timeout's own transaction)."""
    out = []
    for seat in game.seats.select_related("user").order_by("number"):
        if seat.number != absent.number and seat.status == Seat.Status.PLAYING:
            out.append(record(user=seat.user, kind=PushKind.TIMEOUT, game=game, version=game.version,
                              key=f"timeout:{game.pk}:{seat.number}:{game.version}",
                              extra={"absent": absent.user.name, "removed": removed, "ended": ended}))
    return out
