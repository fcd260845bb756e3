"""Game services: the only code that writes games, seats and the move log.

Every change runs in one transaction on the locked game row; the engine decides, this
module stores, and only after commit are listeners told (``signals.game_updated``).
"""
from __future__ import annotations

import logging
import random
from datetime import timedelta
from typing import Any, Optional

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from . import broadcast, clock, notices, payloads, sql
from .errors import BadTurn, Conflict, GameNotFound, NotAllowed
from .models import Game, ModeratorAction, Move, Seat
from .rules import RulesError, engine
from .rules.bots import random_turn
from .signals import game_updated

logger = logging.getLogger(__name__)


def _changed(game: Game, kind: str, *, seats: Optional[list[Seat]] = None, state: Any = None,
             writes: Optional[sql.Batch] = None) -> None:
    """The end of every change, inside its transaction: the due notices of the turn now waiting are made in
    the same commit; after commit the game is published (every audience's payload, built once) and the
    listeners (live updates, notifications) are told.

    ``seats`` (with their users, as saved) and ``state`` (the engine state saved) spare reading them again.
    ``writes``: the change's statements not sent yet; they go with the notices' in one round trip.
    """
    notices.schedule(game, seats=seats, writes=writes)
    if writes is not None:
        writes.run()
    game_id, version = game.pk, game.version

    def after_commit() -> None:
        try:
            game.publication = payloads.publish(game, seats=seats, state=state)
        except Exception:  # the change is saved; sockets and the API rebuild views from the database
            logger.exception("publishing game %s version %s failed", game_id, version)
            game.publication = None
        game_updated.send(sender=Game, game_id=game_id, version=version, kind=kind, publication=game.publication)

    transaction.on_commit(after_commit)


# The queries of every turn, written out (games/sql.py): Django compiled the same ORM queries afresh on each
# turn, which took more processor time than the database spent answering them (bench/load.py).
def _game_pk(game_id: Any) -> int:
    try:
        pk = int(game_id)
    except (ValueError, TypeError):
        raise GameNotFound("there is no such game") from None
    if not -2**63 <= pk < 2**63:
        raise GameNotFound("there is no such game")
    return pk


def _lock_statement(pk: int) -> sql.Statement:
    """The game, its row locked until the transaction ends, with the sequence number of its last move."""
    statement = (f"SELECT {sql.columns(Game, 'g')}, (SELECT COALESCE(MAX(m.seq), 0) FROM {sql.table(Move)} m "
                 f"WHERE m.game_id = g.id) AS last_seq FROM {sql.table(Game)} g WHERE g.id = %s")
    if connection.features.has_select_for_update:
        statement += " FOR UPDATE"
    return statement, [pk]


def _seats_statement(pk: int) -> sql.Statement:
    """The game's seats in order, with their users' names and whether each user is on vacation."""
    from accounts.models import Vacation  # accounts imports games (admin actions): import when needed

    return (f"SELECT {sql.columns(Seat, 's')}, u.username, u.display_name, "
            f"EXISTS(SELECT 1 FROM {sql.table(Vacation)} v WHERE v.user_id = s.user_id AND v.ended_at IS NULL) "
            f"FROM {sql.table(Seat)} s JOIN {sql.table(get_user_model())} u ON u.id = s.user_id "
            f"WHERE s.game_id = %s ORDER BY s.number", [pk])


def _game(rows: list[Any]) -> Game:
    found = sql.instances(Game, rows, extra=["last_seq"])
    if not found:
        raise GameNotFound("there is no such game")
    return found[0]


def _locked(game_id: Any) -> Game:
    """The game, its row locked until the transaction ends, with the sequence number of its last move."""
    return _game(sql.fetch([_lock_statement(_game_pk(game_id))])[0])


