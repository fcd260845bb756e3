"""API errors as JSON with a readable ``detail``; nothing a client sends becomes a 500."""
from __future__ import annotations

from typing import Any, Optional

from django.conf import settings
from django.core.exceptions import DisallowedHost, PermissionDenied, RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler


class Conflict(exceptions.APIException):
    """409: the request is well formed but clashes with the game's present state."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("That conflicts with the current state of the game.")
    default_code = "conflict"


class BadRequest(exceptions.APIException):
    """400 with one readable message (a turn the rules refuse, a bad parameter)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = gettext_lazy("That request is not valid.")
    default_code = "bad_request"


class Unavailable(exceptions.APIException):
    """503: nothing was done (the database could not be reached); the same request may be sent again."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = gettext_lazy("The site could not save that just now; nothing was changed. Please try again.")
    default_code = "unavailable"


class PayloadTooLarge(exceptions.APIException):
    """413: the body is larger than the site reads (``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"

    def __init__(self) -> None:
        megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20
        super().__init__(_("The request body is too large: at most %(megabytes)s MB.") % {"megabytes": f"{megabytes:g}"})


def _first_message(data: Any) -> str:
    if isinstance(data, dict):
        if "detail" in data:
            return _first_message(data["detail"])
        for key, value in data.items():
            text = _first_message(value)
            return text if key == "non_field_errors" else f"{key}: {text}"
    if isinstance(data, list) and data:
        return _first_message(data[0])
    return str(data)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Optional[Response]:
    """DRF's handler, plus Django's ValidationError as 400, and always a top-level ``detail``."""
    if isinstance(exc, DjangoValidationError):  # a service's: the first problem in plain words, all by field
        if hasattr(exc, "error_dict"):
            return Response({"detail": exc.messages[0], "errors": exc.message_dict}, status=400)
        exc = exceptions.ValidationError(exc.messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):  # Django's own answer is an HTML page (a debug page in development)
        exc = PayloadTooLarge()
    response = exception_handler(exc, context)
    if response is not None and isinstance(response.data, (dict, list)) and not (
            isinstance(response.data, dict) and "detail" in response.data and len(response.data) == 1):
        errors = response.data
        response.data = {"detail": _first_message(errors), "errors": errors}
    return response


# ----- Django's own error pages (URLs no view matched, errors outside DRF): JSON under /api/ ------------------
def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400 (a host not allowed, a body Django could not parse outside DRF): JSON with what was wrong
    under /api/, the site's page elsewhere."""
    if is_api(request):
        if isinstance(exception, DisallowedHost):  # its message would tell the settings to change
            reason = _("this site does not answer for that host name")
        else:
            reason = str(exception)[:200] or _("the request could not be understood")
        return JsonResponse({"detail": _("Bad request: %(reason)s.") % {"reason": reason}}, status=400)
    return defaults.bad_request(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler404: ``{"detail": "Not found."}`` under /api/ (e.g. /api/games/abc/), the site's page elsewhere."""
    if is_api(request):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: JSON under /api/, the site's page elsewhere."""
    if is_api(request):
        return JsonResponse({"detail": _("Server error: the failure is logged; please try again later.")},
                            status=500)
    return defaults.server_error(request)
