import { TRPCError } from "@trpc/server";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app";
import { appRouter } from "../routers";
import { createCallerFactory } from "../trpc";
import { errorDetailsOf, fieldErrorsOf, httpStatusFor, publicMessage } from "../errors";
import { errorFields, logJson } from "../lib/log";

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/**
 * A procedure's input as a request supplies it: only the procedure's own field names (a misspelt one is a type
 * error), values not checked yet. The procedure's zod schema checks them, exactly as for a tRPC call.
 */
export type Unchecked<I> = Partial<Record<keyof NonNullable<I>, unknown>>;

/** What a REST path offers for building its procedure's input. */
export type RestRequest = {
  /** The JSON body; a missing or malformed one is `{}`, so zod names what is missing. */
  body: Record<string, unknown>;
  param: (name: string) => string;
  query: (name: string) => string | undefined;
  /** Every value of a repeated query parameter (`?dietary=a&dietary=b`). */
  queries: (name: string) => string[] | undefined;
  /** All query parameters, last value wins. */
  queryAll: () => Record<string, string>;
  raw: Request;
};

export type RestOptions<O> = {
  /** Login and registration failures put the text under `error`, everything else under `message`. */
  errorKey?: "error" | "message";
  /** The success status (201 for creations). */
  status?: ContentfulStatusCode;
  /** A response other than JSON (a stored file). */
  respond?: (c: Context<AppEnv>, output: O) => Response;
};

type RestHandler = (c: Context<AppEnv>) => Promise<Response>;

/**
 * The REST error body: `{ message }` (or `{ error }`) with the HTTP status of the tRPC code, zod's fieldErrors
 * and the error's details beside it. Internal errors are logged and never described.
 */
export function restError(c: Context<AppEnv>, error: unknown, errorKey: "error" | "message" = "message"): Response {
  const trpcError =
    error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal error", cause: error });
  if (trpcError.code === "INTERNAL_SERVER_ERROR") logJson("error", "REST procedure failed", { requestId: c.var.requestId, path: c.req.path, ...errorFields(error) });
  const body: Record<string, unknown> = { [errorKey]: publicMessage(trpcError) };
  const fields = fieldErrorsOf(trpcError.cause);
  if (fields) body.fieldErrors = fields;
  Object.assign(body, errorDetailsOf(trpcError.cause));
  return c.json(body, httpStatusFor(trpcError.code) as ContentfulStatusCode);
}

async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  // A multipart upload is read by its own adapter (`raw`), so its stream is left alone here.
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.header("Content-Type")?.startsWith("multipart/")) return {};
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === "object" && !Array.isArray(body) ? { ...body } : {};
  } catch {
    return {};
  }
}

function restRequest(c: Context<AppEnv>, body: Record<string, unknown>): RestRequest {
  return {
    body,
    param: (name) => c.req.param(name) ?? "",
    query: (name) => c.req.query(name),
    queries: (name) => c.req.queries(name),
    queryAll: () => c.req.query(),
    raw: c.req.raw,
  };
}

/**
 * One REST path as a call of one procedure. `pick` names the procedure on the caller, so its input and output
 * types come from the router; `toInput` maps path, query and body onto that input's fields. The adapter holds
 * no logic: the procedure (same context, same zod schema) decides, and its TRPCError becomes the HTTP answer.
 *
 *   .put("/pantry/:id", procedure((api) => api.pantry.update, ({ body, param }) => ({ ...body, id: param("id") })))
 */
export function procedure<I, O>(
  pick: (api: Caller) => (input: I) => Promise<O>,
  toInput: (request: RestRequest) => Unchecked<I> | Promise<Unchecked<I>>,
  options?: RestOptions<O>,
): RestHandler;
/** A procedure without input. */
export function procedure<O>(pick: (api: Caller) => () => Promise<O>, options?: RestOptions<O>): RestHandler;
export function procedure<I, O>(
  pick: (api: Caller) => (input?: I) => Promise<O>,
  inputOrOptions?: ((request: RestRequest) => Unchecked<I> | Promise<Unchecked<I>>) | RestOptions<O>,
  maybeOptions?: RestOptions<O>,
): RestHandler {
  const toInput = typeof inputOrOptions === "function" ? inputOrOptions : undefined;
  const options = (typeof inputOrOptions === "function" ? maybeOptions : inputOrOptions) ?? {};
  return async (c) => {
    try {
      const call = pick(createCaller(c.var.ctx));
      // Unchecked JSON meets the typed caller here, and only here: the procedure's zod input validates it.
      const output = toInput ? await call((await toInput(restRequest(c, await jsonBody(c)))) as I) : await call();
      if (options.respond) return options.respond(c, output);
      return c.json(output, options.status ?? 200);
    } catch (error) {
      return restError(c, error, options.errorKey);
    }
  };
}

/**
 * A multipart upload passed to its procedure as the FormData itself (the procedure's zod schema reads the fields),
 * so REST and tRPC clients send the same form. A body that is not a form is refused with `missing`.
 */
export function formProcedure<O>(pick: (api: Caller) => (form: FormData) => Promise<O>, missing: string) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return restError(c, new TRPCError({ code: "BAD_REQUEST", message: missing }));
    }
    try {
      return c.json(await pick(createCaller(c.var.ctx))(form));
    } catch (error) {
      return restError(c, error);
    }
  };
}
