import { QueryClient } from "@tanstack/react-query";
import { isUnauthorized } from "./api";

const MAX_QUERY_RETRIES = 2;

/**
 * Query defaults: no polling, fresh data on window focus (stale at once), two retries except when signed out,
 * mutations never retried, unused data dropped after 5 minutes. Free of browser APIs, so the Worker tests can
 * run the client's cache against the real server.
 */
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
