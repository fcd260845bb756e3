"""DRF's token authentication with the token's user read in one written-out query.

Every API call of a script or bench client authenticates by token; DRF's own class compiles an ORM query
with a join on each request, which bench/load.py measured at about 0.8 ms of processor time. The answers
(401 and its messages) are DRF's own.
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions


class TokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, in one query."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        model = self.get_model()
        user_model = get_user_model()
        q = connection.ops.quote_name
        users = list(user_model.objects.raw(
            f"SELECT u.* FROM {q(user_model._meta.db_table)} u JOIN {q(model._meta.db_table)} t "
            "ON t.user_id = u.id WHERE t.key = %s", [key]))
        if not users:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = users[0]
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, model(key=key, user=user)
