"""After a change commits: if a computer seat is to move, queue its step (games/computer/tasks.py)."""
from __future__ import annotations

import logging
from typing import Any

from django.dispatch import receiver

from games.computer.tasks import queue_computer_step
from games.play.signals import game_updated

logger = logging.getLogger(__name__)


@receiver(game_updated, dispatch_uid="games.computer")
def computer_to_move(sender: Any, game_id: int, version: int, publication: Any = None, **_: Any) -> None:
    """Queue the step of the computer player whose turn it now is, if any; never raises."""
    try:
        if publication is None:  # not published (the cache was down): ask the database
            from games.models import Game, Seat

            game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).values("current_seat").first()
            if game and game["current_seat"] is not None and Seat.objects.filter(game_id=game_id, number=game["current_seat"], status=Seat.Status.PLAYING,
                                            user__computer_level__gt="").exists():
                queue_computer_step(game_id, version)
        elif publication.to_move is not None and publication.to_move in publication.computers:
            queue_computer_step(game_id, version)
    except Exception:
        logger.exception("could not queue the computer's step in game %s", game_id)
