"""API tokens die with the password that got them, and a client can log out of the API."""
from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

TOKEN = "/api/accounts/token/"
ME = "/api/accounts/me/"
NEW_PASSWORD = "a brand new pass phrase"


def token(username: str, password: str = PASSWORD) -> str:
    response = APIClient().post(TOKEN, {"username": username, "password": password}, format="json")
    assert response.status_code == 200, response.content
    return response.json()["token"]


def me_with(key: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get(ME).status_code


def test_a_password_change_revokes_the_token_and_a_new_one_is_handed_out() -> None:
    user = UserFactory()
    old = token(user.username)
    assert me_with(old) == 200 and token(user.username) == old  # the same key until the password changes
    page = Client()
    page.force_login(user)
    response = page.post("/accounts/password/change/", {"old_password": PASSWORD, "new_password1": NEW_PASSWORD,
                                                         "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert me_with(old) == 401
    assert page.get("/accounts/settings/").status_code == 200  # the session that changed it stays logged in
    new = token(user.username, NEW_PASSWORD)
    assert new != old and me_with(new) == 200


def test_a_password_reset_revokes_the_token(site_url: str) -> None:
    user = UserFactory()
    old = token(user.username)
    page = Client()
    page.post("/accounts/password/reset/", {"email": user.email})
    link = re.search(r"https://ark\.example(/accounts/password/reset/\S+/\S+/)", mail.outbox[0].body).group(1)
    form = page.get(link, follow=True)
    page.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert me_with(old) == 401


def test_logging_out_of_the_api_revokes_that_token() -> None:
    user = UserFactory()
    key = token(user.username)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.delete(TOKEN + "current/").status_code == 204
    assert me_with(key) == 401
    assert client.delete(TOKEN + "current/").status_code == 401  # it is gone
    assert me_with(token(user.username)) == 200  # log in again: a new token


def test_saving_other_fields_keeps_the_token() -> None:
    user = UserFactory()
    key = token(user.username)
    user.display_name = "Ann"
    user.save()
    assert me_with(key) == 200
