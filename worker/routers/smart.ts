/**
 * The smart insights panel: recommendations, shopping suggestions, cooking tips and learning data, all from the
 * user's own rows (worker/services/smart.ts, rules in worker/domain/smartInsights.ts).
 */
import { todayIn } from "../domain/dates";
import { trackActionInput } from "../schemas/insights";
import { getCookingTips, getLearningData, getRecommendations, getShoppingSuggestions, trackAction } from "../services/smart";
import { protectedProcedure, router } from "../trpc";

export const smartRouter = router({
  /** Up to 3 recipes for what is in the pantry, soonest-expiring items weighted up. */
  recommendations: protectedProcedure.query(({ ctx }) => getRecommendations(ctx, ctx.user.id, todayIn(ctx.user.timeZone))),

  /** Things the user used up in the last 60 days and has no more of, and staples running low. */
  shoppingSuggestions: protectedProcedure.query(({ ctx }) => getShoppingSuggestions(ctx, ctx.user.id, todayIn(ctx.user.timeZone))),

  /** Up to 4 tips chosen from the pantry and the last month's waste. */
  cookingTips: protectedProcedure.query(({ ctx }) => getCookingTips(ctx, ctx.user.id, todayIn(ctx.user.timeZone))),

  /** Feedback and cooking history; preferences the user never stored are null or empty, never a default. */
  learningData: protectedProcedure.query(({ ctx }) => getLearningData(ctx, ctx.user)),

  trackAction: protectedProcedure.input(trackActionInput).mutation(async ({ ctx, input }) => {
    await trackAction(ctx, ctx.user.id, input);
    return { ok: true as const };
  }),
});
