import { ComingSoon } from "../../components/ComingSoon";
import { CalendarIcon } from "../../components/icons";

/** Meal plans (/meal-plans and /mealplans): not built yet in this release. */
export function MealPlansPage() {
  return <ComingSoon feature="Meal Plans" description="Plan breakfast, lunch and dinner for the week and turn your plan into a shopping list." icon={<CalendarIcon size={32} />} />;
}
