"""PostgreSQL connections cut under a web process in production mode (issue 24, item 9).

gunicorn serves the site in production mode on the test database. A TCP proxy between it and PostgreSQL cuts
one connection on demand: right after the server has committed a turn (its answer to COMMIT never reaches the
site), or as the turn is being written (nothing is committed). A turn whose COMMIT went through is answered as
done (the retry gets 409, as any stale request); a turn that was not saved gets a 503 that says to send it
again, never a 500. And with a connection pool (``DB_POOL_MAX``), backends terminated by PostgreSQL are not
handed to requests: the pool checks a connection before lending it.
"""
from __future__ import annotations

import random
import socket
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Optional
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.authtoken.models import Token

from .conftest import (
    check_log,
    gunicorn,
    mover,
    need_postgres,
    next_turn,
    observed,
    start_game,
    stop_process,
    terminate_backends,
    wait_until,
)

pytestmark = pytest.mark.django_db(transaction=True)


def database_url(host: str, port: int, **options: str) -> str:
    """A DATABASE_URL for the test database at ``host:port``, with libpq ``options``."""
    db = settings.DATABASES["default"]
    auth = quote(db["USER"] or "", safe="") + (":" + quote(db["PASSWORD"], safe="") if db.get("PASSWORD") else "")
    query = "&".join(f"{key}={quote(value)}" for key, value in options.items())
    return f"postgres://{auth}{'@' if auth else ''}{host}:{port}/{db['NAME']}{'?' + query if query else ''}"


def database_address() -> tuple[str, int]:
    db = settings.DATABASES["default"]
    return db["HOST"] or "127.0.0.1", int(db["PORT"] or 5432)


