/** The paged pantry list (pantry.page, default order): first page at 10, 1,000 and 5,000 items, and a deep page. */
import { budget, ms, statsLine, timeAlternating, trpcQuery, type Scenario } from "../lib";

const TARGET_RATIO = 1.5;
type Page = { items: unknown[]; nextCursor: string | null };

export const pantryScenario: Scenario = {
  name: "Pantry list",
  needs: ["pantry.page"],
  async run({ server, users, rounds, warmup }) {
    const page = (label: string, cursor?: string | null) => async () => {
      const answer = await trpcQuery<Page>(server, "pantry.page", cursor ? { cursor } : {}, { cookie: users[label]!.cookie });
      if (answer.items.length === 0) throw new Error(`no items for ${label}`);
    };
    // A cursor half-way through the 5,000 items (page 50 of about 105).
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) cursor = (await trpcQuery<Page>(server, "pantry.page", cursor ? { cursor } : {}, { cookie: users.p5000!.cookie })).nextCursor;
    const [small, mid, large, deep] = await timeAlternating([page("p10"), page("p1000"), page("p5000"), page("p5000", cursor)], rounds, warmup);
    const ratio = large!.p95 / small!.p95;
    return {
      lines: [
        statsLine("pantry.page first page, 10 items", small!),
        statsLine("pantry.page first page, 1,000 items", mid!),
        statsLine("pantry.page first page, 5,000 items", large!),
        statsLine("pantry.page 51st page, 5,000 items", deep!),
      ],
      budgets: [
        budget(
          `Pantry list (paged) p95 at 5,000 items within ${TARGET_RATIO}x of 10 items`,
          ratio <= TARGET_RATIO && deep!.p95 / small!.p95 <= TARGET_RATIO,
          `first page ${ms(large!.p95)} vs ${ms(small!.p95)}: ${ratio.toFixed(2)}x; 51st page ${(deep!.p95 / small!.p95).toFixed(2)}x`,
        ),
      ],
    };
  },
};
