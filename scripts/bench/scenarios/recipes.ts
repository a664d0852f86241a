/** The recipe list (with pantry match counts) and "what can I make" over the 410-recipe library, at 10 and 2,000 pantry items. */
import { budget, ms, statsLine, timeAlternating, trpcQuery, type Scenario } from "../lib";

const TARGET_RATIO = 1.5;
const TARGET_MS = 30;
type List = { recipes: unknown[]; total: number };

export const recipesScenario: Scenario = {
  name: "Recipes",
  needs: ["recipes.list"],
  async run({ server, users, rounds, warmup }) {
    const totals: Record<string, number> = {};
    const list = (label: string, input: Record<string, unknown>) => async () => {
      const answer = await trpcQuery<List>(server, "recipes.list", input, { cookie: users[label]!.cookie });
      totals[`${label} ${JSON.stringify(input)}`] = answer.total;
    };
    const canMake = { sort: "pantry", pantryUsage: 2 };
    const [listSmall, listLarge, makeSmall, makeLarge] = await timeAlternating(
      [list("p10", {}), list("p2000", {}), list("p10", canMake), list("p2000", canMake)],
      rounds,
      warmup,
    );
    const check = (name: string, small: typeof listSmall, large: typeof listSmall) => {
      const ratio = large!.p95 / small!.p95;
      return budget(
        `${name} p95 at 2,000 pantry items within ${TARGET_RATIO}x of 10 and under ${TARGET_MS} ms`,
        ratio <= TARGET_RATIO && large!.p95 < TARGET_MS,
        `${ms(large!.p95)} vs ${ms(small!.p95)}: ${ratio.toFixed(2)}x`,
      );
    };
    return {
      lines: [
        statsLine("recipes.list page 1, 10 items", listSmall!),
        statsLine("recipes.list page 1, 2,000 items", listLarge!),
        statsLine(`what can I make, 10 items (${totals[`p10 ${JSON.stringify(canMake)}`]} recipes)`, makeSmall!),
        statsLine(`what can I make, 2,000 items (${totals[`p2000 ${JSON.stringify(canMake)}`]} recipes)`, makeLarge!),
      ],
      budgets: [check("Recipe list", listSmall, listLarge), check("What can I make", makeSmall, makeLarge)],
    };
  },
};
