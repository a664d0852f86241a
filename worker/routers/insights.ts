/**
 * Waste and spending insights: money and items used vs thrown away, and grocery spend from receipts, per week
 * or month in the user's own time zone, shaped for charts.
 */
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { router, protectedProcedure } from "../trpc";
import { receipts, wasteEvents } from "../../db/schema";
import { confirmedReceipt } from "../services/receipts";
import { addDays, isIsoDate, todayIn } from "../domain/dates";
import { insightsSummaryInput, type InsightPeriod } from "../schemas/insights";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const TOP_CATEGORIES = 5;

export type InsightBucket = { start: string; end: string; label: string };

const money = (value: number) => Math.round(value * 100) / 100;
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

function monthStart(date: string, monthsBack: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - monthsBack;
  const d = new Date(Date.UTC(year, month, 1));
  return d.toISOString().slice(0, 10);
}

/** The `count` most recent weeks (Monday to Sunday) or calendar months, oldest first, the current one last. */
export function periodBuckets(period: InsightPeriod, count: number, today: string): InsightBucket[] {
  const buckets: InsightBucket[] = [];
  if (period === "week") {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
    const currentStart = addDays(today, -weekday);
    for (let back = count - 1; back >= 0; back -= 1) {
      const start = addDays(currentStart, -7 * back);
      buckets.push({ start, end: addDays(start, 6), label: `${MONTHS[Number(start.slice(5, 7)) - 1]} ${Number(start.slice(8, 10))}` });
    }
  } else {
    for (let back = count - 1; back >= 0; back -= 1) {
      const start = monthStart(today, back);
      const end = addDays(monthStart(today, back - 1), -1);
      buckets.push({ start, end, label: `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}` });
    }
  }
  return buckets;
}

/** Offset of a time zone from UTC at an instant, in ms (positive east of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight starting `date` in `timeZone` (DST-safe: re-checks the offset once). */
export function localMidnightUtc(date: string, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  try {
    const first = guess - zoneOffsetMs(guess, timeZone);
    const second = guess - zoneOffsetMs(first, timeZone);
    return second;
  } catch {
    return guess;
  }
}

function validTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

type WasteGroupRow = { bucket: number; kind: string; category: string; value: number; count: number; expired: number };

export const insightsRouter = router({
  /**
   * Per bucket: money and items used (consumed) vs wasted (discarded), the waste rate, grocery spend from
   * receipts; the top wasted categories; totals. Waste values come from waste_events.value (price share of the
   * amount; events without a known price count as items but add no money).
   */
  summary: protectedProcedure.input(insightsSummaryInput).query(async ({ ctx, input }) => {
    const timeZone = validTimeZone(ctx.user.timeZone);
    const today = todayIn(timeZone);
    const buckets = periodBuckets(input.period, input.count, today);
    const first = buckets[0]!;
    const last = buckets[buckets.length - 1]!;
    const edges = buckets.map((b) => localMidnightUtc(b.start, timeZone));
    const rangeEnd = localMidnightUtc(addDays(last.end, 1), timeZone);

    // Bucket index in SQL from the local-midnight boundaries (at most 52 + 3 bound parameters).
    const bucketCase: SQL =
      edges.length === 1
        ? sql`0`
        : sql`case ${sql.join(
            edges.slice(1).map((edge, i) => sql`when ${wasteEvents.occurredAt} < ${edge} then ${i}`),
            sql` `,
          )} else ${edges.length - 1} end`;
    const wasteRows = await ctx.db
      .select({
        bucket: sql<number>`${bucketCase}`.as("bucket"),
        kind: wasteEvents.kind,
        category: wasteEvents.category,
        value: sql<number>`coalesce(sum(${wasteEvents.value}), 0)`,
        // Items, not events: using half a carton and then the rest is one item used.
        count: sql<number>`count(distinct coalesce(${wasteEvents.pantryItemId}, -${wasteEvents.id}))`,
        expired: sql<number>`sum(case when ${wasteEvents.wasExpired} then 1 else 0 end)`,
      })
      .from(wasteEvents)
      .where(and(eq(wasteEvents.userId, ctx.user.id), gte(wasteEvents.occurredAt, new Date(edges[0]!)), lt(wasteEvents.occurredAt, new Date(rangeEnd))))
      .groupBy(sql`bucket`, wasteEvents.kind, wasteEvents.category);

    // Receipts are few per user: read the candidates and place each by its purchase date (else upload day).
    const receiptRows = await ctx.db
      .select({ total: receipts.total, purchaseDate: receipts.purchaseDate, createdAt: receipts.createdAt })
      .from(receipts)
      .where(
        and(
          eq(receipts.userId, ctx.user.id),
          // Spending is what the user confirmed: a draft scanned three times is not three purchases.
          confirmedReceipt,
          sql`(${receipts.purchaseDate} >= ${first.start} or ${receipts.createdAt} >= ${edges[0]!})`,
        ),
      );

    const perBucket = buckets.map((b) => ({
      ...b,
      usedValue: 0,
      usedCount: 0,
      wastedValue: 0,
      wastedCount: 0,
      wastedExpiredCount: 0,
      spend: 0,
      receiptCount: 0,
    }));
    const categories = new Map<string, { category: string; value: number; count: number }>();
    for (const row of wasteRows as WasteGroupRow[]) {
      const bucket = perBucket[Number(row.bucket)];
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
    for (const receipt of receiptRows) {
      if (receipt.total === null || !Number.isFinite(receipt.total)) continue;
      const day = receipt.purchaseDate && isIsoDate(receipt.purchaseDate) ? receipt.purchaseDate : todayIn(timeZone, receipt.createdAt);
      const bucket = perBucket.find((b) => day >= b.start && day <= b.end);
      if (!bucket) continue;
      bucket.spend += receipt.total;
      bucket.receiptCount += 1;
    }

    const shaped = perBucket.map((b) => ({
      start: b.start,
      end: b.end,
      label: b.label,
      usedValue: money(b.usedValue),
      usedCount: b.usedCount,
      wastedValue: money(b.wastedValue),
      wastedCount: b.wastedCount,
      wastedExpiredCount: b.wastedExpiredCount,
      /** Share of items that were thrown away (0-1). */
      wasteRate: rate(b.wastedCount, b.usedCount + b.wastedCount),
      /** Share of money thrown away (0-1), over events with a known value. */
      wasteValueRate: rate(b.wastedValue, b.usedValue + b.wastedValue),
      spend: money(b.spend),
      receiptCount: b.receiptCount,
    }));
    const sum = (key: "usedValue" | "usedCount" | "wastedValue" | "wastedCount" | "wastedExpiredCount" | "spend" | "receiptCount") =>
      perBucket.reduce((total, b) => total + b[key], 0);
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
    };
    const categoryList = [...categories.values()].map((c) => ({ category: c.category, value: money(c.value), count: c.count }));
    return {
      period: input.period,
      count: input.count,
      timeZone,
      from: first.start,
      to: last.end,
      buckets: shaped,
      topWastedCategories: {
        byValue: [...categoryList].sort((a, b) => b.value - a.value || b.count - a.count || a.category.localeCompare(b.category)).slice(0, TOP_CATEGORIES),
        byCount: [...categoryList].sort((a, b) => b.count - a.count || b.value - a.value || a.category.localeCompare(b.category)).slice(0, TOP_CATEGORIES),
      },
      totals,
    };
  }),
});
