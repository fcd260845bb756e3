"""Fixtures and helpers of the robustness tests (issue "Ready for real players").

Races, intruders, hidden information and faults: each test prints what it saw as ``observed: ...`` lines
(``pytest -s`` shows them) so the figures can be quoted. The PostgreSQL-only tests skip on SQLite with the
reason; those that start processes (redis-server, a Celery worker, daphne) clean up after themselves.
"""
from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Optional
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from django.db import connection

from arkproject.celery import app as celery_app
from games.models import Game, Move
from games.play import selectors
from tests.channels.conftest import start_game  # noqa: F401 (the robustness tests take them from here)
from tests.factories import UserFactory, mover, play_turns, random_turn  # noqa: F401


def observed(text: str) -> None:
    """A fact the lead can quote (shown with ``pytest -s``)."""
    print(f"observed: {text}", flush=True)


def on_postgres() -> bool:
    return django_settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def need_postgres(why: str) -> None:
    """Skip the calling test on SQLite, saying why it needs PostgreSQL."""
    if not on_postgres():
        pytest.skip(f"needs PostgreSQL ({why}); set DATABASE_URL=postgres://... to run it")


def database_url() -> str:
    """A DATABASE_URL for the test database this process uses (under xdist: test_<name>_gw0 and so on)."""
    db = django_settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    auth = quote(db["USER"] or "", safe="") + (":" + quote(db["PASSWORD"], safe="") if db.get("PASSWORD") else "")
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return f"postgres://{auth}{'@' if auth else ''}{host}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(condition: Callable[[], Any], what: str, timeout: float = 30.0, every: float = 0.05,
               process: Optional[subprocess.Popen] = None, log: Optional[Path] = None) -> Any:
    """Poll ``condition`` until it gives something true; fail if ``process`` dies or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        if process is not None and process.poll() is not None:
            pytest.fail(f"the process exited ({process.returncode}) before {what}:\n{log.read_text() if log else ''}")
        time.sleep(every)
    pytest.fail(f"no {what} after {timeout} s" + (f"; log:\n{log.read_text()}" if log else ""))


def stop_process(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Terminate a process this test started (by its own handle), killing it if it will not go."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout)


def race(count: int, work: Callable[[int], Any], timeout: float = 60.0) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released together by a barrier; each has its own connection.

    Returns each thread's result (or the exception it raised); every thread's connection is closed.
    """
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=timeout)
            results[index] = work(index)
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,), name=f"race-{i}") for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(t.is_alive() for t in threads), "a racing thread hung"
    return results


def next_turn(game: Game, rng: random.Random) -> dict[str, Any]:
    """A random legal turn for the seat to move, from the stored state."""
    return random_turn(game, rng)


def check_log(game: Game) -> dict[str, Any]:
    """The move log is whole: seq 1..n without gap or duplicate, versions never go back, replay == state.

    Returns a few figures for the ``observed`` line.
    """
    game.refresh_from_db()
    moves = list(game.moves.order_by("seq").values_list("seq", "kind", "version"))
    seqs = [m[0] for m in moves]
    assert seqs == list(range(1, len(seqs) + 1)), f"the log of game {game.pk} has a gap or a duplicate: {seqs}"
    versions = [m[2] for m in moves]
    assert versions == sorted(versions), f"log versions go back: {versions}"
    assert not versions or versions[-1] <= game.version
    turns = sum(1 for m in moves if m[1] in (Move.Kind.TURN, Move.Kind.TIMEOUT))
    assert selectors.state_from_log(game) == game.state, f"replaying the log of game {game.pk} differs from its state"
    return {"moves": len(moves), "turns": turns, "version": game.version}


def drain(url: str, queue: str = "celery") -> list[str]:
    """Run every task message waiting in the broker's list (and those they queue), as a worker would."""
    import base64

    import redis

    client = redis.Redis.from_url(url)
    ran: list[str] = []
    try:
        while (raw := client.rpop(queue)) is not None:
            message = json.loads(raw)
            args, kwargs, _ = json.loads(base64.b64decode(message["body"]))
            name = message["headers"]["task"]
            result = celery_app.tasks[name].apply(args=args, kwargs=kwargs)
            ran.append(f"{name.rsplit('.', 1)[-1]}{tuple(args)} -> {result.result!r}")
    finally:
        client.close()
    return ran


def terminate_backends(pids: list[int]) -> int:
    """``pg_terminate_backend`` each of ``pids`` from a connection of its own, as an operator or a crash of the
    server process would end them; returns how many were ended."""
    import psycopg

    db = django_settings.DATABASES["default"]
    with psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or None,
                         password=db.get("PASSWORD") or None, dbname=db["NAME"], autocommit=True) as admin:
        return sum(bool(admin.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0]) for pid in pids)


def decode(response: Any) -> Any:
    return json.loads(response.content) if response.content else None


