import { describe, expect, it } from "vitest";
import { periodBuckets, summarizeInsights, type WasteGroup } from "../../worker/domain/insights";
import { firstDayOfWeek, startOfWeek, weekDates } from "../../worker/domain/mealSlots";

describe("periodBuckets", () => {
  it("gives Monday-to-Sunday weeks, oldest first, the current one last", () => {
    expect(periodBuckets("week", 3, "2026-03-08")).toEqual([
      { start: "2026-02-16", end: "2026-02-22", label: "Feb 16" },
      { start: "2026-02-23", end: "2026-03-01", label: "Feb 23" },
      { start: "2026-03-02", end: "2026-03-08", label: "Mar 2" },
    ]);
  });

  it("starts weeks on the locale's first day, the one the meal planner's weeks start on", () => {
    const sundayStart = firstDayOfWeek("en-US", { useIntl: false });
    expect(periodBuckets("week", 2, "2026-03-08", sundayStart)).toEqual([
      { start: "2026-03-01", end: "2026-03-07", label: "Mar 1" },
      { start: "2026-03-08", end: "2026-03-14", label: "Mar 8" },
    ]);
    // The same week the planner shows for that day.
    expect(periodBuckets("week", 1, "2026-03-11", sundayStart)[0]).toMatchObject({ start: startOfWeek("2026-03-11", sundayStart), end: weekDates(startOfWeek("2026-03-11", sundayStart))[6] });
  });

  it("gives calendar months across a year end and a leap February", () => {
    expect(periodBuckets("month", 3, "2024-01-15")).toEqual([
      { start: "2023-11-01", end: "2023-11-30", label: "Nov 2023" },
      { start: "2023-12-01", end: "2023-12-31", label: "Dec 2023" },
      { start: "2024-01-01", end: "2024-01-31", label: "Jan 2024" },
    ]);
    expect(periodBuckets("month", 1, "2024-02-29")).toEqual([{ start: "2024-02-01", end: "2024-02-29", label: "Feb 2024" }]);
  });
});

describe("summarizeInsights", () => {
  const buckets = periodBuckets("week", 2, "2026-03-08");
  const waste: WasteGroup[] = [
    { bucket: 0, kind: "consumed", category: "Milk & Eggs", value: 6, count: 2, expired: 0 },
    { bucket: 0, kind: "discarded", category: "Fresh Fruits", value: 2, count: 1, expired: 1 },
    { bucket: 1, kind: "discarded", category: "Fresh Fruits", value: 1.005, count: 2, expired: 2 },
    { bucket: 1, kind: "discarded", category: "Bread & Bakery", value: 4, count: 1, expired: 0 },
    { bucket: 7, kind: "consumed", category: "Other", value: 99, count: 9, expired: 0 },
  ];
  const receipts = [
    { total: 30, purchaseDate: "2026-02-25", createdAt: new Date("2026-03-05T12:00:00Z") },
    // No purchase date: the upload day in the user's zone (still Mar 1 in New York at 03:00 UTC on Mar 2).
    { total: 10, purchaseDate: null, createdAt: new Date("2026-03-02T03:00:00Z") },
    { total: null, purchaseDate: "2026-03-03", createdAt: new Date("2026-03-03T12:00:00Z") },
  ];

  it("sums used, wasted and spend per bucket, with rates and totals", () => {
    const summary = summarizeInsights({ period: "week", count: 2, timeZone: "America/New_York", buckets, waste, receipts });
    expect(summary.buckets[0]).toMatchObject({ usedValue: 6, usedCount: 2, wastedValue: 2, wastedCount: 1, wastedExpiredCount: 1, wasteRate: 0.333, wasteValueRate: 0.25, spend: 40, receiptCount: 2 });
    expect(summary.buckets[1]).toMatchObject({ usedCount: 0, wastedValue: 5.01, wastedCount: 3, wasteRate: 1, spend: 0, receiptCount: 0 });
    expect(summary.totals).toMatchObject({ usedValue: 6, wastedValue: 7.01, wastedCount: 4, spend: 40, receiptCount: 2 });
    expect(summary).toMatchObject({ from: "2026-02-23", to: "2026-03-08", timeZone: "America/New_York" });
    expect(summary.topWastedCategories.byValue.map((c) => c.category)).toEqual(["Bread & Bakery", "Fresh Fruits"]);
    expect(summary.topWastedCategories.byCount.map((c) => c.category)).toEqual(["Fresh Fruits", "Bread & Bakery"]);
  });

  it("adds trips recorded from grocery lists to the receipts' spend, each on its day, counted apart", () => {
    const listPurchases = [
      { total: 12.5, purchaseDate: "2026-03-03" },
      { total: 7.25, purchaseDate: "2026-02-24" },
      // Outside the weeks asked for.
      { total: 99, purchaseDate: "2026-01-01" },
    ];
    const summary = summarizeInsights({ period: "week", count: 2, timeZone: "UTC", buckets, waste: [], receipts: [receipts[0]!], listPurchases });
    expect(summary.buckets.map((b) => [b.spend, b.receiptCount, b.listPurchaseCount])).toEqual([
      [37.25, 1, 1],
      [12.5, 0, 1],
    ]);
    expect(summary.totals).toMatchObject({ spend: 49.75, receiptCount: 1, listPurchaseCount: 2 });
  });

  it("places a receipt without a purchase date on its upload day in the user's zone", () => {
    const utc = summarizeInsights({ period: "week", count: 2, timeZone: "UTC", buckets, waste: [], receipts: [receipts[1]!] });
    expect(utc.buckets.map((b) => b.receiptCount)).toEqual([0, 1]);
    const newYork = summarizeInsights({ period: "week", count: 2, timeZone: "America/New_York", buckets, waste: [], receipts: [receipts[1]!] });
    expect(newYork.buckets.map((b) => b.receiptCount)).toEqual([1, 0]);
  });
});
