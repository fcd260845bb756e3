"""The tournaments in the admin: the list, a tournament's page with its players, tables and byes, and the
moderator's actions (advance now, call off)."""
from __future__ import annotations

import pytest
from django.test import Client

from games.tournaments import services
from games.tournaments.models import Tournament
from tests.factories import UserFactory
from tests.tournaments.conftest import players

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def admin_client() -> Client:
    client = Client()
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def test_the_admin_lists_shows_and_acts(admin_client):
    people = players(3)
    running = services.tournament_create(user=people[0], name="Running one", game="ark", kind="swiss", rounds=2,
                                         start_players=3)
    for user in people[1:]:
        services.tournament_join(tournament_id=running.pk, user=user)
    waiting = services.tournament_create(user=people[0], name="Waiting one", game="ark", kind="round_robin",
                                         start_players=4)
    listing = admin_client.get("/admin/tournaments/tournament/").content.decode()
    assert "Running one" in listing and "Waiting one" in listing
    page = admin_client.get(f"/admin/tournaments/tournament/{running.pk}/change/").content.decode()
    assert str(people[1]) in page and "round" in page.lower()
    assert admin_client.get("/admin/tournaments/tournament/add/").status_code == 403
    assert admin_client.get("/admin/tournaments/table/").status_code == 200
    answer = admin_client.post("/admin/tournaments/tournament/", {
        "action": "call_off", "_selected_action": [str(waiting.pk), str(running.pk)]}, follow=True)
    assert answer.status_code == 200 and "only a tournament that has not started" in answer.content.decode()
    assert Tournament.objects.get(pk=waiting.pk).status == Tournament.Status.CANCELLED
    assert Tournament.objects.get(pk=running.pk).status == Tournament.Status.RUNNING
    answer = admin_client.post("/admin/tournaments/tournament/", {
        "action": "advance_now", "_selected_action": [str(running.pk)]}, follow=True)
    assert "playing" in answer.content.decode()  # round 1's table is still being played
