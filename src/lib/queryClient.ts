import { QueryClient } from "@tanstack/react-query";
import { isUnauthorized } from "./api";

const MAX_QUERY_RETRIES = 2;

/** Query defaults from spec part 1 §9: fresh data on focus, two retries except when signed out. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: true,
        staleTime: 0,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => !isUnauthorized(error) && failureCount < MAX_QUERY_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single query client (the browser has one app instance). */
export const queryClient = createQueryClient();

/** Empties the query cache and the browser's Cache Storage (stale assets after a release or on sign-out). */
export async function clearAllCaches(client: QueryClient = queryClient): Promise<void> {
  client.clear();
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  } catch (error) {
    console.warn("Could not clear browser caches", error);
  }
}
