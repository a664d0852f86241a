/**
 * Waste and spending insights: money and items used vs thrown away, and grocery spend from receipts, per week
 * or month in the user's own time zone, shaped for charts (worker/services/insights.ts).
 */
import { insightsSummaryInput } from "../schemas/insights";
import { getInsightsSummary } from "../services/insights";
import { protectedProcedure, router } from "../trpc";

export const insightsRouter = router({
  summary: protectedProcedure.input(insightsSummaryInput).query(({ ctx, input }) => getInsightsSummary(ctx, ctx.user, input)),
});
