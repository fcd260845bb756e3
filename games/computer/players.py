"""The site's computer players: a step of theirs, decided from their seat's view only, made through the services.

A computer seat's account has ``computer_level`` set (accounts.services.computer_player). When it is such a
seat's turn, a task (``tasks.play_computer_step``) asks the level's bot (games/rules/bots.py) for one step and
submits it through ``move_submit`` like anyone's: the same version check, log, sockets. Each step commits
and is published, which queues the next step while the turn goes on.
"""
from __future__ import annotations

import random
from typing import Optional

from django.conf import settings

from games.models import Game, Seat
from games.play import services
from games.play.errors import GameError, Unavailable
from games.play.payloads import audience_views, progress_of
from games.rules import bots


def computer_step(game_id: int, version: int) -> Optional[str]:
    """Play one step for the computer seat to move at ``version``; what came of it (None: nothing to do)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != version or game.current_seat is None:
        return None
    seat = Seat.objects.select_related("user").filter(game=game, number=game.current_seat,
                                                      status=Seat.Status.PLAYING).first()
    if seat is None or not seat.user.computer_level:
        return None
    progress = progress_of(game)
    assert progress is not None
    view = audience_views(progress, [seat.number])[seat.number]  # what this seat may see, and nothing else
    rng = random.Random(f"computer:{game.seed}:{game.version}")  # its own stream of the game's seed
    level = seat.user.computer_level
    budget = bots.Settings(seconds=settings.COMPUTER_HARD_SECONDS)
    action = bots.choose(progress.eng, view, seat.number, level, rng, budget)
    try:
        services.move_submit(game_id=game_id, user=seat.user, action=action.to_dict(), expected_version=version)
    except Unavailable:  # the database was out of reach: the step fails, its notice stays open for the sweep
        raise
    except GameError:  # the game moved on meanwhile (a moderator, a resignation): the next update asks again
        return "moved on"
    return "played"
