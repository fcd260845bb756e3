"""A tournament's table is named with its tournament and round in every notice of a turn: the turn email, the
reminder email and the daily digest (subject, text and HTML), and the turn and reminder pushes (issue 29)."""
from __future__ import annotations

from datetime import datetime
from datetime import timezone as dt_timezone
from typing import Any

import pytest

from games.models import Game
from games.notifications import tasks
from games.push.services import push_preferences_update
from games.tournaments import services
from games.tournaments.models import Table

from .conftest import SITE, mover, sent, start_game, subscribe, sweep

pytestmark = pytest.mark.django_db(transaction=True)


def tournament_table(ann: Any, bob: Any, days: int = 5) -> tuple[Game, str]:
    """Round 1's table of a Swiss of Ann and Bob (it starts when both have joined); the tournament's address."""
    tournament = services.tournament_create(user=ann, name="Spring Open", game="ark", kind="swiss", rounds=2,
                                            start_players=2, days_per_move=days)
    services.tournament_join(tournament_id=tournament.pk, user=bob)
    table = Table.objects.select_related("game").get(tournament=tournament, round=1)
    assert table.game.status == Game.Status.ACTIVE
    return table.game, f"{SITE}/tournaments/{tournament.pk}/"


def test_the_turn_and_reminder_emails_name_the_tournament_and_its_round(users, clock) -> None:
    game, link = tournament_table(*users[:2])
    waiting = mover(game)
    clock.advance(minutes=6)
    sweep()
    [turn] = sent("Your turn", to=waiting)
    assert turn.subject == f"Your turn in The Ark of the Covenant #{game.pk} (Spring Open, round 1)"
    assert f"It is your table of round 1 of the tournament Spring Open: {link}" in turn.body
    assert f'<a href="{link}">Spring Open</a>' in turn.alternatives[0][0]
    clock.advance(days=4, minutes=1)  # a fifth of five days left
    sweep()
    [reminder] = sent("Reminder", to=waiting)
    assert reminder.subject.endswith(f"#{game.pk} (Spring Open, round 1)")
    assert f"It is your table of round 1 of the tournament Spring Open: {link}" in reminder.body
    assert f'<a href="{link}">Spring Open</a>' in reminder.alternatives[0][0]
    # a game of its own says nothing of tournaments
    own = start_game(users[2:4], move_hours=120)
    clock.advance(minutes=6)
    sweep()
    [alone] = sent("Your turn", to=mover(own))
    assert "tournament" not in alone.body and "round" not in alone.subject


def test_the_daily_digest_names_the_tournament_of_a_table(users, clock) -> None:
    ann, bob = users[:2]
    game, link = tournament_table(ann, bob)
    waiting = mover(game)
    type(waiting).objects.filter(pk=waiting.pk).update(reminder_mode="digest")
    clock.set(datetime(2030, 3, 5, 8, 0, tzinfo=dt_timezone.utc))
    assert tasks.send_reminder_digests() == 1
    [digest] = [m for m in sent(to=waiting) if "waiting for your move" in m.subject]
    assert f"It is your table of round 1 of the tournament Spring Open: {link}" in digest.body
    assert f'<a href="{link}">Spring Open</a>' in digest.alternatives[0][0]


def test_the_turn_and_reminder_pushes_name_the_tournament_and_its_round(users, clock, push_service) -> None:
    game, _ = tournament_table(*users[:2])
    waiting = mover(game)
    device = push_service.device("phone")
    subscribe(waiting, device)
    clock.advance(minutes=6)
    sweep()
    [push] = push_service.to(device)
    turn = device.read(push)
    assert turn["title"] == f"Your turn in The Ark of the Covenant #{game.pk}"
    assert turn["body"].startswith("Against ") and turn["body"].endswith(" Tournament Spring Open, round 1.")
    push_preferences_update(user=waiting, turn=False)
    clock.advance(days=4, minutes=1)
    sweep()
    reminder = device.read(push_service.to(device)[-1])
    assert reminder["title"] == f"Reminder: your move in The Ark of the Covenant #{game.pk}"
    assert reminder["body"].endswith("Tournament Spring Open, round 1.") and "left: play by" in reminder["body"]


def test_the_timeout_email_and_push_name_the_tournament_and_its_round(users, clock, push_service) -> None:
    ann, bob = users[:2]
    game, link = tournament_table(ann, bob)
    absent = mover(game)
    other = ann if absent == bob else bob
    device = push_service.device("phone")
    subscribe(other, device)
    clock.advance(days=5, minutes=10)  # the mover's five days run out: the server plays their turn
    sweep()
    [email] = sent("timed out", to=other)
    assert email.subject.endswith(f"#{game.pk} (Spring Open, round 1)")
    assert f"It is your table of round 1 of the tournament Spring Open: {link}" in email.body
    assert f'<a href="{link}">Spring Open</a>' in email.alternatives[0][0]
    pushes = [device.read(p) for p in push_service.to(device)]
    [timeout] = [p for p in pushes if "timed out" in p["title"]]
    assert timeout["body"].endswith("Tournament Spring Open, round 1.")
