"""A test-only hook for a worker that must be caught in the middle of a computer's step (tests/robustness).

Loaded into a test's worker with ``celery worker --include tests.robustness.slow_computer``: when the worker
process starts a ``play_computer_step`` it appends a line (its process id and the task's arguments) to
``$SLOW_COMPUTER_LOG``, so the test knows the step is under way and which process makes it; the first step
written to that file then waits ``$SLOW_COMPUTER_SECONDS`` before the step is made, for the test to kill it.
"""
from __future__ import annotations

import os
import time
from typing import Any

from celery.signals import task_prerun


@task_prerun.connect
def slow_first_step(sender: Any = None, task: Any = None, args: Any = None, **_: Any) -> None:
    log = os.environ.get("SLOW_COMPUTER_LOG")
    if not log or task is None or task.name != "games.tasks.play_computer_step":
        return
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{os.getpid()} {' '.join(str(a) for a in args or ())}\n")
    with open(log, encoding="utf-8") as seen:
        first = len(seen.read().splitlines()) == 1
    if first:
        time.sleep(float(os.environ.get("SLOW_COMPUTER_SECONDS", "0")))
