import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { pantryItems } from "../../db/schema";
import { parseScheduledRunLogLine } from "../../worker/domain/scheduledRun";
import { createUser, testDb } from "../helpers/factories";

describe("scheduled handler log line", () => {
  it("logs one JSON line per run with the reminder job's figures, paired by scheduledTime", async () => {
    const user = await createUser();
    await testDb().insert(pantryItems).values({ userId: user.id, name: "Plums", category: "Fresh Fruits", quantity: 1, expirationDate: "2025-10-02" });
    // 12:00 UTC: past 07:00 for a user in UTC (the default zone of a new account).
    const scheduledTime = Date.UTC(2025, 9, 1, 12, 0, 0);

    const info = vi.spyOn(console, "info");
    try {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime, cron: "0 * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
      const summaries = info.mock.calls.map((args) => parseScheduledRunLogLine(String(args[0]))).filter((summary) => summary !== null);
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatchObject({ job: "expiry-reminders", scheduledTime, notificationsCreated: 1 });
      expect(summaries[0]!.usersReached).toBeGreaterThanOrEqual(1);
      expect(summaries[0]!.ms).toBeGreaterThanOrEqual(0);

      // A second run in the same hour reaches the users again but writes nothing new.
      info.mockClear();
      const again = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: scheduledTime + 60_000, cron: "0 * * * *" }), env, again);
      await waitOnExecutionContext(again);
      const [second] = info.mock.calls.map((args) => parseScheduledRunLogLine(String(args[0]))).filter((summary) => summary !== null);
      expect(second).toMatchObject({ scheduledTime: scheduledTime + 60_000, notificationsCreated: 0 });
    } finally {
      info.mockRestore();
    }
  });
});
