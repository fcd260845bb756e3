"""Rematches: after a finished game one player offers the same players a new game of the same kind and
options, seat order turned (the second player starts; the first plays last). It starts when all accept; the
site's computer players accept at once. One offer per game; a refusal ends it."""
from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.play.change import change_game, game_pk
from games.play.errors import Conflict, GameNotFound, NotAllowed
from games.play.lobby import game_start, seat_order
from games.rematch import signals
from games.rematch.models import RematchOffer


def rematch_seats(game: Game) -> list[Seat]:
    """The seats invited again: every player of the game but those a moderator removed, in seat order."""
    return [s for s in game.seats.select_related("user").order_by("number") if s.status != Seat.Status.REMOVED]


def rematch_answer(*, game_id: Any, user: Any, accept: bool) -> RematchOffer:
    """Offer a rematch of a finished game, or answer the offer made; the new game starts when all accepted."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_pk(game_id)).first()  # answers wait for each other
        if game is None:
            raise GameNotFound(_("there is no such game"))
        if game.status != Game.Status.FINISHED:
            raise Conflict(_("a rematch is offered once the game is over"))
        seats = rematch_seats(game)
        if not any(s.user_id == user.pk for s in seats):
            raise NotAllowed(_("only the players of this game can ask for a rematch"))
        if len(seats) < 2:
            raise Conflict(_("too few players are left for a rematch"))
        offer = RematchOffer.objects.select_for_update().filter(game=game).first()
        if offer is None:
            if not accept:
                raise Conflict(_("there is no rematch offer to decline"))
            computers = [s.user_id for s in seats if s.user.computer_level]
            offer = RematchOffer(game=game, offered_by=user, accepted=sorted({user.pk, *computers}))
        elif offer.status != RematchOffer.Status.OPEN:
            raise Conflict(_("this rematch was %(status)s already") % {"status": offer.get_status_display()})
        elif not accept:
            offer.status, offer.declined_by = RematchOffer.Status.DECLINED, user
        elif user.pk not in offer.accepted:
            offer.accepted = sorted({*offer.accepted, user.pk})
        if offer.status == RematchOffer.Status.OPEN and {s.user_id for s in seats} <= set(offer.accepted):
            offer.new_game = _start_rematch(game, seats, offer.offered_by)
            offer.status = RematchOffer.Status.STARTED
        offer.save()
        game_id_, offer_id = game.pk, offer.pk
        transaction.on_commit(lambda: signals.rematch_changed.send(sender=RematchOffer, game_id=game_id_,
                                                                   offer_id=offer_id))
    return offer


def turned(count: int, index: int) -> int:
    """The seat of the player who had seat ``index`` (of ``count``), the order turned by one."""
    return (index - 1) % count


def _start_rematch(game: Game, seats: list[Seat], creator: Any) -> Game:
    """The new game, started: same kind, options, time per move, privacy and rating, seat order turned."""
    count = len(seats)
    # at the version a game of ``count`` has once its last seat is taken (its start is the next)
    new = Game.objects.create(game=game.game, players=count, move_hours=game.move_hours, private=game.private,
                              options=game.options, rated=game.rated, created_by=creator, version=count - 2)
    # the lobby's start shuffles the seats by the seed's seat stream: seat the players where that shuffle puts
    # each of them on the seat wanted (the stream itself stays the lobby's, unchanged)
    order = seat_order(new.seed, count)
    for index, seat in enumerate(seats):
        Seat.objects.create(game=new, user_id=seat.user_id, number=order.index(turned(count, index)))
    return change_game(new.pk, "start", game_start).game
