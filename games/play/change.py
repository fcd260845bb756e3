"""The one path of every change to a game: lock, check, engine, store, publish.

Every service that changes a game (a player's step, undo or whole turn, a timeout, a resignation, a join, a
moderator's abort, settlement or removal, a clock stopped or started) is a ``work`` function handed to
:func:`change_game`, which

1. locks the game's row and reads its seats (with their users and whether each is on vacation) and the number of
   its last move, in the transaction the change commits in;
2. refuses a client that saw another version (409);
3. gives the game its next version and runs the work: its checks (a refusal raises a ``GameError`` and
   nothing is written) and its change, through the engine (:mod:`games.play.commit` stores the engine's side);
4. writes what changed: the new moves of the log, the seats, the game's row, the due rows of the turn now
   waiting (:mod:`games.play.notices`);
5. after the commit, publishes every audience's payload once (:mod:`games.play.payloads`) and tells the
   listeners (live updates, computer players, notifications) through ``game_updated``.

What one stage hands the next travels in the :class:`Change`, by name. A COMMIT whose answer was lost with its
connection is answered as done if the row holds the change (:func:`recover`).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from django.db import DatabaseError, InterfaceError, OperationalError, transaction
from django.utils.translation import gettext as _

from games.models import Game, Move, Seat
from games.play import notices, payloads, reads
from games.play.errors import Conflict, GameNotFound, Unavailable
from games.play.signals import game_updated
from games.play.turns import Progress
from games.play.writes import Writes
from games.rules import AnyEngine, engine

logger = logging.getLogger(__name__)

#: The game's columns a change may write (saving only these spares an update of every column).
GAME_FIELDS = ["status", "state", "turn", "version", "current_seat", "deadline", "started_at", "finished_at",
               "last_move_at", "time_left"]


@dataclass
class Change:
    """One change of a game on its way through the stages, and what each stage hands the next."""

    game: Game
    seats: list[Seat]  # in seat order, each with its user and ``away`` (on vacation)
    kind: str  # a Move kind, or "join", "start", "undo", "pause", "resume": what listeners are told
    user: Any = None  # who asked for it (None: the server)
    last_seq: int = 0  # the number of the log's last move before this change
    locked_version: int = 0  # the version the game had when it was locked
    moves: list[Move] = field(default_factory=list)  # the log's new moves, written together
    seat_fields: dict[int, set[str]] = field(default_factory=dict)  # seat id -> its fields this change set
    progress: Optional[Progress] = None  # the engine's side, once loaded
    turn_continues: bool = False  # the same turn goes on: its clock runs on and its notices carry over
    then: list[Callable[[], None]] = field(default_factory=list)  # run after the notices (a clock stopped)
    done: bool = True  # False: the work found nothing to do: nothing is written or published
    publication: Optional[payloads.Publication] = None  # every audience's payload, after the commit

    # ----- what the work reads -----------------------------------------------------------------------
    @property
    def eng(self) -> AnyEngine:
        return engine(self.game.game)

    def engine_side(self) -> Progress:
        """The engine's state and the entry in progress (loaded once)."""
        if self.progress is None:
            self.progress = Progress.load(self.eng, self.eng.state_from_dict(self.game.state), self.game.turn)
        return self.progress

    def playing_seat(self, user: Any) -> Optional[Seat]:
        """``user``'s seat still in play, if any."""
        return next((s for s in self.seats if s.user_id == user.pk and s.status == Seat.Status.PLAYING), None)

    # ----- what the work changes ---------------------------------------------------------------------
    def save_seat(self, seat: Seat, *fields: str) -> None:
        """``seat``'s ``fields`` were changed: they are written with the change."""
        self.seat_fields.setdefault(seat.pk, set()).update(fields)

    def log(self, kind: str, *, seat: Optional[int] = None, user: Any = None, turn: Optional[dict[str, Any]] = None,
            steps: Optional[list[dict[str, Any]]] = None, events: Optional[list[dict[str, Any]]] = None) -> Move:
        """Append a move to the game's log, at the game's version now."""
        move = Move(game=self.game, seq=self.last_seq + len(self.moves) + 1, seat=seat, user=user, kind=kind,
                    turn=turn, steps=steps or [], events=events or [], version=self.game.version)
        self.moves.append(move)
        return move

    def reread_seats(self) -> None:
        """Read the seats again after the work created, deleted or renumbered some (a join, a start)."""
        self.seats = seats_of(self.game.pk)


Work = Callable[[Change], None]


def game_pk(game_id: Any) -> int:
    """A game id from a request, or ``GameNotFound``."""
    try:
        pk = int(game_id)
    except (ValueError, TypeError):
        raise GameNotFound(_("there is no such game")) from None
    if not -2**63 <= pk < 2**63:
        raise GameNotFound(_("there is no such game"))
    return pk


def seats_of(game_id: int) -> list[Seat]:
    """The game's seats in order, each with its user and ``away``: True while its user is on vacation."""
    return _seats(game_id)[0]


