{% load i18n %}{% get_current_language as LANGUAGE_CODE %}{% translate "Chess Siege" as title %}// The site's service worker (served at /sw.js, so its scope is the whole site): the offline page
// when a page cannot be loaded, and the duty notices pushed to this device (Web Push), which open
// the duty's page on a tap.
"use strict";
const CACHE = "offline-{{ LANGUAGE_CODE }}-1";
const OFFLINE = "{{ offline|escapejs }}";
const ICON = "{{ icon|escapejs }}";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([OFFLINE, ICON, "{{ css|escapejs }}"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});

// Only a page's load and what the offline page itself needs go through here: every other request
// (the dashboard's refreshes, htmx's parts, the API) is the browser's own, its cache revalidated
// with the ETag it holds, as if no worker were installed.
const KEPT = new Set([OFFLINE, ICON, "{{ css|escapejs }}"].map((path) => new URL(path, self.location.origin).href));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (request.method === "GET" && KEPT.has(request.url)) {
    event.respondWith(fetch(request).catch(() => caches.match(request).then((hit) => hit || Response.error())));
  }
});

self.addEventListener("push", (event) => {
  let notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch (e) { notice = {}; }
  event.waitUntil(self.registration.showNotification(notice.title || "{{ title|escapejs }}", {
    body: notice.body || "", tag: notice.key || "", icon: ICON, badge: ICON, data: {path: notice.path || "/"},
  }));
});

// The duty's page: a window already showing it is brought forward; else a window of the site
// (the installed app left open) goes there; else a new one opens.
function openDuty(path) {
  const url = new URL(path || "/", self.location.origin);
  if (url.origin !== self.location.origin) return Promise.resolve();
  return self.clients.matchAll({type: "window", includeUncontrolled: true}).then((windows) => {
    const showing = windows.find((w) => w.url === url.href);
    if (showing) return showing.focus();
    const open = windows.find((w) => w.focused) || windows[0];
    if (open && "navigate" in open) {
      return open.navigate(url.href).then((w) => (w || open).focus()).catch(() => self.clients.openWindow(url.href));
    }
    return self.clients.openWindow(url.href);
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openDuty(event.notification.data && event.notification.data.path));
});