class CuttingProxy:
    """A TCP proxy to PostgreSQL that, once armed, cuts the connection that writes a game: ``after_commit``
    (the server's answer to the COMMIT that follows is dropped: the change is saved, the site never hears so)
    or ``before_commit`` (the write itself is dropped: nothing is saved)."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.mode: Optional[str] = None
        self.cuts: list[str] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True, name="cutting-proxy").start()

    def arm(self, mode: str) -> None:
        assert mode in ("after_commit", "before_commit")
        with self.lock:
            self.mode = mode

    def _take(self, mode: str) -> bool:
        with self.lock:
            if self.mode != mode:
                return False
            self.mode = None
            self.cuts.append(mode)
            return True

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            state = {"writes_game": False, "cut_reply": False}
            threading.Thread(target=self._up, args=(client, server, state), daemon=True).start()
            threading.Thread(target=self._down, args=(client, server, state), daemon=True).start()

    @staticmethod
    def _cut(client: socket.socket, server: socket.socket) -> None:
        for sock in (client, server):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _up(self, client: socket.socket, server: socket.socket, state: dict[str, bool]) -> None:
        """Site to PostgreSQL (protocol 3 messages; SSL is off, so the statements are readable)."""
        tail = b""
        try:
            while data := client.recv(65536):
                seen, tail = tail + data, data[-64:]
                if b'UPDATE "games_game"' in seen:
                    if self._take("before_commit"):
                        self._cut(client, server)
                        return
                    state["writes_game"] = True
                if state["writes_game"] and b"COMMIT\x00" in seen:
                    state["writes_game"] = False
                    if self._take("after_commit"):
                        state["cut_reply"] = True  # before forwarding: the answer cannot come first
                server.sendall(data)
        except OSError:
            pass
        finally:
            self._cut(client, server)

    def _down(self, client: socket.socket, server: socket.socket, state: dict[str, bool]) -> None:
        """PostgreSQL to the site: after an armed COMMIT, its answer is dropped with the connection."""
        try:
            while data := server.recv(65536):
                if state["cut_reply"]:
                    break  # the server has committed; the site never hears it
                client.sendall(data)
        except OSError:
            pass
        finally:
            self._cut(client, server)

    def close(self) -> None:
        self.listener.close()


def test_a_turn_committed_as_its_connection_died_is_answered_as_done(make_user, tmp_path) -> None:
    need_postgres("the server process shares the test database through a proxy")
    players = [make_user(), make_user()]
    tokens = {user.pk: Token.objects.create(user=user).key for user in players}
    game = start_game(players, name="carcassonne")
    rng = random.Random(24)
    proxy = CuttingProxy(database_address())
    server = None
    answers: dict[str, Any] = {}

    def play(label: str, version: Optional[int] = None, turn: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        game.refresh_from_db()
        body = {"version": game.version if version is None else version, "turn": turn or next_turn(game, rng)}
        code, data = server.request("POST", f"/api/games/{game.pk}/turns/", tokens[mover(game).pk], body)
        answers[label] = (code, data.get("detail") if isinstance(data, dict) else data)
        return {"code": code, "data": data, "body": body}

    try:
        server = gunicorn(tmp_path / "gunicorn.log", DATABASE_URL=database_url("127.0.0.1", proxy.port, sslmode="disable"))
        assert play("a turn")["code"] == 200

        proxy.arm("after_commit")
        cut = play("a turn whose COMMIT answer was cut")
        assert proxy.cuts == ["after_commit"]
        game.refresh_from_db()
        saved = game.version == cut["body"]["version"] + 1
        retry = server.request("POST", f"/api/games/{game.pk}/turns/", tokens[players[0].pk], cut["body"])
        answers["its retry"] = (retry[0], retry[1].get("detail"))

        proxy.arm("before_commit")
        lost = play("a turn whose write was cut")
        assert proxy.cuts == ["after_commit", "before_commit"]
        game.refresh_from_db()
        unsaved = game.version == lost["body"]["version"]
        again = play("its retry (unsaved)", version=lost["body"]["version"], turn=lost["body"]["turn"])
    finally:
        if server is not None:
            stop_process(server.process)
        proxy.close()
    for label, answer in answers.items():
        observed(f"{label}: {answer[0]} {str(answer[1])[:90]!r}")
    assert saved and cut["code"] == 200, (cut["code"], cut["data"])
    assert cut["data"]["version"] == cut["body"]["version"] + 1 and cut["data"]["view"] is not None
    assert retry[0] == 409 and retry[1]["detail"].startswith("the game has moved on")
    assert unsaved and lost["code"] == 503, (lost["code"], lost["data"])
    assert lost["data"]["detail"] == "the database could not be reached and nothing was saved; please send it again"
    assert again["code"] == 200
    check_log(game)


def test_with_a_pool_terminated_backends_are_not_handed_to_requests(make_user, tmp_path) -> None:
    need_postgres("pg_terminate_backend ends the pool's connections")
    game = start_game([make_user(), make_user()])
    name = f"ark-pool-{uuid.uuid4().hex[:12]}"  # the server's connections, and no one else's
    host, port = database_address()
    server = gunicorn(tmp_path / "gunicorn.log", threads=8, DATABASE_URL=database_url(host, port, application_name=name),
                      DB_POOL_MAX="8")
    path = f"/api/games/{game.pk}/"
    try:
        with ThreadPoolExecutor(8) as pool:
            def burst() -> list[int]:
                return list(pool.map(lambda _: server.request("GET", path)[0], range(32)))

            assert set(burst()) == {200}  # the pool has opened several connections

            def backends() -> list[int]:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s", [name])
                    return [row[0] for row in cursor.fetchall()]

            pids = backends()
            ended = terminate_backends(pids)
            wait_until(lambda: not set(backends()) & set(pids), "the terminated backends gone")
            statuses = burst()
    finally:
        stop_process(server.process)
    observed(f"gunicorn with DB_POOL_MAX=8: {ended} pooled backends terminated; the next 32 requests (8 at once) "
             f"answered {sorted(set(statuses))}: {statuses.count(500)} x 500")
    assert ended >= 2
    assert set(statuses) == {200}, statuses
