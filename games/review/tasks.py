"""The review's task, on the computer players' queue (settings.CELERY_TASK_ROUTES): never a web request's work.

With a broker (``REDIS_URL``) it goes to the workers of ``COMPUTER_QUEUE``. On the embedded default Celery runs
tasks eagerly, in the calling thread: there a review runs in this process's review thread instead (a daemon, as
the computer players' own: games/computer/tasks.py), so that the request that asked for it answers at once. A
review lost with its process is queued again when asked for after ``REVIEW_PATIENCE_SECONDS``.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from concurrent.futures import Future
from typing import Any, Optional

from celery import shared_task
from django.db import connections

from games.review.services import review_compute

logger = logging.getLogger(__name__)
_jobs: "queue.SimpleQueue[tuple[int, Future[None]]]" = queue.SimpleQueue()
_thread: Optional[threading.Thread] = None
_lock = threading.Lock()
_pending: set[Future[Any]] = set()


# Acknowledged when done, handed back if the worker dies mid-review: computing it twice stores the same figures.
@shared_task(name="games.tasks.review_game", acks_late=True, reject_on_worker_lost=True)
def review_game(review_id: int) -> str:
    """Compute a finished game's review (docs/review.md) and store it."""
    return review_compute(review_id)


def _review_thread() -> None:
    while True:
        review_id, future = _jobs.get()
        if future.set_running_or_notify_cancel():
            try:
                review_game.apply(args=(review_id,), throw=True)
            except Exception:
                logger.exception("the review %s failed", review_id)
            finally:
                connections.close_all()
                future.set_result(None)


def queue_review(review_id: int) -> None:
    """Queue a review: to the computer queue's workers, or (embedded, eager) to this process's review thread."""
    global _thread
    if not review_game.app.conf.task_always_eager:
        try:
            review_game.delay(review_id)
        except Exception:
            logger.exception("could not queue the review %s: is the broker up?", review_id)
        return
    future: Future[None] = Future()
    with _lock:
        if _thread is None:
            _thread = threading.Thread(target=_review_thread, name="game-review", daemon=True)
            _thread.start()
        _pending.add(future)
    future.add_done_callback(_pending.discard)
    _jobs.put((review_id, future))


def wait_for_reviews(timeout: float = 120.0) -> None:
    """Block until the reviews queued in this process are done (tests)."""
    deadline = time.monotonic() + timeout
    while _pending and time.monotonic() < deadline:
        for future in list(_pending):
            try:
                future.result(timeout=max(0.0, deadline - time.monotonic()))
            except Exception:
                pass
