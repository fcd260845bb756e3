"""Fixtures shared by every test; factories live in tests/factories.py."""
from __future__ import annotations

import copy
import uuid
from typing import Iterator

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:
    """PBKDF2 at full strength makes each login cost a third of a second; tests need no such strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def generous_rate_limits(settings) -> None:
    """The suite signs up many users and plays whole games quickly from one address: limits it never reaches
    (still counted, so the limiter runs). tests/deploy/test_rate_limits.py puts the real ones back."""
    settings.RATE_LIMITS = {name: "1000000/m" for name in settings.RATE_LIMITS}


@pytest.fixture(autouse=True)
def cache_keys_of_this_test() -> Iterator[None]:
    """What earlier tests or runs left in a shared Redis cache must not reach this test: rate-limit counts
    (users' ids repeat from test to test) and the views published for a game id and version."""
    from django.conf import settings
    from django.test.utils import override_settings

    caches = copy.deepcopy(settings.CACHES)
    for conf in caches.values():
        conf["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    with override_settings(CACHES=caches):
        yield


@pytest.fixture
def make_user(db):
    """A factory of active users: ``make_user()``, ``make_user("ann", display_name="Ann")``."""
    from tests.factories import UserFactory

    def make(username: str | None = None, **extra):
        if username is not None:
            extra["username"] = username
        return UserFactory(**extra)
    return make


@pytest.fixture
def eager_celery() -> Iterator[None]:
    """Tasks run in the calling thread, errors raised (also with REDIS_URL set): none go to a shared broker."""
    from arkproject.celery import app as celery_app

    old = (celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates)
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = True, True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = old


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker) -> Iterator[None]:
    """On PostgreSQL, the test database commits without waiting for its write-ahead log to reach the disk
    (``synchronous_commit = off``, set on the database, so that the servers and processes the tests start have
    it too). What a transaction sees, locks and commits is the same; only a crash of the database server could
    lose the last commits, and the test database is thrown away. Each commit waited for a disk flush (3-4 ms
    here, 50 ms and more with other processes writing), which the tests that commit (transaction=True, the
    live servers) paid at every write and every flush between tests."""
    from django.db import connections

    with django_db_blocker.unblock():
        for connection in connections.all():
            if connection.vendor != "postgresql":
                continue
            with connection.cursor() as cursor:
                name = connection.ops.quote_name(connection.settings_dict["NAME"])
                cursor.execute(f"ALTER DATABASE {name} SET synchronous_commit = off")
                cursor.execute("SET synchronous_commit = off")  # this connection, opened before the change
    yield


@pytest.fixture(autouse=True)
def _no_language_left_over() -> Iterator[None]:
    """Each test begins in the site's default language: a request in German through the test client leaves German
    active in its thread (LocaleMiddleware activates the reader's language and nothing deactivates it), and a
    later test in the same process then said its engine words in German."""
    yield
    from django.utils import translation

    translation.deactivate()
