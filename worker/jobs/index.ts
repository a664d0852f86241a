import { lt } from "drizzle-orm";
import { createDb } from "../../db";
import { rateLimits } from "../../db/schema";
import { LONGEST_RATE_WINDOW_MS } from "../auth/rateLimit";
import { runExpiryReminders } from "./reminders";

/** Everything the cron trigger runs. Each job is idempotent: running twice in an hour changes nothing more. */
export async function runScheduledJobs(env: Env, scheduledTime: number): Promise<void> {
  const db = createDb(env.DB);
  // Rate-limit rows whose window has passed are dead weight.
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, scheduledTime - LONGEST_RATE_WINDOW_MS));
  // Expiry reminders: one in-app notification (and Web Push) per user per local day, see jobs/reminders.ts.
  await runExpiryReminders(env, new Date(scheduledTime));
}
