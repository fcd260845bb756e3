"""Asking for a finished game's review, and computing it (the task's work): docs/review.md."""
from __future__ import annotations

import logging
import time
from datetime import timedelta
from typing import Any, Optional

import orjson
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.models import Game, Move
from games.play import clock, selectors
from games.play.errors import Conflict
from games.play.payloads import to_json
from games.review import analysis
from games.review.models import Review
from games.rules import engine

logger = logging.getLogger(__name__)

#: The moves of the log that are a player's turn: the ones reviewed.
TURN_KINDS = (Move.Kind.TURN, Move.Kind.TIMEOUT)


def budget() -> analysis.Budget:
    """The review budget the settings give (REVIEW_PLAYOUTS, REVIEW_TOTAL_PLAYOUTS)."""
    return analysis.Budget(playouts=settings.REVIEW_PLAYOUTS, total=settings.REVIEW_TOTAL_PLAYOUTS)


def review_refusal(game: Game) -> Optional[str]:
    """Why this game cannot be reviewed (in words), or None: only a finished game is, never one in play."""
    if game.status == Game.Status.FINISHED:
        return None
    if game.status == Game.Status.ABORTED:
        return _("This game was aborted: only a finished game is reviewed.")
    return _("This game is not over: a game is reviewed once it has ended, never while it is played.")


def review_request(*, game: Game, user: Any) -> tuple[Review, bool]:
    """Ask for ``game``'s review: made now (queued after commit) unless it exists; one that failed, or whose
    task seems lost (queued REVIEW_PATIENCE_SECONDS ago and not done), is queued again. (review, queued now)."""
    refusal = review_refusal(game)
    if refusal:
        raise Conflict(refusal)
    now = clock.now()
    try:
        with transaction.atomic():
            review = Review.objects.select_for_update().filter(game=game).first()
            if review is None:
                review = Review.objects.create(game=game, requested_by=user if user.is_authenticated else None,
                                               budget=budget().to_dict(), queued_at=now)
            elif review.status == Review.Status.DONE or (
                    review.status != Review.Status.FAILED
                    and now - review.queued_at < timedelta(seconds=settings.REVIEW_PATIENCE_SECONDS)):
                return review, False
            else:
                review.status, review.error, review.queued_at = Review.Status.PENDING, "", now
                review.budget = budget().to_dict()
                review.save(update_fields=["status", "error", "queued_at", "budget"])
            transaction.on_commit(lambda: _queue(review.pk))
    except IntegrityError:  # another request made it at the same moment
        return Review.objects.get(game=game), False
    return review, True


def _queue(review_id: int) -> None:
    from games.review.tasks import queue_review  # the task module imports this one

    queue_review(review_id)


def review_compute(review_id: int) -> str:
    """Compute a queued review and store it; what came of it ("done", "failed", or why nothing was done)."""
    with transaction.atomic():
        review = Review.objects.select_for_update().select_related("game").filter(pk=review_id).first()
        if review is None or review.status not in (Review.Status.PENDING, Review.Status.RUNNING):
            return "nothing to do"
        review.status, review.started_at = Review.Status.RUNNING, clock.now()
        review.save(update_fields=["status", "started_at"])
    started = time.perf_counter()
    try:
        result = review_figures(review.game, analysis.Budget(**review.budget))
    except Exception as err:  # stored as failed (and logged): "Review this game" asks again
        logger.exception("the review of game %s failed", review.game_id)
        Review.objects.filter(pk=review_id).update(status=Review.Status.FAILED, error=str(err)[:300],
                                                   finished_at=clock.now())
        return "failed"
    result["seconds"] = round(time.perf_counter() - started, 1)
    Review.objects.filter(pk=review_id).update(status=Review.Status.DONE, result=result, error="",
                                               finished_at=clock.now())
    return "done"


def decisions(game: Game) -> list[analysis.Decision]:
    """Every turn's decision in ``game``'s log, replayed from its seed (games/play/selectors.replay_log): each
    with the whole turn played from it, its draws included."""
    eng = engine(game.game)
    out: list[analysis.Decision] = []
    states: list[Any] = []
    before = None
    for move, index, state in selectors.replay_log(game):
        if move is not None and move.kind in TURN_KINDS and move.seat is not None and index >= 1:
            if index == 1:
                states = [before]
            states.append(state)
            steps = move.steps or []
            if index == len(steps):
                found = analysis.decision_in(eng, states[:-1], steps, move.seat)
                if found is not None:
                    start, end = found
                    line = [eng.parse_action(step) for step in steps[start:end]]
                    out.append(analysis.Decision(seq=move.seq, seat=move.seat, state=states[start], line=line,
                                                 draws=analysis.draws_in(eng, states, start, end)))
        before = state
    return out


def review_figures(game: Game, spend: analysis.Budget) -> dict[str, Any]:
    """The review's figures: each turn's appraisal, the chart, the mistakes and good moves (docs/review.md)."""
    eng = engine(game.game)
    found = decisions(game)
    search = spend.settings(len(found))
    words = {entry["seq"]: entry["words"] for entry in selectors.move_entries(
        game, game.moves.filter(seq__in=[d.seq for d in found]).select_related("user"), None)}
    turns = []
    for decision in found:
        turn = analysis.appraise(eng, decision, game.seed, search)
        turn["words"] = words.get(decision.seq, "")
        turns.append(turn)
    *_, (_, _, last) = selectors.replay_log(game)
    scores = eng.scores(last)
    figures = {"turns": turns, **analysis.highlights(turns), "scores": scores,
               "chart": analysis.chart(turns, game.players, analysis.final_margins(scores)),
               "playouts_per_turn": search.runs, "names": selectors.seat_names(game)}
    # stored with the engines' words as marker objects (templates kept), said in the reader's language when read
    stored: dict[str, Any] = orjson.loads(to_json(figures))
    return stored
