import { lt } from "drizzle-orm";
import { createDb } from "../../db";
import { rateLimits } from "../../db/schema";
import { LONGEST_RATE_WINDOW_MS } from "../auth/rateLimit";
import type { ScheduledRunSummary } from "../domain/scheduledRun";
import { runExpiryReminders } from "./reminders";

export const EXPIRY_REMINDERS_JOB = "expiry-reminders";

/**
 * Everything the cron trigger runs. Each job is idempotent: running twice in an hour changes nothing more.
 * Returns the run's figures for the one-line log (see domain/scheduledRun.ts).
 */
export async function runScheduledJobs(env: Env, scheduledTime: number): Promise<ScheduledRunSummary> {
  const started = Date.now();
  const db = createDb(env.DB);
  // Rate-limit rows whose window has passed are dead weight.
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, scheduledTime - LONGEST_RATE_WINDOW_MS));
  // Expiry reminders: one in-app notification (and Web Push) per user per local day, see jobs/reminders.ts.
  const reminders = await runExpiryReminders(env, new Date(scheduledTime));
  return { job: EXPIRY_REMINDERS_JOB, scheduledTime, usersReached: reminders.usersScanned, notificationsCreated: reminders.notificationsCreated, ms: Date.now() - started };
}
