/**
 * How the client keeps pantry-derived data current: the dashboard's query options and the refresh after a pantry
 * change. Free of React and browser APIs, so the Worker tests run it with the app's query cache against the real
 * server.
 */
import { isUnauthorized } from "../../lib/api";
import { LIMITS } from "../../../worker/domain/constants";

const DASHBOARD_MAX_RETRIES = 3;

/**
 * The dashboard: polled every 10 s, refetched on window focus, never served from cache (the Worker also answers
 * no-store); a 401 is not retried, other failures up to 3 times.
 */
export const DASHBOARD_QUERY_OPTIONS = {
  refetchInterval: LIMITS.dashboardPollMs,
  refetchOnWindowFocus: true,
  staleTime: 0,
  gcTime: 0,
  retry: (failureCount: number, error: unknown) => !isUnauthorized(error) && failureCount < DASHBOARD_MAX_RETRIES,
};

type Refreshable = { invalidate: () => Promise<void> };

/**
 * The query helpers a pantry change touches: `trpc.useUtils()` in components, `createTRPCQueryUtils` outside
 * React. Both address the tRPC query keys the hooks use.
 */
export type PantryChangeUtils = {
  dashboard: { get: { reset: () => Promise<void> } };
  pantry: Refreshable;
  groceries: Refreshable;
  insights: Refreshable;
  smart: Refreshable;
  recipes: Refreshable;
};

/**
 * After any pantry change (add, edit, use, delete, mark used): the dashboard is reset and, when shown, refetched
 * at once (not at the next poll); every view derived from the pantry (lists, recipe availability, insights, the
 * smart panel) is marked stale and refetched where shown.
 */
export async function refreshAfterPantryChange(utils: PantryChangeUtils): Promise<void> {
  await Promise.all([
    utils.dashboard.get.reset(),
    utils.pantry.invalidate(),
    utils.groceries.invalidate(),
    utils.insights.invalidate(),
    utils.smart.invalidate(),
    utils.recipes.invalidate(),
  ]);
}
