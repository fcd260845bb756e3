"""Moves: a player's step, a whole turn or an undo, and the server's move for a seat whose time ran out.

Each is a change of the game (games/play/change.py: lock, check, engine, store, publish); the player's and
the timeout's are the same walk: the seat to move takes steps through the engine (``games/play/turns.py``),
and the entries that ended go into the log.
"""
from __future__ import annotations

import random
from datetime import timedelta
from typing import Any, Callable, Optional

from django.conf import settings
from django.utils.translation import gettext as _

from games.i18n import error_text
from games.models import Game, Move, Seat
from games.play import clock, commit, notices
from games.play.change import Change, change_game
from games.play.errors import BadTurn, Conflict
from games.play.turns import Progress
from games.rules import RulesError

Steps = Callable[[Progress, int], None]


def _mover_steps(user: Any, steps: Steps) -> Callable[[Change], None]:
    """The work of a player's change: ``steps(progress, seat)`` by the user's seat, which must be to move."""
    def work(change: Change) -> None:
        game = change.game
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("this game is over") if game.status in (Game.Status.FINISHED, Game.Status.ABORTED)
                           else _("this game has not started yet"))
        seat = change.playing_seat(user)
        if seat is None:
            raise Conflict(_("you are not playing in this game"))
        if seat.number != game.current_seat:
            raise Conflict(_("it is not your turn"))
        try:
            steps(change.engine_side(), seat.number)
        except RulesError as err:
            raise BadTurn(error_text(err)) from None
        if seat.timeouts:  # the player is back: timeouts count in a row only
            seat.timeouts = 0
            change.save_seat(seat, "timeouts")
        commit.store(change)
    return work


def move_submit(*, game_id: Any, user: Any, expected_version: int, action: Any = None, turn: Any = None) -> Game:
    """Play one step (``action``, an action's dict form) or a whole turn (``turn``, in the game's record form)
    for ``user``: all of it is saved, or nothing."""
    def steps(progress: Progress, seat: int) -> None:
        eng = progress.eng
        actions = eng.turn_actions(progress.state, turn) if turn is not None else [eng.parse_action(action)]
        for one in actions:
            progress.play(one, seat)

    return change_game(game_id, Move.Kind.TURN, _mover_steps(user, steps), user=user,
                       expected_version=expected_version).game


def move_undo(*, game_id: Any, user: Any, expected_version: int, whole_turn: bool = False) -> Game:
    """Take back the user's last step of the turn in progress (or all of them), never past a draw."""
    def steps(progress: Progress, seat: int) -> None:
        progress.undo(whole_turn)

    return change_game(game_id, "undo", _mover_steps(user, steps), user=user, expected_version=expected_version).game


def move_timeout(*, game_id: int, expected_version: int) -> Optional[Game]:
    """The time for a move ran out: the server ends the absent seat's turn as the engine says, and goes on.

    The steps the player took stand. Returns None, changing nothing, if the game moved on, its clock is
    stopped or the deadline is still ahead. The third timeout in a row removes the player as a moderator's
    removal does (seat skipped, pieces stay, score stands); a game left with one player ends.
    """
    from games.play.seats import drop_seat  # seats.py imports this module's neighbours

    def work(change: Change) -> None:
        game, now = change.game, clock.now()
        if (game.status != Game.Status.ACTIVE or change.locked_version != expected_version
                or game.deadline is None or game.deadline > now):
            change.done = False
            return
        seat = next(s for s in change.seats if s.number == game.current_seat)
        if seat.away:  # a vacation began as this turn arrived: stop the clock instead
            change.kind = "pause"
            stop_clock(change)
            return
        progress = change.engine_side()
        progress.finish_for(seat.number, random.Random(f"timeout:{game.seed}:{expected_version}"))  # reproducible
        seat.timeouts += 1
        change.save_seat(seat, "timeouts")
        commit.store(change, timeout_seat=seat.number)
        if seat.timeouts >= settings.TIMEOUTS_BEFORE_REMOVAL and game.status == Game.Status.ACTIVE:
            game.version += 1
            drop_seat(change, seat, Seat.Status.REMOVED, Move.Kind.REMOVE, None)

    change = change_game(game_id, Move.Kind.TIMEOUT, work)
    return change.game if change.done and change.kind == Move.Kind.TIMEOUT else None


def stop_clock(change: Change) -> None:
    """Stop the clock of the turn waiting (its player went on vacation), keeping the time left; the turn's
    notices carry over and wait with it."""
    game, now = change.game, clock.now()
    assert game.deadline is not None
    game.time_left = max(game.deadline - now, timedelta(0))
    game.deadline = None
    change.turn_continues = True
    change.then.append(lambda: notices.pause(game, now))


def start_clock(change: Change) -> None:
    """Start the stopped clock of the turn waiting again: deadline = now + the time left."""
    game, now = change.game, clock.now()
    left = game.time_left if game.time_left is not None else timedelta(hours=game.move_hours)
    game.deadline, game.time_left = now + left, None
    change.turn_continues = True
    change.then.append(lambda: notices.resume(game, now))
