/** Dashboard p95 against the floor of the same server (GET /api/version), at 10 and 5,000 pantry items. */
import { budget, ms, statsLine, timeAlternating, type Scenario } from "../lib";

const TARGET_RATIO = 1.5;

export const dashboardScenario: Scenario = {
  name: "Dashboard",
  async run({ server, users, rounds, warmup }) {
    const get = (path: string, cookie?: string) => async () => {
      const response = await fetch(`${server.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    };
    // The floor as the issue measures it (no session), and, for context, the same call signed in (session read).
    const [floor, small, large, signedInFloor] = await timeAlternating(
      [get("/api/version"), get("/api/dashboard", users.p10!.cookie), get("/api/dashboard", users.p5000!.cookie), get("/api/version", users.p5000!.cookie)],
      rounds,
      warmup,
    );
    const ratio = large!.p95 / floor!.p95;
    return {
      lines: [
        statsLine("floor GET /api/version", floor!),
        statsLine("GET /api/version signed in (session read only)", signedInFloor!),
        statsLine("GET /api/dashboard, 10 items", small!),
        statsLine("GET /api/dashboard, 5,000 items", large!),
      ],
      budgets: [
        budget(
          `Dashboard p95 at 5,000 items within ${TARGET_RATIO}x of the floor (/api/version)`,
          ratio <= TARGET_RATIO,
          `${ms(large!.p95)} vs ${ms(floor!.p95)}: ${ratio.toFixed(2)}x (10 items: ${(small!.p95 / floor!.p95).toFixed(2)}x)`,
        ),
      ],
    };
  },
};
