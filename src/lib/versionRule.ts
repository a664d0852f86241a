/**
 * The version check's rule, pure. The server answers the build time it runs (GET /api/version); the browser keeps
 * the last one it saw under `app-build-time`.
 *
 * - When the stored value differs from the answer, or none is stored, the answer is stored.
 * - The page remembers the build it started with (the first answer). A later answer that differs means a new
 *   build went live while the page was open: the user is offered a reload. The first answer never prompts: the
 *   page was just loaded from the server, so it already is the live build.
 * - A stored value that differs from the first answer means a release happened since the last visit: the
 *   app-shell cache is refreshed so the next start is fresh even offline.
 */
export const BUILD_TIME_KEY = "app-build-time";

export type VersionState = {
  /** What localStorage held before this check. */
  stored: string | null;
  /** The build this page started with, once known. */
  pageBuild: string | null;
};

export type VersionDecision = {
  /** The value to write under BUILD_TIME_KEY, or null to leave storage alone. */
  store: string | null;
  pageBuild: string | null;
  /** A build other than the page's is live: offer a reload. */
  offerReload: boolean;
  /** A different build than last visit's: refresh the cached app shell. */
  refreshShell: boolean;
};

/** The build time in a version answer; null for anything that is not a non-empty string or number. */
export function buildTimeOf(body: unknown): string | null {
  const value = typeof body === "object" && body !== null ? (body as { buildTime?: unknown }).buildTime : undefined;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

export function decideVersion(state: VersionState, received: string | null): VersionDecision {
  if (received === null) return { store: null, pageBuild: state.pageBuild, offerReload: false, refreshShell: false };
  const changed = state.stored !== received;
  const pageBuild = state.pageBuild ?? received;
  return {
    store: changed ? received : null,
    pageBuild,
    offerReload: pageBuild !== received,
    refreshShell: changed && state.stored !== null,
  };
}
