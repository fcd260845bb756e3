"""Lookalike names: usernames compare by case and confusable skeleton; display names cannot reorder text."""
from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from accounts.names import name_key, skeleton
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

REGISTER = "/api/accounts/register/"


def register(username: str, display_name: str = "", email: str = "") -> tuple[int, dict]:
    response = APIClient().post(REGISTER, {"username": username, "email": email or f"{abs(hash(username))}@x.org",
                                           "password": PASSWORD, "display_name": display_name}, format="json")
    return response.status_code, response.json()


def test_the_skeleton_maps_lookalikes_together() -> None:
    assert skeleton("\u0430lice") == skeleton("alice")  # a Cyrillic a
    assert name_key("U01") == name_key("u01") == name_key("\uff35\uff10\uff11")  # case, full width
    assert name_key("a1ice") == name_key("alice") and name_key("rn") == name_key("m")
    assert name_key("alice") != name_key("alicia")


@pytest.mark.parametrize("lookalike", ["ALICE", "Alice", "\u0430lice", "a1ice", "ali\u0441e", "alic\u0435"])
def test_a_name_that_would_pass_for_another_is_refused(lookalike: str) -> None:
    UserFactory(username="alice")
    status, body = register(lookalike)
    assert status == 400
    assert body["errors"]["username"] == ["That username is too like an existing one (“alice”): choose another."]
    assert User.objects.count() == 1


def test_the_same_name_says_so_and_other_names_are_fine() -> None:
    UserFactory(username="alice")
    for same in ("alice", "\uff41lice"):  # full width letters are the same name once normalised (NFKC)
        status, body = register(same)
        assert status == 400 and body["errors"]["username"] == ["A user with that username already exists."]
    assert register("alicia")[0] == 201 and register("bob")[0] == 201


def test_the_sign_up_page_refuses_a_lookalike() -> None:
    UserFactory(username="u01")
    response = Client().post("/accounts/signup/", {"username": "U01", "email": "u@x.org", "password": PASSWORD,
                                                   "password_confirm": PASSWORD})
    assert response.status_code == 200 and "too like an existing one" in response.content.decode()


def test_log_in_with_another_case_finds_the_account() -> None:
    UserFactory(username="alice")
    response = APIClient().post("/api/accounts/token/", {"username": "ALICE", "password": PASSWORD}, format="json")
    assert response.status_code == 200 and response.json()["token"]
    assert Client().login(username="Alice", password=PASSWORD)


@pytest.mark.parametrize("name", ["Ann\u202eevil", "two\nlines", "tab\there", "rtl\u200fmark", "iso\u2066late",
                                  "line\u2028sep"])
def test_display_names_refuse_control_and_bidirectional_characters(name: str) -> None:
    status, body = register("fresh", display_name=name)
    assert status == 400 and "cannot hold control characters" in body["errors"]["display_name"][0]
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    response = client.patch("/api/accounts/me/", {"display_name": name}, format="json")
    assert response.status_code == 400 and "right-to-left overrides" in response.json()["detail"]


def test_ordinary_display_names_are_kept() -> None:
    for name in ("Ann of Jericho", "Zoë", "Łukasz", "名前", "👩\u200d👩\u200d👧 family"):
        status, body = register(f"user{abs(hash(name)) % 10**6}", display_name=name)
        assert status == 201 and body["display_name"] == name


@pytest.mark.parametrize("shown", ["alice", "ALICE", "\u0430lice", "Bobby Tables", "B0bby Tab1es"])
def test_a_display_name_cannot_pass_for_another_player(shown: str) -> None:
    UserFactory(username="alice")
    UserFactory(username="bob", display_name="Bobby Tables")
    status, body = register("fresh", display_name=shown)
    assert status == 400 and "too like another player's name" in body["errors"]["display_name"][0]
    carol = UserFactory(username="carol")
    client = APIClient()
    client.force_authenticate(carol)
    response = client.patch("/api/accounts/me/", {"display_name": shown}, format="json")
    assert response.status_code == 400 and "too like another player's name" in response.json()["detail"]
    assert client.patch("/api/accounts/me/", {"display_name": "Carol"}, format="json").status_code == 200


def test_a_username_cannot_pass_for_another_players_display_name() -> None:
    UserFactory(username="dan", display_name="Zed")
    status, body = register("zed")
    assert status == 400 and "too like another player's name (“Zed”)" in body["errors"]["username"][0]


def test_a_display_name_kept_as_it_was_does_not_stop_other_settings() -> None:
    old = UserFactory(username="old", display_name="Eve")  # from before display names were compared
    UserFactory(username="eve")
    client = APIClient()
    client.force_authenticate(old)
    response = client.patch("/api/accounts/me/", {"display_name": "Eve", "notify_turn": False}, format="json")
    assert response.status_code == 200
