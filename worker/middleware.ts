import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { httpStatusFor } from "./errors";
import { RECEIPT_UPLOAD_LIMITS } from "./schemas/receipts";
import { PROFILE_PHOTO_UPLOAD_LIMITS } from "./schemas/profile";
import { IMPORT_UPLOAD_LIMITS } from "./schemas/recipeImport";
import { SIGN_IN_MESSAGE } from "./trpc";
import type { AppEnv } from "./app";
import { createContextInner } from "./context";
import { createDb } from "../db";
import { createLucia } from "./auth/lucia";
import { bearerToken } from "./auth/apiTokens";
import { authenticateApiToken } from "./services/apiTokens";
import type { ApiTokenScope } from "./schemas/apiTokens";
import { errorFields, hashUserId, logJson } from "./lib/log";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, openD1Session, requestBookmark } from "./lib/d1Session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request must come from our own origin, shown by a matching Origin header or, when a
 * browser omits Origin, by Sec-Fetch-Site. A request with `Authorization: Bearer` is exempt: it is authenticated
 * by that token alone (cookies are ignored), and a browser never adds the header on its own (decision 022).
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (bearerToken(c.req.header("Authorization")) !== null) return next();
  const origin = c.req.header("Origin");
  const ownOrigin = new URL(c.req.url).origin;
  if (origin) {
    if (origin === ownOrigin) return next();
  } else {
    const site = c.req.header("Sec-Fetch-Site");
    if (site === "same-origin" || site === "same-site") return next();
  }
  return c.json({ message: "Cross-site request refused" }, 403);
};

/**
 * Builds the per-request context: db, lucia and the signed-in user, from a personal access token when the request
 * has `Authorization: Bearer` (then the session cookie is not read), otherwise from the session cookie.
 */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Reads may come from a nearby replica, never older than this caller's own last write (worker/lib/d1Session.ts).
  const sentBookmark = requestBookmark(c.req.header(BOOKMARK_HEADER), c.req.header("Cookie"));
  const d1 = openD1Session(c.env.DB, sentBookmark);
  const db = createDb(d1.database);
  const lucia = createLucia(c.env.SESSIONS, db, c.req.url);
  const resHeaders = new Headers();
  const bearer = bearerToken(c.req.header("Authorization"));
  const sessionId = bearer === null ? lucia.readSessionCookie(c.req.header("Cookie") ?? "") : null;
  let user = null;
  let session = null;
  let apiToken = null;
  let executionCtx: ExecutionContext | undefined;
  try {
    executionCtx = c.executionCtx as ExecutionContext;
  } catch {
    executionCtx = undefined;
  }
  if (bearer !== null) {
    const found = await authenticateApiToken({ db }, bearer);
    if (found) {
      user = found.user;
      apiToken = { id: found.token.id, scope: found.token.scope as ApiTokenScope };
      executionCtx?.waitUntil(found.touch());
    }
  } else if (sessionId) {
    const result = await lucia.validateSession(sessionId);
    if (result.session) {
      session = result.session;
      // lucia renewed the session (sliding expiry): send the new cookie.
      if (result.session.fresh) resHeaders.append("Set-Cookie", lucia.createSessionCookie(result.session.id).serialize());
      // The adapter already read the row (and refused a disabled account): no second read.
      user = result.user;
    } else {
      resHeaders.append("Set-Cookie", lucia.createBlankSessionCookie().serialize());
    }
  }
  c.set(
    "ctx",
    createContextInner({
      env: c.env,
      db,
      lucia,
      requestUrl: c.req.url,
      clientIp: c.req.header("CF-Connecting-IP") ?? "local",
      user: user ?? null,
      session: user ? session : null,
      apiToken,
      requestId: c.var.requestId,
      resHeaders,
      waitUntil: (p) => executionCtx?.waitUntil(p),
    }),
  );
  await next();
  const bookmark = d1.bookmark();
  if (bookmark) {
    resHeaders.set(BOOKMARK_HEADER, bookmark);
    if (bookmark !== sentBookmark) {
      const secure = new URL(c.req.url).protocol === "https:" ? "; Secure" : "";
      resHeaders.append("Set-Cookie", `${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${secure}`);
    }
  }
  copyHeaders(c, resHeaders);
};

