"""Django's ASGI handler with the whole middleware chain and the view run in one thread hop.

Django builds the chain for an ASGI server in async mode: each of the middleware classes that can run
either way (``MiddlewareMixin``: sessions, CSRF, auth, messages...) then hands its synchronous hooks to a
thread one by one, and WhiteNoise (synchronous only) hands the rest back to the event loop, so that a
request crossed between the loop and a worker thread a dozen times (bench/load.py, py-spy: a third of a
web process's time was spent in those crossings). Every view of this site is synchronous, so here the chain
is built in sync mode and called through a single ``sync_to_async`` per request, as under WSGI.
"""
from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class SyncChainASGIHandler(ASGIHandler):
    """An ``ASGIHandler`` whose middleware chain runs synchronously, in one thread per request."""

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)
        chain = self._middleware_chain
        self._middleware_chain: Any = sync_to_async(chain, thread_sensitive=True)
