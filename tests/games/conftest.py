"""Fixtures and helpers for the games tests: users, clients, games at a given stage, random turns."""
from __future__ import annotations

import json
import random
from typing import Any, Callable, Iterator

import pytest
from rest_framework.test import APIClient

from games.models import Game
from games.play import services
from games.play.signals import game_updated
from tests.factories import mover, play_turns, random_turn  # noqa: F401 (the games tests take them from here)
from tests.hidden import keys_in

#: Keys that would give away hidden information (the shuffle seed, the pile order).
SECRET_KEYS = frozenset({"seed", "pile"})


@pytest.fixture
def users(make_user) -> list[Any]:
    """Five players."""
    return [make_user() for _ in range(5)]


@pytest.fixture
def moderator(make_user) -> Any:
    return make_user(username="moderator", is_staff=True)


@pytest.fixture
def client_for() -> Callable[[Any], APIClient]:
    """An APIClient authenticated as the given user (None: anonymous)."""
    def make(user: Any = None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client
    return make


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


def fix_seed(game: Game, seed: int) -> Game:
    """Pin a game's secret seed (before it starts) so a test is reproducible."""
    Game.objects.filter(pk=game.pk).update(seed=seed)
    game.refresh_from_db()
    return game


def open_game(creator: Any, others: list[Any] = (), *, game: str = "ark", players: int = 2,
              seed: int | None = None, **options: Any) -> Game:
    """A game created by ``creator`` and joined by ``others`` (it starts once they fill it)."""
    new = services.game_create(user=creator, game=game, players=players, **options)
    if seed is not None:
        fix_seed(new, seed)
    for user in others:
        new = services.game_join(game_id=new.pk, user=user, invite_code=new.invite_code)
    new.refresh_from_db()
    return new


@pytest.fixture
def started(users) -> Callable[..., Game]:
    """An active game of ``players`` of the fixture users (seed fixed unless given)."""
    def make(game: str = "ark", players: int = 2, seed: int = 1234, **options: Any) -> Game:
        return open_game(users[0], users[1:players], game=game, players=players, seed=seed, **options)
    return make


def next_turn(game: Game, rng: random.Random) -> dict[str, Any]:
    """A random legal record turn for the seat to move, from the stored state."""
    return random_turn(game, rng)


def play(game: Game, rng: random.Random, turns: int | None = None) -> Game:
    """Play ``turns`` random turns through the service (all of them: to the end)."""
    return play_turns(game, turns, rng)


def secret_keys(data: Any, path: str = "$") -> list[str]:
    """Paths of every "seed" or "pile" key anywhere in a JSON value."""
    return keys_in(data, SECRET_KEYS, path)


def assert_no_secrets(response: Any) -> None:
    """No response JSON carries the seed or the pile order."""
    data = getattr(response, "data", None)
    if data is None:
        return
    parsed = json.loads(response.content) if response.content else None
    assert secret_keys(parsed) == [], f"secret keys in {response.request['PATH_INFO']}"


@pytest.fixture
def updates() -> Iterator[list[dict[str, Any]]]:
    """The ``game_updated`` signals sent during a test, as dicts."""
    sent: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        assert sender is Game
        publication = kwargs.pop("publication")  # every audience's view of exactly that version
        assert publication.game_id == kwargs["game_id"] and publication.version == kwargs["version"]
        sent.append({k: v for k, v in kwargs.items() if k != "signal"})

    game_updated.connect(receiver, dispatch_uid="tests.games.updates")
    yield sent
    game_updated.disconnect(dispatch_uid="tests.games.updates")
