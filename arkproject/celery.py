"""The Celery app; its settings are the Django settings prefixed with CELERY_."""
import logging
import os
from typing import Any

from celery import Celery
from celery.signals import celeryd_after_setup

logger = logging.getLogger(__name__)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")

app = Celery("arkproject")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Tasks live in games/notifications/tasks.py (their names stay "games.tasks.<name>", as queued before).
app.autodiscover_tasks(["games.notifications", "games.computer", "games.tournaments", "games.push"])


def computer_worker_idle(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A worker of the computer players' queue alone lowers itself to Linux's ``SCHED_IDLE`` policy (sched(7))
    before its pool's processes are forked, which inherit it: beside web processes on one machine, a person's
    request takes a core from a computer's search the moment it wakes (docs/performance.md, "The mixed load with
    computers"). On a machine of its own it changes nothing: idle cores are all it is given, and all it needs.
    ``COMPUTER_IDLE=0`` leaves the policy as it is; a worker serving other queues too (emails, timeouts) is never
    lowered. Sent after ``-Q`` has selected the worker's queues (Celery's signal reference)."""
    from django.conf import settings

    queues = set(instance.app.amqp.queues.consume_from)  # the queues -Q selected
    if not settings.COMPUTER_IDLE or queues != {settings.COMPUTER_QUEUE} or not hasattr(os, "sched_setscheduler"):
        return
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except OSError:
        logger.warning("the computer players' worker could not take the SCHED_IDLE policy", exc_info=True)


celeryd_after_setup.connect(computer_worker_idle)
