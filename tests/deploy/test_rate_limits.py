"""Rate limits with the real rates: log-in, sign-up and password reset (pages and API), and turns.

Every test is its own client address (and its own usernames), so counts left in a shared Redis by other
tests, other workers or earlier runs never meet this one's.
"""
from __future__ import annotations

import logging
import random
import re
import time
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from arkproject import ratelimit
from games.models import Game
from games.play import services
from tests.factories import UserFactory

from .conftest import run_python

#: The rates of arkproject/settings.py with no RATE_LIMIT_* in the environment.
REAL_RATE_LIMITS = {"login": "10/m", "signup": "5/h", "password_reset": "5/h", "turns": "120/m", "games": "30/h"}
TOO_MANY = re.compile(r"Too many (attempts|turns|new games); try again in (\d+) minutes?\.")


@pytest.fixture(autouse=True)
def real_rate_limits(settings) -> None:
    """Undo tests/conftest.py's generous limits."""
    settings.RATE_LIMITS = dict(REAL_RATE_LIMITS)


def random_address() -> str:
    return f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"


@pytest.fixture
def address() -> str:
    """A client address of this test's own."""
    return random_address()


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:12]}"


def assert_too_many(response, max_wait: int, *, json: bool) -> int:
    """A 429 saying how long to wait, in words and in ``Retry-After`` (at most ``max_wait`` seconds)."""
    assert response.status_code == 429
    wait = int(response["Retry-After"])
    assert 1 <= wait <= max_wait
    text = response.json()["detail"] if json else response.content.decode()
    match = TOO_MANY.search(text)
    assert match, text
    assert int(match.group(2)) == max(1, -(-wait // 60))  # the same wait, in minutes rounded up
    return wait


def test_the_settings_defaults_are_the_real_rates() -> None:
    result = run_python("from django.conf import settings; import json; print(json.dumps(settings.RATE_LIMITS))",
                        {})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == '{"login": "10/m", "signup": "5/h", "password_reset": "5/h", ' \
                                                     '"turns": "120/m", "chat": "10/m", "games": "30/h"}'


# ----- the pages ---------------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_login_page_per_address(address) -> None:
    client = Client(REMOTE_ADDR=address)
    url = reverse("login")
    for attempt in range(10):
        response = client.post(url, {"username": unique("nobody"), "password": "wrong"})
        assert response.status_code == 200, attempt  # the form again, with its error
    response = client.post(url, {"username": unique("nobody"), "password": "wrong"})
    assert_too_many(response, 60, json=False)
    assert b"Too many attempts" in response.content and b"<html" in response.content.lower()
    assert client.get(url).status_code == 200  # showing the page is not an attempt
    # another address is not held back
    assert Client(REMOTE_ADDR=random_address()).post(url, {"username": unique("x"), "password": "y"}).status_code == 200


@pytest.mark.django_db
def test_login_page_per_username_from_many_addresses() -> None:
    user = UserFactory(username=unique("target"))
    url = reverse("login")
    for _ in range(10):
        client = Client(REMOTE_ADDR=random_address())
        assert client.post(url, {"username": user.username, "password": "wrong"}).status_code == 200
    response = Client(REMOTE_ADDR=random_address()).post(url, {"username": user.username.upper(), "password": "x"})
    assert_too_many(response, 60, json=False)


@pytest.mark.django_db
def test_signup_page(address) -> None:
    client = Client(REMOTE_ADDR=address)
    for attempt in range(5):
        assert client.post(reverse("signup"), {"username": ""}).status_code == 200, attempt
    assert_too_many(client.post(reverse("signup"), {"username": ""}), 3600, json=False)


@pytest.mark.django_db
def test_password_reset_page(address, mailoutbox) -> None:
    client = Client(REMOTE_ADDR=address)
    for attempt in range(5):
        response = client.post(reverse("password_reset"), {"email": f"{unique('x')}@example.org"})
        assert response.status_code == 302, attempt
    assert_too_many(client.post(reverse("password_reset"), {"email": "a@example.org"}), 3600, json=False)


# ----- the API -----------------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_api_register_shares_the_signup_count(address) -> None:
    page, api = Client(REMOTE_ADDR=address), APIClient(REMOTE_ADDR=address)
    for _ in range(2):
        assert page.post(reverse("signup"), {"username": ""}).status_code == 200
    for _ in range(3):
        name = unique("new")
        response = api.post("/api/accounts/register/", {"username": name, "email": f"{name}@example.org",
                                                         "password": "a long pass phrase"}, format="json")
        assert response.status_code == 201, response.content
    name = unique("new")
    response = api.post("/api/accounts/register/", {"username": name, "email": f"{name}@example.org",
                                                     "password": "a long pass phrase"}, format="json")
    assert_too_many(response, 3600, json=True)
    assert set(response.json()) == {"detail"}


@pytest.mark.django_db
def test_api_token_per_address_and_per_username(address) -> None:
    api = APIClient(REMOTE_ADDR=address)
    user = UserFactory(username=unique("tok"))
    for _ in range(9):
        assert api.post("/api/accounts/token/", {"username": unique("u"), "password": "x"},
                        format="json").status_code == 400
    assert api.post("/api/accounts/token/", {"username": user.username, "password": "correct horse battery staple"},
                    format="json").status_code == 200
    response = api.post("/api/accounts/token/", {"username": user.username, "password": "wrong"}, format="json")
    assert_too_many(response, 60, json=True)
    # the username's own count: 2 attempts so far; 8 more from elsewhere reach 10, the 11th is refused
    for _ in range(8):
        other = APIClient(REMOTE_ADDR=random_address())
        assert other.post("/api/accounts/token/", {"username": user.username, "password": "wrong"},
                          format="json").status_code == 400
    response = APIClient(REMOTE_ADDR=random_address()).post(
        "/api/accounts/token/", {"username": user.username, "password": "wrong"}, format="json")
    assert_too_many(response, 60, json=True)


@pytest.mark.django_db
def test_turns_per_user() -> None:
    alice, bob, carol = (UserFactory(username=unique(n)) for n in ("alice", "bob", "carol"))
    game = services.game_create(user=alice, game="ark", players=2)
    game = services.game_join(game_id=game.pk, user=bob, invite_code=game.invite_code)
    mover = alice if game.current_seat == 0 else bob
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=mover).key}")
    url = f"/api/games/{game.pk}/turns/"
    stale = {"version": game.version + 1000, "turn": {"tile": "44", "x": 1, "y": 0, "rotation": 0}}
    for attempt in range(120):
        assert api.post(url, stale, format="json").status_code == 409, attempt
    response = api.post(url, stale, format="json")
    assert_too_many(response, 60, json=True)
    assert response.json()["detail"].startswith("Too many turns")
    # another user (from the same address) is not held back
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=carol).key}")
    assert other.post(url, stale, format="json").status_code in (403, 409)


