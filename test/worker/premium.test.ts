import { describe, expect, it } from "vitest";
import { appRouter } from "../../worker/routers";
import { premiumProcedure } from "../../worker/trpc";
import { trpc } from "../helpers/http";
import { createUser, setPremium } from "../helpers/factories";

type Def = { _def: { type: "query" | "mutation"; middlewares: unknown[]; meta?: { premiumMessage?: string } } };

/** The premium check is the last middleware premiumProcedure adds; every procedure built on it carries it. */
const premiumMiddleware = (premiumProcedure as unknown as Def)._def.middlewares.at(-1);

function premiumProcedures() {
  const record = (appRouter as unknown as { _def: { procedures: Record<string, Def> } })._def.procedures;
  return Object.entries(record).filter(([, proc]) => proc._def.middlewares.includes(premiumMiddleware));
}

describe("premium tiers (wrong-tier battery)", () => {
  const procedures = premiumProcedures();

  it("finds the premium procedures", () => {
    expect(procedures.map(([path]) => path)).toEqual(expect.arrayContaining(["recipes.generate", "recipes.generateFromPantry", "mealPlans.create", "mealPlans.planWeek"]));
  });

  for (const [path, proc] of procedures) {
    it(`${path} refuses a free user with the premium message when tiers are enforced`, async () => {
      const user = await createUser();
      const type = proc._def.type;
      const response = await trpc(path, type === "query" ? undefined : {}, { type, cookie: user.cookie, env: { PREMIUM_FOR_ALL: "false" } });
      expect(response.status).toBe(403);
      const body = (await response.json()) as { error: { message: string; data: { code: string } } };
      expect(body.error.data.code).toBe("FORBIDDEN");
      expect(body.error.message).toBe(proc._def.meta?.premiumMessage ?? "Premium subscription required");
    });

    it(`${path} lets a premium user through the gate`, async () => {
      const user = await createUser();
      await setPremium(user.id, true);
      const type = proc._def.type;
      const response = await trpc(path, type === "query" ? undefined : {}, { type, cookie: user.cookie, env: { PREMIUM_FOR_ALL: "false" } });
      // Past the gate the empty input fails validation instead.
      expect(response.status).not.toBe(403);
      expect(response.status).not.toBe(401);
    });
  }
});
