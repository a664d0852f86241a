import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { aiTokenUsage } from "../../db/schema";

export const FREE_MONTHLY_TOKENS = 10_000;

export type WarningLevel = "ok" | "warning" | "critical" | "blocked";

export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** ok below 75%, warning from 75%, critical from 90%, blocked at the limit. Unlimited plans are always ok. */
export function warningLevelFor(used: number, limit: number | null): WarningLevel {
  if (limit === null) return "ok";
  const ratio = used / limit;
  if (ratio >= 1) return "blocked";
  if (ratio >= 0.9) return "critical";
  if (ratio >= 0.75) return "warning";
  return "ok";
}

export function warningMessageFor(level: WarningLevel, used: number, limit: number | null): string | null {
  if (limit === null) return null;
  const left = Math.max(0, limit - used).toLocaleString("en-US");
  switch (level) {
    case "blocked":
      return `You have used all ${limit.toLocaleString("en-US")} AI tokens for this month. They renew on the 1st, or upgrade to premium for unlimited tokens.`;
    case "critical":
      return `Almost out: ${left} AI tokens left this month.`;
    case "warning":
      return `You have used over 75% of your monthly AI tokens (${left} left).`;
    default:
      return null;
  }
}

export async function tokensUsedThisMonth(db: Db, userId: string, now = new Date()): Promise<number> {
  const row = await db.query.aiTokenUsage.findFirst({
    where: and(eq(aiTokenUsage.userId, userId), eq(aiTokenUsage.month, currentMonth(now))),
  });
  return row?.tokens ?? 0;
}

export async function recordTokens(db: Db, userId: string, tokens: number, now = new Date()): Promise<void> {
  if (tokens <= 0) return;
  await db
    .insert(aiTokenUsage)
    .values({ userId, month: currentMonth(now), tokens, requests: 1 })
    .onConflictDoUpdate({
      target: [aiTokenUsage.userId, aiTokenUsage.month],
      set: { tokens: sql`${aiTokenUsage.tokens} + ${tokens}`, requests: sql`${aiTokenUsage.requests} + 1` },
    });
}
