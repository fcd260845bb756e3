"""``{% push_settings %}``: the settings page's Web Push section (templates/push/settings_section.html)."""
from __future__ import annotations

from typing import Any

from django import template

from games.push import messages, services, vapid
from games.push.forms import PushChoicesForm
from games.push.models import PushSubscription

register = template.Library()


@register.inclusion_tag("push/settings_section.html", takes_context=True)
def push_settings(context: Any) -> dict[str, Any]:
    user = context["request"].user
    preference = messages.preference(user)
    return {"enabled": vapid.configured(), "problem": vapid.problem(), "public_key": vapid.public_key(),
            "form": PushChoicesForm(initial={name: getattr(preference, name) for name in services.PREFERENCE_FIELDS}),
            "devices": PushSubscription.objects.filter(user=user).order_by("-id"),
            "csrf_token": context.get("csrf_token")}
