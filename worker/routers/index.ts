import { router } from "../trpc";
import { authRouter } from "./auth";
import { systemRouter } from "./system";
import { engagementRouter } from "./engagement";
import { aiRouter } from "./ai";

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
  engagement: engagementRouter,
  ai: aiRouter,
});

export type AppRouter = typeof appRouter;