/** Puts the headers procedures queued (Set-Cookie, Retry-After) on the response. */
function copyHeaders(c: Context<AppEnv>, headers: Headers) {
  const cookies = headers.getSetCookie();
  const others = [...headers].filter(([name]) => name.toLowerCase() !== "set-cookie");
  if (cookies.length === 0 && others.length === 0) return;
  const apply = (target: Headers) => {
    for (const cookie of cookies) target.append("Set-Cookie", cookie);
    for (const [name, value] of others) target.set(name, value);
  };
  try {
    apply(c.res.headers);
  } catch {
    // Immutable headers (a response passed through from fetch): copy it. Clearing c.res first stops Hono
    // from merging the old response's Set-Cookie over ours.
    const res = new Response(c.res.body, c.res);
    apply(res.headers);
    c.res = undefined;
    c.res = res;
  }
}

/**
 * Every API request gets an id (the X-Request-Id response header, and the `requestId` of every log line it
 * causes) and one JSON log line when it ends: method, path, status, duration, how the caller signed in, and the
 * user as a hash of their id.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  const started = Date.now();
  try {
    await next();
  } catch (error) {
    logJson("error", "request failed", { requestId, method: c.req.method, path: c.req.path, ...errorFields(error) });
    throw error;
  }
  try {
    c.res.headers.set("X-Request-Id", requestId);
  } catch {
    const res = new Response(c.res.body, c.res);
    res.headers.set("X-Request-Id", requestId);
    c.res = undefined;
    c.res = res;
  }
  const ctx = c.var.ctx as AppEnv["Variables"]["ctx"] | undefined;
  const userId = ctx?.user?.id;
  logJson(c.res.status >= 500 ? "error" : "info", "request", {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    durationMs: Date.now() - started,
    auth: ctx?.apiToken ? `token:${ctx.apiToken.scope}` : ctx?.session ? "session" : "none",
    user: userId ? await hashUserId(userId) : null,
  });
};

/** Conservative headers for every API response. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set("X-Content-Type-Options", "nosniff");
  c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};

export type UploadLimits = {
  /** The whole request body: the file plus the other form fields and the multipart framing. */
  maxBodyBytes: number;
  tooLargeMessage: string;
};

/** An error in the shape the caller's protocol expects: `{ message }` for REST, a tRPC error for /trpc. */
function refuseUpload(c: Context<AppEnv>, protocol: "rest" | "trpc", code: "UNAUTHORIZED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE", message: string) {
  const status = httpStatusFor(code) as ContentfulStatusCode;
  if (protocol === "rest") return c.json({ message }, status);
  const path = c.req.path.replace(/^\/trpc\//, "");
  return c.json({ error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status, path } } }, status);
}

/**
 * For every path that takes a file: a signed-out caller gets 401 and an oversized body 413 before a byte of the
 * body is read (a declared Content-Length decides at once; without one, reading stops at the cap). Mount it on
 * the upload path after requestContext, on REST and tRPC alike.
 */
export function uploadGuard(limits: UploadLimits, protocol: "rest" | "trpc" = "rest"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.ctx.user) return refuseUpload(c, protocol, "UNAUTHORIZED", SIGN_IN_MESSAGE);
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && !c.req.header("Transfer-Encoding")) {
      return Number(declared) > limits.maxBodyBytes ? refuseUpload(c, protocol, "PAYLOAD_TOO_LARGE", limits.tooLargeMessage) : next();
    }
    const body = await readWithin(c.req.raw.body, limits.maxBodyBytes);
    if (body === null) return refuseUpload(c, protocol, "PAYLOAD_TOO_LARGE", limits.tooLargeMessage);
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
}

/** The whole stream, or null as soon as it passes `max` bytes. */
async function readWithin(stream: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * tRPC procedures that take a file, with their limits. A multipart or binary body sent to any other procedure
 * is refused unread: tRPC would otherwise read it whole before the procedure's input check runs.
 */
const TRPC_UPLOADS: Record<string, UploadLimits> = {
  "receipts.scan": RECEIPT_UPLOAD_LIMITS,
  "profile.uploadImage": PROFILE_PHOTO_UPLOAD_LIMITS,
  "recipeImport.preview": IMPORT_UPLOAD_LIMITS,
};

export const trpcUploads: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/octet-stream")) return next();
  const limits = TRPC_UPLOADS[c.req.path.replace(/^\/trpc\//, "")];
  if (!limits) return refuseUpload(c, "trpc", "UNSUPPORTED_MEDIA_TYPE", "This call does not take a file upload");
  return uploadGuard(limits, "trpc")(c, next);
};
