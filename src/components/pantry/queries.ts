/** Data hooks shared by the dashboard and the pantry screens. */
import { useCallback } from "react";
import type { TRPCClientErrorLike } from "@trpc/client";
import type { UseTRPCQueryResult } from "@trpc/react-query/shared";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import type { AppRouter } from "../../../worker/routers";
import { DASHBOARD_QUERY_OPTIONS, refreshAfterPantryChange } from "./pantryRefresh";

export type DashboardData = RouterOutputs["dashboard"]["get"];
export type PantryListItem = RouterOutputs["pantry"]["list"][number];
type QueryResult<T> = UseTRPCQueryResult<T, TRPCClientErrorLike<AppRouter>>;

/** The dashboard call, polled (see DASHBOARD_QUERY_OPTIONS). */
export function useDashboardQuery(): QueryResult<DashboardData> {
  return trpc.dashboard.get.useQuery(undefined, DASHBOARD_QUERY_OPTIONS);
}

/** The pantry count when the dashboard call answered 401 (the pantry list supplies it then). Enabled only then. */
export function usePantryCountFallback(enabled: boolean): QueryResult<number> {
  return trpc.pantry.list.useQuery(undefined, { enabled, retry: false, select: (items) => items.length });
}

/** Call after any pantry change: refreshAfterPantryChange on this app's query cache. */
export function usePantryChanged(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(() => refreshAfterPantryChange(utils), [utils]);
}
