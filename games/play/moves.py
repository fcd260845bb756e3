"""Moves: the one path by which a player's step, a whole turn, an undo or a timeout changes a game.

Each runs in one transaction on the locked game row: check the version the client saw and that the user is
the seat to move, apply through the engine (``games/play/turns.py``), log the entries that ended, save the
state and the entry in progress, make the due rows of the turn now waiting, commit; then publish and tell
the listeners (``commit.changed``).
"""
from __future__ import annotations

import logging
import random
from datetime import timedelta
from typing import Any, Callable, Optional

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction

from games.models import Game, Move, Seat
from games.play import clock, commit, notices
from games.play.errors import BadTurn, Conflict
from games.play.turns import Progress
from games.rules import RulesError, engine
from games.store import sql

logger = logging.getLogger(__name__)


def _mover_change(game_id: Any, user: Any, expected_version: int, kind: str,
                  work: Callable[[Progress, int], None]) -> Game:
    """Lock, check, let ``work(progress, seat)`` change the engine's side, store and commit.

    If the database connection fails (a backend terminated, a network cut), even just after COMMIT, the
    answer says what happened: done if the game row holds this change, else ``Unavailable`` (retry).
    """
    if transaction.get_connection().in_atomic_block:  # a caller's transaction: its commit is its own
        return _mover_change_in(game_id, user, expected_version, kind, work, [])
    written: list[Game] = []
    try:
        return _mover_change_in(game_id, user, expected_version, kind, work, written)
    except (OperationalError, InterfaceError):
        logger.warning("the database connection failed during a change of game %s", game_id, exc_info=True)
        return commit.recover(written[0] if written else None)


def _mover_change_in(game_id: Any, user: Any, expected_version: int, kind: str,
                     work: Callable[[Progress, int], None], written: list[Game]) -> Game:
    with transaction.atomic():
        game, seats = commit.locked_with_seats(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("this game is over" if game.status in (Game.Status.FINISHED, Game.Status.ABORTED)
                           else "this game has not started yet")
        if game.version != expected_version:
            raise Conflict(f"the game has moved on since you looked (now at version {game.version}); "
                           "reload it and play again")
        seat = next((s for s in seats if s.user_id == user.pk and s.status == Seat.Status.PLAYING), None)
        if seat is None:
            raise Conflict("you are not playing in this game")
        if seat.number != game.current_seat:
            raise Conflict("it is not your turn")
        progress = commit.progress_of(game, engine(game.game))
        try:
            work(progress, seat.number)
        except RulesError as err:
            raise BadTurn(str(err)) from None
        game.version += 1
        writes = sql.Batch()  # the change's statements, sent together when the notices join them
        if seat.timeouts:  # the player is back: timeouts count in a row only
            seat.timeouts = 0
            writes.add(sql.update(seat, ["timeouts"]))
        commit.store(game, progress, seats, user=user, writes=writes)
        writes.add(sql.update(game, commit.TURN_FIELDS))
        commit.changed(game, kind, seats=seats, progress=progress, writes=writes)
        written.append(game)  # all is written: what is left is the COMMIT
    return game


def move_submit(*, game_id: Any, user: Any, expected_version: int, action: Any = None, turn: Any = None) -> Game:
    """Play one step (``action``, an action's dict form) or a whole turn (``turn``, in the game's record form)
    for ``user``: all of it is saved, or nothing."""
    def work(progress: Progress, seat: int) -> None:
        eng = progress.eng
        actions = eng.turn_actions(progress.state, turn) if turn is not None else [eng.parse_action(action)]
        for one in actions:
            progress.play(one, seat)

    return _mover_change(game_id, user, expected_version, Move.Kind.TURN, work)


def move_undo(*, game_id: Any, user: Any, expected_version: int, whole_turn: bool = False) -> Game:
    """Take back the user's last step of the turn in progress (or all of them), never past a draw."""
    def work(progress: Progress, seat: int) -> None:
        progress.undo(whole_turn)

    return _mover_change(game_id, user, expected_version, "undo", work)


def move_timeout(*, game_id: int, expected_version: int) -> Optional[Game]:
    """The time for a move ran out: the server ends the absent seat's turn as the engine says, and goes on.

    The steps the player took stand. Returns None, changing nothing, if the game moved on, its clock is
    stopped or the deadline is still ahead. The third timeout in a row removes the player as a moderator's
    removal does (seat skipped, pieces stay, score stands); a game left with one player ends.
    """
    from games.play.seats import drop_seat  # seats.py imports this module's neighbours

    with transaction.atomic():
        game = commit.locked(game_id)
        now = clock.now()
        if (game.status != Game.Status.ACTIVE or game.version != expected_version or game.deadline is None
                or game.deadline > now):
            return None
        assert game.current_seat is not None
        seat = game.seats.select_related("user").get(number=game.current_seat)
        if commit.away(seat.user_id):  # a vacation began as this turn arrived: stop the clock instead
            game.deadline, game.time_left = None, timedelta(hours=game.move_hours)
            game.save(update_fields=["deadline", "time_left"])
            notices.pause(game, now)
            commit.changed(game, "pause")
            return None
        eng = engine(game.game)
        progress = commit.progress_of(game, eng)
        progress.finish_for(seat.number, random.Random(f"timeout:{game.seed}:{game.version}"))  # reproducible
        game.version += 1
        seat.timeouts += 1
        seat.save(update_fields=["timeouts"])
        commit.store(game, progress, timeout_seat=seat.number)
        if seat.timeouts >= settings.TIMEOUTS_BEFORE_REMOVAL and game.status == Game.Status.ACTIVE:
            drop_seat(game, seat, Seat.Status.REMOVED, Move.Kind.REMOVE, None, progress)
        game.save()
        commit.changed(game, Move.Kind.TIMEOUT, progress=progress)
    return game
