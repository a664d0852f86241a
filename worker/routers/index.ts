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
import { accountRouter } from "./account";
import { recipeImportRouter } from "./recipeImport";
import { mealPlansRouter } from "./mealPlans";
import { groceryListsRouter } from "./groceryLists";
import { profileRouter } from "./profile";
import { companionRouter } from "./companion";
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
  account: accountRouter,
  recipeImport: recipeImportRouter,
  mealPlans: mealPlansRouter,
  groceryLists: groceryListsRouter,
  profile: profileRouter,
  companion: companionRouter,
  apiTokens: apiTokensRouter,
});

export type AppRouter = typeof appRouter;
