import type { QueryClient } from "@tanstack/react-query";
import { queryClient } from "./queryClient";

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
