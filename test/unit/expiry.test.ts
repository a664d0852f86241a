import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays, todayIn } from "../../worker/domain/dates";
import {
  EXPIRING_SOON_DAYS,
  REMINDER_EXPIRED_LOOKBACK_DAYS,
  daysUntil,
  expiringSoonLastDate,
  isExpiringSoon,
  pantryExpiry,
  reminderDateRange,
  selectionExpiry,
  simpleCardExpiry,
  sortBySoonestExpiry,
} from "../../worker/domain/expiry";

const TODAY = "2025-03-10";
const inDays = (n: number) => addDays(TODAY, n);

describe("daysUntil", () => {
  it("counts whole calendar days for plain dates", () => {
    expect(daysUntil(inDays(0), TODAY)).toBe(0);
    expect(daysUntil(inDays(1), TODAY)).toBe(1);
    expect(daysUntil(inDays(-1), TODAY)).toBe(-1);
    expect(daysUntil("2025-04-10", TODAY)).toBe(31);
    expect(daysUntil("2024-03-10", "2025-03-10")).toBe(-365);
  });

  it("crosses month ends, leap days and daylight-saving changes as whole days", () => {
    expect(daysUntil("2024-03-01", "2024-02-28")).toBe(2);
    expect(daysUntil("2025-03-31", "2025-03-29")).toBe(2); // Europe changes clocks on 30 March 2025
    expect(daysUntil("2025-11-03", "2025-11-01")).toBe(2); // the US on 2 November 2025
  });

  it("rounds a timestamp's time of day up", () => {
    expect(daysUntil("2025-03-10T00:00:00Z", TODAY)).toBe(0);
    expect(daysUntil("2025-03-10T00:00:01Z", TODAY)).toBe(1);
    expect(daysUntil("2025-03-10T15:30:00.000Z", TODAY)).toBe(1);
    expect(daysUntil("2025-03-11T00:00:00Z", TODAY)).toBe(1);
    expect(daysUntil("2025-03-11T09:00:00Z", TODAY)).toBe(2);
    expect(daysUntil("2025-03-09T23:00:00Z", TODAY)).toBe(0);
    expect(daysUntil("2025-03-09T00:00:00Z", TODAY)).toBe(-1);
    expect(daysUntil("2025-03-08T12:00:00Z", TODAY)).toBe(-1);
    expect(daysUntil("2025-03-11T01:00:00+02:00", TODAY)).toBe(1); // 23:00 UTC on the 10th
  });

  it("answers null for no date or one it cannot read", () => {
    expect(daysUntil(null, TODAY)).toBeNull();
    expect(daysUntil("", TODAY)).toBeNull();
    expect(daysUntil("soon", TODAY)).toBeNull();
    expect(daysUntil("2025-02-30", TODAY)).toBeNull();
    expect(daysUntil(inDays(3), "not a day")).toBeNull();
  });

  it("is the inverse of addDays", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), (n) => {
        expect(daysUntil(addDays(TODAY, n), TODAY)).toBe(n);
      }),
    );
  });
});

describe("pantryExpiry", () => {
  it.each([
    [-8, "expired", "Expired 8 days ago", true],
    [-2, "expired", "Expired 2 days ago", true],
    [-1, "expired", "Expired 1 day ago", true],
    [0, "critical", "Expires today", true],
    [1, "critical", "1 day left", true],
    [2, "critical", "2 days left", true],
    [3, "warning", "3 days left", false],
    [7, "warning", "7 days left", false],
    [8, "good", "8 days left", false],
    [30, "good", "30 days left", false],
  ] as const)("%i days: %s, %s", (days, band, label, highlight) => {
    expect(pantryExpiry(inDays(days), TODAY)).toEqual({ band, days, label, highlight });
  });

  it("shows No expiry without a date", () => {
    expect(pantryExpiry(null, TODAY)).toEqual({ band: "none", days: null, label: "No expiry", highlight: false });
  });

  it("reads timestamps, rounding up", () => {
    expect(pantryExpiry("2025-03-10T18:00:00Z", TODAY)).toMatchObject({ band: "critical", days: 1, label: "1 day left" });
    expect(pantryExpiry("2025-03-17T06:00:00Z", TODAY)).toMatchObject({ band: "good", days: 8 });
  });

  it("gives different badges for the same instant in different time zones", () => {
    const instant = new Date("2025-03-10T23:30:00Z");
    const tokyo = todayIn("Asia/Tokyo", instant); // already 11 March there
    const newYork = todayIn("America/New_York", instant); // still 10 March there
    expect(tokyo).toBe("2025-03-11");
    expect(newYork).toBe("2025-03-10");
    expect(pantryExpiry("2025-03-10", tokyo)).toMatchObject({ band: "expired", label: "Expired 1 day ago" });
    expect(pantryExpiry("2025-03-10", newYork)).toMatchObject({ band: "critical", label: "Expires today" });
    expect(pantryExpiry("2025-03-13", tokyo).band).toBe("critical");
    expect(pantryExpiry("2025-03-13", newYork).band).toBe("warning");
  });
});

