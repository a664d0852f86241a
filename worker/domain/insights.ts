/**
 * Waste and spending insights: the week or month buckets of a summary and the sums per bucket, shaped for
 * charts. Pure: worker/services/insights.ts reads the grouped rows and calls these.
 */
import { addDays, isIsoDate, monthStart, todayIn } from "./dates";
import { startOfWeek, type Weekday } from "./mealSlots";
import type { InsightPeriod } from "../schemas/insights";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
export const TOP_CATEGORIES = 5;

export type InsightBucket = { start: string; end: string; label: string };

const money = (value: number) => Math.round(value * 100) / 100;
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);
const monthLabel = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1];

/**
 * The `count` most recent weeks or calendar months, oldest first, the current one last. Weeks start on
 * `firstDay` (1 Monday ... 7 Sunday), the same day the meal planner's weeks start on for the user's locale.
 */
export function periodBuckets(period: InsightPeriod, count: number, today: string, firstDay: Weekday = 1): InsightBucket[] {
  const buckets: InsightBucket[] = [];
  if (period === "week") {
    const currentStart = startOfWeek(today, firstDay);
    for (let back = count - 1; back >= 0; back -= 1) {
      const start = addDays(currentStart, -7 * back);
      buckets.push({ start, end: addDays(start, 6), label: `${monthLabel(start)} ${Number(start.slice(8, 10))}` });
    }
  } else {
    for (let back = count - 1; back >= 0; back -= 1) {
      const start = monthStart(today, back);
      buckets.push({ start, end: addDays(monthStart(today, back - 1), -1), label: `${monthLabel(start)} ${start.slice(0, 4)}` });
    }
  }
  return buckets;
}

/** Waste events grouped in SQL by bucket index, kind and category. */
export type WasteGroup = { bucket: number; kind: string; category: string; value: number; count: number; expired: number };
/** A confirmed receipt as the summary reads it. */
export type ReceiptForInsights = { total: number | null; purchaseDate: string | null; createdAt: Date };
/** A shopping trip recorded from a grocery list (Done shopping with prices): its total on its day. */
export type ListPurchaseForInsights = { total: number; purchaseDate: string };

type BucketSums = {
  usedValue: number;
  usedCount: number;
  wastedValue: number;
  wastedCount: number;
  wastedExpiredCount: number;
  spend: number;
  receiptCount: number;
  listPurchaseCount: number;
};

/**
 * Per bucket: money and items used (consumed) vs wasted (discarded), the waste rates and grocery spend; the top
 * wasted categories by value and by count; totals. A receipt counts on its purchase date, else on the day it was
 * uploaded in the user's time zone; receipts without a total add nothing. The caller passes confirmed receipts only.
 * Spend also counts the trips recorded from grocery lists (each item's price once, when it went into the pantry).
 */
export function summarizeInsights(input: {
  period: InsightPeriod;
  count: number;
  timeZone: string;
  buckets: InsightBucket[];
  waste: WasteGroup[];
  receipts: ReceiptForInsights[];
  listPurchases?: ListPurchaseForInsights[];
}) {
  const { buckets } = input;
  const sums: BucketSums[] = buckets.map(() => ({ usedValue: 0, usedCount: 0, wastedValue: 0, wastedCount: 0, wastedExpiredCount: 0, spend: 0, receiptCount: 0, listPurchaseCount: 0 }));
  const categories = new Map<string, { category: string; value: number; count: number }>();
  for (const row of input.waste) {
    const bucket = sums[Number(row.bucket)];
    if (!bucket) continue;
    const value = Number(row.value);
    const count = Number(row.count);
    if (row.kind === "consumed") {
      bucket.usedValue += value;
      bucket.usedCount += count;
    } else if (row.kind === "discarded") {
      bucket.wastedValue += value;
      bucket.wastedCount += count;
      bucket.wastedExpiredCount += Number(row.expired);
      const entry = categories.get(row.category) ?? { category: row.category, value: 0, count: 0 };
      entry.value += value;
      entry.count += count;
      categories.set(row.category, entry);
    }
  }
  for (const receipt of input.receipts) {
    if (receipt.total === null || !Number.isFinite(receipt.total)) continue;
    const day = receipt.purchaseDate && isIsoDate(receipt.purchaseDate) ? receipt.purchaseDate : todayIn(input.timeZone, receipt.createdAt);
    const index = buckets.findIndex((b) => day >= b.start && day <= b.end);
    if (index < 0) continue;
    sums[index]!.spend += receipt.total;
    sums[index]!.receiptCount += 1;
  }
  for (const purchase of input.listPurchases ?? []) {
    if (!Number.isFinite(purchase.total) || !isIsoDate(purchase.purchaseDate)) continue;
    const index = buckets.findIndex((b) => purchase.purchaseDate >= b.start && purchase.purchaseDate <= b.end);
    if (index < 0) continue;
    sums[index]!.spend += purchase.total;
    sums[index]!.listPurchaseCount += 1;
  }

  const shaped = buckets.map((b, i) => {
    const s = sums[i]!;
    return {
      start: b.start,
      end: b.end,
      label: b.label,
      usedValue: money(s.usedValue),
      usedCount: s.usedCount,
      wastedValue: money(s.wastedValue),
      wastedCount: s.wastedCount,
      wastedExpiredCount: s.wastedExpiredCount,
      /** Share of items that were thrown away (0-1). */
      wasteRate: rate(s.wastedCount, s.usedCount + s.wastedCount),
      /** Share of money thrown away (0-1), over events with a known value. */
      wasteValueRate: rate(s.wastedValue, s.usedValue + s.wastedValue),
      spend: money(s.spend),
      receiptCount: s.receiptCount,
      listPurchaseCount: s.listPurchaseCount,
    };
  });
  const sum = (key: keyof BucketSums) => sums.reduce((total, s) => total + s[key], 0);
  const totals = {
    usedValue: money(sum("usedValue")),
    usedCount: sum("usedCount"),
    wastedValue: money(sum("wastedValue")),
    wastedCount: sum("wastedCount"),
    wastedExpiredCount: sum("wastedExpiredCount"),
    wasteRate: rate(sum("wastedCount"), sum("usedCount") + sum("wastedCount")),
    wasteValueRate: rate(sum("wastedValue"), sum("usedValue") + sum("wastedValue")),
    spend: money(sum("spend")),
    receiptCount: sum("receiptCount"),
    listPurchaseCount: sum("listPurchaseCount"),
  };
  const categoryList = [...categories.values()].map((c) => ({ category: c.category, value: money(c.value), count: c.count }));
  return {
    period: input.period,
    count: input.count,
    timeZone: input.timeZone,
    from: buckets[0]!.start,
    to: buckets[buckets.length - 1]!.end,
    buckets: shaped,
    topWastedCategories: {
      byValue: [...categoryList].sort((a, b) => b.value - a.value || b.count - a.count || a.category.localeCompare(b.category)).slice(0, TOP_CATEGORIES),
      byCount: [...categoryList].sort((a, b) => b.count - a.count || b.value - a.value || a.category.localeCompare(b.category)).slice(0, TOP_CATEGORIES),
    },
    totals,
  };
}
