import { describe, expect, it } from "vitest";
import { delayUntil, MAX_TIMER_MS, nextRun, validateCrons } from "../../scripts/lib/schedule";

const at = (iso: string) => new Date(iso);

describe("nextRun", () => {
  it("runs the hourly cron at the top of the next hour, in UTC", () => {
    expect(nextRun(["0 * * * *"], at("2026-03-10T08:15:30Z"))).toEqual({ cron: "0 * * * *", at: at("2026-03-10T09:00:00Z") });
    expect(nextRun(["0 * * * *"], at("2026-12-31T23:59:59Z"))?.at).toEqual(at("2027-01-01T00:00:00Z"));
  });

  it("is strictly after the given time, so a run at the exact minute is not repeated", () => {
    expect(nextRun(["0 * * * *"], at("2026-03-10T09:00:00Z"))?.at).toEqual(at("2026-03-10T10:00:00Z"));
  });

  it("picks the earliest of several crons and says which one", () => {
    expect(nextRun(["0 * * * *", "*/20 * * * *"], at("2026-03-10T08:15:00Z"))).toEqual({ cron: "*/20 * * * *", at: at("2026-03-10T08:20:00Z") });
    expect(nextRun(["30 7 * * *", "0 6 * * *"], at("2026-03-10T08:00:00Z"))).toEqual({ cron: "0 6 * * *", at: at("2026-03-11T06:00:00Z") });
  });

  it("reads weekdays as Cloudflare does: 1 is Sunday, names and L (last) too", () => {
    // 2026-03-10 is a Tuesday.
    expect(nextRun(["0 17 * * 1"], at("2026-03-10T00:00:00Z"))?.at).toEqual(at("2026-03-15T17:00:00Z"));
    expect(nextRun(["0 17 * * sun"], at("2026-03-10T00:00:00Z"))?.at).toEqual(at("2026-03-15T17:00:00Z"));
    expect(nextRun(["10 7 * * 2-6"], at("2026-03-14T08:00:00Z"))?.at).toEqual(at("2026-03-16T07:10:00Z"));
    expect(nextRun(["0 18 * * 6L"], at("2026-03-01T00:00:00Z"))?.at).toEqual(at("2026-03-27T18:00:00Z"));
  });

  it("ignores the machine's time zone", () => {
    const before = process.env.TZ;
    process.env.TZ = "Pacific/Auckland";
    try {
      expect(nextRun(["0 9 * * *"], at("2026-03-10T08:59:00Z"))?.at).toEqual(at("2026-03-10T09:00:00Z"));
    } finally {
      process.env.TZ = before;
    }
  });

  it("has nothing to run without crons", () => {
    expect(nextRun([], at("2026-03-10T08:00:00Z"))).toBeNull();
  });
});

describe("validateCrons", () => {
  it("accepts the shapes wrangler.toml uses and names a broken expression", () => {
    expect(() => validateCrons(["0 * * * *", "*/30 * * * *", "59 23 LW * *"])).not.toThrow();
    expect(() => validateCrons(["0 * * *"])).toThrow(/"0 \* \* \*"/);
    expect(() => validateCrons(["61 * * * *"])).toThrow(/cannot be read/);
  });
});

describe("delayUntil", () => {
  it("waits the time left, never less than zero, and at most what setTimeout allows", () => {
    expect(delayUntil(at("2026-03-10T09:00:00Z"), at("2026-03-10T08:59:58.500Z"))).toBe(1500);
    expect(delayUntil(at("2026-03-10T09:00:00Z"), at("2026-03-10T09:00:05Z"))).toBe(0);
    expect(delayUntil(at("2027-03-10T09:00:00Z"), at("2026-03-10T09:00:00Z"))).toBe(MAX_TIMER_MS);
  });
});