def _locked_with_seats(game_id: Any) -> tuple[Game, list[Seat]]:
    """The locked game and its seats in order, read in one round trip. Each seat has its user (id, username,
    display name; other fields load when read) and ``away``: True if its user is on vacation."""
    pk = _game_pk(game_id)
    game_rows, seat_rows = sql.fetch([_lock_statement(pk), _seats_statement(pk)])
    game = _game(game_rows)
    seats = sql.instances(Seat, seat_rows, extra=["user_username", "user_display_name", "away"])
    user_model = get_user_model()
    for seat in seats:
        seat.user = user_model.from_db(connection.alias, ["id", "username", "display_name"],
                                       [seat.user_id, seat.user_username, seat.user_display_name])
        seat.away = bool(seat.away)
    return game, seats


def _log(game: Game, kind: str, *, seat: Optional[int] = None, user: Any = None,
         turn: Optional[dict[str, Any]] = None, events: Optional[list[dict[str, Any]]] = None,
         writes: Optional[sql.Batch] = None) -> None:
    """Append a move to the game's log (``writes``: added to that batch, else written at once)."""
    last = getattr(game, "last_seq", None)  # _locked read it with the game
    if last is None:
        last = game.moves.order_by("-seq").values_list("seq", flat=True).first() or 0
    game.last_seq = last + 1
    move = Move(game=game, seq=last + 1, seat=seat, user=user, kind=kind, turn=turn, events=events or [],
                version=game.version)
    sql.write([sql.insert(move)], writes)


def game_create(*, user: Any, game: str, players: int, move_hours: int = 72, private: bool = False) -> Game:
    """A new open game; the creator takes seat 0."""
    eng = engine(game)
    if not eng.min_players <= players <= eng.max_players:
        raise BadTurn(f"{game} is played by {eng.min_players} to {eng.max_players} players")
    with transaction.atomic():
        new = Game.objects.create(game=game, players=players, move_hours=move_hours, private=private,
                                  created_by=user)
        Seat.objects.create(game=new, user=user, number=0)
    return new