@pytest.mark.django_db
def test_new_games_per_user_through_the_api_and_the_lobby() -> None:
    """Creating games had no limit (issue 24, item 8): 30 an hour per user, the API and the lobby together."""
    alice, bob = UserFactory(username=unique("alice")), UserFactory(username=unique("bob"))
    api = APIClient()
    api.force_authenticate(alice)
    new = {"game": "ark", "seats": 2}
    for attempt in range(29):
        assert api.post("/api/games/", new, format="json").status_code == 201, attempt
    page = Client()
    page.force_login(alice)
    assert page.post(reverse("game_vs_computer"), {"game": "ark", "level": "easy"}).status_code == 302
    response = api.post("/api/games/", new, format="json")
    wait = assert_too_many(response, 3600, json=True)
    assert response.json()["detail"].startswith("Too many new games") and wait > 60
    response = page.post(reverse("game_new"), {"game": "ark", "seats": 2, "move_hours": 72})
    assert_too_many(response, 3600, json=False)
    assert page.post(reverse("game_vs_computer"), {"game": "ark", "level": "easy"}).status_code == 429
    assert api.get("/api/games/").status_code == 200  # reading the list is no new game
    other = APIClient()
    other.force_authenticate(bob)
    assert other.post("/api/games/", new, format="json").status_code == 201, "per user"
    assert Game.objects.filter(created_by=alice).count() == 30


# ----- the mechanism -----------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_a_window_ends_and_attempts_are_allowed_again(settings, address) -> None:
    settings.RATE_LIMITS = {**REAL_RATE_LIMITS, "password_reset": "2/s"}
    client = Client(REMOTE_ADDR=address)
    url = reverse("password_reset")
    assert [client.post(url, {"email": "a@example.org"}).status_code for _ in range(3)] == [302, 302, 429]
    time.sleep(1.2)  # the cache's own expiry cannot be frozen like the site clock
    assert client.post(url, {"email": "a@example.org"}).status_code == 302


