"""Read-only queries and the per-user game view."""
from __future__ import annotations

from typing import Any, Optional

from django.db.models import Prefetch, Q, QuerySet

from .errors import GameNotFound
from .models import Game, Move, Seat
from .payloads import playing_seat
from .rules import engine, record


#: A game's seats with their users in one query (not one for seats and one for users).
SEATS_WITH_USERS = Prefetch("seats", queryset=Seat.objects.select_related("user"))


def game_list(*, user: Any, status: Optional[str] = None, mine: bool = False) -> QuerySet[Game]:
    """Games a user may see: public ones and their own, filtered."""
    games = Game.objects.all()
    if mine:
        games = games.filter(seats__user=user) if user.is_authenticated else games.none()
    elif user.is_authenticated:
        games = games.filter(Q(private=False) | Q(seats__user=user)).distinct()
    else:
        games = games.filter(private=False)
    if status:
        games = games.filter(status=status)
    return games.prefetch_related(SEATS_WITH_USERS)


def game_get(*, game_id: Any, user: Any) -> Game:
    """A game the user may see, or ``GameNotFound`` (a private game shows only to its players and staff)."""
    try:
        game = Game.objects.prefetch_related(SEATS_WITH_USERS).get(pk=int(game_id))
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound("there is no such game") from None
    if game.private and not getattr(user, "is_staff", False) and not any(
            s.user_id == getattr(user, "pk", None) for s in game.seats.all()):
        raise GameNotFound("there is no such game")
    return game


def seat_of(game: Game, user: Any) -> Optional[Seat]:
    """The user's seat still in play in ``game``, if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    return playing_seat(game.seats.all(), user.pk)


def game_view_for_user(game: Game, user: Any) -> Optional[dict[str, Any]]:
    """The engine's view for the user's seat (a spectator's view for anyone else); None before the start."""
    if not game.state:
        return None
    eng = engine(game.game)
    seat = seat_of(game, user)
    return eng.view(eng.state_from_dict(game.state), seat.number if seat else None)


def moves_since(game: Game, since: int = 0) -> QuerySet[Move]:
    """The log after sequence number ``since``."""
    return game.moves.filter(seq__gt=since).select_related("user").order_by("seq")


#: Moves that are turns of the record: turns played, forced discards, and turns the server played for a
#: player whose time ran out (a timeout holds the turn played, so the record replays).
RECORD_KINDS = (Move.Kind.TURN, Move.Kind.TIMEOUT, Move.Kind.DISCARD)


def game_record(game: Game) -> dict[str, Any]:
    """The game record (RECORD.md) of the turns played so far; ``end`` when a moderator settled it."""
    turns = [m.turn for m in game.moves.filter(kind__in=RECORD_KINDS).order_by("seq")]
    settled = game.moves.filter(kind=Move.Kind.SETTLE).exists()
    return record.write_record(game.game, game.players, turns, end=settled)


def state_from_log(game: Game) -> dict[str, Any]:
    """The engine state rebuilt from the seed and the move log alone (it must equal ``game.state``)."""
    if game.started_at is None:
        return {}  # not started: no engine state yet, as ``Game.state`` holds
    eng = engine(game.game)
    state = eng.new_game(game.players, {"seed": game.seed})
    for move in game.moves.order_by("seq"):
        if move.kind in RECORD_KINDS:
            state = eng.apply_turn(state, eng.parse_turn(move.turn))
        elif move.kind in (Move.Kind.RESIGN, Move.Kind.REMOVE) and move.seat is not None:
            state = eng.remove_seat(state, move.seat)
            if sum(state.active) <= 1 and not eng.is_over(state):
                state = eng.finish(state)
        elif move.kind == Move.Kind.SETTLE:
            state = eng.finish(state)
    if not eng.is_over(state):
        state, _ = eng.deal(state)
    return eng.state_to_dict(state)
