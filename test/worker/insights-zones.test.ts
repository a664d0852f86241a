import { describe, expect, it } from "vitest";
import { wasteEvents } from "../../db/schema";
import { getInsightsSummary } from "../../worker/services/insights";
import { createUser, testDb } from "../helpers/factories";

describe("insights buckets in the user's time zone, across daylight-saving changes", () => {
  it("puts each event in the local month and week it happened in", async () => {
    const user = await createUser();
    const event = (name: string, at: string) => ({ userId: user.id, name, category: "Other", kind: "discarded", amount: 1, value: 1, occurredAt: new Date(at) });
    await testDb()
      .insert(wasteEvents)
      .values([
        // 23:30 on Oct 31 in New York (still EDT, UTC-4) and 00:30 on Nov 1.
        event("late october", "2026-11-01T03:30:00Z"),
        event("early november", "2026-11-01T04:30:00Z"),
        // Nov 1 ends at 05:00 UTC on Nov 2 (EST, UTC-5, after the 25-hour day).
        event("end of nov 1", "2026-11-02T04:59:00Z"),
        event("start of nov 2", "2026-11-02T05:00:00Z"),
      ]);
    const ctx = { db: testDb() };
    const now = new Date("2026-11-10T12:00:00Z");
    const months = await getInsightsSummary(ctx, { id: user.id, timeZone: "America/New_York" }, { period: "month", count: 2 }, now);
    expect(months.buckets.map((b) => [b.label, b.wastedCount])).toEqual([
      ["Oct 2026", 1],
      ["Nov 2026", 3],
    ]);
    // Weeks run Monday to Sunday: Nov 1 is a Sunday, Nov 2 a Monday.
    const weeks = await getInsightsSummary(ctx, { id: user.id, timeZone: "America/New_York" }, { period: "week", count: 2 }, now);
    expect(weeks.buckets.map((b) => [b.start, b.wastedCount])).toEqual([
      ["2026-11-02", 1],
      ["2026-11-09", 0],
    ]);
    const london = await getInsightsSummary(ctx, { id: user.id, timeZone: "Europe/London" }, { period: "month", count: 2 }, now);
    expect(london.buckets.map((b) => b.wastedCount)).toEqual([0, 4]);
    // An unknown zone reads as UTC rather than failing.
    const unknown = await getInsightsSummary(ctx, { id: user.id, timeZone: "Mars/Olympus" }, { period: "month", count: 2 }, now);
    expect(unknown.timeZone).toBe("UTC");
    expect(unknown.buckets.map((b) => b.wastedCount)).toEqual([0, 4]);
  });
});
