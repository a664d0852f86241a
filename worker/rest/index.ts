import { createApp } from "../app";
import { receiptsRest } from "./receipts";
import { authRest } from "./auth";
import { oauthRest } from "./oauth";
import { systemRest } from "./system";
import { pantryRest } from "./pantry";
import { dashboardRest } from "./dashboard";
import { engagementRest } from "./engagement";
import { aiRest } from "./ai";
import { insightsRest } from "./insights";
import { recipesRest } from "./recipes";
import { subscriptionRest } from "./subscription";
import { accountRest } from "./account";
import { mealPlansRest } from "./mealPlans";
import { groceryListsRest } from "./groceryLists";
import { profileRest } from "./profile";
import { companionRest } from "./companion";

/** The documented REST paths, each a thin adapter over a tRPC procedure. Mounted under /api. */
export const restApi = createApp()
  .route("/", receiptsRest)
  .route("/", authRest)
  .route("/", oauthRest)
  .route("/", systemRest)
  .route("/", pantryRest)
  .route("/", dashboardRest)
  .route("/", engagementRest)
  .route("/", aiRest)
  .route("/", insightsRest)
  .route("/", recipesRest)
  .route("/", subscriptionRest)
  .route("/", accountRest)
  .route("/", mealPlansRest)
  .route("/", groceryListsRest)
  .route("/", profileRest)
  .route("/", companionRest);
