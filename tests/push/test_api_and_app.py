"""Web Push's API and settings page, the installable app's addresses (/sw.js, the manifest, the offline page),
the VAPID command and settings, and the admin's list of subscriptions."""
from __future__ import annotations

import json
import struct
from io import StringIO

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from rest_framework.test import APIClient

from games.push import vapid
from games.push.models import PushPreference, PushSubscription
from tests.factories import UserFactory
from tests.notifications.push_service import Device

pytestmark = pytest.mark.django_db

ENDPOINT = "https://push.example.net/send/abc123"


@pytest.fixture
def keys(settings) -> tuple[str, str]:
    public, private = vapid.generate()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = public, private
    settings.VAPID_SUBJECT = "mailto:ark@ark.example"
    return public, private


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def subscription(endpoint: str = ENDPOINT) -> dict:
    return {**Device(endpoint=endpoint).subscription()}


def test_a_device_subscribes_and_unsubscribes_through_the_api(keys) -> None:
    user = UserFactory()
    client = client_for(user)
    data = client.get("/api/accounts/me/push/").json()
    assert data["enabled"] is True and data["public_key"] == keys[0] and data["problem"] is None
    assert data["choices"] == {"turn": True, "reminder": True, "timeout": True, "ended": True, "chat": False}
    assert data["devices"] == []
    answer = client.post("/api/accounts/me/push/devices/", subscription(), format="json",
                         HTTP_USER_AGENT="Mozilla/5.0 (Android 15) Chrome/140")
    assert answer.status_code == 201 and answer.json()["user_agent"].startswith("Mozilla/5.0 (Android")
    assert client.post("/api/accounts/me/push/devices/", subscription(), format="json").status_code == 201
    assert PushSubscription.objects.filter(user=user).count() == 1  # the same browser again: one device
    [device] = client.get("/api/accounts/me/push/").json()["devices"]
    assert set(device) == {"id", "user_agent", "created_at", "last_sent_at"}  # its keys never leave the server
    assert client.delete("/api/accounts/me/push/devices/", {"endpoint": ENDPOINT}, format="json").status_code == 204
    assert not PushSubscription.objects.exists()


def test_the_choices_per_kind_change_through_the_api(keys) -> None:
    user = UserFactory()
    answer = client_for(user).patch("/api/accounts/me/push/", {"chat": True, "turn": False}, format="json")
    assert answer.status_code == 200 and answer.json()["choices"]["chat"] is True
    preference = PushPreference.objects.get(user=user)
    assert (preference.turn, preference.chat, preference.reminder) == (False, True, True)
    assert client_for(user).patch("/api/accounts/me/push/", {"chat": "maybe"}, format="json").status_code == 400


@pytest.mark.parametrize("endpoint,words", [
    ("http://push.example.net/x", "https://"), ("https://127.0.0.1/x", "push service"),
    ("https://10.0.0.3/x", "push service"), ("https://localhost/x", "push service"),
])
def test_the_site_pushes_only_to_push_services_on_the_internet(keys, endpoint, words) -> None:
    answer = client_for(UserFactory()).post("/api/accounts/me/push/devices/", subscription(endpoint), format="json")
    assert answer.status_code == 400 and words in answer.json()["detail"]
    assert not PushSubscription.objects.exists()


def test_keys_that_are_not_a_browser_subscription_are_refused(keys) -> None:
    bad = subscription()
    bad["keys"]["auth"] = "c2hvcnQ"
    answer = client_for(UserFactory()).post("/api/accounts/me/push/devices/", bad, format="json")
    assert answer.status_code == 400 and "16-byte secret" in answer.json()["detail"]


def test_another_players_device_cannot_be_removed(keys) -> None:
    owner, other = UserFactory(), UserFactory()
    device = client_for(owner).post("/api/accounts/me/push/devices/", subscription(), format="json").json()
    assert client_for(other).delete(f"/api/accounts/me/push/devices/{device['id']}/").status_code == 404
    assert client_for(owner).delete(f"/api/accounts/me/push/devices/{device['id']}/").status_code == 204


