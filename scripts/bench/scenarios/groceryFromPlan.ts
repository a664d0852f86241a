/**
 * A grocery list from a week's plan (groceryLists.generateFromPlan), for the plan user's seeded week of 21 meals:
 * under 1 s.
 */
import { slowestUnder, type Scenario } from "../lib";

const PROCEDURE = "groceryLists.generateFromPlan";

export const groceryFromPlanScenario: Scenario = {
  name: "Grocery list from a week's plan",
  needs: [PROCEDURE],
  run: ({ server, users, week }) =>
    slowestUnder(server, users.plan!.cookie, {
      procedure: PROCEDURE,
      input: () => ({ start: week[0]!, end: week[6]! }),
      label: "Grocery list from a week's plan",
      targetMs: 1_000,
      calls: 10,
    }),
};
