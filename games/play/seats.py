"""A seat leaving a game (resigned, removed by a moderator, timed out too often): skipped from then on; or,
before every seat still in the game has played a turn of its own, the game aborted (docs/social.md). A game
left with computers alone ends with the final scoring."""
from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import commit
from games.play.change import Change


def drop_seat(change: Change, seat: Seat, status: str, kind: str, actor: Any) -> None:
    """Take ``seat`` out of the changed game (its pieces stay, its score stands) and log it as a ``kind`` move.

    If it was that seat's turn, its entry in progress ends where it stands: its steps go into this move of the
    log, before the change, so that the log replays exactly. Another seat's entry in progress goes on.
    """
    game = change.game
    if game.status == Game.Status.OPEN:  # not started: the seat simply opens again
        seat.delete()
        change.log(kind, user=actor)
        change.reread_seats()
        return
    early = not first_turns_played(game)  # the leaving seat counts: it is still in the game
    seat.status = status
    change.save_seat(seat, "status")
    if early:
        _abort(change, seat, actor)
        return
    progress = change.engine_side()
    eng = progress.eng

    def remove(state: Any) -> Any:
        return eng.remove_seat(state, seat.number)

    ends_entry = eng.current_player(progress.state) == seat.number or eng.is_over(remove(progress.state))
    if ends_entry or not progress.change_around(remove):
        events_from = progress.events_from
        steps = progress.abandon()
        after = remove(progress.state)
        change.log(kind, seat=seat.number, user=actor, steps=steps,
                   events=[dict(e) for e in eng.events(after)[events_from:]])
        progress.change(after)
    else:
        change.log(kind, seat=seat.number, user=actor)
    commit.store(change)
    if game.status == Game.Status.ACTIVE and not any(s.status == Seat.Status.PLAYING and not s.user.computer_level
                                                     for s in change.seats):
        _settle_without_people(change)


def first_turns_played(game: Game) -> bool:
    """True once every seat still in the game has played a turn of its own (a turn the server played for a
    seat whose time ran out is not one)."""
    own_turn = Move.objects.filter(game=game, kind=Move.Kind.TURN, seat=OuterRef("number"))
    return not game.seats.filter(status=Seat.Status.PLAYING).exclude(Exists(own_turn)).exists()


def _abort(change: Change, seat: Seat, actor: Any) -> None:
    """End the game aborted because ``seat`` left it early: no winner, unrated. The state and the turn in
    progress stay as they were, so the log still rebuilds them."""
    game = change.game
    game.status = Game.Status.ABORTED
    game.finished_at = timezone.now()
    game.current_seat = None
    game.deadline = None
    game.time_left = None
    change.log(Move.Kind.ABORT, seat=seat.number, user=actor)


def _settle_without_people(change: Change) -> None:
    """No person is left playing, only computers: the game ends now with the final scoring, as a moderator's
    settle does (the steps of an entry in progress stand); the seats that left lost, the computers rank by
    score. Computers playing on for nobody would only load the computer players' worker (issue 24)."""
    change.game.version += 1
    settle(change, None)


def settle(change: Change, moderator: Any) -> None:
    """The final scoring now (a moderator's, or a game left to computers): the steps of the entry in progress
    stand and go into this move of the log, before the scoring."""
    progress = change.engine_side()
    eng = progress.eng
    events_from = progress.events_from
    steps = progress.abandon()
    state = eng.settle(progress.state)
    change.log(Move.Kind.SETTLE, user=moderator, steps=steps,
               events=[dict(e) for e in eng.events(state)[events_from:]])
    progress.change(state)
    commit.store(change)
