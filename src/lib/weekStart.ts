import { firstDayOfWeek, type Weekday } from "../../worker/domain/mealSlots";

/** The first day of the week for this browser's language: where the meal planner's and the insights' weeks start. */
export function browserFirstDayOfWeek(): Weekday {
  return firstDayOfWeek(typeof navigator !== "undefined" && navigator.language ? navigator.language : "en-US");
}
