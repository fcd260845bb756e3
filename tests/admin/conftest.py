"""Fixtures for the moderation admin: a superuser moderator, players, and games in each state."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Game
from games.play import services
from tests.factories import play_turn as _play_turn

User = get_user_model()


@pytest.fixture
def moderator(db) -> Any:
    return User.objects.create_user(username="mod", email="mod@example.com", password="pw-mod-123",
                                    is_staff=True, is_superuser=True)


@pytest.fixture
def mod_client(moderator) -> Client:
    client = Client()
    client.force_login(moderator)
    return client


@pytest.fixture
def ann(make_user) -> Any:
    return make_user("ann", display_name="Ann of Jericho")


@pytest.fixture
def bob(make_user) -> Any:
    return make_user("bob")


@pytest.fixture
def start_game() -> Callable[..., Game]:
    """An active game of the given players (created by the first, joined by the others)."""
    def start(*players: Any, game: str = "ark") -> Game:
        created = services.game_create(user=players[0], game=game, players=len(players))
        for player in players[1:]:
            services.game_join(game_id=created.pk, user=player)
        created.refresh_from_db()
        assert created.status == Game.Status.ACTIVE
        return created
    return start


def play_turn(game: Game) -> Game:
    """The player to move plays one random legal turn."""
    return _play_turn(game, random.Random(1))
