"""Read-only queries and the per-user game view."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Optional

from django.db.models import Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from games.models import Game, Move, Seat
from games.play.errors import GameNotFound
from games.play.payloads import audience_views, playing_seat, progress_of
from games.rules import engine, record
from games.rules.words import Words, text

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
        raise GameNotFound(_("there is no such game")) from None
    if game.private and not getattr(user, "is_staff", False) and not any(
            s.user_id == getattr(user, "pk", None) for s in game.seats.all()):
        raise GameNotFound(_("there is no such game"))
    return game


def seat_of(game: Game, user: Any) -> Optional[Seat]:
    """The user's seat still in play in ``game``, if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    return playing_seat(game.seats.all(), user.pk)


def game_view_for_user(game: Game, user: Any) -> Optional[dict[str, Any]]:
    """The engine's view for the user's seat (a spectator's view for anyone else); None before the start."""
    progress = progress_of(game)
    if progress is None:
        return None
    seat = seat_of(game, user)
    number = seat.number if seat else None
    view: dict[str, Any] = audience_views(progress, [number])[number]
    return view


def moves_since(game: Game, since: int = 0) -> QuerySet[Move]:
    """The log after sequence number ``since``."""
    return game.moves.filter(seq__gt=since).select_related("user").order_by("seq")


#: Moves that are entries of the record: turns played, forced entries (a tile that fits nowhere, a volcano
#: drawn), and turns the server ended for a player whose time ran out.
RECORD_KINDS = (Move.Kind.TURN, Move.Kind.TIMEOUT, Move.Kind.FORCED)


def game_record(game: Game) -> dict[str, Any]:
    """The game record (docs/records/) of the entries played so far; ``end`` when a moderator settled it."""
    eng = engine(game.game)
    entries = [m.turn for m in game.moves.filter(kind__in=RECORD_KINDS).order_by("seq") if m.turn is not None]
    settled = game.moves.filter(kind=Move.Kind.SETTLE).exists()
    setup = eng.record_setup(initial_state(game)) if game.started_at is not None else {}
    return record.write_record(game.game, game.players, entries, end=settled, setup=setup)


def initial_state(game: Game) -> Any:
    """The engine state the game started from (its seed and options)."""
    eng = engine(game.game)
    return eng.new_game(game.players, eng.check_options(game.options or {}), game.seed)


def replay_log(game: Game) -> Iterator[tuple[Optional[Move], int, Any]]:
    """The game replayed from its seed and log: (move, steps of it applied, state) after each step, and after
    each move's seat change; first (None, 0, the starting state)."""
    eng = engine(game.game)
    state = initial_state(game)
    yield None, 0, state
    for move in game.moves.order_by("seq"):
        for index, step in enumerate(move.steps or []):
            state = eng.apply(state, eng.parse_action(step))
            yield move, index + 1, state
        if move.kind in (Move.Kind.RESIGN, Move.Kind.REMOVE) and move.seat is not None and not eng.is_over(state):
            state = eng.remove_seat(state, move.seat)
            yield move, len(move.steps or []), state
        elif move.kind == Move.Kind.SETTLE and not eng.is_over(state):
            state = eng.settle(state)
            yield move, len(move.steps or []), state


def state_from_log(game: Game) -> dict[str, Any]:
    """The engine state rebuilt from the seed, the move log and the entry in progress alone (it must equal
    ``game.state``)."""
    if game.started_at is None:
        return {}  # not started: no engine state yet, as ``Game.state`` holds
    eng = engine(game.game)
    *_, (_, _, state) = replay_log(game)  # the last state of the replay
    for step in (game.turn or {}).get("steps", []):
        state = eng.apply(state, eng.parse_action(step))
    return eng.state_to_dict(state)


def position(game: Game, seq: int, step: Optional[int], seat: Optional[int]) -> Optional[dict[str, Any]]:
    """``seat``'s view (None: a spectator's) of the game after ``step`` steps of move ``seq`` (all of them if
    None; move 0: the start); None if there is no such move."""
    eng = engine(game.game)
    found = before = None
    for move, index, state in replay_log(game):
        number = move.seq if move is not None else 0
        if number == seq and step == 0 and found is None and before is not None:
            found = before  # none of its steps yet: the position it started from
        if number == seq and (step is None or index <= step):
            found = state
        elif number > seq:
            break
        before = state
    if found is None:
        return None
    view: dict[str, Any] = eng.view(found, seat)
    return view


#: Words for the moves that are not entries of the game (the seat's or player's name goes first).
SEAT_CHANGE_WORDS: dict[str, Callable[[Words], Words]] = {
    Move.Kind.RESIGN: lambda who: Words("{who} resigned", who=who) if who else Words("resigned"),
    Move.Kind.REMOVE: lambda who: Words("{who} was removed from the game", who=who) if who
    else Words("was removed from the game"),
    Move.Kind.SETTLE: lambda who: Words("the game was settled by a moderator: final scoring now"),
    Move.Kind.ABORT: lambda who: Words("the game was aborted")}


def seat_names(game: Game) -> list[str]:
    """Each seat's player name, in seat order."""
    names = [_("seat %(n)d") % {"n": n} for n in range(game.players)]
    for seat in game.seats.all():
        if seat.number < len(names):
            names[seat.number] = seat.user.name
    return names


def move_entries(game: Game, moves: Iterable[Move], audience: Optional[int]) -> list[dict[str, Any]]:
    """The log as seat ``audience`` (None: a spectator) may see it: each move's entry, steps and scorings in
    words; what others drew in secret stays secret. ``user`` names the player of the move's seat when they made
    it themselves, never a moderator (removals, settling, aborting name no one)."""
    eng = engine(game.game)
    names = seat_names(game)
    players = {seat.number: seat.user_id for seat in game.seats.all()}
    out = []
    for move in moves:
        who = names[move.seat] if move.seat is not None and move.seat < len(names) else ""
        turn = eng.entry_for(move.turn, move.seat, audience) if move.turn is not None else None
        words: Words
        if turn is not None:
            what = eng.entry_words(turn)
            words = Words("{who} {what}", who=text(who), what=what) if who and move.kind != Move.Kind.FORCED \
                else text(what)
            if move.kind == Move.Kind.TIMEOUT:
                words = Words("{words} (the server played: time ran out)", words=words)
        elif move.kind == Move.Kind.ABORT and who:  # a seat left before every player had played (seats.py)
            words = Words("{who} left before every player had played a turn: the game is aborted, and rates no one",
                          who=text(who))
        else:
            say = SEAT_CHANGE_WORDS.get(move.kind)
            named = text(who) if move.kind in (Move.Kind.RESIGN, Move.Kind.REMOVE) else text("")
            words = say(named) if say is not None else text(move.kind)
            if move.kind == Move.Kind.SETTLE and move.user_id is None:  # games/play/seats.py: no person left
                words = Words("no person was left playing: final scoring now")
        steps = [eng.step_for(step, move.seat, audience) for step in move.steps or []]
        out.append({
            "seq": move.seq, "kind": move.kind, "seat": move.seat,
            "user": move.user.username if move.user is not None and move.seat is not None
            and players.get(move.seat) == move.user_id else None,
            # a sentence starts with a capital, but a name stays as its player writes it ("amelia laid ...")
            "turn": turn, "words": words if who and words.startswith(who) else words.capitalized(),
            "steps": [{"action": step, "words": eng.step_words(step)} for step in steps],
            "events": move.events or [], "event_words": [eng.describe_event(e, names) for e in move.events or []],
            "version": move.version, "created_at": move.created_at,
        })
    return out
