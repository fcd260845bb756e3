"""The OpenAPI schema (drf-spectacular) with the error answers each operation can give.

Its own module, not arkproject/api.py: DRF imports that one while loading its settings (the parser), before
drf-spectacular's AutoSchema can be imported.
"""
from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    """Every error answer of the API (arkproject/exceptions.py)."""

    detail = serializers.CharField(help_text="The problem in readable words.")
    # the answer's own key (it hides Serializer.errors, which a schema-only serializer never uses)
    errors = serializers.JSONField(  # type: ignore[assignment]
        required=False, help_text="For a request that does not validate: every problem, by field.")


ERROR_ANSWERS = {
    "400": "The request is malformed, or the rules refuse it: `detail` says why.",
    "401": "No valid credentials: log in, or send `Authorization: Token <key>` with a valid key.",
    "403": "You may not do that (not your game or seat; a session request without its CSRF token).",
    "404": "No such thing, or one you may not see.",
    "409": "That clashes with the game's present state: not your turn, a stale version, a full or finished game.",
    "413": "The body is larger than the site reads (2.5 MB).",
    "415": "The body is not JSON (or a form).",
    "429": "Too many requests: `detail` says how long to wait, the `Retry-After` header in seconds.",
    "503": "Nothing was changed (the database could not be reached just then): send the same request again.",
}
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait.", "required": True}}
UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


class ApiAutoSchema(AutoSchema):
    """drf-spectacular's schema, plus the error answers an operation can give (all JSON with a ``detail``).

    An error status an operation declares itself (``@extend_schema(responses=...)``) is kept. A view adds the
    statuses its service errors can give to a change (e.g. 409) in ``change_error_statuses``.
    """

    def error_statuses(self) -> list[str]:
        statuses = ["400"]
        auth = self.get_auth()
        if auth:
            statuses.append("401")  # a wrong token is refused even where no log-in is needed
            if {} not in auth:
                statuses.append("403")
        if "{" in self.path:
            statuses.append("404")
        if self.method in UNSAFE_METHODS:
            statuses += list(getattr(self.view, "change_error_statuses", ()))
            if self.get_request_serializer() is not None:
                statuses += ["413", "415"]
        if getattr(self.view, "throttle_classes", None):
            statuses.append("429")
        return statuses

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for status in self.error_statuses():
            if status not in responses:
                answer = OpenApiResponse(ErrorSerializer, description=ERROR_ANSWERS[status])
                responses[status] = self._get_response_for_code(answer, status, direction=direction)
        if "429" in responses:
            responses["429"].setdefault("headers", {}).update(RETRY_AFTER)
        return responses
