"""The review's task, on the computer players' queue (settings.CELERY_TASK_ROUTES): never a web request's work.

With a broker (``REDIS_URL``) it goes to the workers of ``COMPUTER_QUEUE``. On the embedded default Celery runs
tasks eagerly, in the calling thread: there a review runs in this process's review thread instead (a daemon, as
the computer players' own: games/computer/tasks.py), so that the request that asked for it answers at once. A
review lost with its process is queued again when asked for after ``REVIEW_PATIENCE_SECONDS``.
"""
from __future__ import annotations

import logging

from celery import shared_task

from games.computer.inprocess import Line
from games.review.services import review_compute

logger = logging.getLogger(__name__)
_line = Line("game-review")  # the embedded default's reviews, apart from the computer's steps (inprocess.py)


# Acknowledged when done, handed back if the worker dies mid-review: computing it twice stores the same figures.
@shared_task(name="games.tasks.review_game", acks_late=True, reject_on_worker_lost=True)
def review_game(review_id: int) -> str:
    """Compute a finished game's review (docs/review.md) and store it."""
    return review_compute(review_id)


def queue_review(review_id: int) -> None:
    """Queue a review: to the computer queue's workers, or (embedded, eager) to this process's review thread."""
    if not review_game.app.conf.task_always_eager:
        try:
            review_game.delay(review_id)
        except Exception:
            logger.exception("could not queue the review %s: is the broker up?", review_id)
        return
    _line.submit(lambda: review_game.apply(args=(review_id,), throw=True), f"the review {review_id}")


def wait_for_reviews(timeout: float = 120.0) -> None:
    """Block until the reviews queued in this process are done (tests)."""
    _line.wait(timeout)
