"""arkproject.handlers: the whole request in one thread hop, and Django's request signals kept.

The handler sends ``request_started`` and closes an answer held in memory (``request_finished``, which gives the
database connection back) in the request's own thread; a streamed answer is closed only once it was sent.
"""
from __future__ import annotations

import threading
from typing import Any, AsyncIterator, Iterator

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core import signals
from django.http import HttpResponse, StreamingHttpResponse
from django.test import override_settings
from django.urls import path

from arkproject.asgi import application
from tests.channels.conftest import run_async

pytestmark = pytest.mark.django_db(transaction=True)

events: list[tuple[str, Any]] = []


def streamed(request: Any) -> StreamingHttpResponse:
    async def parts() -> AsyncIterator[bytes]:
        events.append(("streaming", None))
        yield b"one,"
        yield b"two"
    return StreamingHttpResponse(parts(), content_type="text/plain")


def broken(request: Any) -> HttpResponse:
    raise RuntimeError("a bug in a view")


def thread_of_view(request: Any) -> HttpResponse:
    events.append(("view", threading.get_ident()))
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [path("streamed/", streamed), path("broken/", broken), path("thread/", thread_of_view)]


@pytest.fixture
def signal_log() -> Iterator[list[tuple[str, Any]]]:
    events.clear()

    def started(**kwargs: Any) -> None:
        events.append(("started", threading.get_ident()))

    def finished(**kwargs: Any) -> None:
        events.append(("finished", threading.get_ident()))

    signals.request_started.connect(started, dispatch_uid="test-started")
    signals.request_finished.connect(finished, dispatch_uid="test-finished")
    yield events
    signals.request_started.disconnect(dispatch_uid="test-started")
    signals.request_finished.disconnect(dispatch_uid="test-finished")


async def fetch(method: str, path_: str, body: bytes = b"", headers: Any = None) -> dict[str, Any]:
    """The answer of the site's ASGI application to one request: status and whole body."""
    scope = {"type": "http", "http_version": "1.1", "method": method, "path": path_, "raw_path": path_.encode(),
             "query_string": b"", "root_path": "", "scheme": "http", "server": ("testserver", 80),
             "client": ("127.0.0.1", 50000), "headers": [(b"host", b"testserver")] + list(headers or [])}
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": body})
    start = await communicator.receive_output(10)
    assert start["type"] == "http.response.start"
    content = b""
    while True:
        message = await communicator.receive_output(10)
        assert message["type"] == "http.response.body"
        content += message.get("body", b"")
        if not message.get("more_body", False):
            break
    await communicator.wait(10)
    return {"status": start["status"], "body": content}


@run_async
async def test_an_api_answer_with_one_start_and_one_finish_in_the_view_s_thread(signal_log) -> None:
    with override_settings(ROOT_URLCONF=__name__):
        answer = await fetch("GET", "/thread/")
    assert answer["status"] == 200 and answer["body"] == b"ok"
    assert [name for name, _ in signal_log] == ["started", "view", "finished"]
    assert len({thread for _, thread in signal_log}) == 1, "signals and view ran in one thread"
    assert signal_log[0][1] != threading.get_ident(), "not on the event loop's thread"


@run_async
async def test_the_site_s_own_pages_and_errors_still_answer(signal_log) -> None:
    listing = await fetch("GET", "/api/games/")
    assert listing["status"] == 200 and listing["body"].startswith(b"{")
    missing = await fetch("GET", "/api/games/999999/")
    assert missing["status"] == 404 and b"detail" in missing["body"]
    unauthenticated = await fetch("POST", "/api/games/1/turns/", b'{"version": 1}',
                                  [(b"content-type", b"application/json")])
    assert unauthenticated["status"] in (401, 403)
    assert [name for name, _ in signal_log] == ["started", "finished"] * 3


@run_async
async def test_a_view_s_exception_is_a_500_and_the_request_still_finishes(signal_log) -> None:
    with override_settings(ROOT_URLCONF=__name__, DEBUG_PROPAGATE_EXCEPTIONS=False):
        answer = await fetch("GET", "/broken/")
    assert answer["status"] == 500
    assert [name for name, _ in signal_log] == ["started", "finished"]


@run_async
async def test_a_streamed_answer_is_sent_whole_and_closed_after(signal_log) -> None:
    with override_settings(ROOT_URLCONF=__name__):
        answer = await fetch("GET", "/streamed/")
    assert answer["status"] == 200 and answer["body"] == b"one,two"
    assert [name for name, _ in signal_log] == ["started", "streaming", "finished"]
