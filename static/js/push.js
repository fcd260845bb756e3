// The settings page's Web Push section: turn notifications on or off for this device (the browser's
// PushManager, then the site's API /api/accounts/me/push/devices/), and the button that installs the app.
"use strict";

import {canInstall, install, registration} from "./app.js";

const section = document.getElementById("push");
const status = section.querySelector(".push-status");
const turnOn = section.querySelector(".push-on");
const turnOff = section.querySelector(".push-off");
const DEVICES = "/api/accounts/me/push/devices/";

function say(text) {
  if (status) status.textContent = text;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url) {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

async function callApi(method, body) {
  const csrf = section.querySelector("input[name=csrfmiddlewaretoken]").value;
  const response = await fetch(DEVICES, {
    method, credentials: "same-origin", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json"},
  });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new Error(data.detail || `HTTP ${response.status}`);
  }
}

/** This account's devices, as the page lists them. */
function knownEndpoints() {
  return new Set([...section.querySelectorAll(".push-devices li[data-endpoint]")].map((li) => li.dataset.endpoint));
}

async function show() {
  const reg = await registration;
  if (!reg || !("pushManager" in reg) || !("Notification" in window)) {
    say(gettext("This browser cannot show notifications from the site."));
    return;
  }
  const subscription = await reg.pushManager.getSubscription();
  const on = subscription !== null && knownEndpoints().has(subscription.endpoint);
  turnOn.hidden = on;
  turnOff.hidden = !on;
  if (on) say(gettext("Notifications are on for this device."));
  else if (Notification.permission === "denied") say(gettext("This browser blocks the site's notifications: allow them in its site settings."));
}

async function subscribe() {
  say(gettext("Asking the browser…"));
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    say(gettext("The browser did not allow notifications."));
    return;
  }
  const reg = await registration;
  const subscription = (await reg.pushManager.getSubscription()) || await reg.pushManager.subscribe({
    userVisibleOnly: true, applicationServerKey: keyBytes(section.dataset.publicKey),
  });
  await callApi("POST", subscription.toJSON());
  window.location.reload();  // the list of devices shows this one
}

async function unsubscribe() {
  const reg = await registration;
  const subscription = await reg.pushManager.getSubscription();
  if (subscription) {
    await callApi("DELETE", {endpoint: subscription.endpoint});
    await subscription.unsubscribe();
  }
  window.location.reload();
}

function guard(action) {
  return () => action().catch((error) => say(`${gettext("Could not change the notifications of this device:")} ${error.message}`));
}

if (section.dataset.pushEnabled === "true") {
  turnOn.addEventListener("click", guard(subscribe));
  turnOff.addEventListener("click", guard(unsubscribe));
  show().catch((error) => say(error.message));
}

const installBox = section.querySelector(".push-install");
const offerInstall = () => { installBox.hidden = !canInstall(); };
document.addEventListener("app:installable", offerInstall);
document.addEventListener("app:installed", offerInstall);
offerInstall();
installBox.querySelector("button").addEventListener("click", () => install().then(offerInstall));
