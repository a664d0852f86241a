/* global self, URL */
/**
 * Plantry's service worker: only Web Push. It shows the expiry reminder the server sent and, on click, focuses an
 * open Plantry tab (or opens one) on the pantry's expiring items. It caches nothing.
 * Payload (worker/jobs/reminders.ts): { title, body, url, tag, notificationId }.
 */

const DEFAULT_URL = "/pantry?filter=expiring";

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

/** Only paths on this site are opened, whatever a payload says. */
function safeUrl(url) {
  try {
    const target = new URL(url || DEFAULT_URL, self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL(DEFAULT_URL, self.location.origin).href;
  } catch {
    return new URL(DEFAULT_URL, self.location.origin).href;
  }
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === "string" && payload.title ? payload.title : "Items expiring soon";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === "string" ? payload.body : "Some items in your pantry are about to expire.",
      icon: "/logo.svg",
      badge: "/favicon.svg",
      tag: typeof payload.tag === "string" ? payload.tag : "plantry-expiry",
      renotify: false,
      data: { url: safeUrl(payload.url), notificationId: payload.notificationId ?? null },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const sameSite = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (sameSite) {
        return sameSite.focus().then((focused) => (focused && "navigate" in focused ? focused.navigate(url) : focused));
      }
      return self.clients.openWindow(url);
    }),
  );
});