def test_without_keys_push_is_off_and_says_how_to_turn_it_on(settings, client) -> None:
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    user = UserFactory()
    data = client_for(user).get("/api/accounts/me/push/").json()
    assert data["enabled"] is False and "manage.py vapid_keys" in data["problem"]
    answer = client_for(user).post("/api/accounts/me/push/devices/", subscription(), format="json")
    assert answer.status_code == 400 and "VAPID" in answer.json()["detail"]
    client.force_login(user)
    page = client.get("/accounts/settings/").content.decode()
    assert "Notifications on devices are not available on this site." in page and "vapid_keys" in page


def test_the_settings_page_has_the_push_section_and_saves_the_choices(keys, client) -> None:
    user = UserFactory()
    client.force_login(user)
    page = client.get("/accounts/settings/").content.decode()
    assert 'id="push"' in page and f'data-public-key="{keys[0]}"' in page
    assert "Turn on notifications on this device" in page and "Push when it is my turn" in page
    answer = client.post("/accounts/settings/push/", {"turn": "on", "ended": "on", "chat": "on"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/settings/#push"
    preference = PushPreference.objects.get(user=user)
    assert (preference.turn, preference.reminder, preference.timeout, preference.ended, preference.chat) == (
        True, False, False, True, True)
    device = PushSubscription.objects.create(user=user, endpoint=ENDPOINT, p256dh="x", auth="y", user_agent="Firefox")
    assert "Firefox" in client.get("/accounts/settings/").content.decode()
    client.post(f"/accounts/settings/push/devices/{device.pk}/forget/")
    assert not PushSubscription.objects.exists()


def test_the_vapid_command_makes_a_pair_the_site_accepts(settings) -> None:
    out = StringIO()
    call_command("vapid_keys", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().split())
    assert set(lines) == {"VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"}
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = lines["VAPID_PUBLIC_KEY"], lines["VAPID_PRIVATE_KEY"]
    settings.VAPID_SUBJECT = "https://ark.example"
    assert vapid.problem() is None and vapid.configured()
    settings.VAPID_PUBLIC_KEY = vapid.generate()[0]  # a public key of another pair
    assert "not the public key" in vapid.problem()
    settings.VAPID_PRIVATE_KEY = "nonsense"
    assert "not a P-256 private key" in vapid.problem()


def test_the_service_worker_is_served_from_the_root_and_keeps_no_data(client) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Service-Worker-Allowed"] == "/" and answer["Cache-Control"] == "no-cache"
    text = answer.content.decode()
    shell = json.loads(text.split("const SHELL = ", 1)[1].split(";\n", 1)[0])
    assert "/offline/" in shell and all(path == "/offline/" or path.startswith("/static/") for path in shell)
    assert "__VERSION__" not in text and 'addEventListener("notificationclick"' in text
    assert "cache.put(url.pathname" in text  # the only thing it keeps: the shell's own files


def test_the_manifest_makes_the_site_installable(client) -> None:
    answer = client.get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "standalone")
    assert manifest["name"] == "Correspondence Board Games" and manifest["short_name"]
    sizes = {}
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon
        if icon["type"] == "image/png":
            with open(path, "rb") as f:
                head = f.read(24)
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", head[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes[(width, icon.get("purpose", "any"))] = icon["src"]
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= set(sizes)
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page and "js/app.js" in page


def test_the_offline_page_names_no_one(client) -> None:
    user = UserFactory(display_name="Zelda")
    client.force_login(user)
    page = client.get("/offline/").content.decode()
    assert "You are offline" in page and "Zelda" not in page and user.username not in page


def test_moderators_see_and_remove_subscriptions_in_the_admin(client) -> None:
    admin = UserFactory(is_staff=True, is_superuser=True)
    device = PushSubscription.objects.create(user=UserFactory(username="pushed"), endpoint=ENDPOINT, p256dh="x",
                                             auth="y", user_agent="Chrome on Android")
    client.force_login(admin)
    listing = client.get("/admin/push/pushsubscription/").content.decode()
    assert "pushed" in listing and "push.example.net" in listing
    answer = client.post(f"/admin/push/pushsubscription/{device.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302 and not PushSubscription.objects.exists()


def test_keys_that_do_not_work_stop_the_site_at_its_checks(settings) -> None:
    from django.core.checks import run_checks

    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid.generate()[0], vapid.generate()[1]
    assert [e.id for e in run_checks() if e.id.startswith("push.")] == ["push.E001"]
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    assert [e.id for e in run_checks() if e.id.startswith("push.")] == []  # unset: push is off, allowed
