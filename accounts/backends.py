"""Who may log in: Django's ModelBackend and DRF's TokenAuthentication, refusing the site's computer players.

A computer player (``User.computer_level``) plays from the server itself; no password, session or token
stands for one, even if a moderator gave it a password by mistake or an old token is still stored.
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.utils import translation
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

#: The one authentication backend (settings.AUTHENTICATION_BACKENDS); ``login(..., backend=BACKEND)``.
BACKEND = "accounts.backends.AccountBackend"


class AccountBackend(ModelBackend):
    """ModelBackend: username and password; an inactive (suspended) account or a computer player is refused,
    at log-in and on every request of a session (``get_user``)."""

    def user_can_authenticate(self, user: Any) -> bool:
        return super().user_can_authenticate(user) and not getattr(user, "computer_level", "")


class AccountTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, refused for a computer player as for an inactive account (401).

    The token and its user are read as DRF reads them (``select_related("user").get(key=key)``, with DRF's
    answers for an unknown key and an inactive user), in SQL written once per process
    (:func:`games.play.reads.token_with_user`): every API request of a token's client makes this query, and the
    ORM compiled it afresh each time."""

    def authenticate_credentials(self, key: str) -> Any:
        from games.play.reads import token_with_user  # games imports accounts: import when needed

        token = token_with_user(key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = token.user
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if getattr(user, "computer_level", ""):
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if getattr(user, "language", ""):  # the account's language above the client's Accept-Language, as on pages
            translation.activate(user.language)
        return user, token
