"""After commit: a table's game ended or lost a player, or a tournament got the players it waits for: queue
the tournament's advance (games/tournaments/tasks.py). A plain turn of a game going on costs nothing here."""
from __future__ import annotations

import logging
from typing import Any

from django.dispatch import receiver

from games.models import Move
from games.play.signals import game_updated
from games.tournaments.signals import tournament_changed

logger = logging.getLogger(__name__)

#: The kinds of change that may end a game or take a player out of it (a turn can end it too: then nobody
#: is to move).
LEAVING = {Move.Kind.RESIGN, Move.Kind.REMOVE, Move.Kind.TIMEOUT, Move.Kind.SETTLE, Move.Kind.ABORT}


@receiver(game_updated, dispatch_uid="games.tournaments")
def table_changed(sender: Any, game_id: int, kind: str, publication: Any = None, **_: Any) -> None:
    """Queue the advance of the game's tournament if the game may have ended or lost a player; never raises."""
    if kind not in LEAVING and publication is not None and publication.to_move is not None:
        return
    try:
        from games.tournaments.models import Table
        from games.tournaments.tasks import queue_advance

        tournament_id = Table.objects.filter(game_id=game_id).values_list("tournament_id", flat=True).first()
        if tournament_id is not None:
            queue_advance(tournament_id)
    except Exception:
        logger.exception("could not queue the tournament of game %s", game_id)


@receiver(tournament_changed, dispatch_uid="games.tournaments.start")
def maybe_start(sender: Any, tournament_id: int, **_: Any) -> None:
    """A tournament taking players that now has enough starts (through Celery); never raises."""
    try:
        from games.tournaments.models import Tournament
        from games.tournaments.services import start_due
        from games.tournaments.tasks import queue_advance

        tournament = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.OPEN).first()
        if tournament is not None and start_due(tournament, tournament.entries.count()):
            queue_advance(tournament_id)
    except Exception:
        logger.exception("could not queue the start of tournament %s", tournament_id)
