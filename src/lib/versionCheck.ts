import { useEffect } from "react";
import { toast } from "../components/ui/toast-store";
import { trpc } from "./trpc";
import { LIMITS } from "../../worker/domain/constants";

export const BUILD_TIME_KEY = "app-build-time";

/**
 * Compares the server's buildTime (system.version, answered no-store) with the one stored from the last visit.
 * Returns true when a different build was stored before, i.e. a new release went live since. The new value is
 * always stored.
 */
export async function checkForNewVersion(readVersion: () => Promise<{ buildTime: unknown }>): Promise<boolean> {
  const body = await readVersion();
  const buildTime = typeof body.buildTime === "string" || typeof body.buildTime === "number" ? String(body.buildTime) : null;
  if (!buildTime) return false;
  const stored = localStorage.getItem(BUILD_TIME_KEY);
  if (stored === buildTime) return false;
  localStorage.setItem(BUILD_TIME_KEY, buildTime);
  return stored !== null;
}

/** Checks at start and every 5 minutes; a new build shows a toast with Reload. Failures are only logged. */
export function useVersionCheck(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    let announced = false;
    const run = async () => {
      try {
        if ((await checkForNewVersion(() => utils.client.system.version.query())) && !announced) {
          announced = true;
          toast({
            title: "A new version of Plantry is available",
            description: "Reload to get the latest improvements.",
            duration: Number.POSITIVE_INFINITY,
            action: { label: "Reload", onClick: () => window.location.reload() },
          });
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
