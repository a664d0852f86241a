import { TRPCClientError } from "@trpc/client";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Calls a documented REST path (`/api/...`). A plain object body is sent as JSON, a FormData body as multipart.
 * Credentials are always included. A non-OK answer throws `Error("<status>: <body text>")` (spec part 1 §7).
 * Resolves with the parsed JSON body, the text body when it is not JSON, or undefined when empty.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text || res.statusText}`);
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** The HTTP status of an error raised by apiRequest or the tRPC client, when known. */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof TRPCClientError) {
    const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
    return typeof status === "number" ? status : undefined;
  }
  if (err instanceof Error) {
    const match = /^(\d{3}): /.exec(err.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** True for "signed out" failures: HTTP 401 or the tRPC UNAUTHORIZED code. */
export function isUnauthorized(err: unknown): boolean {
  if (err instanceof TRPCClientError && (err.data as { code?: string } | undefined)?.code === "UNAUTHORIZED") return true;
  return errorStatus(err) === 401;
}

/**
 * The sentence to show in a toast: the server's `message` or `error` field when the body is JSON, the body text
 * when it is short plain text, the tRPC error's message, or the fallback.
 */
export function errorMessage(err: unknown, fallback = "Something went wrong. Please try again."): string {
  if (err instanceof TRPCClientError) return err.message || fallback;
  if (!(err instanceof Error)) return typeof err === "string" && err ? err : fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return err.message || fallback;
  const bodyText = (match[1] ?? "").trim();
  try {
    const parsed = JSON.parse(bodyText) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
    if (typeof parsed.error === "string" && parsed.error) return parsed.error;
    return fallback;
  } catch {
    // HTML error pages (proxies, gateways) are not worth showing to a person.
    if (bodyText && bodyText.length <= 200 && !bodyText.startsWith("<")) return bodyText;
    return fallback;
  }
}
