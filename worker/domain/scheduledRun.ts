/**
 * The one-line summary of a cron run. The Worker logs it as JSON (Workers Logs index JSON lines in production);
 * locally, scripts/lib/localCron.ts picks the same line out of `wrangler dev`'s output, because the scheduled
 * handler answers the local trigger without any figures.
 */

/** Marks the summary line among everything else the Worker logs. */
export const SCHEDULED_RUN_EVENT = "plantry.scheduled-run";

export type ScheduledRunSummary = {
  job: string;
  /** The run's controller.scheduledTime (ms since the epoch): pairs a trigger with its summary. */
  scheduledTime: number;
  usersReached: number;
  notificationsCreated: number;
  ms: number;
};

export function scheduledRunLogLine(summary: ScheduledRunSummary): string {
  return JSON.stringify({ event: SCHEDULED_RUN_EVENT, ...summary });
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** The summary in one line of log output, or null when the line is anything else. */
export function parseScheduledRunLogLine(line: string): ScheduledRunSummary | null {
  const start = line.indexOf("{");
  if (start < 0 || !line.includes(SCHEDULED_RUN_EVENT)) return null;
  let value: unknown;
  try {
    value = JSON.parse(line.slice(start, line.lastIndexOf("}") + 1));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.event !== SCHEDULED_RUN_EVENT || typeof record.job !== "string") return null;
  const { job, scheduledTime, usersReached, notificationsCreated, ms } = record;
  if (!isCount(scheduledTime) || !isCount(usersReached) || !isCount(notificationsCreated) || !isCount(ms)) return null;
  return { job, scheduledTime, usersReached, notificationsCreated, ms };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "expiry-reminders: reached 3 users, created 1 notification in 84 ms" */
export function describeScheduledRun(summary: ScheduledRunSummary): string {
  return `${summary.job}: reached ${plural(summary.usersReached, "user")}, created ${plural(summary.notificationsCreated, "notification")} in ${Math.round(summary.ms)} ms`;
}
