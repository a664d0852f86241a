import { todayIn } from "../domain/dates";
import { getDashboard } from "../services/dashboard";
import { protectedProcedure, router } from "../trpc";

export const dashboardRouter = router({
  /** Counts, up to 10 expiring items and today's meal plans (the user's own calendar day) in one round trip. */
  get: protectedProcedure.query(({ ctx }) => getDashboard(ctx, ctx.user.id, todayIn(ctx.user.timeZone))),
});
