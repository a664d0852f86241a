/** "Plan my week" (mealPlans.planWeek) for a user with the library and 40 pantry items: under 1 s. */
import { addDays } from "../../../worker/domain/dates";
import { slowestUnder, type Scenario } from "../lib";

const PROCEDURE = "mealPlans.planWeek";

export const planWeekScenario: Scenario = {
  name: "Plan my week",
  needs: [PROCEDURE],
  run: ({ server, users, week }) =>
    slowestUnder(server, users.plan!.cookie, {
      procedure: PROCEDURE,
      // The week after the seeded one, planned afresh each call (reshuffle replaces the previous choice).
      input: () => ({ weekStart: addDays(week[0]!, 7), reshuffle: true }),
      label: "Plan my week",
      targetMs: 1_000,
      calls: 10,
    }),
};
