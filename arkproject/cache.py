"""Django's Redis cache with one connection pool per process instead of one per thread.

``django.core.cache.caches`` makes a backend per thread, and Django's ASGI handler runs each request's
synchronous code in a thread of its own, so the stock backend opened (and handshook) a new Redis connection
for nearly every request: bench/load.py measured it as the largest single cost of a turn. Here every backend
of the same settings in a process shares one client and its pool (redis-py's pools are thread-safe).
"""
from __future__ import annotations

import os
import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[tuple[Any, ...], RedisCacheClient] = {}
_lock = threading.Lock()


class SharedPoolRedisCache(RedisCache):
    """``RedisCache`` whose client (and connection pool) is shared by every thread of the process."""

    @cached_property
    def _cache(self) -> RedisCacheClient:
        key = (os.getpid(), tuple(self._servers), repr(sorted(self._options.items())))
        with _lock:
            client = _clients.get(key)
            if client is None:  # a forked process starts its own: pools do not survive a fork
                client = _clients[key] = self._class(self._servers, **self._options)
            return client
