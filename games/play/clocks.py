"""Stopped clocks: a player's vacation stops the clocks of the games waiting for them, and starts them again.

Each is a change of the game (games/play/change.py) with a version of its own: what the players see changes
(a deadline, or the time left while it waits)."""
from __future__ import annotations

from typing import Any, Optional

from django.db.models import F

from games.models import Game, Seat
from games.play.change import Change, change_game
from games.play.moves import start_clock, stop_clock


def _mover_is(change: Change, user: Any) -> bool:
    game = change.game
    return game.status == Game.Status.ACTIVE and game.current_seat is not None and any(
        s.number == game.current_seat and s.user_id == user.pk and s.status == Seat.Status.PLAYING
        for s in change.seats)


def game_clock_pause(*, game_id: Any, user: Any) -> Optional[Game]:
    """Stop the clock of a game waiting for ``user`` (a vacation starts), keeping the time left."""
    def work(change: Change) -> None:
        if change.game.deadline is None or not _mover_is(change, user):
            change.done = False
            return
        stop_clock(change)

    change = change_game(game_id, "pause", work, user=user)
    return change.game if change.done else None


def game_clock_resume(*, game_id: Any, user: Any) -> Optional[Game]:
    """Start the stopped clock of a game waiting for ``user`` again: deadline = now + the time left."""
    def work(change: Change) -> None:
        if change.game.deadline is not None or not _mover_is(change, user):
            change.done = False
            return
        start_clock(change)

    change = change_game(game_id, "resume", work, user=user)
    return change.game if change.done else None


def games_waiting_for(user: Any) -> list[int]:
    """Ids of the games in play whose seat to move is ``user``'s."""
    return list(Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user, seats__status=Seat.Status.PLAYING,
                                    seats__number=F("current_seat")).values_list("pk", flat=True))
