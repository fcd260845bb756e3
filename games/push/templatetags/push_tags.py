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
    # what is wrong with the keys is the operator's business (in their words, English): shown to staff only
    problem = vapid.problem() if getattr(user, "is_staff", False) else None
    return {"enabled": vapid.configured(), "problem": problem, "public_key": vapid.public_key(),
            "form": PushChoicesForm(initial={name: getattr(preference, name) for name in services.PREFERENCE_FIELDS}),
            "devices": PushSubscription.objects.filter(user=user).order_by("-id"),
            "csrf_token": context.get("csrf_token")}
