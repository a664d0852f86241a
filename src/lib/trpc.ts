import { createTRPCReact, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../worker/routers";

/** The typed tRPC client for React: `trpc.pantry.list.useQuery()`, `trpc.useUtils()`. */
export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * One client per app; every call carries the session cookie. Uploads (FormData, e.g. receipts.scan) go one per
 * request as multipart through httpLink; everything else is batched as JSON.
 */
export function createTrpcClient() {
  const withCookies: typeof fetch = (input, init) => fetch(input, { ...init, credentials: "include" });
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url: "/trpc", fetch: withCookies }),
        false: httpBatchLink({ url: "/trpc", fetch: withCookies }),
      }),
    ],
  });
}
