// The site's service worker (served at /sw.js by games/push/web.py, so its scope is the whole site).
// It keeps the shell (the offline page and the static files every page uses) and shows a push as a
// notification whose click opens that game. It never keeps a page or an API answer: those carry one player's
// games, and a shared phone or computer must never show them to the next person (docs/push.md).
"use strict";

const VERSION = "__VERSION__";
const SHELL_CACHE = `shell-${VERSION}`;
const SHELL = {{ shell|safe }};
const OFFLINE = "{{ offline }}";
const ICON = "{{ icon }}";
const BADGE = "{{ badge }}";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== SHELL_CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

// The network first, always; the kept shell only when the network fails. Pages that fail show the offline
// page; everything else (the API, the games, the sockets, other sites) is left to the browser untouched.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(url.pathname, copy)));
      }
      return response;
    }).catch(() => caches.match(url.pathname)));
  }
});

// A push from the site: {kind, title, body, url, tag} (games/push/messages.py).
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {body: event.data ? event.data.text() : ""};
  }
  const title = data.title || "Correspondence Board Games";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "", tag: data.tag || undefined, renotify: Boolean(data.tag), icon: ICON, badge: BADGE,
    data: {url: data.url || "/", kind: data.kind || ""},
  }));
});

// The click opens that game: a window already showing it comes forward, else the app opens on it.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then((windows) => {
    const open = windows.find((client) => new URL(client.url).pathname === target.pathname);
    if (open) return open.focus();
    return self.clients.openWindow(target.href);
  }));
});
