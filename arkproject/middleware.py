"""Limits the web servers in front used to enforce in words of their own, answered by Django instead.

gunicorn refuses a request line over ``limit_request_line`` with an HTML page; the Procfile raises that limit to
gunicorn's largest (8190 bytes) so that such requests reach the site, and this answers them here: JSON under
/api/, like every error there.
"""
from __future__ import annotations

from typing import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from arkproject.exceptions import is_api


def request_line_length(request: HttpRequest) -> int:
    """The length in bytes of the request line as sent: method, target (as gunicorn read it, else the path and
    query, percent-encoded) and protocol, with the two spaces between them."""
    target = request.META.get("RAW_URI") or request.get_full_path()
    protocol = request.META.get("SERVER_PROTOCOL") or "HTTP/1.1"
    return len(request.method or "") + 1 + len(str(target).encode()) + 1 + len(protocol)


class RequestLineLimitMiddleware:
    """414 for a request line longer than ``settings.MAX_REQUEST_LINE`` bytes, readable by person and client."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.MAX_REQUEST_LINE
        if request_line_length(request) > limit:
            message = (f"The address is too long: a request line holds at most {limit} bytes (method, path, query "
                       "and protocol).")
            if is_api(request):
                return JsonResponse({"detail": message}, status=414)
            return HttpResponse(message, status=414, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
