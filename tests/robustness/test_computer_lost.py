"""A computer's step that is lost is made again (issue 24, items 4, 5 and 9).

A computer's step is a task queued when its turn commits. The broker may be down then, the worker may die in
the middle of the step, or the step's database connection may be cut: the task is gone. Every computer turn
has a due row (``Notice`` kind ``computer``) that falls due ``COMPUTER_STEP_PATIENCE_SECONDS`` later unless
the step was made; the sweep then queues the step again (keyed by the version: twice is harmless). The steps
go to a queue of their own, so that games against the computer never hold up turn emails and timeouts.
"""
from __future__ import annotations

import logging
import os
import random
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from games.computer import listen
from games.computer import tasks as computer_tasks
from games.models import Game, Notice
from games.notifications import tasks
from games.play import clock as site_clock
from games.play import services
from games.play.errors import Unavailable
from tests.factories import play_turn

from .conftest import (
    CeleryBroker,
    check_log,
    database_url,
    drain,
    need_postgres,
    observed,
    stop_process,
    terminate_backends,
    wait_until,
)

pytestmark = pytest.mark.django_db(transaction=True)


def computer_to_move(user: Any, game: str = "carcassonne", level: str = "easy") -> Game:
    """A two-player game of ``user`` against the computer, at the computer's turn (its step queued as usual)."""
    made = services.game_create(user=user, game=game, players=2, computers=[level])
    made.refresh_from_db()
    if made.seats.get(number=made.current_seat).user == user:
        made = play_turn(made, random.Random(5))
    assert made.seats.get(number=made.current_seat).user.computer_level == level
    return made


def patience() -> timedelta:
    return timedelta(seconds=settings.COMPUTER_STEP_PATIENCE_SECONDS)


def waiting_for(game: Game, user: Any) -> bool:
    """The computer is done: the game waits for ``user`` (or is over)."""
    game.refresh_from_db()
    return game.status != Game.Status.ACTIVE or game.seats.get(number=game.current_seat).user == user


def broker_lists(url: str) -> dict[str, int]:
    import redis

    client = redis.Redis.from_url(url)
    try:
        return {name: client.llen(name) for name in ("celery", settings.COMPUTER_QUEUE)}
    finally:
        client.close()


def test_the_computers_steps_go_to_a_queue_of_their_own(make_user, private_redis) -> None:
    with CeleryBroker(private_redis.url):
        game = computer_to_move(make_user())
    lists = broker_lists(private_redis.url)
    observed(f"a computer's step queued with a broker: waiting messages per queue {lists}")
    assert lists == {"celery": 0, settings.COMPUTER_QUEUE: 1}, lists
    assert drain(private_redis.url, settings.COMPUTER_QUEUE)[0].startswith(f"play_computer_step({game.pk}, ")


def test_a_step_that_could_not_be_queued_while_redis_was_down_is_queued_again(make_user, private_redis,
                                                                            caplog) -> None:
    caplog.set_level(logging.ERROR)
    me = make_user()
    site_clock.freeze(timezone.now())
    try:
        with CeleryBroker(private_redis.url):
            private_redis.kill()
            game = computer_to_move(me)  # its step could not be queued: the broker was down
            version = game.version
            private_redis.start()  # same port, empty
            assert drain(private_redis.url, settings.COMPUTER_QUEUE) == []
            notice = Notice.objects.get(game=game, kind=Notice.Kind.COMPUTER, version=version)
            assert tasks.sweep_due_notices() == 0  # not lost yet: the step may be on its way
            site_clock.advance(patience() + timedelta(seconds=1))
            assert tasks.sweep_due_notices() == 1
            ran = drain(private_redis.url, settings.COMPUTER_QUEUE)
    finally:
        site_clock.unfreeze()
    notice.refresh_from_db()
    logged = sorted({r.getMessage()[:60] for r in caplog.records})
    observed(f"Redis down when the computer's turn came (logged: {logged}); after the restart and "
             f"{settings.COMPUTER_STEP_PATIENCE_SECONDS} s the sweep queued it again: {ran}; notice {notice.outcome!r}")
    assert waiting_for(game, me) and game.version > version
    assert ran[0] == f"play_computer_step({game.pk}, {version}) -> 'played'"
    assert notice.done_at is not None and notice.outcome == "played"
    check_log(game)


