"""Reminders: one email when a fifth of the time is left, or a daily digest of every game waiting."""
from __future__ import annotations

from datetime import datetime
from datetime import timezone as dt_timezone

import pytest

from games.models import Notice, SentEmail
from games.notifications import tasks

from .conftest import SITE, mover, play, sent, start_game, sweep

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_reminder_goes_once_when_a_fifth_of_the_time_is_left(start, clock) -> None:
    game = start(2, move_hours=120)  # five days: the reminder comes with one day left
    waiting = mover(game)
    clock.advance(minutes=6)
    sweep()
    assert len(sent("Your turn", to=waiting)) == 1
    clock.advance(days=3, hours=23, minutes=53)  # a minute before the reminder is due
    sweep()
    assert sent("Reminder") == []
    clock.advance(minutes=1, seconds=1)
    sweep()
    sweep()  # twice: still once
    clock.advance(hours=2)
    sweep()
    [reminder] = sent("Reminder")
    assert reminder.to == [waiting.email]
    assert reminder.subject == f"Reminder: 23 hours left for your move in The Ark of the Covenant #{game.pk}"
    assert f"{SITE}/games/{game.pk}/" in reminder.body and "Play by Sat 9 Mar 2030, 10:00 (UTC)" in reminder.body
    assert SentEmail.objects.filter(kind=SentEmail.Kind.REMINDER).count() == 1
    assert Notice.objects.get(game=game, kind=Notice.Kind.REMINDER).outcome == "sent"


def test_no_reminder_once_the_player_has_moved(start, clock) -> None:
    game = start(2, move_hours=24)
    first = mover(game)
    clock.advance(hours=10)
    game = play(game)
    second = mover(game)
    clock.advance(hours=10)  # past the first turn's reminder time; the second's is at 10 + 19.2 hours
    sweep()
    assert sent("Reminder") == []
    clock.advance(hours=10)
    sweep()
    assert [m.to for m in sent("Reminder")] == [[second.email]] and second != first


def test_players_who_turned_reminders_off_get_none(start, clock) -> None:
    game = start(2, move_hours=24)
    type(mover(game)).objects.filter(pk=mover(game).pk).update(notify_reminders=False)
    clock.advance(hours=20)
    sweep()
    assert sent("Reminder") == []
    assert Notice.objects.get(game=game, kind=Notice.Kind.REMINDER).outcome == "turned off"


def test_the_daily_digest_lists_every_game_waiting(users, clock) -> None:
    ann, bob, cyd, dan = users
    type(ann).objects.filter(pk=ann.pk).update(reminder_mode="digest", time_zone="Europe/Paris")
    ann.refresh_from_db()
    games = [start_game([ann, bob]), start_game([ann, cyd], game="carcassonne", seed=7), start_game([ann, bob, cyd])]
    waiting = []
    for game in games:  # make Ann the player to move where she can be; note the rest
        for _ in range(3):
            if mover(game) == ann:
                break
            game = play(game)
        if mover(game) == ann:
            waiting.append(game)
    not_waiting = start_game([bob, ann], seed=99)
    if mover(not_waiting) == ann:
        not_waiting = play(not_waiting)
    assert len(waiting) >= 2 and mover(not_waiting) != ann
    clock.set(datetime(2030, 3, 4, 6, 30, tzinfo=dt_timezone.utc))  # 07:30 in Paris: too early
    assert tasks.send_reminder_digests() == 0
    clock.set(datetime(2030, 3, 4, 7, 0, tzinfo=dt_timezone.utc))  # 08:00 in Paris
    assert tasks.send_reminder_digests() == 1
    [digest] = sent(to=ann)
    assert digest.subject == f"{len(waiting)} games waiting for your move"
    for game in waiting:
        assert f"{SITE}/games/{game.pk}/" in digest.body and f"{SITE}/games/{game.pk}/" in digest.alternatives[0][0]
    assert f"/games/{not_waiting.pk}/" not in digest.body
    assert digest.message()["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    clock.advance(hours=1)
    assert tasks.send_reminder_digests() == 0  # once a day
    assert len(sent(to=ann)) == 1
    clock.advance(days=1)
    assert tasks.send_reminder_digests() == 1  # and the next day again
    assert SentEmail.objects.filter(kind=SentEmail.Kind.DIGEST, user=ann).count() == 2


def test_digest_users_get_no_reminder_per_game(users, clock) -> None:
    ann, bob = users[:2]
    type(ann).objects.filter(pk__in=[ann.pk, bob.pk]).update(reminder_mode="digest")
    game = start_game([ann, bob], move_hours=24)
    clock.advance(hours=20)
    sweep()
    assert sent("Reminder") == []
    assert Notice.objects.get(game=game, kind=Notice.Kind.REMINDER).outcome == "in the digest"
