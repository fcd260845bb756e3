"""A seat leaving a game (resigned, removed by a moderator, timed out too often): skipped from then on; or,
before every seat still in the game has played a turn of its own, the game aborted (docs/social.md). A game
left with computers alone ends with the final scoring."""
from __future__ import annotations

from typing import Any, Optional

from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import commit
from games.play.turns import Progress
from games.rules import engine


def drop_seat(game: Game, seat: Seat, status: str, kind: str, actor: Any, progress: Optional[Progress] = None) -> None:
    """Take ``seat`` out of ``game`` (its pieces stay, its score stands) and log it as a ``kind`` move.

    If it was that seat's turn, its entry in progress ends where it stands: its steps go into this move of the
    log, before the change, so that the log replays exactly. Another seat's entry in progress goes on.
    """
    game.version += 1
    if game.status == Game.Status.OPEN:  # not started: the seat simply opens again
        seat.delete()
        commit.log(game, kind, seat=None, user=actor)
        return
    early = not first_turns_played(game)  # the leaving seat counts: it is still in the game
    seat.status = status
    seat.save(update_fields=["status"])
    if early:
        _abort(game, seat, actor)
        return
    eng = engine(game.game)
    if progress is None:
        progress = commit.progress_of(game, eng)

    def remove(state: Any) -> Any:
        return eng.remove_seat(state, seat.number)

    ends_entry = eng.current_player(progress.state) == seat.number or eng.is_over(remove(progress.state))
    if ends_entry or not progress.change_around(remove):
        events_from = progress.events_from
        steps = progress.abandon()
        after = remove(progress.state)
        commit.log(game, kind, seat=seat.number, user=actor, steps=steps,
                   events=[dict(e) for e in eng.events(after)[events_from:]])
        progress.change(after)
    else:
        commit.log(game, kind, seat=seat.number, user=actor)
    commit.store(game, progress)
    if game.status == Game.Status.ACTIVE and not game.seats.filter(status=Seat.Status.PLAYING,
                                                                   user__computer_level="").exists():
        _settle_without_people(game, progress)


def first_turns_played(game: Game) -> bool:
    """True once every seat still in the game has played a turn of its own (a turn the server played for a
    seat whose time ran out is not one)."""
    own_turn = Move.objects.filter(game=game, kind=Move.Kind.TURN, seat=OuterRef("number"))
    return not game.seats.filter(status=Seat.Status.PLAYING).exclude(Exists(own_turn)).exists()


def _abort(game: Game, seat: Seat, actor: Any) -> None:
    """End the game aborted because ``seat`` left it early: no winner, unrated. The state and the turn in
    progress stay as they were, so the log still rebuilds them."""
    game.status = Game.Status.ABORTED
    game.finished_at = timezone.now()
    game.current_seat = None
    game.deadline = None
    game.time_left = None
    commit.log(game, Move.Kind.ABORT, seat=seat.number, user=actor)


def _settle_without_people(game: Game, progress: Progress) -> None:
    """No person is left playing, only computers: the game ends now with the final scoring, as a moderator's
    settle does (the steps of an entry in progress stand); the seats that left lost, the computers rank by
    score. Computers playing on for nobody would only load the computer players' worker (issue 24)."""
    eng = progress.eng
    events_from = progress.events_from
    steps = progress.abandon()
    state = eng.settle(progress.state)
    game.version += 1
    commit.log(game, Move.Kind.SETTLE, steps=steps, events=[dict(e) for e in eng.events(state)[events_from:]])
    progress.change(state)
    commit.store(game, progress)
