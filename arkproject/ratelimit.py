"""Rate limits: a 429 with a readable message and ``Retry-After`` once a client tries too often.

Counts live in the Django cache (Redis when ``REDIS_URL`` is set, so every web process shares them); the
rates are ``settings.RATE_LIMITS`` ("10/m", "5/h", or "off"). A window opens at a client's first attempt
and lasts the rate's period; the count only grows within it (``cache.incr`` is atomic in Redis), so
concurrent attempts cannot slip past the limit. The same counts serve the HTML pages (``rate_limit``, a
view decorator) and the API (``RateLimitThrottle``, a DRF throttle). A cache that is down lets requests
through: a limit is a brake, not a reason to refuse every log-in.

Client addresses are ``REMOTE_ADDR``; when that is a proxy named in ``FORWARDED_ALLOW_IPS`` (the reverse
proxy in front of gunicorn and uvicorn), the client is the last address of ``X-Forwarded-For`` that the
proxies did not add themselves (never a header a client could set to dodge a limit). IPv6 clients are counted
by their /64 network.
"""
from __future__ import annotations

import functools
import hashlib
import ipaddress
import logging
import math
import time
from typing import Any, Callable, Iterable, Optional

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext_lazy, ngettext
from rest_framework import exceptions
from rest_framework.throttling import BaseThrottle

logger = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: Optional[str]) -> Optional[tuple[int, int]]:
    """``"10/m"`` -> ``(10, 60)``: attempts allowed and the period in seconds; None for "off" (no limit)."""
    if rate is None or rate.strip().lower() in ("", "off"):
        return None
    count, period = rate.strip().split("/")
    return int(count), PERIODS[period[0].lower()]


def client_address(request: HttpRequest) -> str:
    """The client's address for counting; an IPv6 address stands for its /64 network."""
    address = request.META.get("REMOTE_ADDR") or "unknown"
    trusted = settings.FORWARDED_ALLOW_IPS
    if address in trusted:  # a proxy of ours: the client is the first address it did not add itself
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        while hops and hops[-1] in trusted:
            hops.pop()
        if hops:
            address = hops[-1]
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:  # ::ffff:203.0.113.9 is 203.0.113.9
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def hit(scope: str, ident: str) -> Optional[int]:
    """Count one attempt at ``scope`` by ``ident``; None if allowed, else the seconds until it is allowed."""
    limit = parse_rate(settings.RATE_LIMITS.get(scope))
    if limit is None:
        return None
    allowed, period = limit
    key = f"ratelimit:{scope}:{hashlib.sha256(ident.encode()).hexdigest()[:32]}"
    now = time.time()
    try:
        if cache.add(key, 1, period):  # the first attempt opens a window of one period
            cache.set(f"{key}:start", now, period)
            return None
        try:
            count = cache.incr(key)
        except ValueError:  # the window ran out between add and incr: this attempt opens the next one
            cache.set(key, 1, period)
            cache.set(f"{key}:start", now, period)
            return None
        if count <= allowed:
            return None
        start = cache.get(f"{key}:start") or now
    except Exception:  # the cache is unreachable: let the request through rather than fail it
        logger.warning("rate limit %s not checked: the cache failed", scope, exc_info=True)
        return None
    return max(1, math.ceil(start + period - now))


def hit_all(scope: str, idents: Iterable[str]) -> Optional[int]:
    """Count one attempt for each ident (all of them, so none is spared); the longest wait, or None."""
    waits = [wait for wait in (hit(scope, ident) for ident in idents) if wait is not None]
    return max(waits) if waits else None


def wait_text(seconds: int) -> str:
    """``"3 minutes"``: the wait in whole minutes, rounded up."""
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext("%(minutes)d minute", "%(minutes)d minutes", minutes) % {"minutes": minutes}


#: "Too many ...": what was counted, in the reader's words (each a whole phrase for the translators).
TOO_MANY = {"attempts": gettext_lazy("Too many attempts; try again in %(wait)s."),
            "turns": gettext_lazy("Too many turns; try again in %(wait)s."),
            "new games": gettext_lazy("Too many new games; try again in %(wait)s."),
            "messages": gettext_lazy("Too many messages; try again in %(wait)s.")}


