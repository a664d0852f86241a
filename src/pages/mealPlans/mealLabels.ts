/** How the meal planner names meals and days on screen. */
import type { MealType } from "../../../worker/domain/constants";

export const MEAL_LABELS: Record<MealType, string> = {
  breakfast: "Breakfast",
  lunch: "Lunch",
  dinner: "Dinner",
  snack: "Snack",
  dessert: "Dessert",
  appetizer: "Appetizer",
};

/** "Mon, Mar 2" for a yyyy-MM-dd date (read as a calendar date, not an instant), in the browser's language. */
export function formatDay(date: string, options: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric" }): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { ...options, timeZone: "UTC" });
}
