/* global self, caches, fetch, URL, Response */
/**
 * Plantry's service worker: the installable app's offline shell, and Web Push for expiry reminders.
 *
 * What is cached: the app shell only (the page itself, its hashed /assets/ files, the icons and the manifest), plus
 * the /assets/ files of screens the page loaded before this worker controlled it (the page posts "cache-assets").
 * What is never cached or answered here: /api/* and /trpc/* (the user's data). Offline, those requests fail as
 * they would without a service worker, and the app says it is offline; nothing is ever faked.
 *
 * Fetch handling, in order (first match wins):
 *   1. not GET, another origin, /api/*, /trpc/*, /ocr/*  -> left to the browser (return without respondWith)
 *   2. navigations                                       -> network first; offline: the cached shell, else offline.html
 *   3. /assets/* (content-hashed, immutable)             -> cache first, then network (kept to MAX_ASSETS)
 *   4. the shell's own files (icons, manifest)           -> cache first, then network
 * Extending it (e.g. the grocery lists' offline queue): add a numbered rule above the final `return` in the fetch
 * listener for your own path only, keep rule 1 first so data is never served from a cache, and queue writes in
 * the page (IndexedDB) rather than answering them here. Bump VERSION when the shell list changes.
 *
 * Push payload (worker/jobs/reminders.ts): { title, body, url, tag, notificationId }.
 */

const VERSION = "v1";
const SHELL_CACHE = `plantry-shell-${VERSION}`;
const ASSET_CACHE = `plantry-assets-${VERSION}`;
const SHELL_PAGE = "/";
const OFFLINE_PAGE = "/offline.html";
const SHELL_FILES = [SHELL_PAGE, OFFLINE_PAGE, "/manifest.webmanifest", "/favicon.svg", "/logo.svg", "/icons/icon-192.png", "/icons/icon-512.png"];
const MAX_ASSETS = 80;
const NEVER_CACHED = /^\/(api|trpc|ocr)(\/|$)/;
const DEFAULT_URL = "/pantry?filter=expiring";

/** The /assets/ files a shell page loads (scripts, styles, preloads). */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  // Oldest first: keys come back in insertion order.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

/** Fetches the shell page and what it loads, so the app starts offline after one visit. */
async function cacheShell() {
  const shell = await caches.open(SHELL_CACHE);
  await shell.addAll(SHELL_FILES);
  const page = await shell.match(SHELL_PAGE);
  if (!page) return;
  const assets = await caches.open(ASSET_CACHE);
  await Promise.all(assetsOf(await page.clone().text()).map((url) => assets.add(url).catch(() => undefined)));
  await trimAssets();
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("plantry-") && name !== SHELL_CACHE && name !== ASSET_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Built files a page loaded before this worker controlled it (only same-site /assets/ paths are taken). */
async function cacheAssets(urls) {
  const wanted = (Array.isArray(urls) ? urls : []).filter((url) => typeof url === "string" && url.startsWith("/assets/") && !url.includes(".."));
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(wanted.map(async (url) => (await cache.match(url)) || cache.add(url).catch(() => undefined)));
  await trimAssets();
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  // A new release went live (the page's version check): take the new shell now.
  if (data.type === "refresh-shell") event.waitUntil(cacheShell().catch(() => undefined));
  // The page's first visit: keep what it loaded before this worker took over.
  if (data.type === "cache-assets") event.waitUntil(cacheAssets(data.urls).catch(() => undefined));
});

async function navigation(request) {
  try {
    const response = await fetch(request);
    // Every app route is the same single page: keep the newest copy as the offline shell.
    if (response.ok && (response.headers.get("Content-Type") || "").includes("text/html")) {
      const copy = response.clone();
      caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_PAGE, copy));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(SHELL_CACHE);
    const cached = (await cache.match(SHELL_PAGE)) || (await cache.match(OFFLINE_PAGE));
    if (cached) return cached;
    return new Response("<!doctype html><title>Offline</title><p>You're offline. Reconnect and try again.</p>", {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
}

async function cacheFirst(request, cacheName, trim) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    if (trim) await trimAssets();
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // 1. Data and other sites: never touched.
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  // 2. Pages.
  if (request.mode === "navigate") {
    event.respondWith(navigation(request));
    return;
  }
  // 3. Built assets.
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request, ASSET_CACHE, true));
    return;
  }
  // 4. The shell's own files.
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL_CACHE, false));
    return;
  }
});

// ---- Web Push: the expiry reminder the server sent; a click focuses Plantry (or opens it) on expiring items. ----

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
      icon: "/icons/icon-192.png",
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
