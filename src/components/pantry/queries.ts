/**
 * Data hooks shared by the dashboard and the pantry screens: the polled dashboard call (GET /api/dashboard,
 * spec part 1 §7) and the refresh that follows every pantry change (spec part 1 §4, Pantry changes).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest, isUnauthorized } from "../../lib/api";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { LIMITS } from "../../../worker/domain/constants";

export type DashboardData = RouterOutputs["dashboard"]["get"];
export type PantryListItem = RouterOutputs["pantry"]["list"][number];

export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;
const DASHBOARD_MAX_RETRIES = 3;

/**
 * The dashboard: polled every 10 s, refetched on window focus, never served from cache (the Worker also answers
 * no-store); a 401 is not retried, other failures up to 3 times.
 */
export function useDashboardQuery() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: () => apiRequest<DashboardData>("GET", "/api/dashboard"),
    refetchInterval: LIMITS.dashboardPollMs,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
    retry: (failureCount, error) => !isUnauthorized(error) && failureCount < DASHBOARD_MAX_RETRIES,
  });
}

/**
 * The pantry count when the dashboard call answered 401 (spec part 1 §7: GET /api/pantry supplies it then).
 * Enabled only in that case.
 */
export function usePantryCountFallback(enabled: boolean) {
  return useQuery({
    queryKey: ["pantry-count-fallback"],
    queryFn: async () => (await apiRequest<PantryListItem[]>("GET", "/api/pantry")).length,
    enabled,
    retry: false,
  });
}

/**
 * Call after any pantry change (add, edit, use, delete, mark used): the dashboard is refetched at once and every
 * view derived from the pantry (lists, insights, smart panel, reminders) is marked stale.
 */
export function usePantryChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY, refetchType: "all" }),
      queryClient.invalidateQueries({ queryKey: ["pantry-count-fallback"] }),
      utils.pantry.invalidate(),
      utils.groceries.invalidate(),
      utils.dashboard.invalidate(),
      utils.insights.invalidate(),
      utils.smart.invalidate(),
    ]);
  }, [queryClient, utils]);
}
