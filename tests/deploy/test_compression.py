"""Pages and API answers go out gzipped when the browser takes it (Django's GZipMiddleware, with its BREACH
mitigation: docs/performance.md); static files come compressed from WhiteNoise."""
from __future__ import annotations

import gzip
import json

import pytest
from django.test import Client

from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.django_db


def test_the_game_page_and_its_api_answers_are_gzipped() -> None:
    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="carcassonne", seed=3)
    client = Client(HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and page["Content-Encoding"] == "gzip" and "Accept-Encoding" in page["Vary"]
    html = gzip.decompress(page.content).decode()
    assert 'id="game-data"' in html and len(page.content) < len(html) / 3
    api = client.get(f"/api/games/{game.pk}/", HTTP_ACCEPT="application/json")
    assert api["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(api.content))["id"] == game.pk
    # BREACH: the same page twice is never the same bytes (a random gzip header length, a masked CSRF token)
    again = client.get(f"/games/{game.pk}/")
    assert page.content != again.content


def test_without_gzip_in_accept_encoding_the_answer_is_plain() -> None:
    user = UserFactory()
    client = Client()
    client.force_login(user)
    page = client.get("/")
    assert page.status_code == 200 and not page.has_header("Content-Encoding")
