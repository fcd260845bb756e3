"""DRF's token authentication with the token's user read in one written-out query.

Every API call of a script or bench client authenticates by token; DRF's own class compiles an ORM query
with a join on each request, which bench/load.py measured at about 0.8 ms of processor time. The answers
(401 and its messages) are DRF's own.
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions


class TokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, in one query."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        from games import sql  # the turn's written-out queries and their rows as instances

        model = self.get_model()
        user_model = get_user_model()
        rows = sql.fetch([(f"SELECT {sql.columns(user_model, 'u')} FROM {sql.table(user_model)} u "
                           f"JOIN {sql.table(model)} t ON t.user_id = u.id WHERE t.key = %s", [key])])[0]
        users = sql.instances(user_model, rows)
        if not users:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = users[0]
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, model(key=key, user=user)
