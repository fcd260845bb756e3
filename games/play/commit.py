"""The engine's side of a change: the entries it closed into the log, the state, the scores, whose turn, the
clock, and the end of the game. The engine decides; this stores it in the :class:`~games.play.change.Change`,
which :func:`~games.play.change.change_game` then writes.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any, Optional

from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import clock
from games.play.change import Change
from games.play.turns import Closed
from games.ratings.services import game_rate


def log_closed(change: Change, closed: list[Closed], *, timeout_seat: Optional[int] = None) -> None:
    """Log the entries that ended in this change: played by the change's user, by the server for
    ``timeout_seat`` (a timeout), or by chance alone (forced)."""
    for entry in closed:
        if not entry.decided:
            kind, by = Move.Kind.FORCED, None
        elif timeout_seat is not None and entry.seat == timeout_seat:
            kind, by = Move.Kind.TIMEOUT, None
        else:
            kind, by = Move.Kind.TURN, change.user
        change.log(kind, seat=entry.seat, user=by, turn=entry.record, steps=entry.steps, events=entry.events)


def store(change: Change, *, timeout_seat: Optional[int] = None) -> None:
    """The engine's side of the change into the game: the entries it closed into the log, then the state, the
    entry in progress, whose turn, the deadline and the scores; the end of the game if the engine says so."""
    game, progress = change.game, change.engine_side()
    eng = progress.eng
    closed, progress.closed = progress.closed, []
    log_closed(change, closed, timeout_seat=timeout_seat)
    state = progress.state
    before = game.current_seat if game.status == Game.Status.ACTIVE else None
    now = clock.now()  # games/play/clock.py: tests set the time deadlines are counted from
    game.state = eng.state_to_dict(state)
    game.last_move_at = now
    scores = eng.scores(state)
    for seat in change.seats:
        if seat.score != scores[seat.number]:
            seat.score = scores[seat.number]
            change.save_seat(seat, "score")
    if eng.is_over(state):
        game.turn = None
        _finish(change, eng.winners(state))
        return
    game.turn = progress.pending()
    game.current_seat = eng.current_player(state)
    if game.current_seat != before or any(e.decided for e in closed) or (
            game.deadline is None and game.time_left is None):
        _start_clock(change, now)  # a new turn
    else:  # the same turn goes on (a step of it, or a seat left out of turn): its clock and notices too
        change.turn_continues = True


def _finish(change: Change, winners: list[int]) -> None:
    """The game is over: the engine's winners among the seats still playing win (ties share the win)."""
    game = change.game
    for seat in change.seats:
        won = seat.status == Seat.Status.PLAYING and seat.number in winners
        seat.result = Seat.Result.WON if won else Seat.Result.LOST
        change.save_seat(seat, "result")
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.current_seat = None
    game.deadline = None
    game.time_left = None
    game_rate(game, change.seats)  # the ratings change in the same commit as the result (games/ratings)


def _start_clock(change: Change, now: Any) -> None:
    """The deadline of the seat to move; a player on vacation gets the full time when they come back."""
    game = change.game
    mover = next((s for s in change.seats if s.number == game.current_seat), None)
    if mover is not None and mover.away:
        game.deadline, game.time_left = None, timedelta(hours=game.move_hours)
    else:
        game.deadline, game.time_left = now + timedelta(hours=game.move_hours), None
