"""The installable app in Chromium: the manifest, the service worker active at the site's root, the offline
page, turning notifications on from the settings page, and a push shown as a notification that opens the game.

Chromium cannot subscribe here, for two reasons of its own: Playwright's contexts are incognito, where Chromium
refuses push ("Registration failed - permission denied", with the notifications permission granted); and in a
persistent profile ``PushManager.subscribe`` waits for Chromium's push service, Google's FCM, which this machine
cannot reach (it never settles). So the test runs the page's flow up to that call (the permission asked and
granted, the worker ready, ``subscribe`` called with the site's VAPID key, user-visible only) and checks that
the page reports the browser's answer in words; where subscribing works (a Chromium that reaches a push
service), it checks that the device is listed. The site's side of a push is tested against a push service of the test's own
(tests/notifications/test_push.py). The push itself is handed to the worker through the DevTools protocol
(``ServiceWorker.deliverPushMessage``, the Application panel's "Push"), with the very payload the site sends.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from games.push.messages import payload
from games.push.models import PushKind, PushSubscription
from tests.factories import UserFactory, start_game

from .pages import sign_in

pytestmark = pytest.mark.browser

WORKER = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const worker = reg.active;
  if (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", () => worker.state === "activated" && done()));
  }
  return {scope: reg.scope, state: reg.active && reg.active.state, script: reg.active && reg.active.scriptURL};
}"""
CACHED = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) out.push(new URL(request.url).pathname);
  }
  return out;
}"""


def test_the_site_installs_as_an_app_with_its_worker_active_and_an_offline_page(new_page: Any, live_url: str) -> None:
    player = UserFactory(display_name="Zelda")
    page = new_page(412, 860, is_mobile=True, has_touch=True)  # a phone
    sign_in(page, player)
    page.goto("/")
    assert page.evaluate(WORKER) == {"scope": f"{live_url}/", "state": "activated", "script": f"{live_url}/sw.js"}
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{live_url}/manifest.webmanifest" and manifest["errors"] == []
    data = json.loads(manifest["data"])
    assert data["display"] == "standalone" and data["start_url"] == "/"
    # what Chromium checks before it offers "Install app" / "Add to home screen": nothing of the site's is
    # missing (Playwright's contexts are incognito ones, where Chromium installs nothing: that error is the test's)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    page.reload()  # now controlled by the worker
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.goto("/leaderboards/")
    page.context.set_offline(True)
    try:
        page.goto("/leaderboards/")
        assert page.locator("h1").inner_text() == "You are offline"
        page.screenshot(path="/tmp/push-offline.png")
    finally:
        page.context.set_offline(False)
    cached = page.evaluate(CACHED)
    assert "/offline/" in cached and all(path == "/offline/" or path.startswith("/static/") for path in cached), cached
    # logging out (which also turns this device's notifications off, where it has them) still logs out
    page.goto("/accounts/settings/")
    page.get_by_role("button", name="Log out").click()
    # the settings page's own address ends in "/" as well: wait for the home page itself, not any address
    page.wait_for_url(f"{live_url}/")
    page.get_by_role("link", name="Log in").first.wait_for()
    assert page.get_by_role("button", name="Log out").count() == 0
    assert page.errors == []


def test_notifications_are_turned_on_and_a_push_opens_that_game(new_page: Any, live_url: str) -> None:
    from django.conf import settings

    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = start_game([ann, bob])
    page = new_page(permissions=["notifications"])
    sign_in(page, ann)
    page.goto("/accounts/settings/#push")
    assert page.locator("#push").get_attribute("data-public-key") == settings.VAPID_PUBLIC_KEY
    page.evaluate(WORKER)
    # watch the page's call to the PushManager: what it asks for, and what the browser answers
    page.evaluate("""() => {
      window.__subscribe = [];
      const original = PushManager.prototype.subscribe;
      PushManager.prototype.subscribe = function (options) {
        const key = new Uint8Array(options.applicationServerKey);
        window.__subscribe.push({userVisibleOnly: options.userVisibleOnly, key: btoa(String.fromCharCode(...key))});
        return original.call(this, options);
      };
    }""")
    page.get_by_role("button", name="Turn on notifications on this device").click()
    page.wait_for_function("() => document.querySelector('.push-status').textContent.includes('Could not')"
                           " || document.querySelector('.push-devices') !== null")
    page.screenshot(path="/tmp/push-settings.png")
    if PushSubscription.objects.filter(user=ann).exists():  # a Chromium with a push service: subscribed for real
        assert page.locator(".push-devices li").count() == 1
    else:
        [call] = page.evaluate("window.__subscribe")
        expected = settings.VAPID_PUBLIC_KEY.replace("-", "+").replace("_", "/")
        assert call == {"userVisibleOnly": True, "key": expected + "=" * (-len(expected) % 4)}
        status = page.locator(".push-status").inner_text()
        assert status.startswith("Could not change the notifications of this device:"), status
    assert page.evaluate("Notification.permission") == "granted"

    # a push of the site's own making reaches the worker, which shows it; its data opens the game
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")  # the registrations are reported as it is enabled
    for _ in range(100):
        if registrations:
            break
        page.evaluate("() => new Promise((done) => setTimeout(done, 20))")  # let the events come in
    [registration] = [r for r in registrations if r["scopeURL"] == f"{live_url}/"][:1]
    pushed = payload(PushKind.TURN, game, game.seats.get(number=game.current_seat).user)
    cdp.send("ServiceWorker.deliverPushMessage", {"origin": live_url, "registrationId": registration["registrationId"],
                                                   "data": json.dumps(pushed)})
    shown = page.evaluate("""async () => {
      const reg = await navigator.serviceWorker.ready;
      for (let i = 0; i < 100; i++) {
        const list = await reg.getNotifications();
        if (list.length) return list.map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data}));
        await new Promise((done) => setTimeout(done, 50));
      }
      return [];
    }""")
    assert shown == [{"title": pushed["title"], "body": pushed["body"], "tag": f"turn-{game.pk}",
                      "data": {"url": f"/games/{game.pk}/", "kind": "turn"}}]
    assert page.errors == []
