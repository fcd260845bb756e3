"""The embedded sweeper: without a broker, the web server process sweeps due rows itself.

With ``REDIS_URL`` unset Celery runs tasks eagerly and there is no ``celery beat``; so that ``make run``
still sends turn emails and reminders and plays timeouts, the runserver (or daphne) process starts one
daemon thread that runs the periodic tasks every ``SWEEP_INTERVAL_SECONDS``: the sweep each time, the
digest check each hour. Only when ``settings.INPROCESS_SWEEP`` is true (the default without REDIS_URL,
never under tests), only in the serving process (not the autoreloader's parent, not ``migrate``), once.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
from pathlib import Path
from typing import Optional, Sequence

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_thread: Optional[threading.Thread] = None
_stop = threading.Event()
SERVERS = frozenset({"daphne", "uvicorn", "gunicorn", "hypercorn"})


def serving(argv: Sequence[str]) -> bool:
    """True in the process that serves requests: ``runserver``'s reloaded child (or --noreload), or a server."""
    if len(argv) > 1 and argv[1] == "runserver":
        return os.environ.get("RUN_MAIN") == "true" or "--noreload" in argv
    return Path(argv[0] if argv else "").name in SERVERS


def run_once(check_digests: bool) -> None:
    """One round: the sweep, and the digest check if asked; errors are logged, never raised."""
    from games.notifications.tasks import send_reminder_digests, sweep_due_notices, sweep_pending_emails
    from games.push.tasks import sweep_pending_pushes
    from games.tournaments.tasks import sweep_tournaments

    close_old_connections()
    try:
        sweep_due_notices()
        sweep_pending_emails()
        sweep_tournaments()
        sweep_pending_pushes()
        if check_digests:
            send_reminder_digests()
    except Exception:
        logger.exception("the in-process sweep failed")
    finally:
        close_old_connections()


def _loop(interval: float) -> None:
    rounds = 0
    while not _stop.wait(interval if rounds else min(interval, 5.0)):
        run_once(check_digests=rounds % 60 == 0)
        rounds += 1


def start(argv: Optional[Sequence[str]] = None) -> bool:
    """Start the sweeper thread if this process should run it; True if it was started now."""
    global _thread
    if not getattr(settings, "INPROCESS_SWEEP", False) or not serving(sys.argv if argv is None else argv):
        return False
    with _lock:
        if _thread is not None:
            return False
        _thread = threading.Thread(target=_loop, args=(float(settings.SWEEP_INTERVAL_SECONDS),),
                                   name="ark-sweeper", daemon=True)
        _thread.start()
    logger.info("in-process sweeper started: due notices every %ss", settings.SWEEP_INTERVAL_SECONDS)
    return True
