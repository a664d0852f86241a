/**
 * Waste and spending insights: waste events grouped per week or month of the user's own time zone (bucket edges
 * are local midnights from domain/localDay.ts) and the receipts of the period; domain/insights.ts sums them.
 */
import { and, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { groceryPurchases, receipts, wasteEvents } from "../../db/schema";
import { addDays, safeTimeZone, todayIn } from "../domain/dates";
import { startOfLocalDay } from "../domain/localDay";
import { periodBuckets, summarizeInsights, type WasteGroup } from "../domain/insights";
import type { InsightsSummaryInput } from "../schemas/insights";
import { confirmedReceipt } from "./receipts";

/**
 * Per bucket: money and items used (consumed) vs wasted (discarded), the waste rate, grocery spend from
 * receipts; the top wasted categories; totals. Waste values come from waste_events.value (price share of the
 * amount; events without a known price count as items but add no money).
 */
export async function getInsightsSummary(ctx: { db: Db }, user: { id: string; timeZone: string }, input: Omit<InsightsSummaryInput, "weekStartsOn"> & Partial<Pick<InsightsSummaryInput, "weekStartsOn">>, now = new Date()) {
  const timeZone = safeTimeZone(user.timeZone);
  const buckets = periodBuckets(input.period, input.count, todayIn(timeZone, now), input.weekStartsOn);
  const first = buckets[0]!;
  const last = buckets[buckets.length - 1]!;
  const edges = buckets.map((b) => startOfLocalDay(b.start, timeZone));
  const rangeEnd = startOfLocalDay(addDays(last.end, 1), timeZone);

  // Bucket index in SQL from the local-midnight boundaries (at most 51 + 4 bound parameters).
  const bucketCase: SQL =
    edges.length === 1
      ? sql`0`
      : sql`case ${sql.join(
          // The bucket numbers are literals (our own small integers): bound, they would double the parameters
          // and pass D1's limit of 100 at 52 weeks.
          edges.slice(1).map((edge, i) => sql`when ${wasteEvents.occurredAt} < ${edge} then ${sql.raw(String(i))}`),
          sql` `,
        )} else ${edges.length - 1} end`;
  const [waste, receiptRows, listPurchases] = await ctx.db.batch([
    ctx.db
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
      .where(and(eq(wasteEvents.userId, user.id), gte(wasteEvents.occurredAt, new Date(edges[0]!)), lt(wasteEvents.occurredAt, new Date(rangeEnd))))
      .groupBy(sql`bucket`, wasteEvents.kind, wasteEvents.category),
    // Receipts are few per user: read the candidates and place each by its purchase date (else upload day).
    // Spending is what the user confirmed: a draft scanned three times is not three purchases.
    ctx.db
      .select({ total: receipts.total, purchaseDate: receipts.purchaseDate, createdAt: receipts.createdAt })
      .from(receipts)
      .where(and(eq(receipts.userId, user.id), confirmedReceipt, sql`(${receipts.purchaseDate} >= ${first.start} or ${receipts.createdAt} >= ${edges[0]!})`)),
    // Trips recorded from grocery lists: a separate source, so a receipt and a list never stand for one another.
    ctx.db
      .select({ total: groceryPurchases.total, purchaseDate: groceryPurchases.purchaseDate })
      .from(groceryPurchases)
      .where(and(eq(groceryPurchases.userId, user.id), gte(groceryPurchases.purchaseDate, first.start), lte(groceryPurchases.purchaseDate, last.end))),
  ]);
  return summarizeInsights({ period: input.period, count: input.count, timeZone, buckets, waste: waste as WasteGroup[], receipts: receiptRows, listPurchases });
}
