import { TRPCError } from "@trpc/server";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app";
import { appRouter } from "../routers";
import { createCallerFactory } from "../trpc";
import { errorDetailsOf, fieldErrorsOf, httpStatusFor, publicMessage } from "../errors";

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

type RestOptions = {
  /** Login and registration failures put the text under `error`, everything else under `message`. */
  errorKey?: "error" | "message";
  status?: ContentfulStatusCode;
};

/**
 * Runs one tRPC procedure for a REST path: the adapter only translates path, body and errors. Error bodies are
 * `{ message }` (or `{ error }`) with the HTTP status of the tRPC code.
 */
export async function callProcedure<T>(c: Context<AppEnv>, run: (caller: Caller) => Promise<T>, options: RestOptions = {}) {
  const caller = createCaller(c.var.ctx);
  try {
    const result = await run(caller);
    return c.json(result as object, options.status ?? 200);
  } catch (error) {
    const trpcError =
      error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal error", cause: error });
    if (trpcError.code === "INTERNAL_SERVER_ERROR") console.error("REST procedure failed", error);
    const key = options.errorKey ?? "message";
    const body: Record<string, unknown> = { [key]: publicMessage(trpcError) };
    const fields = fieldErrorsOf(trpcError.cause);
    if (fields) body.fieldErrors = fields;
    Object.assign(body, errorDetailsOf(trpcError.cause));
    return c.json(body, httpStatusFor(trpcError.code) as ContentfulStatusCode);
  }
}

/** Reads a JSON body; a malformed one becomes an empty object so zod reports what is missing. */
export async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    const body = await c.req.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
