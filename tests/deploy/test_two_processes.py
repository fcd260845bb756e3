"""Two separate ASGI server processes share the game through PostgreSQL and Redis (no state in one process).

Two uvicorn processes (``--workers 1`` each, production settings, on two free loopback ports) serve the
test database. A player watches the game over a WebSocket on process B; the other player posts a turn
over HTTP to process A; the watcher's socket gets the new version within seconds, through Redis.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.authtoken.models import Token
from websockets.asyncio.client import connect

from games.models import Game
from games.play import services
from tests.factories import UserFactory, random_turn
from tests.robustness.conftest import database_url, free_port

from .conftest import child_env

START_SECONDS = 60   # until a server answers
PUSH_SECONDS = 5     # from the turn's answer to the other process's socket

pytestmark = [
    pytest.mark.skipif(not os.environ.get("REDIS_URL"),
                       reason="needs REDIS_URL (and a PostgreSQL DATABASE_URL): two server processes share the "
                              "channel layer through Redis and the games through PostgreSQL"),
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
                       reason="needs a PostgreSQL DATABASE_URL: two server processes cannot share SQLite's "
                              "in-memory test database"),
]


#: Loopback only: no proxy from the environment in between.
HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http(method: str, url: str, token: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    try:
        with HTTP.open(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode(errors="replace")


class Server:
    """One ``uvicorn --workers 1`` process on a port of its own, with the production settings."""

    def __init__(self, name: str, tmp_path: Path) -> None:
        self.name, self.port = name, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp_path / f"server-{name}.log"
        (tmp_path / "static").mkdir(exist_ok=True)
        env = child_env({
            "DJANGO_ENV": "production", "SECRET_KEY": settings.SECRET_KEY,  # session hashes made here must match
            "ALLOWED_HOSTS": "127.0.0.1", "SITE_URL": self.url, "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url(), "REDIS_URL": os.environ["REDIS_URL"],
            "STATIC_ROOT": str(tmp_path / "static"), "LOG_LEVEL": "WARNING",
        })
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "arkproject.asgi:application", "--host", "127.0.0.1",
                 "--port", str(self.port), "--workers", "1", "--log-level", "warning"],
                cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT)

    def wait_ready(self, path: str, token: str) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"server {self.name} exited ({self.process.returncode}):\n{self.log.read_text()}")
            try:
                if http("GET", self.url + path, token)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        pytest.fail(f"server {self.name} did not answer in {START_SECONDS} s:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def session_cookie(user: Any) -> str:
    """A logged-in session for ``user``, made in the database the way django.contrib.auth.login makes one."""
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "accounts.backends.AccountBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"


async def receive_game(ws: Any, at_least: int, seconds: float) -> dict[str, Any]:
    """The first ``game`` message with a version of at least ``at_least`` (fail after ``seconds``)."""
    async def wait() -> dict[str, Any]:
        while True:
            message = json.loads(await ws.recv())
            if message.get("type") == "game" and message["version"] >= at_least:
                return message
    return await asyncio.wait_for(wait(), seconds)


@pytest.mark.django_db(transaction=True)
def test_a_turn_posted_to_one_process_reaches_a_socket_on_the_other(tmp_path) -> None:
    alice, bob = UserFactory(), UserFactory()
    game = services.game_create(user=alice, game="ark", players=2)
    game = services.game_join(game_id=game.pk, user=bob, invite_code=game.invite_code)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE
    mover = game.seats.get(number=game.current_seat).user
    watcher = bob if mover == alice else alice
    token = Token.objects.create(user=mover).key
    turn = random_turn(game, random.Random(7))
    cookie = session_cookie(watcher)

    servers = [Server("A", tmp_path), Server("B", tmp_path)]
    try:
        for server in servers:
            server.wait_ready(f"/api/games/{game.pk}/", token)
        a, b = servers

        async def play() -> tuple[dict[str, Any], dict[str, Any], int]:
            ws_url = f"ws://127.0.0.1:{b.port}/ws/games/{game.pk}/"
            async with connect(ws_url, origin=b.url, additional_headers={"Cookie": cookie}, proxy=None,
                               open_timeout=10) as ws:
                first = await receive_game(ws, 0, PUSH_SECONDS)
                status, answer = await asyncio.to_thread(
                    http, "POST", f"{a.url}/api/games/{game.pk}/turns/", token,
                    {"version": first["version"], "turn": turn})
                assert status == 200, answer
                pushed = await receive_game(ws, answer["version"], PUSH_SECONDS)
                return first, pushed, answer["version"]

        try:
            first, pushed, version = asyncio.run(play())
        except (asyncio.TimeoutError, TimeoutError):
            logs = "\n".join(f"--- server {s.name}:\n{s.log.read_text()}" for s in servers)
            pytest.fail(f"no game message with the new version on process B within {PUSH_SECONDS} s\n{logs}")
        assert first["version"] == game.version and first["game"]["your_seat"] == game.seats.get(user=watcher).number
        assert version == game.version + 1
        assert pushed["version"] == version and pushed["game"]["version"] == version
    finally:
        for server in servers:
            server.stop()
