"""Vacations: the clocks of the user's games stop, and run again with the time that was left."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.core.exceptions import ValidationError

from accounts import services as accounts
from accounts.models import Vacation
from games.models import Game, Move, Notice

from .conftest import mover, play, sent, start_game, sweep

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_vacation_stops_the_clock_and_resumes_it_with_the_time_left_to_the_second(start, clock) -> None:
    game = start(2, move_hours=72)
    away = mover(game)
    deadline = game.deadline
    clock.advance(hours=10, minutes=30, seconds=15)
    left = deadline - clock.now()
    accounts.vacation_start(user=away, days=5)
    game.refresh_from_db()
    assert game.deadline is None and game.time_left == left == timedelta(hours=61, minutes=29, seconds=45)
    timeout = Notice.objects.get(game=game, kind=Notice.Kind.TIMEOUT, version=game.version)
    assert (timeout.due_at, timeout.remaining) == (None, left)
    reminder = Notice.objects.get(game=game, kind=Notice.Kind.REMINDER, version=game.version)
    assert reminder.remaining == left - timedelta(hours=72) / 5
    clock.advance(days=3, hours=1)  # long past the old deadline: nothing happens while away
    sweep()
    game.refresh_from_db()
    # the pause was a change of its own (version 2: the players see the clock stopped); nothing happened since
    assert game.version == 2 and not game.moves.filter(kind=Move.Kind.TIMEOUT).exists()
    assert sent("Reminder") == []
    vacation = accounts.vacation_end(user=away)
    assert vacation.days_used == 4  # three days and an hour, rounded up
    game.refresh_from_db()
    assert game.deadline == clock.now() + left and game.time_left is None
    timeout.refresh_from_db()
    assert (timeout.due_at, timeout.remaining) == (game.deadline, None)
    clock.set(game.deadline - timedelta(seconds=1))
    sweep()
    game.refresh_from_db()
    assert not game.moves.filter(kind=Move.Kind.TIMEOUT).exists()
    clock.advance(seconds=2)
    sweep()
    assert game.moves.filter(kind=Move.Kind.TIMEOUT).count() == 1


def test_a_turn_that_arrives_during_a_vacation_gets_the_full_time(users, clock) -> None:
    ann, bob = users[:2]
    game = start_game([ann, bob], move_hours=48)
    other = next(u for u in (ann, bob) if u != mover(game))
    accounts.vacation_start(user=other)  # open-ended
    game = play(game)
    assert mover(game) == other
    assert game.deadline is None and game.time_left == timedelta(hours=48)
    assert game.moves.last().kind == Move.Kind.TURN
    clock.advance(days=6)
    sweep()
    assert mail.outbox == []  # no turn email while away either
    accounts.vacation_end(user=other)
    game.refresh_from_db()
    assert game.deadline == clock.now() + timedelta(hours=48)
    clock.advance(minutes=5, seconds=1)
    sweep()
    assert [m.to for m in sent("Your turn")] == [[other.email]]  # the turn email comes once they are back


def test_the_api_shows_a_stopped_clock(start, clock, client) -> None:
    game = start(2)
    away = mover(game)
    clock.advance(hours=2)
    accounts.vacation_start(user=away, days=1)
    client.force_login(away)
    data = client.get(f"/api/games/{game.pk}/").json()
    assert data["deadline"] is None and data["time_left"] == 70 * 3600
    accounts.vacation_end(user=away)
    data = client.get(f"/api/games/{game.pk}/").json()
    assert data["deadline"] and data["time_left"] is None


def test_the_allowance_caps_a_vacation_and_counts_whole_days(users, clock) -> None:
    ann = users[0]
    assert accounts.vacation_days_left(user=ann) == 20
    vacation = accounts.vacation_start(user=ann, days=3)
    assert vacation.ends_at == clock.now() + timedelta(days=3) and accounts.vacation_days_left(user=ann) == 17
    with pytest.raises(ValidationError, match="on vacation already"):
        accounts.vacation_start(user=ann, days=1)
    clock.advance(hours=30)
    assert accounts.vacation_end(user=ann).days_used == 2  # 30 hours away count as two days
    assert accounts.vacation_days_left(user=ann) == 18
    vacation = accounts.vacation_start(user=ann, days=40)  # capped by the days left
    assert vacation.days_planned == 18 and vacation.ends_at == clock.now() + timedelta(days=18)
    clock.advance(days=18)
    sweep()  # the sweep ends a vacation whose days are up
    vacation.refresh_from_db()
    assert vacation.ended_at == vacation.ends_at and vacation.days_used == 18
    assert accounts.vacation_days_left(user=ann) == 0
    with pytest.raises(ValidationError, match="no vacation days left"):
        accounts.vacation_start(user=ann)
    assert accounts.vacation_end(user=ann) is None


def test_an_open_ended_vacation_runs_until_ended_or_the_days_run_out(users, clock) -> None:
    ann, bob = users[:2]
    game = start_game([ann, bob])
    away = mover(game)
    vacation = accounts.vacation_start(user=away)
    assert vacation.days_planned is None and vacation.ends_at == clock.now() + timedelta(days=20)
    clock.advance(days=20)
    sweep()
    game.refresh_from_db()
    assert Vacation.objects.get(pk=vacation.pk).days_used == 20
    assert game.deadline == clock.now() + timedelta(hours=72) and game.status == Game.Status.ACTIVE