def _seats(game_id: int, kind: Optional[str] = None) -> tuple[list[Seat], int]:
    """The game's seats (as :func:`seats_of`) and the number of its last move, in one query (with ``kind``, the
    game's registry name: each user's rating at it too, for the payloads; :func:`games.play.reads.seats`)."""
    return reads.seats(game_id, kind)


def lock(game_id: Any, kind: str, user: Any = None) -> Change:
    """The game, its row locked until the transaction ends, with its seats and the number of its last move
    (read after the lock: under PostgreSQL's READ COMMITTED each statement sees what was committed when it
    began, so the log is read once the change that held the lock has committed)."""
    pk = game_pk(game_id)
    game = reads.locked_game(pk)  # Game.objects.select_for_update().filter(pk=pk).first()
    if game is None:
        raise GameNotFound(_("there is no such game"))
    seats, last = _seats(pk, game.game)  # a statement of its own, after the lock: it sees the log as committed now
    return Change(game=game, seats=seats, kind=kind, user=user, last_seq=last, locked_version=game.version)


def change_game(game_id: Any, kind: str, work: Work, *, user: Any = None,
                expected_version: Optional[int] = None) -> Change:
    """Run ``work`` as one change of the game (the module's docstring): all of it is saved, or nothing.

    ``expected_version``: the version the client saw; another one is refused (409). If the database
    connection fails, even just after COMMIT, the answer says what happened: done if the game row holds this
    change, else ``Unavailable`` (send it again). Inside a caller's transaction the commit is the caller's.
    """
    if transaction.get_connection().in_atomic_block:
        return _change(game_id, kind, work, user, expected_version, [])
    written: list[Change] = []
    try:
        return _change(game_id, kind, work, user, expected_version, written)
    except (OperationalError, InterfaceError):
        logger.warning("the database connection failed during a change of game %s", game_id, exc_info=True)
        return recover(written[0] if written else None)


def _change(game_id: Any, kind: str, work: Work, user: Any, expected_version: Optional[int],
            written: list[Change]) -> Change:
    with transaction.atomic():
        change = lock(game_id, kind, user)
        if expected_version is not None and change.game.version != expected_version:
            raise Conflict(_("the game has moved on since you looked (now at version %(version)d); reload it and "
                             "play again") % {"version": change.game.version})
        change.game.version += 1
        work(change)
        if not change.done:
            change.game.version = change.locked_version
            return change
        write(change)
        transaction.on_commit(lambda: publish(change))
        written.append(change)  # all is written: what is left is the COMMIT
    return change


def write(change: Change) -> None:
    """Write what the change made: its moves, seats and game row, then the due rows of the turn now waiting."""
    batch = Writes()
    for move in change.moves:
        batch.insert(move)
    for seat in change.seats:
        if seat.pk in change.seat_fields:
            batch.update(seat, sorted(change.seat_fields[seat.pk]))
    batch.update(change.game, GAME_FIELDS)
    computer = getattr(change.user, "computer_level", "") if change.kind == Move.Kind.TURN else ""
    mover = next((seat.number for seat in change.seats if seat.user_id == change.user.pk), None) if computer else None
    notices.schedule(change.game, change.seats, batch, turn_continues=change.turn_continues, played_by=mover)
    batch.run()
    for then in change.then:
        then()


def publish(change: Change) -> None:
    """After the commit: every audience's payload built once and kept for the sockets and the answer; then the
    listeners are told. Never raises: the change is saved, and readers rebuild views from the database."""
    game = change.game
    try:
        change.publication = payloads.publish(game, seats=change.seats, progress=change.progress)
    except Exception:
        logger.exception("publishing game %s version %s failed", game.pk, game.version)
    game_updated.send(sender=Game, game_id=game.pk, version=game.version, kind=change.kind,
                      publication=change.publication)


def announce(game: Game, kind: str) -> None:
    """A game just made (no change of one that was): published and told after the commit, as changes are."""
    transaction.on_commit(lambda: publish(Change(game=game, seats=seats_of(game.pk), kind=kind)))


def recover(written: Optional[Change]) -> Change:
    """After the database connection failed during a change (``written``: the change, if it got as far as
    COMMIT): if the game row now holds exactly that change, it was committed and is answered as done (and
    published, as its commit would have); otherwise nothing was saved: ``Unavailable``.

    The row lock and the version check let only one change take a game from version v to v+1: the same
    version, state and turn in the row are this change's.
    """
    transaction.get_connection().close()  # the broken connection; the next query opens another
    game = written.game if written is not None else None
    try:
        row = (Game.objects.filter(pk=game.pk).values("version", "state", "turn").first()
               if game is not None else None)
    except DatabaseError:
        row = None
    if written is None or game is None or row != {"version": game.version, "state": game.state, "turn": game.turn}:
        raise Unavailable(_("the database could not be reached and nothing was saved; please send it again"))
    logger.warning("game %s version %s was committed although its connection failed: answered as done",
                   game.pk, game.version)
    publish(written)
    return written
