/**
 * "Plan my week" (mealPlans.planWeek) for a user with the library and 40 pantry items: under 1 s.
 * Guarded: while the meal plans router is not on the branch the scenario reports "not available". After merging,
 * check PROCEDURE and input() against worker/schemas/mealPlans.ts.
 */
import { addDays } from "../../../worker/domain/dates";
import { budget, ms, statsLine, summarize, trpcMutation, type Scenario } from "../lib";

const PROCEDURE = "mealPlans.planWeek";
const TARGET_MS = 1_000;
const CALLS = 10;

export const planWeekScenario: Scenario = {
  name: "Plan my week",
  needs: [PROCEDURE],
  async run({ server, users, week }) {
    // The week after the seeded one, planned afresh each call (reshuffle replaces the previous choice).
    const input = () => ({ weekStart: addDays(week[0]!, 7), reshuffle: true });
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
      budgets: [budget(`Plan my week under ${TARGET_MS} ms`, stats.max < TARGET_MS, `slowest of ${CALLS}: ${ms(stats.max)}, p50 ${ms(stats.p50)}`)],
    };
  },
};
