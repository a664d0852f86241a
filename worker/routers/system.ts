import { router, publicProcedure } from "../trpc";
import { BUILD_TIME } from "../buildInfo";
import { publicStats } from "../services/publicStats";
import { checkHealth } from "../services/health";

export const systemRouter = router({
  /** The client compares buildTime with the one it stored to notice a new release. */
  version: publicProcedure.query(() => ({ buildTime: BUILD_TIME, version: "1.0.0-beta" })),

  /** Figures the public pages state about the product, read from the product itself (never typed into a page). */
  stats: publicProcedure.query(({ ctx }) => publicStats(ctx)),
  /** D1, KV and R2 each answer a cheap call; "failing" names the one that did not (GET /api/health: 503). */
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx)),
});
