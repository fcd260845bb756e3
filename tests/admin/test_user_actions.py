"""The suspend and unsuspend admin actions the accounts admin uses (games.admin.suspend_users, unsuspend_users)."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory

from games.admin import suspend_users, unsuspend_users
from games.models import Game, ModeratorAction, Seat
from tests.factories import play_first_turns

pytestmark = pytest.mark.django_db

User = get_user_model()
needs_suspended_at = pytest.mark.skipif(
    not any(f.name == "suspended_at" for f in User._meta.get_fields()),
    reason="accounts.User has no suspended_at field yet (the accounts work adds it)")


def user_admin() -> admin.ModelAdmin:
    """The site's user admin if registered, else a throwaway one: the actions only need message_user."""
    try:
        return admin.site.get_model_admin(User)
    except admin.sites.NotRegistered:
        return admin.ModelAdmin(User, admin.site)


def admin_request(moderator: Any, data: dict[str, Any]) -> Any:
    request = RequestFactory().post("/admin/accounts/user/", data)
    request.user = moderator
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


def texts(request: Any) -> list[str]:
    return [str(m) for m in get_messages(request)]


@needs_suspended_at
def test_suspend_asks_for_a_reason_first(moderator, ann):
    request = admin_request(moderator, {"action": "suspend_users"})
    response = suspend_users(user_admin(), request, User.objects.filter(pk=ann.pk))
    assert response is not None
    page = response.render().content.decode()
    assert "<textarea" in page and "ann@example.com" in page and 'value="suspend_users"' in page
    ann.refresh_from_db()
    assert ann.is_active and ann.suspended_at is None


@needs_suspended_at
def test_suspend_makes_the_user_inactive_and_removes_them_from_games(moderator, ann, bob, start_game):
    game = play_first_turns(start_game(ann, bob))
    request = admin_request(moderator, {"action": "suspend_users", "post": "yes", "reason": "cheating"})
    assert suspend_users(user_admin(), request, User.objects.filter(pk=bob.pk)) is None
    assert texts(request) == ["Suspended 1 user: bob."]

    bob.refresh_from_db()
    assert not bob.is_active and bob.suspended_at is not None
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats.get(user=bob).status == Seat.Status.REMOVED
    assert game.seats.get(user=ann).result == Seat.Result.WON
    record = ModeratorAction.objects.get(action="suspend user")
    assert (record.moderator, record.target, record.reason) == (moderator, bob, "cheating")
    assert ModeratorAction.objects.filter(action="remove player", game=game, target=bob, moderator=moderator).exists()

    again = admin_request(moderator, {"post": "yes", "reason": "twice"})
    suspend_users(user_admin(), again, User.objects.filter(pk=bob.pk))
    assert texts(again) == ["bob was already suspended."]
    assert ModeratorAction.objects.filter(action="suspend user").count() == 1


@needs_suspended_at
def test_a_moderator_cannot_suspend_themselves(moderator, ann):
    request = admin_request(moderator, {"post": "yes", "reason": "oops"})
    suspend_users(user_admin(), request, User.objects.filter(pk__in=[moderator.pk, ann.pk]))
    assert texts(request) == ["Suspended 1 user: ann.", "mod was not suspended: you cannot suspend yourself."]
    moderator.refresh_from_db()
    assert moderator.is_active


@needs_suspended_at
def test_unsuspend_lifts_the_suspension(moderator, ann):
    suspend = admin_request(moderator, {"post": "yes", "reason": "spam"})
    suspend_users(user_admin(), suspend, User.objects.filter(pk=ann.pk))
    request = admin_request(moderator, {"post": "yes", "reason": "appeal accepted"})
    assert unsuspend_users(user_admin(), request, User.objects.filter(pk=ann.pk)) is None
    assert texts(request) == ["Lifted the suspension of 1 user: ann."]
    ann.refresh_from_db()
    assert ann.is_active and ann.suspended_at is None
    assert ModeratorAction.objects.filter(action="unsuspend user", target=ann, moderator=moderator,
                                          reason="appeal accepted").exists()


def test_the_actions_ask_for_change_permission():
    assert suspend_users.allowed_permissions == unsuspend_users.allowed_permissions == ["change"]
    assert "Suspend" in suspend_users.short_description


@needs_suspended_at
@pytest.mark.skipif(suspend_users not in (getattr(user_admin(), "actions", None) or ()),
                    reason="accounts/admin.py does not list suspend_users in UserAdmin.actions yet")
def test_suspend_through_the_user_changelist(mod_client, moderator, ann):
    from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
    from django.urls import reverse

    url = reverse("admin:accounts_user_changelist")
    page = mod_client.post(url, {"action": "suspend_users", "index": 0, ACTION_CHECKBOX_NAME: [ann.pk]})
    assert page.status_code == 200 and "<textarea" in page.content.decode()
    done = mod_client.post(url, {"action": "suspend_users", "post": "yes", "reason": "spam",
                                 ACTION_CHECKBOX_NAME: [ann.pk]}, follow=True)
    assert "Suspended 1 user: ann." in [str(m) for m in done.context["messages"]]
    ann.refresh_from_db()
    assert not ann.is_active and ann.suspended_at is not None
