import { router } from "../trpc";
import { authRouter } from "./auth";
import { systemRouter } from "./system";

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
