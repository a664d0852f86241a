import { router } from "../trpc";
import { receiptsRouter } from "./receipts";
import { authRouter } from "./auth";
import { systemRouter } from "./system";
import { pantryRouter } from "./pantry";
import { groceriesRouter } from "./groceries";
import { dashboardRouter } from "./dashboard";
import { engagementRouter } from "./engagement";
import { aiRouter } from "./ai";
import { notificationsRouter } from "./notifications";
import { insightsRouter } from "./insights";
import { smartRouter } from "./smart";
import { recipesRouter } from "./recipes";
import { apiTokensRouter } from "./apiTokens";

export const appRouter = router({
  receipts: receiptsRouter,
  auth: authRouter,
  system: systemRouter,
  pantry: pantryRouter,
  groceries: groceriesRouter,
  dashboard: dashboardRouter,
  engagement: engagementRouter,
  ai: aiRouter,
  notifications: notificationsRouter,
  insights: insightsRouter,
  smart: smartRouter,
  recipes: recipesRouter,
  apiTokens: apiTokensRouter,
});

export type AppRouter = typeof appRouter;
