"""Project-wide DRF defaults that keep odd requests from becoming 500s."""
from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import JSONParser
from rest_framework.request import Request


class CappedPagination(LimitOffsetPagination):
    """Limit/offset pages; a huge ``limit`` or ``offset`` is capped, as the database cannot take it."""

    default_limit = 50
    max_limit = 200
    max_offset = 10 ** 9

    def get_offset(self, request: Request) -> int:
        return min(super().get_offset(request), self.max_offset)


class SafeJSONParser(JSONParser):
    """DRF's JSON parser, but a body nested thousands deep is a 400, not a RecursionError."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - the body is nested too deeply") from None