class SiteProcess:
    """The site served by a real server process on a free port (``{port}`` in ``command`` is filled in), on the
    test database; ``env`` is added to this process's environment less ``REDIS_URL`` (give it to add it)."""

    def __init__(self, command: list[str], log: Path, **env: str) -> None:
        self.port = free_port()
        self.log = log
        environ = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ENV")}
        environ.update({"DATABASE_URL": database_url(), "RATE_LIMIT_TURNS": "off", "INPROCESS_SWEEP": "0",
                        "DJANGO_SETTINGS_MODULE": "arkproject.settings", "ALLOWED_HOSTS": "127.0.0.1,localhost", **env})
        with log.open("a") as out:
            self.process = subprocess.Popen([part.format(port=self.port) for part in command],
                                            cwd=django_settings.BASE_DIR, env=environ, stdout=out,
                                            stderr=subprocess.STDOUT)
        try:
            wait_until(self.ready, f"{command[2]} on port {self.port}", timeout=60, every=0.2, process=self.process,
                       log=log)
        except BaseException:  # pytest.fail included: a server that never answered is not left behind
            stop_process(self.process)
            raise

    def ready(self) -> bool:
        try:
            return self.request("GET", "/api/games/?status=finished")[0] == 200
        except OSError:
            return False

    def request(self, method: str, path: str, token: Optional[str] = None, body: Any = None) -> tuple[int, Any]:
        """One HTTP request (a token's, if given); the status and the JSON answer (or the start of the text)."""
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            headers = {"Content-Type": "application/json", "Host": "127.0.0.1",
                       **({"Authorization": f"Token {token}"} if token else {})}
            conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
            response = conn.getresponse()
            raw = response.read()
            try:
                return response.status, json.loads(raw) if raw else None
            except ValueError:
                return response.status, raw.decode(errors="replace")[:200]
        finally:
            conn.close()

    def terminate(self, timeout: float = 120.0) -> None:
        """SIGTERM, as a process manager stops it; wait for it to exit."""
        self.process.terminate()
        self.process.wait(timeout=timeout)


def runserver(log: Path, **env: str) -> SiteProcess:
    """``manage.py runserver --noreload``, as ``make run`` starts it (the embedded default: no REDIS_URL)."""
    return SiteProcess([sys.executable, "manage.py", "runserver", "--noreload", "127.0.0.1:{port}"], log, **env)


def uvicorn(log: Path, **env: str) -> SiteProcess:
    """uvicorn, the socket server of production (``REDIS_URL=`` to give it a channel layer)."""
    return SiteProcess([sys.executable, "-m", "uvicorn", "arkproject.asgi:application", "--host", "127.0.0.1",
                        "--port", "{port}", "--log-level", "warning"], log, **env)


def gunicorn(log: Path, threads: int = 4, **env: str) -> SiteProcess:
    """gunicorn as in production (``DJANGO_ENV=production``), one process with ``threads`` threads."""
    import secrets

    production = {"DJANGO_ENV": "production", "SECRET_KEY": secrets.token_urlsafe(50), "SECURE_SSL_REDIRECT": "0",
                  "STATIC_ROOT": str(log.parent / "static"), "LOG_LEVEL": "WARNING"}
    return SiteProcess([sys.executable, "-m", "gunicorn", "arkproject.wsgi:application", "--bind", "127.0.0.1:{port}",
                        "--workers", "1", "--threads", str(threads)], log, **{**production, **env})


class RedisServer:
    """A private ``redis-server`` on a free port (never the machine's own): started, stopped, restarted."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: Optional[subprocess.Popen] = None
        self.log = folder / "redis.log"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        import redis

        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--dir", str(self.folder)], stdout=out, stderr=subprocess.STDOUT)
        client = redis.Redis.from_url(self.url, socket_connect_timeout=1)

        def answers() -> bool:
            try:
                return bool(client.ping())
            except redis.exceptions.ConnectionError:
                return False

        wait_until(answers, f"redis-server on port {self.port}", timeout=20, process=self.process, log=self.log)
        client.close()
        return self

    def kill(self) -> None:
        """Stop it hard (SIGKILL), as a crash would."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)


@pytest.fixture
def private_redis(tmp_path) -> Iterator[RedisServer]:
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("needs the redis-server program to start a private Redis")
    server = RedisServer(tmp_path).start()
    yield server
    server.stop()


class CeleryBroker:
    """Point this process's Celery app at ``url`` (tasks queued for real, not run eagerly); undone on exit."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __enter__(self) -> "CeleryBroker":
        conf = celery_app.conf
        self.saved = (conf.broker_url, conf.task_always_eager, conf.task_eager_propagates)
        conf.broker_url, conf.task_always_eager = self.url, False
        self._reset_pools()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._reset_pools()
        celery_app.conf.broker_url, celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = \
            self.saved

    @staticmethod
    def _reset_pools() -> None:
        """Connections are pooled per broker URL, in kombu's process-wide registry: close and forget them all,
        so that the next send connects afresh (forgetting only the app's left a closed pool in the registry,
        which later tests on the first URL were handed: "Acquire on closed pool")."""
        from kombu import pools

        pools.reset()
        celery_app._pool = None
        celery_app.amqp._producer_pool = None
