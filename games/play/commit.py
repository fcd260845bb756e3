"""What every change of a game shares: the locked read, the move log, storing the engine's progress, and the
end of the change (the due rows of the turn now waiting in the same commit; after it, publish and tell).

The services (lobby, moves, moderation, clocks) are the only code that writes games, seats and the log; they
all end here. The engine decides; this stores.
"""
from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Optional

from django.db import DatabaseError, transaction
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import clock, notices, payloads
from games.play.errors import GameNotFound, Unavailable
from games.play.signals import game_updated
from games.play.turns import Closed, Progress
from games.ratings.services import game_rate
from games.rules import AnyEngine
from games.store import sql

logger = logging.getLogger(__name__)

#: The game's columns a step can change (saving only these spares building an update of every column).
TURN_FIELDS = ["status", "state", "turn", "version", "current_seat", "deadline", "started_at", "finished_at",
               "last_move_at", "time_left"]


# ----- reading the locked game --------------------------------------------------------------------
def game_pk(game_id: Any) -> int:
    """A game id from a request, or ``GameNotFound``."""
    try:
        pk = int(game_id)
    except (ValueError, TypeError):
        raise GameNotFound("there is no such game") from None
    if not -2**63 <= pk < 2**63:
        raise GameNotFound("there is no such game")
    return pk


def locked(game_id: Any) -> Game:
    """The game, its row locked until the transaction ends, with the sequence number of its last move."""
    game = sql.lock_game(game_pk(game_id))
    if game is None:
        raise GameNotFound("there is no such game")
    found: Game = game
    return found


def locked_with_seats(game_id: Any) -> tuple[Game, list[Seat]]:
    """The locked game and its seats in order, read in one round trip. Each seat has its user (id, username,
    display name, computer level; other fields load when read) and ``away``: True if its user is on vacation."""
    game, seats = sql.lock_game_with_seats(game_pk(game_id))
    if game is None:
        raise GameNotFound("there is no such game")
    found: Game = game
    return found, seats


# ----- the engine's side of a game -------------------------------------------------------------------
def progress_of(game: Game, eng: AnyEngine) -> Progress:
    """The engine state stored with ``game`` and its entry in progress."""
    return Progress.load(eng, eng.state_from_dict(game.state), game.turn)


def log(game: Game, kind: str, *, seat: Optional[int] = None, user: Any = None,
        turn: Optional[dict[str, Any]] = None, steps: Optional[list[dict[str, Any]]] = None,
        events: Optional[list[dict[str, Any]]] = None, writes: Optional[sql.Batch] = None) -> None:
    """Append a move to the game's log (``writes``: added to that batch, else written at once)."""
    last = getattr(game, "last_seq", None)  # locked() read it with the game
    if last is None:
        last = game.moves.order_by("-seq").values_list("seq", flat=True).first() or 0
    game.last_seq = last + 1
    move = Move(game=game, seq=last + 1, seat=seat, user=user, kind=kind, turn=turn, steps=steps or [],
                events=events or [], version=game.version)
    sql.write([sql.insert(move)], writes)


def log_closed(game: Game, closed: list[Closed], *, user: Any = None, timeout_seat: Optional[int] = None,
               writes: Optional[sql.Batch] = None) -> None:
    """Log the entries that ended in this change: played by ``user``'s seat, by the server for
    ``timeout_seat`` (a timeout), or by chance alone (forced)."""
    for entry in closed:
        if not entry.decided:
            kind, by = Move.Kind.FORCED, None
        elif timeout_seat is not None and entry.seat == timeout_seat:
            kind, by = Move.Kind.TIMEOUT, None
        else:
            kind, by = Move.Kind.TURN, user
        log(game, kind, seat=entry.seat, user=by, turn=entry.record, steps=entry.steps, events=entry.events,
            writes=writes)


