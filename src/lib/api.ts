import { TRPCClientError } from "@trpc/client";
import type { ErrorDetailFields } from "../../worker/errors";

/**
 * Reading failures of calls made through the tRPC client (src/lib/trpc.ts), the only way the client talks to the
 * server. The error formatter (worker/trpc.ts) puts the HTTP status, the tRPC code and any details in `data`.
 */
type ErrorData = { httpStatus?: unknown; code?: unknown; details?: ErrorDetailFields | null };

function dataOf(err: unknown): ErrorData | undefined {
  return err instanceof TRPCClientError ? ((err.data ?? undefined) as ErrorData | undefined) : undefined;
}

/** The HTTP status of a failed call, when the server answered. */
export function errorStatus(err: unknown): number | undefined {
  const status = dataOf(err)?.httpStatus;
  return typeof status === "number" ? status : undefined;
}

/** True for "signed out" failures: the UNAUTHORIZED code or HTTP 401. */
export function isUnauthorized(err: unknown): boolean {
  return dataOf(err)?.code === "UNAUTHORIZED" || errorStatus(err) === 401;
}

/** What the server said beside the message (generation's `type` and `errors`, the receipt limit flag...). */
export function errorDetails(err: unknown): ErrorDetailFields {
  return dataOf(err)?.details ?? {};
}

/**
 * The sentence to show in a toast: the server's user-readable message (the formatter never sends internals), the
 * error's own message, or the fallback. A call that never got a tRPC answer (offline, a proxy's HTML error page)
 * has only a technical message, and an internal error only the server's generic apology, so both get the
 * fallback: the screen's own words for its failure ("Failed to update food preferences. Please try again.").
 */
export function errorMessage(err: unknown, fallback = "Something went wrong. Please try again."): string {
  if (err instanceof TRPCClientError) {
    const code = dataOf(err)?.code;
    return code && code !== "INTERNAL_SERVER_ERROR" ? err.message || fallback : fallback;
  }
  if (err instanceof Error) return err.message || fallback;
  return typeof err === "string" && err ? err : fallback;
}