def test_a_step_whose_database_connection_was_cut_is_made_again(make_user, eager_celery) -> None:
    need_postgres("pg_terminate_backend ends the step's database connection")
    me = make_user()
    site_clock.freeze(timezone.now())
    try:
        with mock.patch.object(listen, "queue_computer_step") as queued:  # the step goes to "a worker": below
            game = computer_to_move(me)
        version = game.version
        queued.assert_called_with(game.pk, version)

        def cut(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            if "FOR UPDATE" in sql:  # as the step locks the game to save itself, its connection is ended
                terminate_backends([connection.connection.info.backend_pid])
            return execute(sql, params, many, context)

        with connection.execute_wrapper(cut), pytest.raises(Unavailable):
            computer_tasks.play_computer_step.apply(args=(game.pk, version))
        connection.close()
        game.refresh_from_db()
        assert game.version == version  # nothing of the step was saved
        assert Notice.objects.get(game=game, kind=Notice.Kind.COMPUTER, version=version).done_at is None
        site_clock.advance(patience() + timedelta(seconds=1))
        assert tasks.sweep_due_notices() == 1  # the step is queued again (here: the computer thread)
        computer_tasks.wait_for_computers()
    finally:
        site_clock.unfreeze()
    notice = Notice.objects.get(game=game, kind=Notice.Kind.COMPUTER, version=version)
    observed(f"the computer's step at version {version} lost its database connection; the sweep queued it "
             f"again: the game is at version {Game.objects.get(pk=game.pk).version}, notice {notice.outcome!r}")
    assert waiting_for(game, me) and game.version > version
    assert notice.outcome == "played"
    check_log(game)


# ----- a worker killed in the middle of a step ---------------------------------------------------------------
def start_computer_worker(redis_url: str, log: Path, entered: Path, pool: str, slow: float) -> subprocess.Popen:
    """A real worker of the computer players' queue, on the test database and ``redis_url``, that waits ``slow``
    seconds inside the first step it is given (tests/robustness/slow_computer.py)."""
    env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": database_url(), "INPROCESS_SWEEP": "0",
           "SLOW_COMPUTER_LOG": str(entered), "SLOW_COMPUTER_SECONDS": str(slow),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(settings.BASE_DIR), os.environ.get("PYTHONPATH")]))}
    with log.open("a") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "arkproject", "worker", f"--pool={pool}", "--concurrency=1",
             "-Q", settings.COMPUTER_QUEUE, "--include", "tests.robustness.slow_computer", "-l", "info",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"computer-{time.time_ns()}@%h"],
            cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT)


def entries(path: Path) -> list[list[str]]:
    return [line.split() for line in path.read_text().splitlines()] if path.exists() else []


def test_a_worker_process_killed_mid_step_hands_the_step_back(make_user, private_redis, tmp_path) -> None:
    need_postgres("the worker process must share the test database")
    me = make_user()
    log, entered = tmp_path / "worker.log", tmp_path / "entered.log"
    worker = None
    try:
        with CeleryBroker(private_redis.url):
            game = computer_to_move(me)  # its step waits in the computer queue
            version = game.version
            worker = start_computer_worker(private_redis.url, log, entered, pool="prefork", slow=120)
            wait_until(lambda: entries(entered), "the worker inside the step", timeout=60, process=worker, log=log)
            child = int(entries(entered)[0][0])
            assert child != worker.pid  # the pool's process, not the worker's main one
            os.kill(child, signal.SIGKILL)  # as the kernel's OOM killer would
            wait_until(lambda: waiting_for(game, me), "the step made again", timeout=60, process=worker, log=log)
    finally:
        if worker is not None:
            stop_process(worker, timeout=20)
    seen = entries(entered)
    observed(f"the worker's pool process was SIGKILLed inside the step at version {version}; the step was handed "
             f"back and made by a new pool process: steps started {[' '.join(e) for e in seen]}")
    assert seen[1] == [seen[1][0], str(game.pk), str(version)] and seen[1][0] != str(child)
    check_log(game)


def test_a_worker_killed_mid_step_leaves_the_step_to_the_sweep(make_user, private_redis, tmp_path) -> None:
    need_postgres("the worker process must share the test database")
    me = make_user()
    log, entered = tmp_path / "worker.log", tmp_path / "entered.log"
    workers: list[subprocess.Popen] = []
    site_clock.freeze(timezone.now())  # the sweep runs here on this clock; the workers keep the real time
    try:
        with CeleryBroker(private_redis.url):
            game = computer_to_move(me)
            version = game.version
            workers.append(start_computer_worker(private_redis.url, log, entered, pool="solo", slow=120))
            wait_until(lambda: entries(entered), "the worker inside the step", timeout=60, process=workers[0],
                       log=log)
            os.kill(workers[0].pid, signal.SIGKILL)
            workers[0].wait(timeout=10)
            workers.append(start_computer_worker(private_redis.url, log, entered, pool="solo", slow=0))
            assert tasks.sweep_due_notices() == 0
            game.refresh_from_db()
            assert game.version == version
            site_clock.advance(patience() + timedelta(seconds=1))
            assert tasks.sweep_due_notices() == 1  # waited too long: queued again
            wait_until(lambda: waiting_for(game, me), "the step made by the second worker", timeout=60,
                       process=workers[1], log=log)
    finally:
        for worker in workers:
            stop_process(worker, timeout=20)
        site_clock.unfreeze()
    notice = Notice.objects.get(game=game, kind=Notice.Kind.COMPUTER, version=version)
    observed(f"the worker was SIGKILLed inside the step at version {version}; after "
             f"{settings.COMPUTER_STEP_PATIENCE_SECONDS} s the sweep queued it again and a second worker made it "
             f"(game now at version {game.version}, notice {notice.outcome!r} after {notice.attempts} hand-out)")
    assert notice.outcome == "played" and notice.attempts == 1
    check_log(game)