@pytest.mark.django_db
def test_off_means_no_limit(settings, address) -> None:
    settings.RATE_LIMITS = {**REAL_RATE_LIMITS, "signup": "off"}
    client = Client(REMOTE_ADDR=address)
    assert {client.post(reverse("signup"), {"username": ""}).status_code for _ in range(8)} == {200}


@pytest.mark.django_db
def test_an_unreachable_cache_lets_requests_through(monkeypatch, caplog, address) -> None:
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    from django.core.cache import caches

    monkeypatch.setattr(type(caches["default"]), "add", broken)  # the class: each test has its own cache object
    client = Client(REMOTE_ADDR=address)
    with caplog.at_level(logging.WARNING, logger="arkproject.ratelimit"):
        assert {client.post(reverse("signup"), {"username": ""}).status_code for _ in range(7)} == {200}
    assert "not checked" in caplog.text


def test_client_addresses() -> None:
    def address_of(remote: str) -> str:
        return ratelimit.client_address(type("Request", (), {"META": {"REMOTE_ADDR": remote}})())

    assert address_of("203.0.113.9") == "203.0.113.9"
    assert address_of("::ffff:203.0.113.9") == "203.0.113.9"
    # one IPv6 client has a whole /64 to pick addresses from
    assert address_of("2001:db8:1:2:aaaa::1") == address_of("2001:db8:1:2:bbbb::2") == "2001:db8:1:2::/64"
    assert address_of("2001:db8:1:3::1") != address_of("2001:db8:1:2::1")


def test_behind_a_trusted_proxy_the_client_is_the_forwarded_address(settings) -> None:
    settings.FORWARDED_ALLOW_IPS = frozenset({"10.0.0.2"})

    def address_of(remote: str, forwarded: str) -> str:
        meta = {"REMOTE_ADDR": remote, "HTTP_X_FORWARDED_FOR": forwarded}
        return ratelimit.client_address(type("Request", (), {"META": meta})())

    assert address_of("10.0.0.2", "203.0.113.9") == "203.0.113.9"
    # a client's own X-Forwarded-For comes first: only the address our proxy added counts
    assert address_of("10.0.0.2", "198.51.100.1, 203.0.113.9") == "203.0.113.9"
    assert address_of("10.0.0.2", "203.0.113.9, 10.0.0.2") == "203.0.113.9"  # through two of our proxies
    assert address_of("192.0.2.7", "203.0.113.9") == "192.0.2.7"  # not our proxy: its header means nothing


def test_rates() -> None:
    assert ratelimit.parse_rate("10/m") == (10, 60)
    assert ratelimit.parse_rate("5/hour") == (5, 3600)
    assert ratelimit.parse_rate("off") is None and ratelimit.parse_rate(None) is None
    assert ratelimit.too_many_message(1) == "Too many attempts; try again in 1 minute."
    assert ratelimit.too_many_message(61) == "Too many attempts; try again in 2 minutes."


@pytest.mark.django_db
def test_admin_login_page_shares_the_login_count(address) -> None:
    client = Client(REMOTE_ADDR=address)
    for attempt in range(5):
        assert client.post(reverse("login"), {"username": unique("a"), "password": "x"}).status_code == 200, attempt
    for attempt in range(5):
        assert client.post("/admin/login/", {"username": unique("a"), "password": "x"}).status_code == 200, attempt
    assert_too_many(client.post("/admin/login/", {"username": unique("a"), "password": "x"}), 60, json=False)


@pytest.mark.django_db
def test_only_the_attempts_a_limit_guards_are_counted(address) -> None:
    """A GET of the sign-up or token API is a 405, not an attempt: it leaves the count alone."""
    client = APIClient(REMOTE_ADDR=address)
    for _ in range(12):
        assert client.get("/api/accounts/register/").status_code == 405
        assert client.get("/api/accounts/token/").status_code == 405
        assert client.put("/api/accounts/token/", {}, format="json").status_code == 405
    response = client.post("/api/accounts/register/", {"username": unique("fresh"), "email": f"{unique('f')}@x.org",
                                                       "password": "a long pass phrase"}, format="json")
    assert response.status_code == 201, response.content
    user = UserFactory()
    response = client.post("/api/accounts/token/", {"username": user.username, "password": "wrong"}, format="json")
    assert response.status_code == 400  # a refused log-in, not a 429
