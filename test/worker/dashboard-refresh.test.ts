/**
 * The client's refresh after a pantry change, run with the app's own query client, tRPC client and query options
 * against the real Worker: the cached dashboard is reset and refetched at once, not left to the 10-second poll.
 */
import { describe, expect, it, vi } from "vitest";
import { QueryObserver } from "@tanstack/react-query";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { createQueryClient } from "../../src/lib/queryClient";
import { DASHBOARD_QUERY_OPTIONS, refreshAfterPantryChange } from "../../src/components/pantry/pantryRefresh";
import { addDays, todayIn } from "../../worker/domain/dates";
import { createPantryItem, createUser } from "../helpers/factories";
import { trpcClient } from "../helpers/http";

async function dashboardWatcher(cookie: string) {
  const queryClient = createQueryClient();
  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient(cookie) });
  // The same key and options as the dashboard screen's trpc.dashboard.get.useQuery.
  const observer = new QueryObserver(queryClient, utils.dashboard.get.queryOptions(undefined, DASHBOARD_QUERY_OPTIONS));
  const counts: (number | undefined)[] = [];
  const stop = observer.subscribe((result) => counts.push(result.data?.counts.pantryItems));
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());
  return { queryClient, utils, observer, counts, stop };
}

describe("refreshAfterPantryChange", () => {
  it("resets the shown dashboard and has the new answer before it resolves", async () => {
    const user = await createUser();
    const yogurt = await createPantryItem(user, { name: "Greek yogurt", category: "Cheese & Yogurt", expirationDate: addDays(todayIn("UTC"), 1) });
    const watcher = await dashboardWatcher(user.cookie);
    try {
      expect(watcher.observer.getCurrentResult().data).toMatchObject({ counts: { pantryItems: 1 }, expiringItems: [{ id: yogurt.id }] });

      await trpcClient(user.cookie).groceries.markUsed.mutate({ id: yogurt.id, used: true });
      // Nothing has told the cache yet: it still shows the yogurt.
      expect(watcher.observer.getCurrentResult().data?.counts.pantryItems).toBe(1);

      watcher.counts.length = 0;
      await refreshAfterPantryChange(watcher.utils);
      // Reset first (the old answer is dropped), then refetched: the new answer is there when the promise settles.
      expect(watcher.counts[0]).toBeUndefined();
      expect(watcher.observer.getCurrentResult().data).toMatchObject({ counts: { pantryItems: 0 }, expiringItems: [] });
    } finally {
      watcher.stop();
      watcher.queryClient.clear();
    }
  });

  it("marks every pantry-derived view stale", async () => {
    const user = await createUser();
    await createPantryItem(user, { name: "Rice", category: "Dry Goods" });
    const watcher = await dashboardWatcher(user.cookie);
    try {
      const { utils, queryClient } = watcher;
      await Promise.all([utils.pantry.list.fetch(), utils.groceries.list.fetch(), utils.smart.cookingTips.fetch(), utils.recipes.list.fetch()]);
      const keys = [
        utils.pantry.list.queryOptions().queryKey,
        utils.groceries.list.queryOptions().queryKey,
        utils.smart.cookingTips.queryOptions().queryKey,
        utils.recipes.list.queryOptions().queryKey,
      ];
      expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([false, false, false, false]);
      await refreshAfterPantryChange(utils);
      expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, true]);
    } finally {
      watcher.stop();
      watcher.queryClient.clear();
    }
  });
});
