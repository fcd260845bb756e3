"""The due rows of a turn: when its email, its reminder and its timeout fall due (issue: asynchronous play).

For the player to move at a game's version there are three ``Notice`` rows:

- ``turn_email`` at the turn's start + ``TURN_EMAIL_GRACE_MINUTES`` (no mail if they play quicker),
- ``reminder`` when a fifth of the time for the move is left (``REMINDER_FRACTION_LEFT``),
- ``timeout`` at the deadline.

For a computer seat there is one, ``computer``: its step is queued as soon as the turn commits, and the row
falls due ``COMPUTER_STEP_PATIENCE_SECONDS`` later only if that step was lost (the sweep queues it again).

A later version closes the rows of earlier ones. While the clock is stopped (the player is on vacation)
``due_at`` is empty and ``remaining`` holds the time that was left; resuming sets ``due_at = now + remaining``.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Optional

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Value
from django.db.models.functions import Coalesce

from games.models import Game, Notice, Seat
from games.play import clock
from games.play.writes import Writes, table


def grace() -> timedelta:
    """How long a turn may wait before its email goes out."""
    return timedelta(minutes=settings.TURN_EMAIL_GRACE_MINUTES)


def reminder_before(game: Game) -> timedelta:
    """How long before the deadline the reminder falls due: a fifth of the time for a move."""
    return timedelta(hours=game.move_hours) * settings.REMINDER_FRACTION_LEFT


def computer_patience() -> timedelta:
    """How long a computer's step may wait before the sweep takes it for lost and queues it again."""
    return timedelta(seconds=settings.COMPUTER_STEP_PATIENCE_SECONDS)


def schedule(game: Game, seats: list[Seat], writes: Writes, *, turn_continues: bool = False,
             played_by: Optional[int] = None) -> None:
    """Make sure the notices of the game's present turn exist (idempotent); close those of earlier turns.

    ``seats``: the game's seats as saved, with their users. ``writes``: the change's writes, which these join
    (games/play/writes.py: they go together). ``turn_continues``: the same turn goes on at this new version (a
    step of it, a clock stopped): its notices, sent or not, move to this version (no second email); a
    computer's step is one version's, each step has a notice of its own. ``played_by``: the computer seat whose step
    this change is (None for anyone else's): its notice of the version before is closed as "played" with the
    step, whichever task made it (one task plays a whole planned turn, and the tasks queued for its later
    versions find them played).
    """
    now = clock.now()
    name, game_id = table(Notice), game.pk
    if turn_continues and game.current_seat is not None:
        writes.add(f"UPDATE {name} SET version = %s WHERE game_id = %s AND seat = %s AND kind <> %s AND version = "
                   f"(SELECT MAX(version) FROM {name} WHERE game_id = %s AND version < %s)",
                   [game.version, game_id, game.current_seat, Notice.Kind.COMPUTER, game_id, game.version])
    over = game.status != Game.Status.ACTIVE or game.current_seat is None
    done_at = _prepared("done_at", now)
    if played_by is not None:
        writes.add(f"UPDATE {name} SET done_at = %s, outcome = %s WHERE game_id = %s AND done_at IS NULL "
                   "AND kind = %s AND seat = %s AND version = %s",
                   [done_at, "played", game_id, Notice.Kind.COMPUTER, played_by, game.version - 1])
    if over:
        writes.add(f"UPDATE {name} SET done_at = %s, outcome = %s WHERE game_id = %s AND done_at IS NULL",
                   [done_at, "game over", game_id])
        return
    writes.add(f"UPDATE {name} SET done_at = %s, outcome = %s WHERE game_id = %s AND done_at IS NULL "
               "AND version < %s", [done_at, "moved on", game_id, game.version])
    seat = next((s for s in seats if s.number == game.current_seat and s.status == Seat.Status.PLAYING), None)
    if seat is None:
        return
    if seat.user.computer_level:  # a computer moves at once: no email, reminder or timeout; only its step,
        # queued after this commit, made again by the sweep if it is lost (a worker died, the broker was down)
        _make(game, seat, {Notice.Kind.COMPUTER: (now + computer_patience(), None)}, writes)
        return
    started = game.last_move_at or now
    plan: dict[str, tuple[Optional[datetime], Optional[timedelta]]]
    if game.deadline is not None:
        plan = {Notice.Kind.TURN_EMAIL: (started + grace(), None),
                Notice.Kind.REMINDER: (game.deadline - reminder_before(game), None),
                Notice.Kind.TIMEOUT: (game.deadline, None)}
    else:  # the clock is stopped: the player is away and gets the time left when they come back
        left = game.time_left if game.time_left is not None else timedelta(hours=game.move_hours)
        plan = {Notice.Kind.TURN_EMAIL: (None, grace()),
                Notice.Kind.REMINDER: (None, max(left - reminder_before(game), timedelta(0))),
                Notice.Kind.TIMEOUT: (None, left)}
    _make(game, seat, plan, writes)


def _make(game: Game, seat: Seat, plan: dict[str, tuple[Optional[datetime], Optional[timedelta]]],
          writes: Writes) -> None:
    """The notices of the present turn (kind -> (due at, time remaining)); rows already there (carried over,
    or made by a rerun) are left alone."""
    for kind, (due_at, remaining) in plan.items():
        writes.insert(Notice(game=game, seat=seat.number, user_id=seat.user_id, kind=kind, version=game.version,
                             due_at=due_at, remaining=remaining), unless_there=True)


def _prepared(field: str, value: object) -> object:
    """``value`` as the database stores ``Notice.<field>``."""
    return Notice._meta.get_field(field).get_db_prep_save(value, connections[DEFAULT_DB_ALIAS])  # type: ignore[union-attr]


def pause(game: Game, now: datetime) -> None:
    """Stop the open notices of the game's present turn, keeping the time each had left."""
    for notice in Notice.objects.filter(game=game, version=game.version, done_at__isnull=True,
                                        due_at__isnull=False):
        assert notice.due_at is not None
        notice.remaining = max(notice.due_at - now, timedelta(0))
        notice.due_at = None
        notice.save(update_fields=["due_at", "remaining"])


def resume(game: Game, now: datetime) -> None:
    """Start the stopped notices of the game's present turn again with the time they had left."""
    for notice in Notice.objects.filter(game=game, version=game.version, done_at__isnull=True,
                                        due_at__isnull=True):
        notice.due_at = now + (notice.remaining or timedelta(0))
        notice.remaining = None
        notice.save(update_fields=["due_at", "remaining"])


def finish(*, game_id: int, kind: str, version: int, outcome: str, overwrite: bool = False) -> None:
    """Mark the notice a task was handed as done, with what came of it.

    ``overwrite``: say what the task did even if the notice was closed meanwhile (a timeout's own move
    closes it as "moved on" before the task gets here).
    """
    notices = Notice.objects.filter(game_id=game_id, kind=kind, version=version)
    if overwrite:
        notices.update(done_at=Coalesce("done_at", Value(clock.now())), outcome=outcome[:40])
    else:
        notices.filter(done_at__isnull=True).update(done_at=clock.now(), outcome=outcome[:40])
