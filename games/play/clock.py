"""The site's clock: deadlines, reminders and vacations read the time here, so tests can set it.

``now()`` is ``django.utils.timezone.now()`` unless a test has frozen it with ``freeze(at)``; then it
stays at ``at`` until ``advance(delta)`` moves it or ``unfreeze()`` lets it run again. No sleeping.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Optional

from django.utils import timezone

_frozen: Optional[datetime] = None


def now() -> datetime:
    """The present time (aware, UTC), or the frozen time in tests."""
    return _frozen if _frozen is not None else timezone.now()


def freeze(at: Optional[datetime] = None) -> datetime:
    """Stop the clock at ``at`` (default: the present); returns the frozen time."""
    global _frozen
    at = at or timezone.now()
    if timezone.is_naive(at):
        raise ValueError("freeze() needs an aware datetime")
    _frozen = at
    return at


def advance(delta: timedelta) -> datetime:
    """Move a frozen clock forward by ``delta``; returns the new time."""
    global _frozen
    if _frozen is None:
        raise RuntimeError("advance() needs a frozen clock: call freeze() first")
    _frozen = _frozen + delta
    return _frozen


def unfreeze() -> None:
    """Let the clock follow the real time again."""
    global _frozen
    _frozen = None
