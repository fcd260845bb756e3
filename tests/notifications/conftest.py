"""Fixtures for asynchronous play: a frozen clock, eager Celery, games at a given stage, the sweep.

The tests commit for real (``transaction=True``): the services send ``game_updated`` from
``transaction.on_commit``, and the notice rows are made then, as on the site. The clock is
``games.play.clock`` frozen at a fixed time and moved with ``clock.advance``: no test sleeps.
"""
from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone
from typing import Any, Callable, Iterator

import pytest
from django.core import mail

from games.models import Game, Seat
from games.notifications import tasks
from games.play import clock as site_clock
from tests import factories
from tests.factories import UserFactory

SITE = "https://ark.example"
#: A Monday, 10:00 UTC.
START = datetime(2030, 3, 4, 10, 0, tzinfo=dt_timezone.utc)


@pytest.fixture(autouse=True)
def notification_settings(settings) -> None:
    settings.SITE_URL = SITE
    settings.TURN_EMAIL_GRACE_MINUTES = 5
    settings.VACATION_DAYS_PER_YEAR = 20
    settings.REMINDER_DIGEST_HOUR = 8
    settings.DEFAULT_FROM_EMAIL = "ark@ark.example"


@pytest.fixture(autouse=True)
def always_eager(eager_celery) -> None:
    """Tasks run in the test's own thread, errors raised (with REDIS_URL set too, as CI has it)."""


@pytest.fixture(autouse=True)
def no_logged_errors(caplog) -> Iterator[None]:
    """The receiver and the sweep log errors rather than raise; a test fails on any they log."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("games", "accounts"))]
    assert not errors, "\n".join(r.getMessage() + "\n" + (r.exc_text or "") for r in errors)


class Clock:
    """The site's clock, frozen; ``advance`` moves it."""

    def now(self) -> datetime:
        return site_clock.now()

    def advance(self, **delta: float) -> datetime:
        return site_clock.advance(timedelta(**delta))

    def set(self, at: datetime) -> datetime:
        return site_clock.freeze(at)


@pytest.fixture(autouse=True)
def clock() -> Iterator[Clock]:
    site_clock.freeze(START)
    yield Clock()
    site_clock.unfreeze()


@pytest.fixture
def users(db) -> list[Any]:
    return [UserFactory(display_name=name) for name in ("Ann", "Bob", "Cyd", "Dan")]


def start_game(players: list[Any], *, game: str = "ark", move_hours: int = 72, seed: int = 1234) -> Game:
    """A game created by the first player and joined by the others: it starts (seed fixed)."""
    new = factories.start_game(players, game=game, move_hours=move_hours, seed=seed)
    assert new.status == Game.Status.ACTIVE
    return new


@pytest.fixture
def start(users) -> Callable[..., Game]:
    def make(players: int = 2, **options: Any) -> Game:
        return start_game(users[:players], **options)
    return make


def mover(game: Game) -> Any:
    """The user whose turn it is."""
    return game.seats.get(number=game.current_seat).user


def seat_of(game: Game, user: Any) -> Seat:
    return game.seats.get(user=user)


def play(game: Game, rng: random.Random | None = None) -> Game:
    """The player to move plays one random legal turn (with pieces) through the service."""
    game.refresh_from_db()
    return factories.play_turn(game, rng or random.Random(game.version))


def sweep() -> int:
    """One run of the periodic sweep (tasks run eagerly)."""
    return tasks.sweep_due_notices()


def sent(kind_words: str = "", to: Any = None) -> list[Any]:
    """Emails in the outbox, optionally those whose subject has ``kind_words`` and that go to ``to``."""
    return [m for m in mail.outbox if kind_words in m.subject and (to is None or m.to == [to.email])]


@pytest.fixture
def vapid_keys(settings) -> tuple[str, str]:
    """Web Push on: a fresh VAPID key pair, and pushes may go to the tests' local push service (http, loopback)."""
    from games.push.vapid import generate

    public, private = generate()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = public, private
    settings.VAPID_SUBJECT = "mailto:ark@ark.example"
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    return public, private


@pytest.fixture
def push_service(vapid_keys) -> Iterator[Any]:
    """A push service on 127.0.0.1 (tests/notifications/push_service.py) that keeps what it receives."""
    from .push_service import LocalPushService

    service = LocalPushService().start()
    yield service
    service.stop()


def subscribe(user: Any, device: Any) -> Any:
    """Turn push on for ``device`` of ``user``, as the settings page does through the API."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    response = client.post("/api/accounts/me/push/devices/", device.subscription(), format="json")
    assert response.status_code == 201, response.content
    return response.json()