def game_join(*, game_id: int, user: Any, invite_code: Optional[str] = None) -> Game:
    """Take an open seat (a private game needs its invitation code); the game starts when full."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.private and invite_code != game.invite_code:
            raise GameNotFound("there is no such game")
        if game.status != Game.Status.OPEN:
            raise Conflict("this game is not waiting for players any more")
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise Conflict("you already have a seat in this game")
        if len(seats) >= game.players:
            raise Conflict("this game is full")
        number = min(set(range(game.players)) - {s.number for s in seats})
        try:
            with transaction.atomic():
                Seat.objects.create(game=game, user=user, number=number)
        except IntegrityError:
            raise Conflict("that seat was just taken; try again") from None
        game.version += 1
        kind = "join"
        if len(seats) + 1 == game.players:
            _start(game)
            kind = "start"
        game.save()
        _changed(game, kind)
    return game


def game_join_by_invite(*, invite_code: str, user: Any) -> Game:
    """Join the game an invitation link points to."""
    game_id = Game.objects.filter(invite_code=invite_code).values_list("pk", flat=True).first()
    if game_id is None:
        raise GameNotFound("this invitation link is not valid")
    return game_join(game_id=game_id, user=user, invite_code=invite_code)


def _start(game: Game) -> None:
    """Shuffle the seat order (seeded), set up the engine and deal the first tile."""
    seats = list(game.seats.order_by("number"))
    order = list(range(len(seats)))
    random.Random(game.seed).shuffle(order)
    for seat in seats:  # two passes keep (game, number) unique throughout
        seat.number += 100
        seat.save(update_fields=["number"])
    for seat, number in zip(seats, order):
        seat.number = number
        seat.save(update_fields=["number"])
    eng = engine(game.game)
    state = eng.new_game(game.players, {"seed": game.seed})
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    _deal_and_store(game, eng, state)


def _deal_and_store(game: Game, eng: Any, state: Any, seats: Optional[list[Seat]] = None,
                    writes: Optional[sql.Batch] = None) -> Any:
    """Draw for the next seat (logging forced discards), then save state, whose turn, deadline, scores.

    Returns the engine state stored. ``seats``: the game's seats as ``_locked_with_seats`` reads them, if at
    hand. ``writes``: a batch for the moves and seats written (the game itself is the caller's to save).
    """
    before = game.current_seat if game.status == Game.Status.ACTIVE else None
    state, forced = eng.deal(state)
    for turn in forced:
        _log(game, Move.Kind.DISCARD, seat=state.seat, turn=turn.to_dict(), writes=writes)
    now = clock.now()  # games/clock.py: tests set the time deadlines are counted from
    game.state = eng.state_to_dict(state)
    game.last_move_at = now
    scores = eng.scores(state)
    if seats is None:
        seats = list(game.seats.all())
    for seat in seats:
        if seat.score != scores[seat.number]:
            seat.score = scores[seat.number]
            sql.write([sql.update(seat, ["score"])], writes)
    if eng.is_over(state):
        _finish(game, seats, scores, writes)
    else:
        game.current_seat = eng.current_player(state)
        if game.current_seat != before or (game.deadline is None and game.time_left is None):
            _start_clock(game, seats, now)  # a new turn
        else:  # a seat left out of turn: the mover's turn goes on, with its clock and its notices
            game.turn_continues = True
    return state


def _finish(game: Game, seats: list[Seat], scores: list[int], writes: Optional[sql.Batch] = None) -> None:
    """The game is over: the best score among the seats still playing wins (ties share the win)."""
    playing = [s for s in seats if s.status == Seat.Status.PLAYING]
    best = max((scores[s.number] for s in playing), default=None)
    for seat in seats:
        won = seat.status == Seat.Status.PLAYING and scores[seat.number] == best
        seat.result = Seat.Result.WON if won else Seat.Result.LOST
        sql.write([sql.update(seat, ["result"])], writes)
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.current_seat = None
    game.deadline = None
    game.time_left = None


def _start_clock(game: Game, seats: list[Seat], now: Any) -> None:
    """The deadline of the seat to move; a player on vacation gets the full time when they come back."""
    mover = next((s for s in seats if s.number == game.current_seat), None)
    if mover is not None and getattr(mover, "away", None) is None:
        mover.away = _away(mover.user_id)  # seats read without the vacation mark
    if mover is not None and mover.away:
        game.deadline, game.time_left = None, timedelta(hours=game.move_hours)
    else:
        game.deadline, game.time_left = now + timedelta(hours=game.move_hours), None


def _away(user_id: int) -> bool:
    """True while the user is on vacation (their clocks are stopped)."""
    from accounts.models import Vacation  # accounts imports games (admin actions): import when needed

    return Vacation.objects.filter(user_id=user_id, ended_at__isnull=True).exists()


#: The game's columns a turn can change (saving only these spares building an update of every column).
TURN_FIELDS = ["status", "state", "version", "current_seat", "deadline", "started_at", "finished_at", "last_move_at",
               "time_left"]


def move_submit(*, game_id: int, user: Any, turn: Any, expected_version: int) -> Game:
    """Play one whole turn for ``user``: all of it is saved, or nothing."""
    with transaction.atomic():
        game, seats = _locked_with_seats(game_id)
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
        eng = engine(game.game)
        state = eng.state_from_dict(game.state)
        try:
            parsed = eng.parse_turn(turn)
            new = eng.apply_turn(state, parsed)
        except RulesError as err:
            raise BadTurn(str(err)) from None
        game.version += 1
        writes = sql.Batch()  # the turn's statements, sent together when the notices join them
        if seat.timeouts:  # the player is back: timeouts count in a row only
            seat.timeouts = 0
            writes.add(sql.update(seat, ["timeouts"]))
        _log(game, Move.Kind.TURN, seat=seat.number, user=user, turn=parsed.to_dict(),
             events=new.events[len(state.events):], writes=writes)
        stored = _deal_and_store(game, eng, new, seats, writes)
        writes.add(sql.update(game, TURN_FIELDS))
        _changed(game, Move.Kind.TURN, seats=seats, state=stored, writes=writes)
    return game


def _drop_seat(game: Game, seat: Seat, status: str, kind: str, actor: Any) -> None:
    """Take a seat out of a game (resigned or removed): skipped from now on, its score stands."""
    game.version += 1
    if game.status == Game.Status.OPEN:  # not started: the seat simply opens again
        seat.delete()
        _log(game, kind, seat=None, user=actor)
        return
    seat.status = status
    seat.save(update_fields=["status"])
    eng = engine(game.game)
    state = eng.remove_seat(eng.state_from_dict(game.state), seat.number)
    _log(game, kind, seat=seat.number, user=actor)
    if sum(1 for s in game.seats.all() if s.status == Seat.Status.PLAYING) <= 1:
        state = eng.finish(state)  # rules: a game left with one player ends
    _deal_and_store(game, eng, state)


def game_resign(*, game_id: int, user: Any) -> Game:
    """Give up a seat (or leave a game not yet started)."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Conflict("this game is over")
        seat = game.seats.filter(user=user, status=Seat.Status.PLAYING).first()
        if seat is None:
            raise Conflict("you are not playing in this game")
        if game.status == Game.Status.OPEN and game.created_by_id == user.pk:
            game.status = Game.Status.ABORTED  # the creator leaving an unstarted game cancels it
            game.finished_at = timezone.now()
            game.version += 1
            _log(game, Move.Kind.ABORT, user=user)
        else:
            _drop_seat(game, seat, Seat.Status.RESIGNED, Move.Kind.RESIGN, user)
        game.save()
        _changed(game, Move.Kind.RESIGN)
    return game


# ----- moderators ---------------------------------------------------------------------------
def _record(moderator: Any, action: str, *, game: Optional[Game] = None, target: Any = None,
            reason: str = "") -> None:
    ModeratorAction.objects.create(moderator=moderator, action=action, game=game, target=target, reason=reason)


def game_abort(*, game_id: int, moderator: Any, reason: str = "") -> Game:
    """Stop a game for good; no result."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Conflict("only a game waiting or in play can be aborted")
        game.status = Game.Status.ABORTED
        game.version += 1
        game.current_seat = None
        game.deadline = None
        game.finished_at = timezone.now()
        _log(game, Move.Kind.ABORT, user=moderator)
        game.save()
        _record(moderator, "abort game", game=game, reason=reason)
        _changed(game, Move.Kind.ABORT)
    return game


def game_settle(*, game_id: int, moderator: Any, reason: str = "") -> Game:
    """Run the final scoring now, as a record's ``"end": true`` does, and finish the game."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("only a game in play can be settled")
        eng = engine(game.game)
        prior = eng.state_from_dict(game.state)
        state = eng.finish(prior)
        game.version += 1
        _log(game, Move.Kind.SETTLE, user=moderator, events=state.events[len(prior.events):])
        _deal_and_store(game, eng, state)
        game.save()
        _record(moderator, "settle game", game=game, reason=reason)
        _changed(game, Move.Kind.SETTLE)
    return game


def seat_remove(*, game_id: int, user: Any, moderator: Any, reason: str = "") -> Game:
    """Remove a player: their seat is skipped from now on, their pieces stay, their score stands."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Conflict("this game is over")
        seat = game.seats.filter(user=user, status=Seat.Status.PLAYING).first()
        if seat is None:
            raise Conflict(f"{user} is not playing in this game")
        _drop_seat(game, seat, Seat.Status.REMOVED, Move.Kind.REMOVE, moderator)
        game.save()
        _record(moderator, "remove player", game=game, target=user, reason=reason)
        _changed(game, Move.Kind.REMOVE)
    return game


def user_suspend(*, user: Any, moderator: Any, reason: str = "") -> None:
    """Suspend an account: no log-in, no token, and every game in progress treats the user as removed."""
    if user.pk == moderator.pk:
        raise NotAllowed("you cannot suspend yourself")
    with transaction.atomic():
        type(user).objects.filter(pk=user.pk).update(is_active=False, suspended_at=timezone.now())
        _record(moderator, "suspend user", target=user, reason=reason)
        transaction.on_commit(lambda: broadcast.account_closed(user.pk))  # their open sockets close now
    game_ids = Game.objects.filter(seats__user=user, seats__status=Seat.Status.PLAYING,
                                   status__in=[Game.Status.OPEN, Game.Status.ACTIVE]).values_list("pk", flat=True)
    for game_id in list(game_ids):
        try:
            seat_remove(game_id=game_id, user=user, moderator=moderator, reason=f"account suspended. {reason}")
        except Conflict:
            continue  # the game ended meanwhile


def user_unsuspend(*, user: Any, moderator: Any, reason: str = "") -> None:
    """Lift a suspension (games the user was removed from stay as they are)."""
    with transaction.atomic():
        type(user).objects.filter(pk=user.pk).update(is_active=True, suspended_at=None)
        _record(moderator, "unsuspend user", target=user, reason=reason)


# ----- asynchronous play: timeouts and stopped clocks (games/tasks.py, accounts vacations) ------------
def move_timeout(*, game_id: int, expected_version: int) -> Optional[Game]:
    """The time for a move ran out: play a legal turn for the absent seat (no follower) and go on.

    Returns None, changing nothing, if the game moved on, its clock is stopped or the deadline is still
    ahead. The third timeout in a row removes the player as a moderator's removal does (seat skipped,
    pieces stay, score stands); a game left with one player ends and the absent player loses.
    """
    with transaction.atomic():
        game = _locked(game_id)
        now = clock.now()
        if (game.status != Game.Status.ACTIVE or game.version != expected_version or game.deadline is None
                or game.deadline > now):
            return None
        seat = game.seats.select_related("user").get(number=game.current_seat)
        if _away(seat.user_id):  # a vacation began as this turn arrived: stop the clock instead
            game.deadline, game.time_left = None, timedelta(hours=game.move_hours)
            game.save(update_fields=["deadline", "time_left"])
            notices.pause(game, now)
            _changed(game, "pause")
            return None
        eng = engine(game.game)
        state = eng.state_from_dict(game.state)
        rng = random.Random(f"timeout:{game.seed}:{game.version}")  # the same turn if this is ever rerun
        parsed = eng.parse_turn(random_turn(eng, state, rng, pieces=False))
        new = eng.apply_turn(state, parsed)
        game.version += 1
        seat.timeouts += 1
        seat.save(update_fields=["timeouts"])
        _log(game, Move.Kind.TIMEOUT, seat=seat.number, turn=parsed.to_dict(),
             events=new.events[len(state.events):])
        _deal_and_store(game, eng, new)
        if seat.timeouts >= settings.TIMEOUTS_BEFORE_REMOVAL and game.status == Game.Status.ACTIVE:
            _drop_seat(game, seat, Seat.Status.REMOVED, Move.Kind.REMOVE, None)
        game.save()
        _changed(game, Move.Kind.TIMEOUT)
    return game


def _mover_is(game: Game, user: Any) -> bool:
    return game.status == Game.Status.ACTIVE and game.seats.filter(
        number=game.current_seat, user=user, status=Seat.Status.PLAYING).exists()


def game_clock_pause(*, game_id: int, user: Any) -> Optional[Game]:
    """Stop the clock of a game waiting for ``user`` (a vacation starts), keeping the time left."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.deadline is None or not _mover_is(game, user):
            return None
        now = clock.now()
        game.time_left = max(game.deadline - now, timedelta(0))
        game.deadline = None
        game.save(update_fields=["deadline", "time_left"])
        notices.pause(game, now)
        _changed(game, "pause")
    return game


def game_clock_resume(*, game_id: int, user: Any) -> Optional[Game]:
    """Start the stopped clock of a game waiting for ``user`` again: deadline = now + the time left."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.deadline is not None or not _mover_is(game, user):
            return None
        now = clock.now()
        left = game.time_left if game.time_left is not None else timedelta(hours=game.move_hours)
        game.deadline, game.time_left = now + left, None
        game.save(update_fields=["deadline", "time_left"])
        notices.resume(game, now)
        _changed(game, "resume")
    return game


def games_waiting_for(user: Any) -> list[int]:
    """Ids of the games in play whose seat to move is ``user``'s."""
    return list(Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user, seats__status=Seat.Status.PLAYING,
                                    seats__number=F("current_seat")).values_list("pk", flat=True))
