"""Fuzzing the API from its own OpenAPI schema (schemathesis): no 500, and every answer as the schema says.

The schema is read from ``/api/schema/`` through the WSGI app in this process, and each operation gets a
bounded, reproducible run of generated requests (``derandomize``) as a logged-in player (token) of a real,
started game, whose id stands in for most generated ``game_id`` values.
"""
from __future__ import annotations

import os
from typing import Any, Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from rest_framework.authtoken.models import Token
from schemathesis import checks

from arkproject.wsgi import application
from games.models import Game
from games.play import clock as site_clock
from games.play import services
from tests.factories import UserFactory

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

#: Per operation (about 20 of them): some 30 seconds in all. FUZZ_EXAMPLES=400 for a longer hunt.
MAX_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "30"))
CHECKS = [
    checks.not_a_server_error,             # no 500
    checks.status_code_conformance,        # every status the schema documents
    checks.content_type_conformance,
    checks.response_schema_conformance,    # every body as the schema says
    checks.response_headers_conformance,
]


class World:
    """A player with a token, in a started game against another player, and an open game of theirs."""

    def __init__(self) -> None:
        self.player, self.other = UserFactory(), UserFactory()
        self.token = Token.objects.create(user=self.player).key
        game = services.game_create(user=self.player, game="ark", players=2)
        self.game = services.game_join(game_id=game.pk, user=self.other, invite_code=game.invite_code)
        self.open_game = services.game_create(user=self.other, game="carcassonne", players=3)
        # a move the server made (a timeout): its log entry names no user, as the schema must say
        site_clock.freeze(Game.objects.get(pk=self.game.pk).deadline)
        try:
            services.move_timeout(game_id=self.game.pk, expected_version=self.version())
        finally:
            site_clock.unfreeze()
        assert self.game.moves.filter(user__isnull=True).exists()

    def version(self) -> int:
        return Game.objects.get(pk=self.game.pk).version


@pytest.fixture
def world(db) -> Iterator[World]:
    # The app is called as a WSGI server would call it, which closes the database connection after each
    # request; the test's transaction must stay open across requests (Django's test Client does the same).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield World()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def aim(case: Any, world: World) -> None:
    """Point most generated requests at the real game (and its present version) so they get past the 404."""
    params = case.path_parameters or {}
    if isinstance(params.get("game_id"), int) and params["game_id"] % 4 != 0:
        params["game_id"] = world.game.pk if params["game_id"] % 4 != 1 else world.open_game.pk
    body = case.body
    if isinstance(body, dict) and isinstance(body.get("version"), int) and body["version"] % 2 == 0:
        body["version"] = world.version()


@schema.parametrize()
@hypothesis_settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                            HealthCheck.filter_too_much, HealthCheck.data_too_large])
def test_api_from_its_schema(case: Any, world: World) -> None:
    aim(case, world)
    # identity: the WSGI client hands the body over as sent, and a gzipped answer (GZipMiddleware, for the
    # clients that ask for it: tests/deploy/test_compression.py) would reach the checks undecoded
    case.call_and_validate(headers={"Authorization": f"Token {world.token}", "Accept-Encoding": "identity"},
                           checks=CHECKS)


def test_api_urls_no_view_matches_answer_json(client) -> None:
    """Not only DRF's own errors: /api/games/abc/ (no route) is JSON too, as the schema's 404 says."""
    response = client.get("/api/games/abc/")
    assert response.status_code == 404 and response.json() == {"detail": "Not found."}
    assert client.get("/no-such-page/")["Content-Type"].startswith("text/html")


def test_the_schema_documents_errors_and_retry_after() -> None:
    turns = schema.raw_schema["paths"]["/api/games/{game_id}/turns/"]["post"]["responses"]
    assert {"200", "400", "401", "403", "404", "409", "415", "429"} <= set(turns)
    assert "Retry-After" in turns["429"]["headers"]
    game = schema.raw_schema["components"]["schemas"]["Game"]["properties"]
    assert game["time_left"]["nullable"] and game["view"]["nullable"]
    move = schema.raw_schema["components"]["schemas"]["Move"]["properties"]
    assert move["user"]["nullable"] and move["turn"]["nullable"]  # the server's moves and seat changes
