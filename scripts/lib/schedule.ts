/**
 * When the next cron run is due, for the local server (wrangler dev never fires cron triggers by itself).
 * Cloudflare reads cron expressions in UTC, with Quartz-style weekdays (1 = Sunday ... 7 = Saturday, plus L and #),
 * so croner is set up the same way.
 */
import { Cron } from "croner";

export type NextRun = { cron: string; at: Date };

function parse(cron: string): Cron {
  return new Cron(cron, { timezone: "UTC", mode: "5-part", alternativeWeekdays: true, paused: true });
}

/** Throws with the expression in the message when a cron cannot be read. */
export function validateCrons(crons: readonly string[]): void {
  for (const cron of crons) {
    try {
      parse(cron).stop();
    } catch (error) {
      throw new Error(`wrangler.toml cron "${cron}" cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

/** The earliest run strictly after `after` among the crons, or null when there are none (or none ever again). */
export function nextRun(crons: readonly string[], after: Date): NextRun | null {
  let best: NextRun | null = null;
  for (const cron of crons) {
    const job = parse(cron);
    const at = job.nextRun(after);
    job.stop();
    if (at && (!best || at.getTime() < best.at.getTime())) best = { cron, at };
  }
  return best;
}

/**
 * setTimeout cannot wait longer than about 24.8 days; a longer wait is taken in steps and the next run is
 * recomputed on waking.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export function delayUntil(at: Date, now: Date): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, at.getTime() - now.getTime()));
}
