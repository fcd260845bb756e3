"""Django's ASGI handler with the whole middleware chain and the view run in one thread hop.

Django builds the chain for an ASGI server in async mode: each of the middleware classes that can run
either way (``MiddlewareMixin``: sessions, CSRF, auth, messages...) then hands its synchronous hooks to a
thread one by one, and WhiteNoise (synchronous only) hands the rest back to the event loop, so that a
request crossed between the loop and a worker thread a dozen times (bench/load.py, py-spy: a third of a
web process's time was spent in those crossings). Every view of this site is synchronous, so here the chain
is built in sync mode and called through a single ``sync_to_async`` per request, as under WSGI.

Django also gives each request a thread of its own (``ThreadSensitiveContext``), started and stopped per
request: a tenth of a web process's time under load. Here each request still runs its synchronous code on
one thread of its own, but the threads are kept and handed to later requests.
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler


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
        chain = self._middleware_chain
        self._middleware_chain: Any = sync_to_async(chain, thread_sensitive=True)
