import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { rateLimits } from "../../db/schema";

/**
 * Fixed-window counters in D1 (`rate_limits`, one row per rule and subject). KV is no counter: one write per
 * second per key and eventual consistency. Every limit in the app goes through `rateLimit` below.
 */
export type RateLimitRule = {
  /** Key prefix; the subject (user id, IP, username) follows it. */
  name: string;
  max: number;
  windowMs: number;
  /** The sentence the 429 carries. */
  message: string;
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait 15 minutes and try again.";

export const RATE_LIMITS = {
  /** Failed sign-ins: counted on failure only, cleared on success. */
  loginUser: { name: "login:user", max: 8, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  loginIp: { name: "login:ip", max: 40, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  /** Each registration costs a 100,000-iteration PBKDF2 hash; a household or office shares one address. */
  register: { name: "register:ip", max: 20, windowMs: HOUR, message: "Too many new accounts from this network. Please try again in an hour." },
  /** Each import is an outbound fetch of someone else's page. */
  recipeImport: { name: "recipe-import:user", max: 30, windowMs: HOUR, message: "You've imported a lot of recipes in the last hour. Please try again later." },
  feedback: { name: "feedback:user", max: 10, windowMs: HOUR, message: "Thanks, we've had a lot of feedback from you in the last hour. Please try again later." },
  research: { name: "research:user", max: 5, windowMs: HOUR, message: "You've already sent the research form several times this hour. Please try again later." },
  /** Applies to every plan, premium included: each scan stores a file and reads it (possibly with Workers AI). */
  receiptScan: { name: "receipt-scan:user", max: 30, windowMs: HOUR, message: "You've scanned a lot of receipts in the last hour. Please wait a while and try again." },
} as const satisfies Record<string, RateLimitRule>;

/** Rows older than this have expired under every rule (the cron job deletes them). */
export const LONGEST_RATE_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((rule: RateLimitRule) => rule.windowMs));

export type RateLimitContext = { db: Db; resHeaders: Headers };

function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject.toLowerCase()}`;
}

function refuse(ctx: RateLimitContext, rule: RateLimitRule, windowStart: number, now: number): never {
  const seconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  // The HTTP layer copies resHeaders onto the response, REST and tRPC alike.
  ctx.resHeaders.set("Retry-After", String(seconds));
  throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: rule.message });
}

/**
 * The one limiter. By default counts one use of `rule` for `subject` and refuses (TOO_MANY_REQUESTS, HTTP 429
 * with Retry-After) once the window holds more than `rule.max`. With `count: false` it only checks, refusing
 * when the window is already full: sign-in checks first and counts failures afterwards.
 * Counting is one upsert (no read-modify-write race); a window older than `windowMs` starts again at 1.
 */
export async function rateLimit(ctx: RateLimitContext, rule: RateLimitRule, subject: string, options: { count?: boolean; now?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now();
  const key = keyOf(rule, subject);
  const expired = now - rule.windowMs;
  if (options.count === false) {
    const row = await ctx.db.query.rateLimits.findFirst({ where: (r, { eq }) => eq(r.key, key) });
    if (row && row.windowStart > expired && row.count >= rule.max) refuse(ctx, rule, row.windowStart, now);
    return;
  }
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (row && row.count > rule.max) refuse(ctx, rule, row.windowStart, now);
}

/** Forgets a subject's count (a successful sign-in clears its failures). */
export async function resetRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${keyOf(rule, subject)}`);
}
