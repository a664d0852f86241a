/**
 * Dashboard p95 against the floor of the same server: GET /api/version sent by the same signed-in client, so both
 * pay the session check every signed-in request pays and the ratio is the dashboard's own work. The floor without
 * a session is printed too, for context.
 */
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
    const [floor, small, large, anonymousFloor] = await timeAlternating(
      [get("/api/version", users.p5000!.cookie), get("/api/dashboard", users.p10!.cookie), get("/api/dashboard", users.p5000!.cookie), get("/api/version")],
      rounds,
      warmup,
    );
    const ratio = large!.p95 / floor!.p95;
    return {
      lines: [
        statsLine("floor GET /api/version, signed in (the session check alone)", floor!),
        statsLine("GET /api/version signed out (no session check)", anonymousFloor!),
        statsLine("GET /api/dashboard, 10 items", small!),
        statsLine("GET /api/dashboard, 5,000 items", large!),
      ],
      budgets: [
        budget(
          `Dashboard p95 at 5,000 items within ${TARGET_RATIO}x of the floor (/api/version, same signed-in client)`,
          ratio <= TARGET_RATIO,
          `${ms(large!.p95)} vs ${ms(floor!.p95)}: ${ratio.toFixed(2)}x (10 items: ${(small!.p95 / floor!.p95).toFixed(2)}x; against the signed-out floor ${ms(anonymousFloor!.p95)}: ${(large!.p95 / anonymousFloor!.p95).toFixed(2)}x)`,
        ),
      ],
    };
  },
};
