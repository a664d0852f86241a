/**
 * Runs the Worker's cron triggers against a local `wrangler dev`, which never fires them by itself: once when the
 * server is ready, then on the schedule in wrangler.toml (`[triggers] crons`, read through wrangler's own config
 * reader). Each run goes through wrangler's local scheduled endpoint and prints one line with the figures the
 * Worker logged for it (see worker/domain/scheduledRun.ts and docs/decisions/013-local-cron.md).
 */
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";
import { describeScheduledRun, parseScheduledRunLogLine, type ScheduledRunSummary } from "../../worker/domain/scheduledRun";
import { ROOT } from "./local";
import { delayUntil, nextRun, validateCrons } from "./schedule";

/** Wrangler's endpoint that dispatches a scheduled event to the local Worker (always on in `wrangler dev`). */
const SCHEDULED_PATH = "/cdn-cgi/local/scheduled";
/** How long a run may take before its line says it has no figures. */
const SUMMARY_TIMEOUT_MS = 120_000;

/** The crons of the local (top-level) configuration, exactly as `wrangler dev` reads them. */
export function localCrons(): string[] {
  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") }, { hideWarnings: true });
  const crons = [...(config.triggers.crons ?? [])];
  validateCrons(crons);
  return crons;
}

export type LocalCron = {
  /** Feed every line `wrangler dev` prints; returns false for the summary lines, which the run's own line replaces. */
  observe(line: string): boolean;
  /** First run now, then on schedule, against the server at `origin`. */
  start(origin: string): void;
  /** Clears the timer; a run in flight finishes on its own. */
  stop(): void;
};

export function createLocalCron(options: { crons: string[]; print?: (line: string) => void }): LocalCron {
  const print = options.print ?? ((line: string) => console.log(line));
  const waiting = new Map<number, (summary: ScheduledRunSummary | null) => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let origin = "";

  /** Resolves with the run's summary once the Worker logs it, or null after SUMMARY_TIMEOUT_MS or on cancel. */
  function summaryOf(scheduledTime: number) {
    let settle: (summary: ScheduledRunSummary | null) => void = () => undefined;
    const summary = new Promise<ScheduledRunSummary | null>((resolve) => {
      const timeout = setTimeout(() => settle(null), SUMMARY_TIMEOUT_MS);
      settle = (value) => {
        clearTimeout(timeout);
        waiting.delete(scheduledTime);
        resolve(value);
      };
    });
    waiting.set(scheduledTime, settle);
    return { summary, cancel: () => settle(null) };
  }

  async function run(cron: string, scheduledTime: number) {
    const { summary, cancel } = summaryOf(scheduledTime);
    const query = new URLSearchParams({ cron, time: String(scheduledTime), format: "json" });
    try {
      const response = await fetch(`${origin}${SCHEDULED_PATH}?${query}`);
      if (!response.ok) {
        cancel();
        print(`⏰ cron "${cron}" failed: wrangler answered ${response.status} ${await response.text()}`);
        return;
      }
    } catch (error) {
      cancel();
      print(`⏰ cron "${cron}" could not be triggered: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const figures = await summary;
    print(figures ? `⏰ ${describeScheduledRun(figures)} (cron "${cron}")` : `⏰ cron "${cron}" ran, but its summary did not appear in the Worker's log`);
  }

  function scheduleNext() {
    if (stopped) return;
    const next = nextRun(options.crons, new Date());
    if (!next) return;
    timer = setTimeout(() => {
      if (Date.now() < next.at.getTime()) return scheduleNext(); // woke early from a capped (very long) wait
      void run(next.cron, next.at.getTime());
      scheduleNext();
    }, delayUntil(next.at, new Date()));
  }

  return {
    observe(line) {
      const summary = parseScheduledRunLogLine(line);
      if (!summary) return true;
      waiting.get(summary.scheduledTime)?.(summary);
      return false;
    },
    start(serverOrigin) {
      origin = serverOrigin;
      const [first] = options.crons;
      if (!first || stopped) return;
      void run(first, Date.now());
      scheduleNext();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Splits a stream's chunks into whole lines. */
export function lineSplitter(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let pending = "";
  return (chunk) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  };
}

/** The server's origin in wrangler's "Ready on http://127.0.0.1:8787" line (the real port, also with --port 0). */
export function readyOrigin(line: string): string | null {
  return /Ready on (https?:\/\/[^\s/]+)/i.exec(line)?.[1] ?? null;
}