def too_many_message(seconds: int, what: str = "attempts") -> str:
    return str(TOO_MANY.get(what, TOO_MANY["attempts"])) % {"wait": wait_text(seconds)}


# ----- HTML pages --------------------------------------------------------------------------------------------
View = Callable[..., HttpResponseBase]


def rate_limit(scope: str, *, field: Optional[str] = None, methods: tuple[str, ...] = ("POST",),
               per_user: bool = False, what: str = "attempts") -> Callable[[View], View]:
    """A view decorator: count each ``methods`` request by client address (and by the posted ``field``, e.g.
    the username), or by user (``per_user``: a logged-in user's, wherever they come from), and past the limit
    answer 429 with a page that says how long to wait ("Too many ``what``; try again in N minutes")."""
    def decorate(view: View) -> View:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method in methods:
                user = getattr(request, "user", None)
                if per_user and user is not None and user.is_authenticated:
                    idents = [f"user:{user.pk}"]  # the same ident as the API's throttle: one count for both
                else:
                    idents = [f"ip:{client_address(request)}"]
                value = request.POST.get(field, "").strip().lower() if field else ""
                if value:
                    idents.append(f"{field}:{value}")
                wait = hit_all(scope, idents)
                if wait is not None:
                    return too_many_response(request, wait, what)
            return view(request, *args, **kwargs)
        return wrapped
    return decorate


def too_many_response(request: HttpRequest, wait: int, what: str = "attempts") -> HttpResponseBase:
    """The 429 page: "Too many attempts; try again in N minutes", with ``Retry-After``."""
    response = render(request, "accounts/too_many_attempts.html",
                      {"message": too_many_message(wait, what)}, status=429)
    response["Retry-After"] = str(wait)
    return response


# ----- the API -----------------------------------------------------------------------------------------------
class TooManyRequests(exceptions.Throttled):
    """DRF's 429 with our own words: ``{"detail": "Too many attempts; try again in 1 minute."}``."""

    def __init__(self, wait: int, what: str = "attempts") -> None:
        super().__init__(wait=wait)
        self.detail = exceptions.ErrorDetail(too_many_message(wait, what), code=self.default_code)


class RateLimitThrottle(BaseThrottle):
    """A DRF throttle over the same counts as the pages. Subclasses name the ``scope`` and who is counted.

    Past the limit it raises ``TooManyRequests`` itself (rather than returning False), so the answer carries
    the readable message; DRF's handler adds ``Retry-After``.
    """

    scope: str = ""
    what: str = "attempts"
    #: Only these requests are attempts of what the limit guards (a GET of a POST-only endpoint is a 405, not
    #: a log-in or sign-up attempt).
    methods: tuple[str, ...] = ("POST",)

    def idents(self, request: Any, view: Any) -> list[str]:
        return [f"ip:{client_address(request)}"]

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method not in self.methods:
            return True
        wait = hit_all(self.scope, self.idents(request, view))
        if wait is not None:
            raise TooManyRequests(wait, self.what)
        return True


class LoginThrottle(RateLimitThrottle):
    """Log-in attempts (POST /api/accounts/token/): per client address and per username."""

    scope = "login"

    def idents(self, request: Any, view: Any) -> list[str]:
        idents = super().idents(request, view)
        data = request.data  # a malformed body raises ParseError here: a 400, as it would be anyway
        username = data.get("username") if hasattr(data, "get") else None
        if isinstance(username, str) and username.strip():
            idents.append(f"username:{username.strip().lower()}")
        return idents


class SignupThrottle(RateLimitThrottle):
    """New accounts (POST /api/accounts/register/): per client address."""

    scope = "signup"


class TurnThrottle(RateLimitThrottle):
    """Turns (POST /api/games/<id>/turns/): per user."""

    scope = "turns"
    what = "turns"

    def idents(self, request: Any, view: Any) -> list[str]:
        user = request.user
        return [f"user:{user.pk}"] if user and user.is_authenticated else super().idents(request, view)


class GameCreateThrottle(RateLimitThrottle):
    """New games (POST /api/games/), per user; the lobby's forms share the count (``rate_limit("games",
    per_user=True)``)."""

    scope = "games"
    what = "new games"

    def idents(self, request: Any, view: Any) -> list[str]:
        user = request.user
        return [f"user:{user.pk}"] if user and user.is_authenticated else super().idents(request, view)
