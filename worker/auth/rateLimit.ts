import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { rateLimits } from "../../db/schema";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 8;
export const MAX_FAILURES_PER_IP = 40;

export function loginLimitKeys(username: string, ip: string) {
  return { user: `login:user:${username.toLowerCase()}`, ip: `login:ip:${ip}` };
}

/** Failed attempts in the current window for a key (0 when the window has passed). */
export async function failuresFor(db: Db, key: string, now = Date.now()): Promise<number> {
  const row = await db.query.rateLimits.findFirst({ where: (r, { eq }) => eq(r.key, key) });
  if (!row || row.windowStart <= now - LOGIN_WINDOW_MS) return 0;
  return row.count;
}

/** Counts one failure; a window older than LOGIN_WINDOW_MS starts again at 1. One statement, no read-modify-write race. */
export async function recordFailure(db: Db, key: string, now = Date.now()): Promise<void> {
  const expired = now - LOGIN_WINDOW_MS;
  await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
