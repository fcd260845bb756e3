"""The installable app: the service worker at the site's root (/sw.js), the web app manifest, the offline page;
and the settings page's Web Push section (its form posts here)."""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.models import signed_in
from games.push import services
from games.push.forms import PushChoicesForm

NAME = "Correspondence Board Games"
THEME = "#2e2a4f"
BACKGROUND = "#f6f1e6"


def shell_files() -> list[str]:
    """What the worker keeps for the offline shell: the offline page and the static files it and every page
    use. Never a page with someone's data, never the API."""
    return ["/offline/", static("css/site.css"), static("images/ark.svg"), static("images/app-icon-192.png"),
            static("images/app-badge-96.png"), static("js/app.js")]


@lru_cache(maxsize=1)
def _worker(files: tuple[str, ...]) -> str:
    text = render_to_string("push/sw.js", {"shell": json.dumps(list(files)), "offline": "/offline/",
                                           "icon": static("images/app-icon-192.png"),
                                           "badge": static("images/app-badge-96.png")})
    # a new version whenever the worker or the shell's files (their hashed names in production) change
    version = hashlib.sha256(text.encode()).hexdigest()[:12]
    return text.replace("__VERSION__", version)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: served from the root so that its scope is the whole site; never cached by the browser's HTTP cache
    (a new worker reaches every device at its next visit)."""
    response = HttpResponse(_worker(tuple(shell_files())), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """/manifest.webmanifest: what a phone needs to add the site to its home screen as an app."""
    icon = {"type": "image/png"}
    data = {
        "id": "/", "name": NAME, "short_name": _("Board Games"),
        "description": _("The Ark of the Covenant, Carcassonne, Tikal and Iwari, played by turns over days."),
        "start_url": "/", "scope": "/", "display": "standalone", "orientation": "any",
        "background_color": BACKGROUND, "theme_color": THEME, "categories": ["games"],
        "icons": [{**icon, "src": static("images/app-icon-192.png"), "sizes": "192x192", "purpose": "any"},
                  {**icon, "src": static("images/app-icon-512.png"), "sizes": "512x512", "purpose": "any"},
                  {**icon, "src": static("images/app-icon-maskable-512.png"), "sizes": "512x512",
                   "purpose": "maskable"},
                  {"src": static("images/app-icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    response = JsonResponse(data, content_type="application/manifest+json", json_dumps_params={"indent": 1})
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """The page the worker shows when a page cannot be reached. The same for everyone: it names no one."""
    return HttpResponse(render_to_string("push/offline.html", {"theme": THEME}))


@login_required
@require_POST
def push_choices(request: HttpRequest) -> HttpResponse:
    """The settings page's push choices (POST): which kinds of event are pushed to the player's devices."""
    form = PushChoicesForm(request.POST)
    if form.is_valid():
        services.push_preferences_update(user=signed_in(request), **form.cleaned_data)
        messages.success(request, _("Your push choices are saved."))
    return redirect(reverse("settings") + "#push")


@login_required
@require_POST
def push_device_forget(request: HttpRequest, device_id: int) -> HttpResponse:
    """Forget one of the player's devices (POST from the settings page)."""
    if services.push_unsubscribe(user=signed_in(request), subscription_id=device_id):
        messages.success(request, _("That device gets no more notifications."))
    return redirect(reverse("settings") + "#push")
