"""The task that makes a computer player's step, and how it is queued: never inside a web request.

With a broker (``REDIS_URL``) the step is a Celery task on a worker of the computer players' own queue
(``COMPUTER_QUEUE``). On the embedded default Celery runs tasks eagerly, in the calling thread, which after a
turn is the request's own: there the task runs in this process's computer thread instead, so the request that
made the turn answers at once. That thread is a daemon: stopping the server (Ctrl-C, SIGTERM) does not wait
for the steps still queued in it; they are lost with the process, and the sweep queues them again after the
restart (their due rows, games/play/notices.py).
"""
from __future__ import annotations

import logging
from typing import Optional

from celery import shared_task

from games.computer.inprocess import Line
from games.computer.players import BUSY, computer_step
from games.models import Notice
from games.play import notices

logger = logging.getLogger(__name__)
_line = Line("computer-player")  # the embedded default's computer player (games/computer/inprocess.py)


# Acknowledged when done, not when taken (``acks_late``), and handed back if the worker process dies mid-step
# (``reject_on_worker_lost``): a step is keyed by the game's version, so making it twice is harmless. The task
# goes to the computer players' own queue (settings.CELERY_TASK_ROUTES).
@shared_task(name="games.tasks.play_computer_step", acks_late=True, reject_on_worker_lost=True)
def play_computer_step(game_id: int, version: int) -> Optional[str]:
    """The computer seat to move at ``version`` plays its turn (nothing if the game moved on). Each step's
    commit closes its own notice (the sweep's safety net, games/play/notices.py) as "played"; a task that found
    nothing to do closes its version's notice, if still open, as "moved on"; one that found another task
    playing the turn (``BUSY``) leaves it open: that task's step closes it, or the sweep hands it out again."""
    outcome = computer_step(game_id, version) or "moved on"
    if outcome not in ("played", BUSY):
        notices.finish(game_id=game_id, kind=Notice.Kind.COMPUTER, version=version, outcome=outcome)
    return outcome


def queue_computer_step(game_id: int, version: int) -> None:
    """Queue the computer's step: to the workers, or (embedded, eager) to this process's computer thread."""
    if not play_computer_step.app.conf.task_always_eager:
        try:
            play_computer_step.delay(game_id, version)
        except Exception:
            logger.exception("could not queue a computer's step in game %s: is the broker up?", game_id)
        return
    _line.submit(lambda: play_computer_step.apply(args=(game_id, version), throw=True),
                 f"a computer's step in game {game_id} at version {version}")


def wait_for_computers(timeout: float = 60.0) -> None:
    """Block until the computer steps queued in this process have been played (tests, shutdown)."""
    _line.wait(timeout)
