import { describe, expect, it } from "vitest";
import { describeScheduledRun, parseScheduledRunLogLine, scheduledRunLogLine, type ScheduledRunSummary } from "../../worker/domain/scheduledRun";

const summary: ScheduledRunSummary = { job: "expiry-reminders", scheduledTime: 1_773_133_200_000, usersReached: 3, notificationsCreated: 1, ms: 84 };

describe("scheduled run summary line", () => {
  it("reads back what the Worker logs, also behind a log prefix", () => {
    const line = scheduledRunLogLine(summary);
    expect(parseScheduledRunLogLine(line)).toEqual(summary);
    expect(parseScheduledRunLogLine(`[wrangler:info] ${line}`)).toEqual(summary);
  });

  it("is null for any other output", () => {
    expect(parseScheduledRunLogLine("[wrangler:info] Ready on http://127.0.0.1:8787")).toBeNull();
    expect(parseScheduledRunLogLine('{"event":"something-else","job":"x"}')).toBeNull();
    expect(parseScheduledRunLogLine('{"event":"plantry.scheduled-run", broken')).toBeNull();
    expect(parseScheduledRunLogLine(JSON.stringify({ event: "plantry.scheduled-run", job: "expiry-reminders", scheduledTime: 1, usersReached: -1, notificationsCreated: 0, ms: 1 }))).toBeNull();
    expect(parseScheduledRunLogLine(JSON.stringify({ event: "plantry.scheduled-run", job: "expiry-reminders", scheduledTime: 1, usersReached: "3", notificationsCreated: 0, ms: 1 }))).toBeNull();
  });

  it("describes a run in words, singular and plural", () => {
    expect(describeScheduledRun(summary)).toBe("expiry-reminders: reached 3 users, created 1 notification in 84 ms");
    expect(describeScheduledRun({ ...summary, usersReached: 1, notificationsCreated: 0, ms: 12.6 })).toBe("expiry-reminders: reached 1 user, created 0 notifications in 13 ms");
  });
});
