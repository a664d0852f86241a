import { router, publicProcedure } from "../trpc";
import { BUILD_TIME } from "../buildInfo";

export const systemRouter = router({
  /** The client compares buildTime with the one it stored to notice a new release. */
  version: publicProcedure.query(() => ({ buildTime: BUILD_TIME, version: "1.0.0-beta" })),
});
