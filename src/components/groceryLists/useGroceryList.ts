import { useEffect, useMemo, useState } from "react";
import { trpc } from "../../lib/trpc";
import { readCachedList, writeCachedList } from "./listCache";

/** How often an open list asks whether another device changed it. */
export const SYNC_POLL_MS = 3000;

/** navigator.onLine as state, following the browser's online and offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * One list with its items: the copy this browser saved shows at once (and is all there is offline); the server's
 * answer replaces it and is saved in turn. While the page is visible and online, a cheap version query runs every
 * few seconds and the list reloads when another device changed it (see decision 020).
 */
export function useGroceryList(listId: number | null, userId: string | null) {
  const utils = trpc.useUtils();
  const online = useOnline();
  // Read once per list: the saved copy only seeds the query.
  const cached = useMemo(() => (listId !== null ? readCachedList(userId, listId) : undefined), [listId, userId]);
  const list = trpc.groceryLists.get.useQuery(
    { id: listId ?? 0 },
    {
      enabled: listId !== null,
      initialData: cached?.data,
      // The saved copy is old by definition: fetch the real one at once.
      initialDataUpdatedAt: 0,
      retry: (count, error) => (error.data?.httpStatus ?? 0) < 400 && count < 2,
    },
  );
  const version = trpc.groceryLists.version.useQuery(
    { id: listId ?? 0 },
    { enabled: listId !== null && online && list.isSuccess, refetchInterval: SYNC_POLL_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: true, retry: false },
  );

  useEffect(() => {
    if (list.data && list.isFetchedAfterMount) writeCachedList(userId, list.data);
  }, [list.data, list.isFetchedAfterMount, userId]);

  const serverVersion = version.data?.version;
  const shownVersion = list.data?.list.version;
  useEffect(() => {
    if (listId === null || serverVersion === undefined || shownVersion === undefined) return;
    if (serverVersion !== shownVersion && !list.isFetching) void utils.groceryLists.get.invalidate({ id: listId });
  }, [listId, serverVersion, shownVersion, list.isFetching, utils]);

  return { list, online, savedAt: list.isFetchedAfterMount ? null : (cached?.savedAt ?? null) };
}
