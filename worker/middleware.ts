import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app";
import { createContextInner } from "./context";
import { createDb } from "../db";
import { createLucia } from "./auth/lucia";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request must come from our own origin, shown by a matching Origin header or, when a
 * browser omits Origin, by Sec-Fetch-Site. Third-party API clients send an Origin of the API host.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
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

/** Builds the per-request context: db, lucia and the signed-in user from the session cookie. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = createDb(c.env.DB);
  const lucia = createLucia(c.env.SESSIONS, db, c.req.url);
  const resHeaders = new Headers();
  const sessionId = lucia.readSessionCookie(c.req.header("Cookie") ?? "");
  let user = null;
  let session = null;
  if (sessionId) {
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
  let executionCtx: ExecutionContext | undefined;
  try {
    executionCtx = c.executionCtx as ExecutionContext;
  } catch {
    executionCtx = undefined;
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
      resHeaders,
      waitUntil: (p) => executionCtx?.waitUntil(p),
    }),
  );
  await next();
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

/** Conservative headers for every API response. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set("X-Content-Type-Options", "nosniff");
  c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};
