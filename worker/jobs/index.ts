import { lt } from "drizzle-orm";
import { createDb } from "../../db";
import { rateLimits } from "../../db/schema";
import { LOGIN_WINDOW_MS } from "../auth/rateLimit";

/** Everything the cron trigger runs. Each job is idempotent: running twice in an hour changes nothing more. */
export async function runScheduledJobs(env: Env, scheduledTime: number): Promise<void> {
  const db = createDb(env.DB);
  // Login throttling rows whose window has passed are dead weight.
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, scheduledTime - LOGIN_WINDOW_MS));
}
