import { env, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import worker from "../../worker/index";
import type { AppRouter } from "../../worker/routers";

export const ORIGIN = "http://localhost";

export type FetchOptions = {
  method?: string;
  body?: unknown;
  cookie?: string | null;
  headers?: Record<string, string>;
  /** Extra or replaced bindings, e.g. a fake AI binding or PREMIUM_FOR_ALL = "false". */
  env?: Partial<Env>;
  /** Send the same-origin Origin header (default true for state-changing methods). */
  origin?: string | null;
};

/**
 * Sends one HTTP request into the real Worker (Hono app, tRPC, local D1/KV/R2), as a browser on our origin
 * would. Bindings can be overridden per request, which is how the fake AI binding gets in.
 */
export async function request(path: string, options: FetchOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  const origin = options.origin === undefined ? (method === "GET" || method === "HEAD" ? null : ORIGIN) : options.origin;
  if (origin) headers.set("Origin", origin);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string" || options.body instanceof Uint8Array) {
    body = options.body as BodyInit;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" }), { ...env, ...options.env } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The session cookie (name=value) from a response's Set-Cookie headers, or null. */
export function sessionCookieFrom(response: Response): string | null {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    if (pair?.startsWith("plantry_session=") && pair.length > "plantry_session=".length) return pair;
  }
  return null;
}

/** Calls a tRPC procedure over HTTP, as the typed client does (no batching). */
export async function trpc(path: string, input: unknown, options: FetchOptions & { type?: "query" | "mutation" } = {}) {
  const type = options.type ?? "mutation";
  if (type === "query") {
    const q = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return request(`/trpc/${path}${q}`, { ...options, method: "GET" });
  }
  return request(`/trpc/${path}`, { ...options, method: "POST", body: input ?? {} });
}

/**
 * The typed tRPC client the browser uses, with its requests sent into the real Worker as `cookie`'s owner.
 * Factories and tests call procedures through it so inputs and outputs are checked against the router.
 */
export function trpcClient(cookie: string | null, options: Pick<FetchOptions, "env"> = {}) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${ORIGIN}/trpc`,
        fetch: (input, init) => {
          const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
          const headers = Object.fromEntries(new Headers(init?.headers ?? {}).entries());
          const body = typeof init?.body === "string" ? init.body : undefined;
          return request(`${url.pathname}${url.search}`, { method: init?.method ?? "GET", body, headers, cookie, env: options.env });
        },
      }),
    ],
  });
}

export type TestTrpcClient = ReturnType<typeof trpcClient>;
