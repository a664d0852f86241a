/**
 * A grocery list from a week's plan (groceryLists.generateFromPlan), for the plan user's seeded week of 21 meals:
 * under 1 s. Guarded: while the grocery lists router is not on the branch the scenario reports "not available".
 * After merging, check PROCEDURE and input() against worker/schemas/groceryLists.ts.
 */
import { budget, ms, statsLine, summarize, trpcMutation, type Scenario } from "../lib";

const PROCEDURE = "groceryLists.generateFromPlan";
const TARGET_MS = 1_000;
const CALLS = 10;

export const groceryFromPlanScenario: Scenario = {
  name: "Grocery list from a week's plan",
  needs: [PROCEDURE],
  async run({ server, users, week }) {
    const input = () => ({ start: week[0]!, end: week[6]! });
    await trpcMutation(server, PROCEDURE, input(), { cookie: users.plan!.cookie });
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await trpcMutation(server, PROCEDURE, input(), { cookie: users.plan!.cookie });
      samples.push(performance.now() - start);
    }
    const stats = summarize(samples);
    return {
      lines: [statsLine(PROCEDURE, stats)],
      budgets: [budget(`Grocery list from a week's plan under ${TARGET_MS} ms`, stats.max < TARGET_MS, `slowest of ${CALLS}: ${ms(stats.max)}, p50 ${ms(stats.p50)}`)],
    };
  },
};
