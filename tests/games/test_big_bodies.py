"""A body over the size the site reads is refused with a JSON ``detail`` on every API endpoint, never an HTML page."""
from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from tests.factories import start_game

pytestmark = pytest.mark.django_db


def test_every_api_post_refuses_an_oversized_body_in_json(make_user, settings) -> None:
    settings.DEBUG = True  # a debug page is what came back before
    users = [make_user(), make_user()]
    game = start_game(users)
    client = APIClient()
    client.force_authenticate(users[0])
    body = json.dumps({"version": 1, "turn": {"tile": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)}})
    paths = ["/api/accounts/register/", "/api/accounts/token/", "/api/games/", f"/api/games/{game.pk}/turns/",
             f"/api/games/{game.pk}/steps/", f"/api/games/{game.pk}/undo/", f"/api/games/{game.pk}/join/"]
    for path in paths:
        response = client.post(path, body, content_type="application/json")
        assert response.status_code == 413, (path, response.status_code)
        assert response["Content-Type"] == "application/json"
        assert json.loads(response.content) == {"detail": "The request body is too large: at most 2.5 MB."}
