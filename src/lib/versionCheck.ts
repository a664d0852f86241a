import { useEffect, useSyncExternalStore } from "react";
import { trpc } from "./trpc";
import { LIMITS } from "../../worker/domain/constants";
import { BUILD_TIME_KEY, buildTimeOf, decideVersion } from "./versionRule";
import { refreshAppShell } from "./serviceWorker";

export { BUILD_TIME_KEY };

// ---- "A new version is available": one flag for the whole page, read by the update banner. ----

let updateAvailable = false;
const listeners = new Set<() => void>();

function setUpdateAvailable(value: boolean) {
  if (updateAvailable === value) return;
  updateAvailable = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a newer build than this page's is live (until the user dismisses the offer). */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => updateAvailable, () => false);
}

export function dismissUpdate(): void {
  setUpdateAvailable(false);
}

function readStored(): string | null {
  try {
    return localStorage.getItem(BUILD_TIME_KEY);
  } catch {
    return null;
  }
}

function writeStored(value: string) {
  try {
    localStorage.setItem(BUILD_TIME_KEY, value);
  } catch {
    // Storage disabled: the check still works for this page.
  }
}

/**
 * Asks for the live build (system.version, never cached) at start and every 5 minutes and applies the rule in
 * versionRule.ts: the stored value follows the server, and a build newer than the page's offers a reload.
 * Failures are only logged.
 */
export function useVersionCheck(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    let pageBuild: string | null = null;
    let offered = false;
    const run = async () => {
      try {
        const received = buildTimeOf(await utils.client.system.version.query());
        const decision = decideVersion({ stored: readStored(), pageBuild }, received);
        pageBuild = decision.pageBuild;
        if (decision.store !== null) writeStored(decision.store);
        if (decision.refreshShell) void refreshAppShell();
        if (decision.offerReload && !offered) {
          offered = true;
          setUpdateAvailable(true);
        }
      } catch (error) {
        console.info("Version check failed", error);
      }
    };
    void run();
    const timer = window.setInterval(run, LIMITS.versionCheckMs);
    return () => window.clearInterval(timer);
  }, [utils]);
}
