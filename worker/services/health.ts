/**
 * The health check behind GET /api/health: one cheap call to each binding the app cannot work without (D1, KV,
 * R2), timed. It reads nothing of anyone's and writes nothing.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db";

export type HealthCheck = { ok: boolean; ms: number; error?: string };
type HealthEnv = { db: Db; env: Pick<Env, "SESSIONS" | "BUCKET"> };

const PROBE_KEY = "health-check-probe";

async function timed(probe: () => Promise<unknown>): Promise<HealthCheck> {
  const started = Date.now();
  try {
    await probe();
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    // The binding's own words are enough to act on; nothing here is user data.
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message.slice(0, 200) : "failed" };
  }
}

export async function checkHealth(ctx: HealthEnv) {
  const [d1, kv, r2] = await Promise.all([
    timed(() => ctx.db.get(sql`SELECT 1`)),
    timed(() => ctx.env.SESSIONS.get(PROBE_KEY)),
    timed(() => ctx.env.BUCKET.head(PROBE_KEY)),
  ]);
  const checks = { d1, kv, r2 };
  return { status: Object.values(checks).every((check) => check.ok) ? ("ok" as const) : ("failing" as const), checks };
}
