"""Every command the README shows runs, as it stands there.

The README's commands are read from the README itself (its indented blocks and the commands it quotes in the
text), so a command added there without a run here fails ``test_every_command_the_readme_shows_is_run``. Each
runs as pasted, in a shell, from the checkout, with only these changes, each named where it is made: values the
README writes as placeholders (``...``, ``FILE``, ``PASSWORD``, ``ark.example``) become this test's own; the
benchmarks' lengths are shortened (``--seconds``, ``--games``, ``--turns``); ``python`` in the lines a platform
runs (the Procfile) is the virtualenv's, as on a platform that installs into its own environment. The
walk-through of "Playing through the API" runs whole in ``test_readme.py``; ``make test`` and ``make check`` are
what ``.ci/run`` runs, checked here to be in it as written.
"""
from __future__ import annotations

import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from games.rules import engine, games
from games.rules.play import random_game
from tests.robustness.conftest import database_url, free_port, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(settings.BASE_DIR)
README = ROOT / "README.md"
STARTS = ("make ", ".venv/bin/", "python", "celery ", "gunicorn ", "uvicorn ", "bin/", "DJANGO_ENV=", "RATE_LIMIT_",
          "DATABASE_URL=")


def shown_commands() -> list[str]:
    """Every command line of the README, once each, in order: the lines of its indented blocks that start a
    command (a line ending in ``\\`` continues on the next; a ``  # comment`` is left out) and the commands it
    quotes in its text. The API walk-through is ``test_readme.py``'s."""
    text = README.read_text()
    found: list[str] = []
    block: list[str] = []

    def flush() -> None:
        if block and block[0].startswith("API="):  # the walk-through: test_readme.py runs it whole
            block.clear()
            return
        joined: list[str] = []
        for line in block:
            if joined and joined[-1].endswith("\\"):
                joined[-1] = joined[-1][:-1].rstrip() + " " + line.strip()
            else:
                joined.append(line)
        found.extend(c for c in (re.split(r"\s+#\s", line)[0].strip() for line in joined) if c.startswith(STARTS))
        block.clear()

    for line in text.splitlines():
        if line.startswith("    "):
            block.append(line[4:].rstrip())
        elif not line.strip() and block:
            block.append("")
        else:
            flush()
            found.extend(m for m in re.findall(r"`([^`]+)`", line) if m.startswith(STARTS) and " " in m)
    flush()
    return list(dict.fromkeys(found))


# --- running a command -------------------------------------------------------------------------------------------

def environment(**extra: str) -> dict[str, str]:
    """This process's environment for a command: the test database, the virtualenv first on PATH (what ``python``
    means on a platform running the Procfile), no test settings, and ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ENV", "REDIS_URL")}
    env.update(DATABASE_URL=database_url(), INPROCESS_SWEEP="0", PATH=f"{ROOT / '.venv' / 'bin'}:{env['PATH']}")
    env.update(extra)
    return env


def run(command: str, tmp_path: Path, timeout: float = 300, **env: str) -> str:
    """Run ``command`` in bash from the checkout to its end; its output (it must succeed)."""
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", command], cwd=ROOT, env=environment(**env),
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


class Started:
    """A long-running command, started in a process group of its own, its output in a file; stopped (the whole
    group, as Ctrl-C would) when the ``with`` block ends."""

    def __init__(self, command: str, tmp_path: Path, **env: str) -> None:
        self.command = command
        self.log = tmp_path / f"out-{secrets.token_hex(3)}.log"
        self.out = self.log.open("w")
        self.process = subprocess.Popen(["bash", "-c", command], cwd=ROOT, env=environment(**env), stdout=self.out,
                                        stderr=subprocess.STDOUT, start_new_session=True)

    def __enter__(self) -> "Started":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.out.close()

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for(self, condition: Callable[[], Any], what: str, timeout: float = 120) -> Any:
        return wait_until(condition, f"{what} ({self.command})", timeout=timeout, every=0.3, process=self.process,
                          log=self.log)

    def answers(self, port: int, path: str = "/", host: str = "127.0.0.1") -> None:
        """Wait until ``http://127.0.0.1:port/path`` answers 200 (a ``Host`` header of ``host``)."""
        def ok() -> bool:
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": host})
            try:
                with urllib.request.urlopen(request, timeout=5) as response:
                    return bool(response.status == 200)
            except OSError:
                return False
        self.wait_for(ok, f"an answer on port {port}")


