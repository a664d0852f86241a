/** Meal plan data for the screen: the range read, saving with its error toasts, and what a change refreshes. */
import { useCallback } from "react";
import { keepPreviousData } from "@tanstack/react-query";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { errorMessage, errorStatus } from "../../lib/api";
import { toast } from "../../components/ui/toast-store";
import { MEAL_PLAN_PREMIUM_MESSAGE } from "../../../worker/schemas/mealPlans";

export type MealPlanEntry = RouterOutputs["mealPlans"]["list"]["entries"][number];
export type MealPlanRange = RouterOutputs["mealPlans"]["list"];
export type RecipeChoice = RouterOutputs["mealPlans"]["recipeChoices"][number];

export const SAVE_FALLBACK = "Failed to save meal plan";

/** A failed save: 'Error' with the server's message, the premium message for 403, else 'Failed to save meal plan'. */
export function showSaveError(error: unknown, fallback = SAVE_FALLBACK) {
  const description = errorStatus(error) === 403 ? MEAL_PLAN_PREMIUM_MESSAGE : errorMessage(error, fallback);
  toast({ title: "Error", description, variant: "destructive" });
}

export function useMealPlanRange(start: string, end: string) {
  return trpc.mealPlans.list.useQuery({ start, end }, { placeholderData: keepPreviousData });
}

/** After a plan change: the calendar and the dashboard's Today's Meal Plan. */
export function useMealPlansChanged(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    await Promise.all([utils.mealPlans.list.invalidate(), utils.dashboard.get.reset()]);
  }, [utils]);
}
