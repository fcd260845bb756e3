"""A line of work of this process: one daemon thread that runs the jobs queued to it one after the other.

On the embedded default (no broker) Celery runs tasks eagerly, in the calling thread, which would be a web
request's: the computer players' steps and the games' reviews run in a line of their own instead, so that the
request answers at once. The thread is a daemon: stopping the server does not wait for the jobs still queued;
they are lost with the process, and what queued them queues them again (the sweep's due rows, a review asked
for again).
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Optional

from django.db import connections

logger = logging.getLogger(__name__)


class Line:
    """Jobs of this process run one after the other in one daemon thread, started with the first job."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: "queue.SimpleQueue[tuple[Callable[[], object], str, Future[None]]]" = queue.SimpleQueue()
        self._thread: Optional[threading.Thread] = None
        self._lock = threading.Lock()
        self._pending: set[Future[None]] = set()

    def submit(self, job: Callable[[], object], what: str) -> None:
        """Queue ``job`` (``what``: its name in the log if it fails)."""
        future: Future[None] = Future()
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
            self._pending.add(future)
        future.add_done_callback(self._pending.discard)
        self._jobs.put((job, what, future))

    def _run(self) -> None:
        while True:
            job, what, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                job()
            except Exception:
                logger.exception("%s failed", what)
            finally:
                connections.close_all()  # this thread's connections, as a request's end closes its own
                future.set_result(None)

    def wait(self, timeout: float) -> None:
        """Block until the jobs queued so far are done, or ``timeout`` seconds have passed (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while self._pending and time.monotonic() < deadline:
            for future in list(self._pending):
                try:
                    future.result(timeout=max(0.0, deadline - time.monotonic()))
                except Exception:
                    pass
