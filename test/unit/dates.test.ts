import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays, daysBetween, isValidTimeZone, localClock, monthStart, safeTimeZone, todayIn } from "../../worker/domain/dates";
import { startOfLocalDay } from "../../worker/domain/localDay";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe("time zones", () => {
  it("knows real zones and falls back to UTC for unknown ones", () => {
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(safeTimeZone("Mars/Olympus")).toBe("UTC");
    expect(safeTimeZone(null)).toBe("UTC");
    expect(todayIn("Mars/Olympus", at("2026-03-08T23:30:00Z"))).toBe("2026-03-08");
  });

  it("gives the local calendar date and hour", () => {
    // 04:30 UTC is still the evening before in New York and already the afternoon in Kiritimati (UTC+14).
    expect(localClock("America/New_York", at("2026-01-15T04:30:00Z"))).toEqual({ today: "2026-01-14", hour: 23 });
    expect(localClock("Pacific/Kiritimati", at("2026-01-15T04:30:00Z"))).toEqual({ today: "2026-01-15", hour: 18 });
    expect(localClock("Asia/Kolkata", at("2026-01-15T18:29:00Z"))).toEqual({ today: "2026-01-15", hour: 23 });
    expect(localClock("Asia/Kolkata", at("2026-01-15T18:30:00Z"))).toEqual({ today: "2026-01-16", hour: 0 });
  });

  it("follows New York across the spring change (2026-03-08, 02:00 -> 03:00)", () => {
    expect(localClock("America/New_York", at("2026-03-08T06:59:00Z"))).toEqual({ today: "2026-03-08", hour: 1 });
    expect(localClock("America/New_York", at("2026-03-08T07:00:00Z"))).toEqual({ today: "2026-03-08", hour: 3 });
    expect(startOfLocalDay("2026-03-08", "America/New_York")).toBe(Date.parse("2026-03-08T05:00:00Z"));
    expect(startOfLocalDay("2026-03-09", "America/New_York")).toBe(Date.parse("2026-03-09T04:00:00Z"));
    // The day of the change has 23 hours.
    expect(startOfLocalDay("2026-03-09", "America/New_York") - startOfLocalDay("2026-03-08", "America/New_York")).toBe(23 * HOUR);
  });

  it("follows New York across the autumn change (2026-11-01, 02:00 -> 01:00)", () => {
    expect(localClock("America/New_York", at("2026-11-01T05:30:00Z"))).toEqual({ today: "2026-11-01", hour: 1 });
    expect(localClock("America/New_York", at("2026-11-01T06:30:00Z"))).toEqual({ today: "2026-11-01", hour: 1 });
    expect(startOfLocalDay("2026-11-01", "America/New_York")).toBe(Date.parse("2026-11-01T04:00:00Z"));
    expect(startOfLocalDay("2026-11-02", "America/New_York") - startOfLocalDay("2026-11-01", "America/New_York")).toBe(25 * HOUR);
  });

  it("follows London across its changes (2026-03-29 and 2026-10-25)", () => {
    expect(startOfLocalDay("2026-03-29", "Europe/London")).toBe(Date.parse("2026-03-29T00:00:00Z"));
    expect(startOfLocalDay("2026-03-30", "Europe/London")).toBe(Date.parse("2026-03-29T23:00:00Z"));
    expect(startOfLocalDay("2026-10-26", "Europe/London") - startOfLocalDay("2026-10-25", "Europe/London")).toBe(25 * HOUR);
    expect(localClock("Europe/London", at("2026-06-30T23:30:00Z"))).toEqual({ today: "2026-07-01", hour: 0 });
  });

  it("starts a day whose midnight a change skips at its first instant (Santiago, 2026-09-06)", () => {
    const start = startOfLocalDay("2026-09-06", "America/Santiago");
    expect(start).toBe(Date.parse("2026-09-06T04:00:00Z"));
    expect(localClock("America/Santiago", new Date(start))).toEqual({ today: "2026-09-06", hour: 1 });
    expect(localClock("America/Santiago", new Date(start - 1)).today).toBe("2026-09-05");
  });

  it("crosses month and year ends in the user's zone", () => {
    expect(todayIn("America/Los_Angeles", at("2026-02-01T07:59:00Z"))).toBe("2026-01-31");
    expect(todayIn("America/Los_Angeles", at("2026-02-01T08:00:00Z"))).toBe("2026-02-01");
    expect(todayIn("Australia/Sydney", at("2025-12-31T13:00:00Z"))).toBe("2026-01-01");
    expect(startOfLocalDay("2026-03-01", "Australia/Sydney")).toBe(Date.parse("2026-02-28T13:00:00Z"));
    expect(startOfLocalDay("2024-02-29", "UTC")).toBe(Date.parse("2024-02-29T00:00:00Z"));
  });

  it("puts every instant inside the local day it reads as (property)", () => {
    const zones = fc.constantFrom("UTC", "America/New_York", "Europe/London", "America/Santiago", "Asia/Kolkata", "Pacific/Kiritimati", "Australia/Lord_Howe");
    const instants = fc.integer({ min: Date.parse("2024-01-01T00:00:00Z"), max: Date.parse("2028-12-31T00:00:00Z") });
    fc.assert(
      fc.property(zones, instants, (zone, instant) => {
        const today = todayIn(zone, new Date(instant));
        expect(startOfLocalDay(today, zone)).toBeLessThanOrEqual(instant);
        expect(startOfLocalDay(addDays(today, 1), zone)).toBeGreaterThan(instant);
      }),
      { numRuns: 300 },
    );
  });
});

describe("calendar dates", () => {
  it("adds days and counts them across month and year ends", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
  });

  it("finds month starts", () => {
    expect(monthStart("2026-03-31")).toBe("2026-03-01");
    expect(monthStart("2026-01-15", 1)).toBe("2025-12-01");
    expect(monthStart("2026-01-15", -1)).toBe("2026-02-01");
  });
});
