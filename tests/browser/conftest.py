"""Browser tests: Playwright driving Debian's Chromium against a live ASGI server (Daphne, WebSockets included).

The server runs in a forked process, as ``channels.testing.ChannelsLiveServerTestCase`` does, on the test
database; tests use ``transactional_db`` so that what either process commits, the other sees. SQLite's
in-memory test database cannot be shared by two processes, so when browser tests are collected the SQLite
test database becomes a file. Chromium is never downloaded: ``/usr/bin/chromium`` (Debian's) is used, and
the tests are skipped with a reason if it is missing.
"""
from __future__ import annotations

import os
import tempfile
from functools import partial
from typing import Any, Iterator

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real browser (Chromium) against a live server")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With browser tests selected, put a SQLite test database in a file the server process can open too."""
    if not any(item.get_closest_marker("browser") for item in items):
        return
    from django.conf import settings

    db = settings.DATABASES["default"]
    test = db.setdefault("TEST", {})
    if db["ENGINE"].endswith("sqlite3") and test.get("NAME") in (None, "", ":memory:"):
        test["NAME"] = os.path.join(tempfile.gettempdir(), f"ark-browser-test-{os.getpid()}.sqlite3")


def _server_setup() -> None:
    """In the server process: server errors go to standard error, so a failing test shows them; tasks (the
    computer players' steps, emails) run in the server's own process, as on the embedded default, even where
    ``REDIS_URL`` names a broker no worker of this test run listens to."""
    import logging

    from arkproject.celery import app as celery_app

    celery_app.conf.task_always_eager = celery_app.conf.task_eager_propagates = True

    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("live server: %(levelname)s %(name)s: %(message)s"))
    for name in ("django.request", "django.channels.server", "games", "daphne"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.WARNING)


@pytest.fixture(scope="session")
def live_url(django_db_setup: Any, django_db_blocker: Any) -> Iterator[str]:
    """The address of a Daphne server (HTTP, WebSockets, static files) on the test database."""
    from channels.testing.live import make_application
    from daphne.testing import DaphneProcess
    from django.conf import settings
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections
    from django.test.utils import override_settings

    # The forked server keeps these: fast hashing, and rate limits a whole game from one address never hits.
    # And Web Push on, with a key pair of its own (tests/browser/test_app.py).
    from games.push.vapid import generate

    public, private = generate()
    fast = override_settings(PASSWORD_HASHERS=FAST_HASHERS,
                             RATE_LIMITS={name: "1000000/m" for name in settings.RATE_LIMITS},
                             VAPID_PUBLIC_KEY=public, VAPID_PRIVATE_KEY=private, VAPID_SUBJECT="mailto:ark@ark.example")
    fast.enable()
    server = DaphneProcess("127.0.0.1", partial(make_application, static_wrapper=ASGIStaticFilesHandler),
                           setup=_server_setup)
    server.daemon = True
    with django_db_blocker.unblock():  # the forked server inherits an unblocked database
        if any(c.vendor == "sqlite" and c.is_in_memory_db() for c in connections.all()):
            fast.disable()
            pytest.skip("the browser tests need a test database that two processes can share")
        connections.close_all()  # the fork must not share a database socket with this process
        server.start()
    try:
        if not server.ready.wait(timeout=30):
            detail = server.errors.get(timeout=1)[1] if not server.errors.empty() else "no error reported"
            raise RuntimeError(f"the live server did not start: {detail}")
        yield f"http://127.0.0.1:{server.port.value}"
    finally:
        server.terminate()
        server.join(10)
        fast.disable()


@pytest.fixture(scope="module")
def chromium(live_url: str) -> Iterator[Any]:
    """Debian's Chromium through Playwright (started after the server, which is forked first).

    Playwright's synchronous API keeps an asyncio loop running in this thread, which Django takes for an
    async context and refuses database calls in; the tests' own database calls are plain synchronous ones,
    so they are allowed while the browser is up (and only then: the module's end stops both).
    """
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    playwright_api = pytest.importorskip("playwright.sync_api")
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with playwright_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture
def new_page(chromium: Any, live_url: str, transactional_db: Any) -> Iterator[Any]:
    """A factory of pages, each in its own browser context (its own cookies: one user each)."""
    contexts = []

    def make(width: int = 1280, height: int = 860, **options: Any) -> Any:
        """``options``: more of Playwright's context options (``has_touch=True, is_mobile=True`` for a phone)."""
        context = chromium.new_context(viewport={"width": width, "height": height}, base_url=live_url, **options)
        context.set_default_timeout(15000)
        contexts.append(context)
        page = context.new_page()
        page.errors = []  # uncaught script errors: a test checks there are none
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        return page

    yield make
    for context in contexts:
        context.close()
