"""Games before and around play: create one, take a seat (the game starts when full), leave or resign."""
from __future__ import annotations

import random
from typing import Any, Mapping, Optional, Sequence

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from games.i18n import error_text
from games.models import Game, Move, Seat
from games.play import commit
from games.play.change import Change, announce, change_game
from games.play.errors import BadTurn, Conflict, GameNotFound
from games.play.seats import drop_seat
from games.play.turns import Progress
from games.rules import RulesError, engine
from games.rules.bots import LEVELS


def game_create(*, user: Any, game: str, players: int, move_hours: int = 72, private: bool = False,
                options: Optional[Mapping[str, Any]] = None, computers: Sequence[str] = (),
                rated: bool = False) -> Game:
    """A new open game with the game's ``options`` (checked by its engine); the creator takes seat 0 and a
    computer player of each level in ``computers`` takes another (the game starts if that fills it)."""
    from accounts.services import computer_player  # accounts imports games (admin actions): import when needed

    eng = engine(game)
    try:
        eng.check_players(players)
        checked = eng.check_options(options or {})
    except RulesError as err:
        raise BadTurn(error_text(err)) from None
    if len(computers) >= players:
        raise BadTurn(_("a game of %(players)d has room for at most %(most)d computer players besides you")
                      % {"players": players, "most": players - 1})
    if any(level not in LEVELS for level in computers):
        raise BadTurn(_("a computer plays %(levels)s") % {"levels": ", ".join(LEVELS)})
    with transaction.atomic():  # the computers' seats too: counted whole by the next game_create
        if computers:
            _check_computer_games(user)
        new = Game.objects.create(game=game, players=players, move_hours=move_hours, private=private,
                                  options=checked, created_by=user, rated=rated)
        Seat.objects.create(game=new, user=user, number=0)
        announce(new, "create")  # the lobbies hear of a new open game
        for index, level in enumerate(computers):
            number = 1 + sum(1 for other in computers[:index] if other == level)
            new = game_join(game_id=new.pk, user=computer_player(level=level, number=number),
                            invite_code=new.invite_code)
    return new


def _check_computer_games(user: Any) -> None:
    """Refuse (409) a game against the computer to a user who has ``COMPUTER_GAMES_PER_PLAYER`` unfinished
    ones already: the computer players' worker is shared by everyone (issue 24)."""
    # the user's row is locked so that two creations at once count each other
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
    against_computer = Seat.objects.filter(game=OuterRef("pk"), status=Seat.Status.PLAYING,
                                           user__computer_level__gt="")
    unfinished = (Game.objects.filter(status__in=(Game.Status.OPEN, Game.Status.ACTIVE), seats__user=user,
                                      seats__status=Seat.Status.PLAYING).filter(Exists(against_computer)).count())
    most = settings.COMPUTER_GAMES_PER_PLAYER
    if unfinished >= most:
        raise Conflict(_("you already have %(unfinished)d unfinished games against the computer (at most %(most)d at "
                         "once); finish or resign one before starting another") % {"unfinished": unfinished, "most": most})


def game_join(*, game_id: Any, user: Any, invite_code: Optional[str] = None) -> Game:
    """Take an open seat (a private game needs its invitation code); the game starts when full."""
    def work(change: Change) -> None:
        game = change.game
        if game.private and invite_code != game.invite_code:
            raise GameNotFound(_("there is no such game"))
        if game.status != Game.Status.OPEN:
            raise Conflict(_("this game is not waiting for players any more"))
        if any(s.user_id == user.pk for s in change.seats):
            raise Conflict(_("you already have a seat in this game"))
        if len(change.seats) >= game.players:
            raise Conflict(_("this game is full"))
        number = min(set(range(game.players)) - {s.number for s in change.seats})
        try:
            with transaction.atomic():
                Seat.objects.create(game=game, user=user, number=number)
        except IntegrityError:
            raise Conflict(_("that seat was just taken; try again")) from None
        change.reread_seats()
        if len(change.seats) == game.players:
            change.kind = "start"
            game_start(change)

    return change_game(game_id, "join", work, user=user).game


def game_join_by_invite(*, invite_code: str, user: Any) -> Game:
    """Join the game an invitation link points to."""
    game_id = Game.objects.filter(invite_code=invite_code).values_list("pk", flat=True).first()
    if game_id is None:
        raise GameNotFound(_("this invitation link is not valid"))
    return game_join(game_id=game_id, user=user, invite_code=invite_code)


def seat_order(seed: int, players: int) -> list[int]:
    """The seat each player takes (in joining order), from the seed's own stream for seats: nothing about
    the seat order tells anything about the pile, the hands or any other hidden order of the game."""
    order = list(range(players))
    random.Random(f"seats:{seed}").shuffle(order)
    return order


def game_start(change: Change) -> None:
    """Start the changed game, whose seats are all taken: shuffle the seat order by the seed's seat stream, set
    up the engine and take its first chance steps."""
    game = change.game
    seats = list(game.seats.order_by("number"))
    for seat in seats:  # two passes keep (game, number) unique throughout
        seat.number += 100
    Seat.objects.bulk_update(seats, ["number"])
    for seat, number in zip(seats, seat_order(game.seed, len(seats))):
        seat.number = number
    Seat.objects.bulk_update(seats, ["number"])
    change.reread_seats()
    eng = engine(game.game)
    state = eng.new_game(game.players, eng.check_options(game.options or {}), game.seed)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    change.progress = Progress.start(eng, state)
    commit.store(change)


def game_resign(*, game_id: Any, user: Any) -> Game:
    """Give up a seat (or leave a game not yet started); before every seat has played a turn of its own, that
    aborts the game (games/play/seats.py)."""
    def work(change: Change) -> None:
        game = change.game
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Conflict(_("this game is over"))
        seat = change.playing_seat(user)
        if seat is None:
            raise Conflict(_("you are not playing in this game"))
        if game.status == Game.Status.OPEN and game.created_by_id == user.pk:
            game.status = Game.Status.ABORTED  # the creator leaving an unstarted game cancels it
            game.finished_at = timezone.now()
            change.log(Move.Kind.ABORT, user=user)
        else:
            drop_seat(change, seat, Seat.Status.RESIGNED, Move.Kind.RESIGN, user)

    return change_game(game_id, Move.Kind.RESIGN, work, user=user).game
