"""A test-only email backend for a worker that must be caught in the middle of a send (tests/robustness).

``SlowFileBackend`` appends one line per attempt to ``$SLOW_EMAIL_LOG`` (so a test knows the worker is inside
the send), sleeps ``$SLOW_EMAIL_SECONDS``, then writes the message as Django's file backend does.
"""
from __future__ import annotations

import os
import time
from typing import Any, Sequence

from django.core.mail.backends.filebased import EmailBackend


class SlowFileBackend(EmailBackend):
    def send_messages(self, email_messages: Sequence[Any]) -> int:
        log = os.environ.get("SLOW_EMAIL_LOG")
        if log:
            with open(log, "a", encoding="utf-8") as out:
                out.write(f"{os.getpid()} {len(email_messages)}\n")
        time.sleep(float(os.environ.get("SLOW_EMAIL_SECONDS", "0")))
        return super().send_messages(email_messages)
