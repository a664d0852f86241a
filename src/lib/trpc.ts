import { createTRPCReact, httpBatchLink, httpBatchStreamLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../worker/routers";

/** The typed tRPC client for React: `trpc.pantry.list.useQuery()`, `trpc.useUtils()`. */
export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Procedures that answer with a stream of events (decision 017): the companion's streamed chat turn. */
const STREAMED_PROCEDURES = new Set(["companion.chatStream"]);

/**
 * One client per app; every call carries the session cookie. Uploads (FormData, e.g. receipts.scan) go one per
 * request as multipart through httpLink; streamed answers through httpBatchStreamLink (a batch of one, read as it
 * arrives); everything else is batched as JSON.
 */
export function createTrpcClient() {
  const withCookies: typeof fetch = (input, init) => fetch(input, { ...init, credentials: "include" });
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url: "/trpc", fetch: withCookies }),
        false: splitLink({
          condition: (op) => STREAMED_PROCEDURES.has(op.path),
          true: httpBatchStreamLink({ url: "/trpc", fetch: withCookies, maxItems: 1 }),
          false: httpBatchLink({ url: "/trpc", fetch: withCookies }),
        }),
      }),
    ],
  });
}
