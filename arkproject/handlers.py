"""Django's ASGI handler with the whole request (signals, middleware chain, view) run in one thread hop.

Django builds the chain for an ASGI server in async mode: each of the middleware classes that can run
either way (``MiddlewareMixin``: sessions, CSRF, auth, messages...) then hands its synchronous hooks to a
thread one by one, and WhiteNoise (synchronous only) hands the rest back to the event loop, so that a
request crossed between the loop and a worker thread a dozen times (bench/load.py, py-spy: a third of a
web process's time was spent in those crossings). Every view of this site is synchronous, so here the chain
is built in sync mode and called through a single ``sync_to_async`` per request, as under WSGI. That one hop
also sends ``request_started`` and, for an answer held in memory (every page and API answer; not a streamed
file), closes it (``request_finished``, which hands the database connection back): Django's handler made a
hop of its own for each, and watched for a disconnect with a task per request, which cannot stop a
synchronous view anyway (the answer to a client gone is dropped by the server).

Django also gives each request a thread of its own (``ThreadSensitiveContext``), started and stopped per
request: a tenth of a web process's time under load. Here each request still runs its synchronous code on
one thread of its own, but the threads are kept and handed to later requests.
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix


class _RequestThreads:
    """Single-thread executors lent to one request at a time and kept for the next ones."""

    KEEP = 64  # idle threads kept; more are made when more requests run at once, and stopped after

    def __init__(self) -> None:
        self.idle: list[ThreadPoolExecutor] = []
        self.lock = threading.Lock()

    def take(self) -> ThreadPoolExecutor:
        with self.lock:
            if self.idle:
                return self.idle.pop()
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self.lock:
            if len(self.idle) < self.KEEP:
                self.idle.append(executor)
                return
        executor.shutdown(wait=False)


_threads = _RequestThreads()


class SyncChainASGIHandler(ASGIHandler):
    """An ``ASGIHandler`` whose middleware chain runs synchronously, in one thread per request."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        executor = _threads.take()
        try:
            async with ThreadSensitiveContext(executor=executor):  # every thread-sensitive call of the request
                await self.handle(scope, receive, send)
        finally:
            _threads.give_back(executor)

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def handle(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        try:
            response = await sync_to_async(self.respond, thread_sensitive=True)(scope, body_file)
            try:
                await self.send_response(response, send)
            finally:
                if response.streaming:  # read while it was sent: closed only now
                    await sync_to_async(response.close, thread_sensitive=True)()
        finally:
            body_file.close()

    def respond(self, scope: dict[str, Any], body_file: Any) -> HttpResponseBase:
        """The request's synchronous part, in its thread: the answer, closed already unless it streams."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)  # the middleware chain and the view; errors become answers
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        if not response.streaming:
            response.close()  # request_finished: the database connection goes back now
        return response
