import { router } from "../trpc";
import { authRouter } from "./auth";
import { systemRouter } from "./system";
import { engagementRouter } from "./engagement";

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
  engagement: engagementRouter,
});

export type AppRouter = typeof appRouter;