def store(game: Game, progress: Progress, seats: Optional[list[Seat]] = None, *, user: Any = None,
          timeout_seat: Optional[int] = None, writes: Optional[sql.Batch] = None) -> None:
    """Log the entries the change closed, then save the state, the entry in progress, whose turn, the
    deadline and the scores; finish the game if the engine says it is over. The game row itself is the
    caller's to save (``TURN_FIELDS``)."""
    eng = progress.eng
    closed, progress.closed = progress.closed, []
    log_closed(game, closed, user=user, timeout_seat=timeout_seat, writes=writes)
    state = progress.state
    before = game.current_seat if game.status == Game.Status.ACTIVE else None
    now = clock.now()  # games/play/clock.py: tests set the time deadlines are counted from
    game.state = eng.state_to_dict(state)
    game.last_move_at = now
    if seats is None:
        seats = list(game.seats.all())
    scores = eng.scores(state)
    for seat in seats:
        if seat.score != scores[seat.number]:
            seat.score = scores[seat.number]
            sql.write([sql.update(seat, ["score"])], writes)
    if eng.is_over(state):
        game.turn = None
        _finish(game, seats, eng.winners(state), writes)
        return
    game.turn = progress.pending()
    game.current_seat = eng.current_player(state)
    if game.current_seat != before or any(e.decided for e in closed) or (
            game.deadline is None and game.time_left is None):
        _start_clock(game, seats, now)  # a new turn
    else:  # the same turn goes on (a step of it, or a seat left out of turn): its clock and notices too
        game.turn_continues = True


def _finish(game: Game, seats: list[Seat], winners: list[int], writes: Optional[sql.Batch] = None) -> None:
    """The game is over: the engine's winners among the seats still playing win (ties share the win)."""
    for seat in seats:
        won = seat.status == Seat.Status.PLAYING and seat.number in winners
        seat.result = Seat.Result.WON if won else Seat.Result.LOST
        sql.write([sql.update(seat, ["result"])], writes)
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.current_seat = None
    game.deadline = None
    game.time_left = None
    game_rate(game, seats)  # the ratings change in the same commit as the result (games/ratings)


def _start_clock(game: Game, seats: list[Seat], now: Any) -> None:
    """The deadline of the seat to move; a player on vacation gets the full time when they come back."""
    mover = next((s for s in seats if s.number == game.current_seat), None)
    if mover is not None and getattr(mover, "away", None) is None:
        mover.away = away(mover.user_id)  # seats read without the vacation mark
    if mover is not None and mover.away:
        game.deadline, game.time_left = None, timedelta(hours=game.move_hours)
    else:
        game.deadline, game.time_left = now + timedelta(hours=game.move_hours), None


def away(user_id: int) -> bool:
    """True while the user is on vacation (their clocks are stopped)."""
    from accounts.models import Vacation  # accounts imports games (admin actions): import when needed

    return Vacation.objects.filter(user_id=user_id, ended_at__isnull=True).exists()


# ----- the end of every change ----------------------------------------------------------------------
def changed(game: Game, kind: str, *, seats: Optional[list[Seat]] = None, progress: Optional[Progress] = None,
            writes: Optional[sql.Batch] = None) -> None:
    """The end of every change, inside its transaction: the due notices of the turn now waiting are made in
    the same commit; after commit the game is published (every audience's payload, built once) and the
    listeners (live updates, notifications) are told.

    ``seats`` (with their users, as saved) and ``progress`` (the engine's side, as saved) spare reading them
    again. ``writes``: the change's statements not sent yet; they go with the notices' in one round trip.
    """
    notices.schedule(game, seats=seats, writes=writes)
    if writes is not None:
        writes.run()
    game_id, version = game.pk, game.version

    def after_commit() -> None:
        try:
            game.publication = payloads.publish(game, seats=seats, progress=progress)
        except Exception:  # the change is saved; sockets and the API rebuild views from the database
            logger.exception("publishing game %s version %s failed", game_id, version)
            game.publication = None
        game_updated.send(sender=Game, game_id=game_id, version=version, kind=kind, publication=game.publication)

    game.after_commit = after_commit  # for recover(): a COMMIT whose answer was lost drops its hooks
    transaction.on_commit(after_commit)


def recover(written: Optional[Game]) -> Game:
    """After the database connection failed during a change (``written``: the game as the change wrote it, if it
    got as far as COMMIT): if the game row now holds exactly that change, it was committed and is answered as
    done (and published, as its commit would have); otherwise nothing was saved: ``Unavailable``.

    The row lock and the version check let only one change take a game from version v to v+1: the same
    version, state and turn in the row are this change's.
    """
    connection = transaction.get_connection()
    connection.close()  # the broken connection; the next query opens another
    try:
        row = (Game.objects.filter(pk=written.pk).values("version", "state", "turn").first()
               if written is not None else None)
    except DatabaseError:
        row = None
    if written is None or row != {"version": written.version, "state": written.state, "turn": written.turn}:
        raise Unavailable("the database could not be reached and nothing was saved; please send it again")
    logger.warning("game %s version %s was committed although its connection failed: answered as done",
                   written.pk, written.version)
    written.after_commit()
    return written
