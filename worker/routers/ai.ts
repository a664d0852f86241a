import { router, protectedProcedure } from "../trpc";
import { isPremiumUser } from "../context";

export const aiRouter = router({
  /** Monthly AI token usage for the profile card (GET /api/token-usage). */
  tokenUsage: protectedProcedure.query(({ ctx }) => ctx.ai.usage({ id: ctx.user.id, premium: isPremiumUser(ctx.env, ctx.user) })),
});
