"""Account pages through the test client: sign up, log in and out, passwords, confirmation, settings."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import services
from accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "purple elephant tap dances"


def link_in(body: str, site_url: str) -> str:
    """The path of the one site link in an email body."""
    [url] = re.findall(re.escape(site_url) + r"(/\S+)", body)
    return url


def logged_in_user_id(client: Client) -> int | None:
    value = client.session.get(SESSION_KEY)
    return int(value) if value is not None else None


@pytest.mark.parametrize("name, path", [
    ("signup", "/accounts/signup/"), ("login", "/accounts/login/"), ("logout", "/accounts/logout/"),
    ("password_change", "/accounts/password/change/"), ("password_change_done", "/accounts/password/change/done/"),
    ("password_reset", "/accounts/password/reset/"), ("password_reset_done", "/accounts/password/reset/done/"),
    ("password_reset_complete", "/accounts/password/reset/complete/"),
    ("email_confirm_resend", "/accounts/confirm/resend/"), ("settings", "/accounts/settings/"),
])
def test_url_names(name: str, path: str) -> None:
    assert reverse(name) == path


@pytest.mark.parametrize("path", ["/accounts/signup/", "/accounts/login/", "/accounts/password/reset/",
                                  "/accounts/password/reset/done/", "/accounts/password/reset/complete/"])
def test_public_pages_render(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert b"Log in" in response.content and b"Sign up" in response.content  # the nav


def test_signup_creates_logs_in_and_sends_confirmation(client: Client, site_url: str) -> None:
    response = client.post("/accounts/signup/", {
        "username": "ann", "email": "ann@example.com", "display_name": "Ann",
        "password": PASSWORD, "password_confirm": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    user = User.objects.get(username="ann")
    assert (user.email, user.display_name, user.email_confirmed) == ("ann@example.com", "Ann", False)
    assert logged_in_user_id(client) == user.pk
    [message] = mail.outbox
    assert message.to == ["ann@example.com"]

    path = link_in(message.body, site_url)
    assert path.startswith("/accounts/confirm/")
    response = client.get(path)
    assert response.status_code == 200
    assert b"Email confirmed" in response.content
    user.refresh_from_db()
    assert user.email_confirmed


def test_signup_shows_service_errors_next_to_fields(client: Client) -> None:
    UserFactory(email="ann@example.com")
    response = client.post("/accounts/signup/", {
        "username": "ann2", "email": "ANN@example.com", "password": "password", "password_confirm": "password"})
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["email"] == ["An account with that email address already exists."]
    assert form.errors["password"] == ["This password is too common."]
    assert User.objects.count() == 1 and not mail.outbox
    assert logged_in_user_id(client) is None


def test_signup_passwords_must_match(client: Client) -> None:
    response = client.post("/accounts/signup/", {
        "username": "ann", "email": "ann@example.com", "password": PASSWORD, "password_confirm": NEW_PASSWORD})
    assert response.status_code == 200
    assert response.context["form"].errors["password_confirm"] == ["The two passwords differ."]
    assert not User.objects.exists()


def test_tampered_confirmation_link_fails(client: Client) -> None:
    user = UserFactory()
    token = services.email_confirmation_token(user=user)
    response = client.get(f"/accounts/confirm/{token}x/")
    assert response.status_code == 400
    assert b"not valid" in response.content
    user.refresh_from_db()
    assert not user.email_confirmed


def test_resend_confirmation(client: Client, user: User, site_url: str) -> None:
    assert client.post("/accounts/confirm/resend/").status_code == 302  # to the login page
    assert not mail.outbox
    client.force_login(user)
    assert client.get("/accounts/confirm/resend/").status_code == 405
    response = client.post("/accounts/confirm/resend/")
    assert response.status_code == 302 and response["Location"] == "/accounts/settings/"
    [message] = mail.outbox
    client.get(link_in(message.body, site_url))
    user.refresh_from_db()
    assert user.email_confirmed
    client.post("/accounts/confirm/resend/")
    assert len(mail.outbox) == 1  # already confirmed: nothing more to send


def test_login_and_logout(client: Client, user: User) -> None:
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    assert logged_in_user_id(client) == user.pk
    page = client.get("/accounts/settings/")
    assert b"Log out" in page.content and user.username.encode() in page.content

    assert client.get("/accounts/logout/").status_code == 405  # logging out takes a POST
    assert logged_in_user_id(client) == user.pk
    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert logged_in_user_id(client) is None


def test_login_with_wrong_password_fails(client: Client, user: User) -> None:
    response = client.post("/accounts/login/", {"username": user.username, "password": "wrong"})
    assert response.status_code == 200
    assert response.context["form"].errors
    assert logged_in_user_id(client) is None


def test_inactive_user_cannot_log_in(client: Client) -> None:
    user = UserFactory(is_active=False)
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 200
    assert logged_in_user_id(client) is None


def test_password_reset_end_to_end(client: Client, user: User, site_url: str) -> None:
    response = client.post("/accounts/password/reset/", {"email": user.email.upper()})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/done/"
    [message] = mail.outbox
    assert message.to == [user.email]
    assert message.subject == "Reset your password on Correspondence Board Games"

    response = client.get(link_in(message.body, site_url))  # Django swaps the token for a session and redirects
    assert response.status_code == 302
    form_url = response["Location"]
    assert client.get(form_url).context["validlink"]
    response = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/complete/"
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert client.login(username=user.username, password=NEW_PASSWORD)
    # the link works once
    client.logout()
    assert not client.get(link_in(message.body, site_url)).context["validlink"]


def test_password_reset_for_unknown_or_suspended_address_sends_nothing(client: Client) -> None:
    UserFactory(email="gone@example.com", is_active=False)
    for email in ("nobody@example.com", "gone@example.com"):
        response = client.post("/accounts/password/reset/", {"email": email})
        assert response.status_code == 302
    assert not mail.outbox


def test_password_change(client: Client, user: User) -> None:
    assert client.get("/accounts/password/change/").status_code == 302  # login required
    client.force_login(user)
    response = client.post("/accounts/password/change/", {
        "old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/change/done/"
    assert client.get(response["Location"]).status_code == 200  # still logged in
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_password_change_refuses_a_wrong_old_password(client: Client, user: User) -> None:
    client.force_login(user)
    response = client.post("/accounts/password/change/", {
        "old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_settings_requires_login(client: Client) -> None:
    response = client.get("/accounts/settings/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/accounts/settings/"


def test_settings_page_updates_the_fields(client: Client, user: User) -> None:
    client.force_login(user)
    page = client.get("/accounts/settings/")
    assert page.status_code == 200
    assert b'<option value="Europe/Paris">Europe/Paris</option>' in page.content
    assert b"not confirmed yet" in page.content
    # unchecked boxes are absent from the POST, as a browser sends them
    response = client.post("/accounts/settings/", {"display_name": "Zed", "time_zone": "Asia/Tokyo",
                                                   "notify_reminders": "on"})
    assert response.status_code == 302 and response["Location"] == "/accounts/settings/"
    user.refresh_from_db()
    assert (user.display_name, user.notify_turn, user.notify_reminders, user.time_zone) == (
        "Zed", False, True, "Asia/Tokyo")
    assert b"Your settings are saved." in client.get("/accounts/settings/").content


def test_settings_page_refuses_an_unknown_time_zone(client: Client, user: User) -> None:
    client.force_login(user)
    response = client.post("/accounts/settings/", {"display_name": "Zed", "time_zone": "Mars/Olympus"})
    assert response.status_code == 200
    assert "time_zone" in response.context["form"].errors
    user.refresh_from_db()
    assert (user.display_name, user.time_zone) == ("", "UTC")


def test_pages_need_csrf_tokens(user: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post("/accounts/settings/", {"display_name": "Zed", "time_zone": "UTC"}).status_code == 403
    assert client.post("/accounts/logout/").status_code == 403
