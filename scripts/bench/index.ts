/**
 * The scenarios `npm run bench` runs against the served Worker, in order. Add a scenario module here; one whose
 * `needs` names a procedure the branch does not have is reported as "not available" instead of failing the run.
 * The client bundle runs before the server starts and the load run after these (it writes).
 */
import type { Scenario } from "./lib";
import { dashboardScenario } from "./scenarios/dashboard";
import { pantryScenario } from "./scenarios/pantry";
import { recipesScenario } from "./scenarios/recipes";
import { planWeekScenario } from "./scenarios/planWeek";
import { groceryFromPlanScenario } from "./scenarios/groceryFromPlan";

export const SERVER_SCENARIOS: Scenario[] = [dashboardScenario, pantryScenario, recipesScenario, planWeekScenario, groceryFromPlanScenario];
