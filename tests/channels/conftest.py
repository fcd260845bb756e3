"""Fixtures for the WebSocket tests: an isolated channel layer, games at a given stage, sockets.

Tests are written as ``async def`` and run through ``asgiref.sync.async_to_sync`` (the ``run_async``
decorator), so no asyncio plugin is needed; fixtures stay synchronous. Inside a test, database work
goes through ``database_sync_to_async``, which runs it in the test's own thread and connection.
"""
from __future__ import annotations

import copy
import functools
import json
import random
import uuid
from typing import Any, Awaitable, Callable, Iterator, Optional

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client
from rest_framework.test import APIClient

from arkproject.asgi import application
from games.models import Game
from tests import factories
from tests.factories import UserFactory
from tests.hidden import keys_in

#: Keys no message may carry anywhere: the shuffle seed, the pile order, the raw engine state.
HIDDEN_KEYS = frozenset({"seed", "pile", "state"})
#: Seconds to wait for a message that must come (Redis adds a little latency).
TIMEOUT = 5
#: Seconds of silence that count as "nothing was sent".
QUIET = 0.5


def run_async(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an ``async def`` test through ``async_to_sync``; pytest still sees its fixture arguments."""
    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        async_to_sync(test)(*args, **kwargs)
    return wrapper


@pytest.fixture(autouse=True)
def channel_layer(settings) -> Iterator[Any]:
    """A fresh channel layer per test; on Redis, under a prefix of its own, flushed afterwards."""
    layers = copy.deepcopy(django_settings.CHANNEL_LAYERS)
    default = layers["default"]
    on_redis = default["BACKEND"].startswith("channels_redis")
    if on_redis:  # parallel workers and runs must not hear each other's groups
        default.setdefault("CONFIG", {})["prefix"] = f"test-{uuid.uuid4().hex}"
    settings.CHANNEL_LAYERS = layers  # setting_changed makes channels build a new layer
    layer = get_channel_layer()
    yield layer
    if on_redis:
        async_to_sync(layer.flush)()


def hidden_keys(data: Any, path: str = "$") -> list[str]:
    """Paths of every hidden key anywhere in a JSON value."""
    return keys_in(data, HIDDEN_KEYS, path)


def session_cookie(user: Any) -> str:
    """The ``sessionid`` of a logged-in browser session of ``user``."""
    client = Client()
    client.force_login(user)
    return client.cookies[django_settings.SESSION_COOKIE_NAME].value


class Socket:
    """A WebSocket to the real ASGI application (origin and session checks included) that checks every message."""

    def __init__(self, path: str, cookie: Optional[str] = None, origin: bytes = b"http://testserver") -> None:
        headers = [(b"origin", origin), (b"host", b"testserver")]
        if cookie:
            headers.append((b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={cookie}".encode()))
        self.comm = WebsocketCommunicator(application, path, headers=headers)
        self.received: list[dict[str, Any]] = []

    async def connect(self) -> "Socket":
        connected, _ = await self.comm.connect(timeout=TIMEOUT)
        assert connected, "the handshake was refused"
        return self

    async def receive(self) -> dict[str, Any]:
        """The next message (it must come), checked for hidden data."""
        message = await self.comm.receive_json_from(timeout=TIMEOUT)
        assert isinstance(message, dict) and isinstance(message.get("type"), str), message
        assert hidden_keys(message) == [], hidden_keys(message)
        self.received.append(message)
        return message

    async def receive_type(self, kind: str) -> dict[str, Any]:
        message = await self.receive()
        assert message["type"] == kind, message
        return message

    async def send(self, content: Any) -> None:
        await self.comm.send_json_to(content)

    async def send_text(self, text: str) -> None:
        await self.comm.send_to(text_data=text)

    async def nothing(self) -> bool:
        return await self.comm.receive_nothing(timeout=QUIET)

    async def closed_with(self) -> int:
        """The close code the server ends the socket with (it must close)."""
        output = await self.comm.receive_output(timeout=TIMEOUT)
        assert output["type"] == "websocket.close", output
        return output.get("code", 1000)

    async def close(self) -> None:
        await self.comm.disconnect()


@pytest.fixture
def players() -> list[Any]:
    """Two players, a logged-in spectator, a staff member; none seated yet."""
    return [UserFactory(), UserFactory(), UserFactory(), UserFactory(is_staff=True)]


def start_game(users: list[Any], *, private: bool = False, seed: Optional[int] = 1234, name: str = "ark",
               move_hours: int = 72) -> Game:
    """A started game of ``users`` (the first creates it, the others join), seed pinned unless None."""
    return factories.start_game(users, game=name, private=private, seed=seed, move_hours=move_hours)


mover = factories.mover


def play_turn(game_id: int, rng_seed: int = 7) -> Game:
    """One random legal turn for the seat to move, through ``services.move_submit`` (on_commit runs)."""
    return factories.play_turn(Game.objects.get(pk=game_id), random.Random(rng_seed))


def api_game(game_id: int, user: Any = None) -> dict[str, Any]:
    """What ``GET /api/games/<id>/`` answers to ``user`` (None: anonymous)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    response = client.get(f"/api/games/{game_id}/")
    assert response.status_code == 200, response.content[:300]
    return json.loads(response.content)


db_async = database_sync_to_async
