"""Stopped clocks: a player's vacation stops the clocks of the games waiting for them, and starts them again."""
from __future__ import annotations

from datetime import timedelta
from typing import Any, Optional

from django.db import transaction
from django.db.models import F

from games.models import Game, Seat
from games.play import clock, commit, notices


def _mover_is(game: Game, user: Any) -> bool:
    return game.status == Game.Status.ACTIVE and game.current_seat is not None and game.seats.filter(
        number=game.current_seat, user=user, status=Seat.Status.PLAYING).exists()


def game_clock_pause(*, game_id: Any, user: Any) -> Optional[Game]:
    """Stop the clock of a game waiting for ``user`` (a vacation starts), keeping the time left."""
    with transaction.atomic():
        game = commit.locked(game_id)
        if game.deadline is None or not _mover_is(game, user):
            return None
        now = clock.now()
        game.time_left = max(game.deadline - now, timedelta(0))
        game.deadline = None
        game.save(update_fields=["deadline", "time_left"])
        notices.pause(game, now)
        commit.changed(game, "pause")
    return game


def game_clock_resume(*, game_id: Any, user: Any) -> Optional[Game]:
    """Start the stopped clock of a game waiting for ``user`` again: deadline = now + the time left."""
    with transaction.atomic():
        game = commit.locked(game_id)
        if game.deadline is not None or not _mover_is(game, user):
            return None
        now = clock.now()
        left = game.time_left if game.time_left is not None else timedelta(hours=game.move_hours)
        game.deadline, game.time_left = now + left, None
        game.save(update_fields=["deadline", "time_left"])
        notices.resume(game, now)
        commit.changed(game, "resume")
    return game


def games_waiting_for(user: Any) -> list[int]:
    """Ids of the games in play whose seat to move is ``user``'s."""
    return list(Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user, seats__status=Seat.Status.PLAYING,
                                    seats__number=F("current_seat")).values_list("pk", flat=True))