def port_free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def need_port(port: int) -> None:
    if not port_free(port):
        pytest.skip(f"port {port}, which the README's command uses, is taken on this machine")


def need_redis() -> str:
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("the command needs Redis: REDIS_URL is not set (CI sets it)")
    return url


def production(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The settings the README's production section asks for, with this test's values."""
    return {"DJANGO_ENV": "production", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SITE_URL": "http://127.0.0.1", "SECURE_SSL_REDIRECT": "0", "STATIC_ROOT": str(tmp_path / "static"),
            **extra}


# --- the runs, each naming the commands it runs ----------------------------------------------------------------

RUNS: dict[str, tuple[tuple[str, ...], Callable[[Path], None]]] = {}


def runs(*commands: str) -> Callable[[Callable[[Path], None]], Callable[[Path], None]]:
    def register(function: Callable[[Path], None]) -> Callable[[Path], None]:
        RUNS[function.__name__] = (commands, function)
        return function
    return register


@runs("make run", "RATE_LIMIT_SIGNUP=off make run", ".venv/bin/python manage.py play_api --url http://127.0.0.1:8000")
def site_and_a_game_through_the_api(tmp_path: Path) -> None:
    need_port(8000)
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"  # a database of its own: make run migrates it, as on a new machine
    for command in ("make run", "RATE_LIMIT_SIGNUP=off make run"):
        with Started(command, tmp_path, DATABASE_URL=db) as site:
            site.answers(8000)
            if command.startswith("RATE_LIMIT_SIGNUP=off"):
                for _ in range(3):  # more sign-ups than the limit allows in an hour, as the walk-through run thrice
                    out = run(".venv/bin/python manage.py play_api --url http://127.0.0.1:8000", tmp_path)
                    assert json.loads(out.strip().splitlines()[-1])["status"] == "finished", out[-2000:]
    # Ctrl-C stopped it: the shell ends first, the server's processes a moment later (seconds on a loaded machine)
    wait_until(lambda: port_free(8000), "port 8000 free after Ctrl-C", timeout=30)


@runs("make bench", ".venv/bin/python manage.py bench_rules [--seconds 5.0] [--game NAME]",
      ".venv/bin/python manage.py bench_rules --seconds 10")
def engines_benchmark(tmp_path: Path) -> None:
    lines = [json.loads(line) for line in run("make bench", tmp_path).splitlines() if line.startswith("{")]
    assert {line["game"] for line in lines} == set(games())  # every registered game, in one schema
    name = sorted(games())[0]
    one = run(f".venv/bin/python manage.py bench_rules --seconds 0.2 --game {name}", tmp_path)  # shortened
    assert [json.loads(line)["game"] for line in one.splitlines() if line.startswith("{")] == [name]
    run(".venv/bin/python manage.py bench_rules --seconds 0.2", tmp_path)  # --seconds 10, shortened


@runs(".venv/bin/python manage.py bench_bots [--game NAME] [--games 100]")
def bots_benchmark(tmp_path: Path) -> None:
    out = run(".venv/bin/python manage.py bench_bots --game carcassonne --games 1 --seconds 0.05", tmp_path,
              timeout=600)  # shortened: one game a pairing, a short think
    assert all(json.loads(line)["game"] == "carcassonne" for line in out.splitlines() if line.startswith("{"))


@runs(".venv/bin/python manage.py replay FILE")
def replay_a_record(tmp_path: Path) -> None:
    for name in games():
        eng = engine(name)
        played = random_game(eng, eng.min_players, 7, random.Random(7))
        record = tmp_path / f"{name}.json"
        record.write_text(json.dumps(played.record()))
        out = json.loads(run(f".venv/bin/python manage.py replay {record}", tmp_path))  # FILE: the record
        assert out["finished"] is True and out["scores"] == list(eng.scores(played.state))


@runs(".venv/bin/python manage.py rebuild_ratings")
def ratings_again(tmp_path: Path) -> None:
    run(".venv/bin/python manage.py rebuild_ratings", tmp_path)


@runs("DJANGO_ENV=production .venv/bin/python manage.py check --deploy")
def deploy_check(tmp_path: Path) -> None:
    env = production(tmp_path)
    del env["DJANGO_ENV"]  # the command sets it
    done = subprocess.run(["bash", "-c", "DJANGO_ENV=production .venv/bin/python manage.py check --deploy"], cwd=ROOT,
                          env=environment(**env), capture_output=True, text=True, timeout=120)
    assert "REDIS_URL" in done.stdout + done.stderr  # no REDIS_URL here: the warning the README promises


@runs("python3 -c 'import secrets; print(secrets.token_urlsafe(50))'")
def a_secret_key(tmp_path: Path) -> None:
    keys = {run("python3 -c 'import secrets; print(secrets.token_urlsafe(50))'", tmp_path).strip() for _ in range(2)}
    assert len(keys) == 2 and all(len(key) >= 50 for key in keys)


def scheduling_policies(session: int, marker: str) -> list[int]:
    """The Linux scheduling policies (``os.SCHED_*``) of the processes of ``session`` whose command line holds
    ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getsid(int(entry.name)) == session and marker in (entry / "cmdline").read_bytes().replace(
                    b"\0", b" ").decode(errors="replace"):
                found.append(os.sched_getscheduler(int(entry.name)))
        except OSError:  # gone meanwhile
            continue
    return found


COMPUTER_WORKER = "celery -A arkproject worker -Q computer -n computer@%h --concurrency 2 --prefetch-multiplier 1 -l info"


@runs("celery -A arkproject worker -Q celery -n worker@%h -l info", COMPUTER_WORKER,
      "celery -A arkproject beat -l info")
def workers_and_beat(tmp_path: Path) -> None:
    redis = need_redis()
    # the computer players' worker lowers itself to SCHED_IDLE, its pool's two processes with it, unless
    # COMPUTER_IDLE=0; the worker of the other queue never does
    for command, ready, env, policy in (
            ("celery -A arkproject worker -Q celery -n worker@%h -l info", " ready.", {}, os.SCHED_OTHER),
            (COMPUTER_WORKER, " ready.", {}, os.SCHED_IDLE),
            (COMPUTER_WORKER, " ready.", {"COMPUTER_IDLE": "0"}, os.SCHED_OTHER),
            ("celery -A arkproject beat -l info", "beat: Starting", {}, None)):
        with Started(command, tmp_path, REDIS_URL=redis, **env) as process:
            process.wait_for(lambda p=process, r=ready: r in p.output(), "ready")
            if policy is not None:
                policies = scheduling_policies(process.process.pid, "arkproject worker")
                assert len(policies) >= (3 if "-Q computer" in command else 2) and set(policies) == {policy}, (
                    command, env, policies)


@runs("python manage.py migrate --noinput && python manage.py collectstatic --noinput",
      "gunicorn arkproject.wsgi:application --bind 0.0.0.0:$PORT --workers 2 --threads 8 --limit-request-line 8190",
      "uvicorn arkproject.asgi:application --host 0.0.0.0 --port 8001 --proxy-headers")
def the_procfile_processes(tmp_path: Path) -> None:
    env = production(tmp_path)
    run("python manage.py migrate --noinput && python manage.py collectstatic --noinput", tmp_path, **env)
    assert list((tmp_path / "static").rglob("game*.js"))
    port = free_port()
    with Started("gunicorn arkproject.wsgi:application --bind 0.0.0.0:$PORT --workers 2 --threads 8 "
                 "--limit-request-line 8190", tmp_path, PORT=str(port), **env) as web:
        web.answers(port, "/api/games/")
    need_port(8001)
    with Started("uvicorn arkproject.asgi:application --host 0.0.0.0 --port 8001 --proxy-headers", tmp_path,
                 **env) as sockets:
        sockets.answers(8001, "/api/games/")


@runs("DATABASE_URL=postgres://ark:PASSWORD@127.0.0.1:5432/ark REDIS_URL=redis://127.0.0.1:6379/0 SECRET_KEY=... "
      "ALLOWED_HOSTS=ark.example SITE_URL=https://ark.example FORWARDED_ALLOW_IPS=127.0.0.1 bin/serve-production")
def serve_production(tmp_path: Path) -> None:
    redis = need_redis()
    if not database_url().startswith("postgres"):
        pytest.skip("the command's DATABASE_URL is PostgreSQL (CI runs it there)")
    web, sockets = free_port(), free_port()
    command = (f"DATABASE_URL={database_url()} REDIS_URL={redis} SECRET_KEY={secrets.token_urlsafe(50)} "
               "ALLOWED_HOSTS=127.0.0.1 SITE_URL=http://127.0.0.1 FORWARDED_ALLOW_IPS=127.0.0.1 bin/serve-production")
    with Started(command, tmp_path, PORT=str(web), SOCKET_PORT=str(sockets), SECURE_SSL_REDIRECT="0",
                 STATIC_ROOT=str(tmp_path / "static"), COMPUTER_CONCURRENCY="1", WEB_CONCURRENCY="1") as site:
        site.answers(web, "/api/games/")
        site.answers(sockets, "/api/games/")
        site.wait_for(lambda: "beat: Starting" in site.output(), "beat")
        # its computer players' worker (one pool process here) under SCHED_IDLE, the web processes not
        site.wait_for(lambda: len(scheduling_policies(site.process.pid, "-Q computer")) >= 2, "the computer worker")
        assert set(scheduling_policies(site.process.pid, "-Q computer")) == {os.SCHED_IDLE}
        assert set(scheduling_policies(site.process.pid, "gunicorn")) == {os.SCHED_OTHER}


@runs("DATABASE_URL=postgres://... REDIS_URL=redis://... DB_POOL_MAX=15 SECURE_SSL_REDIRECT=0 RATE_LIMIT_TURNS=off "
      "DJANGO_ENV=production SECRET_KEY=... ALLOWED_HOSTS=127.0.0.1,localhost .venv/bin/python -m bench.load --games "
      "100 --seconds 30 --serve 2 [--rate 100] [--game mix] [--computers 20 --computer-nice 19 --computer-idle] "
      "[--timeline] [--serve-sockets 1]",
      ".venv/bin/python -m bench.profile_turn --turns 200")
def load_benchmarks(tmp_path: Path) -> None:
    redis = need_redis()
    if not database_url().startswith("postgres"):
        pytest.skip("the load benchmark's DATABASE_URL is PostgreSQL (CI runs it there)")
    need_port(8100)
    out = run(f"DATABASE_URL={database_url()} REDIS_URL={redis} DB_POOL_MAX=15 SECURE_SSL_REDIRECT=0 "
              f"RATE_LIMIT_TURNS=off DJANGO_ENV=production SECRET_KEY={secrets.token_urlsafe(50)} "
              "ALLOWED_HOSTS=127.0.0.1,localhost .venv/bin/python -m bench.load --games 4 --seconds 3 --warmup 1 "
              "--serve 2 --rate 20 --timeline --serve-sockets 1 --game mix --computers 2 --level easy --computer-workers 1 "
              "--computer-nice 19 --computer-idle",
              tmp_path, timeout=300)  # shortened, the computers easy
    result = json.loads(out.strip().splitlines()[-1])
    assert result["turns"] > 0 and result["errors"] == {} and result["push_ms"], result
    assert result["computer_nice"] == 19 and result["computer_idle"] is True and result["computer"]["games"] == 2, result
    out = run(".venv/bin/python -m bench.profile_turn --turns 20", tmp_path, timeout=300)  # shortened
    assert json.loads(out[out.index("{"):])["queries_per_move_submit"], out[-2000:]


@runs(".venv/bin/python manage.py vapid_keys > vapid.env", ".venv/bin/python manage.py vapid_keys --check")
def web_push_keys(tmp_path: Path) -> None:
    from tests.push.test_readme_push import test_the_readme_makes_a_vapid_pair_that_turns_push_on as as_pasted

    as_pasted(tmp_path)  # the section's three lines, in a shell, in a folder of their own (vapid.env is written)


# --- the tests ------------------------------------------------------------------------------------------------

CI_RUNS = ("make test", "make check")  # .ci/run runs these: the suite this test is in, and the static checks


def test_every_command_the_readme_shows_is_run() -> None:
    covered = {command for commands, _ in RUNS.values() for command in commands} | set(CI_RUNS)
    shown = shown_commands()
    assert len(shown) > 15
    assert [c for c in shown if c not in covered] == [], "a README command that no test runs"
    assert [c for c in covered if c not in shown] == [], "a command run here that the README no longer shows"


def test_ci_runs_the_readmes_test_and_check_commands() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert all(command in ci for command in CI_RUNS)
    assert README.read_text().splitlines()[1].strip().startswith("make test")


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_readmes_commands_run_as_pasted(name: str, tmp_path: Path) -> None:
    if shutil.which("make") is None:
        pytest.skip("needs make")
    RUNS[name][1](tmp_path)
