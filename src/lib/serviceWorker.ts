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
    // The screens this visit already loaded came before the worker was in charge; hand them over so the same
    // screen also starts offline next time.
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: "cache-assets", urls: loadedAssets() }));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** The built files (/assets/...) this page has loaded so far, lazy screens included. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
    .map((url) => url.pathname);
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
