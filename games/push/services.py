"""Turning Web Push on and off for a device, and a player's push choices."""
from __future__ import annotations

from ipaddress import ip_address
from typing import Any, Optional
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games.push import vapid
from games.push.models import PushPreference, PushSubscription
from games.push.vapid import b64url_decode

#: The most devices one account may have subscribed at once (the oldest goes when one more subscribes).
MAX_DEVICES = 20
PREFERENCE_FIELDS = ("turn", "reminder", "timeout", "ended", "chat")


def endpoint_problem(endpoint: str) -> Optional[str]:
    """Why the site will not push to ``endpoint``, or None. The site POSTs there: only https, never an address
    of its own network (``PUSH_ALLOW_HTTP_ENDPOINTS`` lets the tests' local push service in)."""
    parts = urlsplit(endpoint)
    local_ok = bool(settings.PUSH_ALLOW_HTTP_ENDPOINTS)
    if parts.scheme != "https" and not (local_ok and parts.scheme == "http"):
        return _("A push endpoint must be an https:// address.")
    host = parts.hostname or ""
    try:
        address = ip_address(host)
    except ValueError:
        private = host in ("", "localhost") or host.endswith((".local", ".localhost", ".internal"))
    else:
        private = address.is_private or address.is_loopback or address.is_link_local or address.is_unspecified
    if private and not local_ok:
        return _("That is not the address of a push service.")
    return None


def _key_problem(p256dh: str, auth: str) -> Optional[str]:
    try:
        public, secret = b64url_decode(p256dh), b64url_decode(auth)
    except ValueError:
        return _("The subscription's keys are not base64url.")
    if len(public) != 65 or public[0] != 4 or len(secret) != 16:
        return _("The subscription's keys are not a P-256 public key and a 16-byte secret.")
    return None


def push_subscribe(*, user: Any, endpoint: str, p256dh: str, auth: str, user_agent: str = "") -> PushSubscription:
    """Turn Web Push on for one device of ``user`` (idempotent; the same browser moves to this account)."""
    if not vapid.configured():
        raise ValidationError(vapid.problem() or _("Web Push is off on this site."), code="push_off")
    problem = endpoint_problem(endpoint) or _key_problem(p256dh, auth)
    if problem:
        raise ValidationError(problem, code="invalid")
    with transaction.atomic():
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth,
                                         "user_agent": user_agent[:300], "last_error": ""})
        extra = PushSubscription.objects.filter(user=user).order_by("-id").values_list("pk", flat=True)[MAX_DEVICES:]
        PushSubscription.objects.filter(pk__in=list(extra)).delete()
    return subscription


def push_unsubscribe(*, user: Any, endpoint: Optional[str] = None, subscription_id: Optional[int] = None) -> int:
    """Turn Web Push off for one device of ``user`` (by endpoint or id); returns how many were removed."""
    found = PushSubscription.objects.filter(user=user)
    if endpoint is not None:
        found = found.filter(endpoint=endpoint)
    elif subscription_id is not None:
        found = found.filter(pk=subscription_id)
    else:
        return 0
    return found.delete()[0]


def push_preferences_update(*, user: Any, **choices: bool) -> PushPreference:
    """Change which kinds of push ``user`` gets."""
    unknown = set(choices) - set(PREFERENCE_FIELDS)
    if unknown:
        raise TypeError(f"push_preferences_update: no choice {', '.join(sorted(unknown))}")
    preference, _created = PushPreference.objects.get_or_create(user=user)
    for name, value in choices.items():
        setattr(preference, name, bool(value))
    if choices:
        preference.save(update_fields=list(choices))
    return preference
