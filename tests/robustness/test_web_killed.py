"""A web process killed in the middle of requests: every turn is saved whole or not at all, and a retry is answered.

A real ASGI server (daphne) serves the site on the test's PostgreSQL database. Clients play turns in several
games at once through the API (token auth); after a random short delay the server is SIGKILLed with requests
in flight. Then, for every game: the log is whole (seq 1..n, one turn per version, replay == state), and the
client's retry of its unanswered request with the same version gets 200 if the turn had not been saved, or
409 "the game has moved on" if it had. Repeated with a restarted server.
"""
from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Optional

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.authtoken.models import Token

from games.models import Game, Move

from .conftest import (
    check_log,
    database_url,
    free_port,
    mover,
    need_postgres,
    next_turn,
    observed,
    start_game,
    stop_process,
    wait_until,
)

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = 6
ROUNDS = 3


class Server:
    """daphne on a free port, on the test database (no Redis: in-memory layer, eager tasks, no sweeper)."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.log = log
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
        env.update(DATABASE_URL=database_url(), INPROCESS_SWEEP="0", RATE_LIMIT_TURNS="off",
                   DJANGO_SETTINGS_MODULE="arkproject.settings", ALLOWED_HOSTS="127.0.0.1,localhost")
        with log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                 "arkproject.asgi:application"],
                cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT)
        wait_until(self.ready, f"daphne on port {self.port}", timeout=60, every=0.1, process=self.process, log=log)

    def ready(self) -> bool:
        try:
            return request(self.port, "GET", "/api/games/?status=finished", None, None)[0] == 200
        except OSError:
            return False

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


def request(port: int, method: str, path: str, token: Optional[str], body: Any) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        headers = {"Content-Type": "application/json", "Host": "127.0.0.1"}
        if token:
            headers["Authorization"] = f"Token {token}"
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw else {})
    finally:
        conn.close()


def play_until_cut(port: int, game_id: int, tokens: dict[int, str], rng: random.Random, stop: threading.Event,
                   out: dict[str, Any]) -> None:
    """Play the game's turns one after the other until the server goes away; keep the unanswered request."""
    out.update(answered=0, pending=None)
    try:
        while not stop.is_set():
            game = Game.objects.get(pk=game_id)
            if game.status != Game.Status.ACTIVE:
                return
            body = {"version": game.version, "turn": next_turn(game, rng)}
            token = tokens[mover(game).pk]
            try:
                code, data = request(port, "POST", f"/api/games/{game_id}/turns/", token, body)
            except OSError as exc:  # reset, refused, timed out: did it happen or not?
                out["pending"] = (token, body, type(exc).__name__)
                return
            if code != 200:
                out["error"] = (code, data)
                return
            out["answered"] += 1
    except Exception as exc:  # noqa: BLE001 - reported by the test
        out["error"] = repr(exc)
    finally:
        connection.close()


def whole_or_nothing(game: Game, players: int) -> dict[str, Any]:
    """The log of a game is whole: one turn per version after the joins, replay == state."""
    figures = check_log(game)
    turns = list(game.moves.filter(kind=Move.Kind.TURN).order_by("seq").values_list("version", flat=True))
    joins = players - 1
    assert turns == list(range(joins + 1, game.version + 1)), f"game {game.pk}: turn versions {turns}, v{game.version}"
    assert not game.moves.filter(version__gt=game.version).exists()
    return figures


def test_a_web_process_killed_mid_request_saves_each_turn_whole_or_not_at_all(make_user, tmp_path) -> None:
    need_postgres("the server process must share the test database; SQLite's test database is in memory")
    log = tmp_path / "daphne.log"
    users = [make_user() for _ in range(GAMES * 2)]
    tokens = {user.pk: Token.objects.create(user=user).key for user in users}
    games = [start_game(users[2 * i:2 * i + 2], seed=1000 + i) for i in range(GAMES)]
    rng = random.Random(2024)
    summary = []
    server: Optional[Server] = None
    try:
        for round_ in range(ROUNDS):
            server = Server(log)
            stop = threading.Event()
            results: list[dict[str, Any]] = [{} for _ in games]
            threads = [threading.Thread(target=play_until_cut,
                                        args=(server.port, g.pk, tokens, random.Random(rng.random()), stop, results[i]))
                       for i, g in enumerate(games)]
            for thread in threads:
                thread.start()
            delay = rng.uniform(0.3, 1.2)
            time.sleep(delay)
            server.kill()
            stop.set()
            for thread in threads:
                thread.join(30)
            assert not any(t.is_alive() for t in threads)
            assert not [r["error"] for r in results if "error" in r], results
            server = Server(log)  # the restarted process answers the retries
            saved = unsaved = 0
            retries: dict[str, int] = {}
            for game, result in zip(games, results):
                game.refresh_from_db()
                whole_or_nothing(game, 2)
                if result.get("pending") is None:
                    continue
                token, body, _ = result["pending"]
                assert game.version in (body["version"], body["version"] + 1), (game.version, body["version"])
                was_saved = game.version == body["version"] + 1
                code, data = request(server.port, "POST", f"/api/games/{game.pk}/turns/", token, body)
                if was_saved:
                    saved += 1
                    assert code == 409 and data["detail"].startswith("the game has moved on"), (code, data)
                else:
                    unsaved += 1
                    assert code == 200, (code, data)
                game.refresh_from_db()
                whole_or_nothing(game, 2)
                key = f"{code} {data.get('detail', 'ok')[:40]}"
                retries[key] = retries.get(key, 0) + 1
            answered = sum(r.get("answered", 0) for r in results)
            summary.append(f"round {round_ + 1}: killed after {delay:.2f} s, {answered} turns answered, "
                           f"{saved + unsaved} unanswered ({saved} had been saved, {unsaved} had not); retries: "
                           f"{retries}")
            stop_process(server.process)
            server = None
    finally:
        if server is not None:
            stop_process(server.process)
    for line in summary:
        observed(line)
    totals = [whole_or_nothing(g, 2) for g in games]
    observed(f"{GAMES} games after {ROUNDS} kills: {sum(t['turns'] for t in totals)} turns in all, every log whole "
             f"(seq 1..n, one turn per version, no row past the game's version, replay == state)")