describe("simpleCardExpiry", () => {
  it.each([
    [-30, "critical", "Expired"],
    [-1, "critical", "Expired"],
    [0, "critical", "Expires today"],
    [1, "urgent", "Expires tomorrow"],
    [2, "warning", "2 days left"],
    [3, "warning", "3 days left"],
    [4, "good", "4 days left"],
    [7, "good", "7 days left"],
    [8, "good", "8 days left"],
  ] as const)("%i days: %s, %s", (days, band, label) => {
    expect(simpleCardExpiry(inDays(days), TODAY)).toEqual({ band, days, label });
  });

  it("treats an unreadable date as expired", () => {
    expect(simpleCardExpiry("garbage", TODAY).band).toBe("critical");
  });

  it("depends on the user's today", () => {
    const instant = new Date("2025-03-10T12:00:00Z");
    expect(simpleCardExpiry("2025-03-11", todayIn("Pacific/Kiritimati", instant)).label).toBe("Expires today"); // UTC+14
    expect(simpleCardExpiry("2025-03-11", todayIn("Pacific/Pago_Pago", instant)).label).toBe("Expires tomorrow"); // UTC-11
  });
});

describe("selectionExpiry", () => {
  it.each([
    [-3, "expired"],
    [-1, "expired"],
    [0, "expired"],
    [1, "critical"],
    [3, "critical"],
    [4, "warning"],
    [7, "warning"],
    [8, "good"],
    [60, "good"],
  ] as const)("%i days: %s", (days, band) => {
    expect(selectionExpiry(inDays(days), TODAY)).toEqual({ band, days });
  });

  it("has no band without a date", () => {
    expect(selectionExpiry(null, TODAY)).toEqual({ band: "none", days: null });
  });
});

describe("sortBySoonestExpiry", () => {
  it("puts dated items first, soonest first, and keeps ties and undated items in order", () => {
    const items = [
      { id: "a", expirationDate: null },
      { id: "b", expirationDate: "2025-03-20" },
      { id: "c", expirationDate: "2025-03-12" },
      { id: "d", expirationDate: null },
      { id: "e", expirationDate: "2025-03-20" },
      { id: "f", expirationDate: "2025-03-01" },
      { id: "g", expirationDate: "2025-03-12T08:00:00Z" },
    ];
    expect(sortBySoonestExpiry(items).map((i) => i.id)).toEqual(["f", "c", "g", "b", "e", "a", "d"]);
  });

  it("does not change the input array", () => {
    const items = [{ expirationDate: "2025-03-20" }, { expirationDate: "2025-03-01" }];
    sortBySoonestExpiry(items);
    expect(items[0]!.expirationDate).toBe("2025-03-20");
  });

  it("returns a permutation ordered by date", () => {
    const day = fc.option(fc.integer({ min: -50, max: 50 }).map(inDays), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.record({ expirationDate: day })), (items) => {
        const sorted = sortBySoonestExpiry(items);
        expect(sorted).toHaveLength(items.length);
        const dated = sorted.filter((i) => i.expirationDate !== null).map((i) => i.expirationDate!);
        expect(dated).toEqual([...dated].sort());
        expect(sorted.slice(dated.length).every((i) => i.expirationDate === null)).toBe(true);
      }),
    );
  });
});

describe("expiring soon", () => {
  it("is expired (any age), today, or up to 7 days ahead; never undated or unreadable", () => {
    expect(EXPIRING_SOON_DAYS).toBe(7);
    for (const offset of [-400, -1, 0, 1, 2, 3, 7]) expect(isExpiringSoon(inDays(offset), TODAY), String(offset)).toBe(true);
    for (const offset of [8, 30]) expect(isExpiringSoon(inDays(offset), TODAY), String(offset)).toBe(false);
    expect(isExpiringSoon(null, TODAY)).toBe(false);
    expect(isExpiringSoon("soon", TODAY)).toBe(false);
  });

  it("is exactly the expired, critical and warning bands of the badge (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), (offset) => {
        const band = pantryExpiry(inDays(offset), TODAY).band;
        expect(isExpiringSoon(inDays(offset), TODAY)).toBe(band === "expired" || band === "critical" || band === "warning");
      }),
    );
  });

  it("agrees with the SQL form (a plain date on or before the last day) on every date (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), (offset) => {
        expect(isExpiringSoon(inDays(offset), TODAY)).toBe(inDays(offset) <= expiringSoonLastDate(TODAY));
      }),
    );
  });

  it("lets a reminder list only what the expiring-soon list holds", () => {
    expect(reminderDateRange(TODAY, 2)).toEqual({ from: inDays(-REMINDER_EXPIRED_LOOKBACK_DAYS), to: inDays(2) });
    expect(reminderDateRange(TODAY, 0).to).toBe(TODAY);
    // A lead time beyond the window is held to it.
    expect(reminderDateRange(TODAY, 30).to).toBe(expiringSoonLastDate(TODAY));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: -60, max: 60 }), (lead, offset) => {
        const { from, to } = reminderDateRange(TODAY, lead);
        const date = inDays(offset);
        if (date >= from && date <= to) expect(isExpiringSoon(date, TODAY)).toBe(true);
      }),
    );
  });
});
