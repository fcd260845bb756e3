"""The signed-in player's own language (docs/i18n.md).

Django's LocaleMiddleware has already picked a language from the language cookie or the browser's
Accept-Language; this, placed after AuthenticationMiddleware, puts the account's choice above both, and for a
player who follows the browser records the language their pages are read in (for emails and pushes).
"""
from __future__ import annotations

from typing import Callable

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.utils import translation


class UserLanguageMiddleware:
    """Activate a signed-in user's chosen language; remember the browser's for one who has not chosen."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            if user.language:
                translation.activate(user.language)
                request.LANGUAGE_CODE = user.language
            else:
                current = translation.get_language() or ""
                if current and current != user.last_language:
                    # written once per change, not per request
                    get_user_model().objects.filter(pk=user.pk).update(last_language=current)
                    user.last_language = current
        return self.get_response(request)
