/**
 * Every procedure called with generated inputs (test/helpers/zodArbitrary.ts) as a signed-in user, through the
 * server-side caller with a real context (local D1, KV, R2): no INTERNAL_SERVER_ERROR (500), nothing thrown that is
 * not a TRPCError, and a refused call writes nothing (every table's rows counted before and after; the rate-limit
 * counters are the one table a refusal may touch). Two files run halves of the router side by side.
 */
import { env } from "cloudflare:test";
import { TRPCError } from "@trpc/server";
import fc from "fast-check";
import { expect, it } from "vitest";
import { createDb } from "../../db";
import { createLucia } from "../../worker/auth/lucia";
import { createContextInner } from "../../worker/context";
import { appRouter } from "../../worker/routers";
import { createCallerFactory } from "../../worker/trpc";
import { createPantryItem, createUser } from "./factories";
import { procedureDefs } from "./procedures";
import { fuzzInputs } from "./zodArbitrary";

export const FUZZ_RUNS = 1_000;
/** A thousand calls take seconds, not milliseconds (sign-in hashes a password on each). */
const FUZZ_TIMEOUT_MS = 240_000;

/**
 * Called with their schema's inputs only (zod parses every one, no call): the session's own lifecycle, which would
 * sign the fuzzing user out or delete it, and the link importer, whose generated URLs would go to the network.
 */
export const SCHEMA_ONLY: Record<string, string> = {
  "auth.logout": "ends the fuzzing user's session",
  "auth.deleteAccount": "deletes the fuzzing user",
  "recipes.generate": "its link mode fetches the generated URL",
};

const TABLES_A_REFUSAL_MAY_TOUCH = new Set(["rate_limits", "sqlite_sequence", "_cf_KV", "d1_migrations"]);

async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all<{ name: string }>()).results
    .map((r) => r.name)
    .filter((name) => !TABLES_A_REFUSAL_MAY_TOUCH.has(name) && !name.startsWith("_cf"));
  // One row of scalar subqueries (D1 allows only a few terms in a compound SELECT).
  const sql = `SELECT ${tables.map((name) => `(SELECT COUNT(*) FROM "${name}") AS "${name}"`).join(", ")}`;
  return (await env.DB.prepare(sql).first<Record<string, number>>()) ?? {};
}

type Caller = Record<string, unknown>;

function procedureAt(caller: Caller, path: string): (input: unknown) => Promise<unknown> {
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return fn as (input: unknown) => Promise<unknown>;
}

/** The procedures of one half (by position), each with its input schema. */
function half(part: 0 | 1) {
  return procedureDefs()
    .map(([path, proc]) => ({ path, inputs: (proc as unknown as { _def: { inputs: unknown[] } })._def.inputs }))
    .filter((_, index) => index % 2 === part);
}

export function fuzzProcedures(part: 0 | 1) {
  const createCaller = createCallerFactory(appRouter);
  let caller: Caller;

  it("setup: a signed-in user with a few items", async () => {
    const user = await createUser();
    await createPantryItem(user, { name: "Milk" });
    await createPantryItem(user, { name: "Eggs" });
    const db = createDb(env.DB);
    const lucia = createLucia(env.SESSIONS, db, "http://localhost/");
    const { user: row, session } = await lucia.validateSession(user.cookie.split("=")[1]!);
    expect(row?.id).toBe(user.id);
    caller = createCaller(createContextInner({ env, db, lucia, requestUrl: "http://localhost/trpc", clientIp: `10.99.0.${part}`, user: row, session })) as unknown as Caller;
  });

  for (const { path, inputs } of half(part)) {
    const schema = inputs[0];
    it(`${path}: ${FUZZ_RUNS} generated inputs`, async () => {
      const arbitrary = inputs.length > 1 ? fc.tuple(...inputs.map(fuzzInputs)).map((parts) => Object.assign({}, ...parts.map((p) => (p && typeof p === "object" ? p : {})))) : fuzzInputs(schema);
      if (SCHEMA_ONLY[path]) {
        // No call: the schema alone must answer every input with a value or a ZodError, never anything else.
        fc.assert(
          fc.property(arbitrary, (input) => {
            for (const s of inputs) (s as { safeParse(v: unknown): unknown }).safeParse(input);
          }),
          { numRuns: FUZZ_RUNS },
        );
        return;
      }
      const call = procedureAt(caller, path);
      let before = await rowCounts();
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          let refused: TRPCError | null = null;
          try {
            await call(input);
          } catch (error) {
            if (!(error instanceof TRPCError)) throw new Error(`${path} threw something other than a TRPCError: ${String(error)}`, { cause: error });
            if (error.code === "INTERNAL_SERVER_ERROR") throw new Error(`${path} answered 500: ${error.message} (cause: ${String(error.cause)})`, { cause: error });
            refused = error;
          }
          const after = await rowCounts();
          if (refused) expect(after, `${path} refused (${refused.code}: ${refused.message}) but changed rows`).toEqual(before);
          before = after;
        }),
        { numRuns: FUZZ_RUNS },
      );
    }, FUZZ_TIMEOUT_MS);
  }
}
