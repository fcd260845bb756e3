"""The preferences and the vacation on the settings page and in the API; who is away, in the admin."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from accounts import services as accounts
from accounts.models import Vacation

from .conftest import mover

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()


def test_the_settings_page_sets_the_reminder_mode_and_keeps_it_when_absent(users) -> None:
    ann = users[0]
    client = Client()
    client.force_login(ann)
    page = client.get("/accounts/settings/")
    assert b'name="reminder_mode"' in page.content and b"Start a vacation" in page.content
    assert b"Days left this year: <strong>20</strong>" in page.content
    form = {"display_name": "Ann", "time_zone": "UTC", "notify_turn": "on", "notify_reminders": "on",
            "notify_timeouts": "on", "reminder_mode": "digest"}
    assert client.post("/accounts/settings/", form).status_code == 302
    ann.refresh_from_db()
    assert (ann.reminder_mode, ann.notify_timeouts) == ("digest", True)
    form.pop("reminder_mode")
    assert client.post("/accounts/settings/", form).status_code == 302
    ann.refresh_from_db()
    assert ann.reminder_mode == "digest"
    assert client.post("/accounts/settings/", {**form, "reminder_mode": "weekly"}).status_code == 200


def test_vacations_from_the_settings_page(start, clock) -> None:
    game = start(2)
    away = mover(game)
    client = Client()
    client.force_login(away)
    response = client.post("/accounts/vacation/start/", {"days": "3"}, follow=True)
    assert b"Enjoy your vacation" in response.content and b"You are on vacation" in response.content
    game.refresh_from_db()
    assert game.deadline is None
    clock.advance(hours=5)
    response = client.post("/accounts/vacation/end/", follow=True)
    assert b"That vacation counted 1 day." in response.content
    assert Client().post("/accounts/vacation/start/").status_code == 302  # log-in needed


def test_the_api_reads_and_changes_notifications_and_vacations(start, clock) -> None:
    game = start(2)
    away = mover(game)
    api = APIClient()
    api.force_authenticate(away)
    assert api.get("/api/accounts/me/notifications/").json() == {
        "notify_turn": True, "notify_reminders": True, "reminder_mode": "each", "notify_timeouts": True}
    changed = api.patch("/api/accounts/me/notifications/", {"reminder_mode": "digest", "notify_timeouts": False},
                        format="json")
    assert changed.status_code == 200 and changed.json()["reminder_mode"] == "digest"
    assert api.patch("/api/accounts/me/notifications/", {"reminder_mode": "never"}, format="json").status_code == 400
    assert api.get("/api/accounts/me/vacation/").json()["on_vacation"] is False
    started = api.post("/api/accounts/me/vacation/", {"days": 2}, format="json")
    assert started.status_code == 201
    assert started.json()["on_vacation"] is True and started.json()["days_left"] == 18
    assert api.post("/api/accounts/me/vacation/", {}, format="json").status_code == 400  # on vacation already
    game.refresh_from_db()
    assert game.deadline is None
    clock.advance(hours=1)
    ended = api.delete("/api/accounts/me/vacation/")
    assert ended.status_code == 200 and ended.json()["on_vacation"] is False and ended.json()["days_left"] == 19
    # the account API of before is unchanged
    assert set(api.get("/api/accounts/me/").json()) == {"id", "username", "email", "display_name", "email_confirmed",
                                                        "notify_turn", "notify_reminders", "time_zone", "is_bot",
                                                        "language"}


def test_moderators_see_who_is_on_vacation(users, clock) -> None:
    ann, bob = users[:2]
    moderator = User.objects.create_superuser(username="mod", email="mod@example.com", password="pw-mod-123")
    accounts.vacation_start(user=ann, days=4)
    client = Client()
    client.force_login(moderator)
    page = client.get("/admin/accounts/user/")
    assert page.status_code == 200 and b"on vacation" in page.content and b"On vacation until" in page.content
    away = client.get("/admin/accounts/user/?on_vacation=yes")
    assert list(away.context["cl"].result_list) == [ann]
    here = client.get("/admin/accounts/user/?on_vacation=no")
    assert ann not in here.context["cl"].result_list and bob in here.context["cl"].result_list
    assert Vacation.objects.count() == 1
