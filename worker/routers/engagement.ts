import { router, protectedProcedure } from "../trpc";
import { feedback, researchResponses } from "../../db/schema";
import { feedbackInput, researchInput } from "../schemas/engagement";
import { RATE_LIMITS, rateLimit } from "../auth/rateLimit";

export const engagementRouter = router({
  /** Quick feedback from the header dialog. */
  sendFeedback: protectedProcedure.input(feedbackInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, RATE_LIMITS.feedback, ctx.user.id);
    await ctx.db.insert(feedback).values({
      userId: ctx.user.id,
      feedback: input.feedback,
      page: input.page ?? null,
      userAgent: input.userAgent ?? null,
    });
    return { success: true as const, message: "Thanks! Your feedback was received and we will review it soon." };
  }),

  /** The detailed research survey; every field is optional. */
  submitResearch: protectedProcedure.input(researchInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, RATE_LIMITS.research, ctx.user.id);
    await ctx.db.insert(researchResponses).values({ userId: ctx.user.id, answers: input });
    return { success: true as const };
  }),
});
