"""What moderators do to games and accounts: abort or settle a game, remove a player, suspend an account.

Each change is recorded as a ``ModeratorAction`` (who, what, why) in the same transaction.
"""
from __future__ import annotations

from typing import Any, Optional

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, ModeratorAction, Move, Seat
from games.play.change import Change, change_game
from games.play.errors import Conflict, NotAllowed
from games.play.seats import drop_seat, settle
from games.play.signals import account_suspended


def _record(moderator: Any, action: str, *, game: Optional[Game] = None, target: Any = None,
            reason: str = "") -> None:
    ModeratorAction.objects.create(moderator=moderator, action=action, game=game, target=target, reason=reason)


def game_abort(*, game_id: Any, moderator: Any, reason: str = "") -> Game:
    """Stop a game for good; no result."""
    def work(change: Change) -> None:
        game = change.game
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Conflict(_("only a game waiting or in play can be aborted"))
        game.status = Game.Status.ABORTED
        game.current_seat = None
        game.deadline = None
        game.finished_at = timezone.now()
        change.log(Move.Kind.ABORT, user=moderator)
        _record(moderator, "abort game", game=game, reason=reason)

    return change_game(game_id, Move.Kind.ABORT, work, user=moderator).game


def game_settle(*, game_id: Any, moderator: Any, reason: str = "") -> Game:
    """Run the final scoring now, as a record's ``"end": true`` does, and finish the game. The steps of a turn
    in progress stand: they go into this move of the log, before the scoring."""
    def work(change: Change) -> None:
        if change.game.status != Game.Status.ACTIVE:
            raise Conflict(_("only a game in play can be settled"))
        settle(change, moderator)
        _record(moderator, "settle game", game=change.game, reason=reason)

    return change_game(game_id, Move.Kind.SETTLE, work, user=moderator).game


def seat_remove(*, game_id: Any, user: Any, moderator: Any, reason: str = "") -> Game:
    """Remove a player: their seat is skipped from now on, their pieces stay, their score stands."""
    def work(change: Change) -> None:
        if change.game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Conflict(_("this game is over"))
        seat = change.playing_seat(user)
        if seat is None:
            raise Conflict(_("%(player)s is not playing in this game") % {"player": user})
        drop_seat(change, seat, Seat.Status.REMOVED, Move.Kind.REMOVE, moderator)
        _record(moderator, "remove player", game=change.game, target=user, reason=reason)

    return change_game(game_id, Move.Kind.REMOVE, work, user=moderator).game


def user_suspend(*, user: Any, moderator: Any, reason: str = "") -> None:
    """Suspend an account: no log-in, no token, and every game in progress treats the user as removed."""
    if user.pk == moderator.pk:
        raise NotAllowed(_("you cannot suspend yourself"))
    with transaction.atomic():
        type(user).objects.filter(pk=user.pk).update(is_active=False, suspended_at=timezone.now())
        _record(moderator, "suspend user", target=user, reason=reason)
        transaction.on_commit(lambda: account_suspended.send(sender=type(user), user_id=user.pk))
    game_ids = Game.objects.filter(seats__user=user, seats__status=Seat.Status.PLAYING,
                                   status__in=[Game.Status.OPEN, Game.Status.ACTIVE]).values_list("pk", flat=True)
    for game_id in list(game_ids):
        try:
            seat_remove(game_id=game_id, user=user, moderator=moderator, reason=f"account suspended. {reason}")
        except Conflict:
            continue  # the game ended meanwhile


def user_unsuspend(*, user: Any, moderator: Any, reason: str = "") -> None:
    """Lift a suspension (games the user was removed from stay as they are)."""
    with transaction.atomic():
        type(user).objects.filter(pk=user.pk).update(is_active=True, suspended_at=None)
        _record(moderator, "unsuspend user", target=user, reason=reason)
