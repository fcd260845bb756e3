"""Fixtures of the tournament tests: a frozen clock, eager Celery, players, a moderator, and helpers that play
a table's game (random turns, then the moderator's final scoring) through the services."""
from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone
from typing import Any, Iterator

import pytest

from games.models import Game, Seat
from games.play import clock as site_clock
from games.play import services
from tests import factories
from tests.factories import UserFactory

START = datetime(2030, 3, 4, 10, 0, tzinfo=dt_timezone.utc)


@pytest.fixture(autouse=True)
def always_eager(eager_celery) -> None:
    """Tasks (the advance of a tournament) run in the test's own thread, errors raised."""


@pytest.fixture(autouse=True)
def no_logged_errors(caplog) -> Iterator[None]:
    """The listeners and the sweep log errors rather than raise; a test fails on any they log."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("games", "accounts"))]
    assert not errors, "\n".join(r.getMessage() + "\n" + (r.exc_text or "") for r in errors)


@pytest.fixture(autouse=True)
def frozen_clock() -> Iterator[None]:
    site_clock.freeze(START)
    yield
    site_clock.unfreeze()


@pytest.fixture
def moderator(db) -> Any:
    return UserFactory(username="moderator", is_staff=True)


def players(count: int) -> list[Any]:
    return [UserFactory(display_name=f"P{n}") for n in range(count)]


def finish_table(game: Game, moderator: Any, rng: random.Random) -> Game:
    """Every player of the table plays a turn of their own (a few more at random), then the moderator's final
    scoring ends the game: a result by the game's own scoring, quickly."""
    game = factories.play_first_turns(game, rng)
    game = factories.play_turns(game, rng.randrange(0, 4), rng)
    if game.status == Game.Status.ACTIVE:
        services.game_settle(game_id=game.pk, moderator=moderator)
    game.refresh_from_db()
    return game


def time_out(game: Game) -> Game:
    """The player to move lets the time run out: the clock passes the deadline and the timeout is played."""
    game.refresh_from_db()
    site_clock.advance(timedelta(hours=game.move_hours, minutes=1))
    after = services.move_timeout(game_id=game.pk, expected_version=game.version)
    assert after is not None
    return after


def seat_of(game: Game, user: Any) -> Seat:
    return game.seats.get(user=user)
