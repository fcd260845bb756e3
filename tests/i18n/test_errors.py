"""Errors a player reads, in their language: the API's `detail` follows Accept-Language (or the account's
choice), English when nothing is asked for; the rate limits' words too."""
from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from arkproject.ratelimit import too_many_message
from tests.factories import PASSWORD, mover, random_turn, start_game

pytestmark = pytest.mark.django_db

GERMAN = {"accept-language": "de-DE,de;q=0.9"}
FRENCH = {"accept-language": "fr"}


def api(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_turn_out_of_turn_is_refused_in_the_readers_language(make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game([ann, bob])
    waiting = bob if mover(game) == ann else ann
    body = {"version": game.version, "turn": random_turn(game, random.Random(1))}
    url = f"/api/games/{game.pk}/turns/"
    assert api(waiting).post(url, body, format="json").json()["detail"] == "it is not your turn"
    german = api(waiting).post(url, body, format="json", headers=GERMAN)
    assert (german.status_code, german.json()["detail"]) == (409, "du bist nicht am Zug")
    assert german["Content-Language"] == "de"
    assert api(waiting).post(url, body, format="json", headers=FRENCH).json()["detail"] == "ce n'est pas votre tour"
    stale = api(mover(game)).post(url, {**body, "version": game.version - 1}, format="json", headers=GERMAN)
    assert stale.status_code == 409 and stale.json()["detail"].startswith("die Partie ist weitergegangen")


def test_not_found_and_refused_joins_in_german(make_user) -> None:
    ann, bob, cyd = make_user("ann"), make_user("bob"), make_user("cyd")
    game = start_game([ann, bob])
    missing = api(ann).get("/api/games/999999/", headers=GERMAN)
    assert (missing.status_code, missing.json()["detail"]) == (404, "diese Partie gibt es nicht")
    full = api(cyd).post(f"/api/games/{game.pk}/join/", {}, format="json", headers=GERMAN)
    assert full.status_code == 409 and full.json()["detail"] in ("diese Partie ist voll",
                                                                  "diese Partie wartet nicht mehr auf Spieler")
    nowhere = api(ann).get("/api/no-such-thing/", headers=GERMAN)
    assert (nowhere.status_code, nowhere.json()["detail"]) == (404, "Nicht gefunden.")


def test_registration_errors_in_german(make_user) -> None:
    make_user("ann", email="ann@example.com")
    answer = api().post("/api/accounts/register/", {"username": "ann2", "email": "ann@example.com",
                                                    "password": "a long enough passphrase 42"},
                        format="json", headers=GERMAN)
    assert answer.status_code == 400
    assert answer.json()["errors"]["email"] == ["Es gibt schon ein Konto mit dieser E-Mail-Adresse."]
    blank = api().post("/api/accounts/register/", {"email": "x@example.com"}, format="json", headers=GERMAN)
    assert blank.json()["errors"]["username"] == ["Dieses Feld ist zwingend erforderlich."]  # DRF's own, in German


def test_an_accounts_chosen_language_answers_its_token_requests(make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game([ann, bob])
    waiting = ann if mover(game) == bob else bob
    waiting.language = "fr"
    waiting.save(update_fields=["language"])
    token = api().post("/api/accounts/token/", {"username": waiting.username, "password": PASSWORD}, format="json")
    client = APIClient()  # as a bot logs in: a token, no session
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    body = {"version": game.version, "turn": random_turn(game, random.Random(1))}
    answer = client.post(f"/api/games/{game.pk}/turns/", body, format="json", headers=GERMAN)
    assert answer.json()["detail"] == "ce n'est pas votre tour"  # the account's choice above the header


def test_rate_limit_words_in_each_language() -> None:
    assert too_many_message(61) == "Too many attempts; try again in 2 minutes."
    with translation.override("de"):
        assert too_many_message(30, "turns") == "Zu viele Züge; versuche es in 1 Minute noch einmal."
    with translation.override("fr"):
        assert too_many_message(300, "new games") == "Trop de nouvelles parties ; réessayez dans 5 minutes."
