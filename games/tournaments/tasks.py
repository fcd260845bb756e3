"""Celery tasks of tournaments: advance one (start it, make its next round, finish it) and the sweep that
finds the tournaments due (a start date come, a round whose tables are all over) every minute, behind the
listener that queues an advance as soon as a table's game ends (games/tournaments/listen.py)."""
from __future__ import annotations

import logging

from celery import shared_task
from django.db.models import Exists, OuterRef, Q
from kombu.exceptions import OperationalError

from games.models import Game
from games.play import clock
from games.tournaments.models import Table, Tournament
from games.tournaments.services import tournament_advance

logger = logging.getLogger(__name__)


def queue_advance(tournament_id: int) -> None:
    """Queue the advance of a tournament (call it after a commit); a broker outage is logged (the sweep
    finds the tournament within a minute anyway)."""
    try:
        advance_tournament.delay(tournament_id)
    except OperationalError:
        logger.exception("could not queue the advance of tournament %s: is the broker up?", tournament_id)


@shared_task(name="games.tasks.advance_tournament")
def advance_tournament(tournament_id: int) -> str:
    """Start the tournament, make its next round or finish it, whichever is due (nothing if none is)."""
    return tournament_advance(tournament_id)


def due_tournaments() -> list[int]:
    """The tournaments with something to do: open ones whose date has come, running ones whose round is over."""
    playing = Table.objects.filter(tournament=OuterRef("pk"), round=OuterRef("current_round"),
                                   game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    due = Tournament.objects.filter(
        Q(status=Tournament.Status.OPEN, starts_at__lte=clock.now())
        | Q(status=Tournament.Status.RUNNING) & ~Exists(playing))
    return list(due.order_by("pk").values_list("pk", flat=True)[:200])


@shared_task(name="games.tasks.sweep_tournaments")
def sweep_tournaments() -> int:
    """Advance every tournament that is due; returns how many were looked at."""
    ids = due_tournaments()
    for pk in ids:
        try:
            tournament_advance(pk)
        except Exception:  # one tournament's trouble must not hold the others up
            logger.exception("advancing tournament %s failed", pk)
    return len(ids)
