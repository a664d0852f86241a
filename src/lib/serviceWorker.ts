/**
 * The service worker (public/sw.js): the installable app's offline shell and the expiry reminders' Web Push.
 * Registered once the page has loaded, in built apps only: the Vite dev server (the only place import.meta.hot
 * exists) serves modules a cache must not keep. Not import.meta.env.DEV: a build made with NODE_ENV=test has it.
 */
export const SERVICE_WORKER_URL = "/sw.js";

export function registerServiceWorker(): void {
  if (import.meta.hot || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => console.warn("Service worker registration failed", error));
    if (!navigator.serviceWorker.controller) handOverAssets();
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/**
 * On a first visit the page loads its screens before the worker is in charge, so the worker never sees those
 * files. Every built file (/assets/...) the page loads, before and after the worker takes over, is handed to it
 * once it controls the page, so the same screens also start offline next time.
 */
function handOverAssets(): void {
  const worker = navigator.serviceWorker;
  let pending: string[] = [];
  const flush = () => {
    if (!worker.controller || pending.length === 0) return;
    worker.controller.postMessage({ type: "cache-assets", urls: pending });
    pending = [];
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const url = new URL(entry.name);
      if (url.origin === location.origin && url.pathname.startsWith("/assets/")) pending.push(url.pathname);
    }
    flush();
  }).observe({ type: "resource", buffered: true });
  worker.addEventListener("controllerchange", flush);
}

/** After a release: fetch the new service worker and let it drop the old shell, so the next start is fresh. */
export async function refreshAppShell(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
    await registration?.update();
    registration?.active?.postMessage({ type: "refresh-shell" });
  } catch (error) {
    console.info("Could not refresh the offline copy of the app", error);
  }
}
