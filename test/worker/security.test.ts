import { describe, expect, it } from "vitest";
import { appRouter } from "../../worker/routers";
import { request, trpc } from "../helpers/http";

/** Procedures anyone may call. Everything else must refuse a signed-out caller with 401. */
const PUBLIC_PROCEDURES = new Set(["auth.providers", "auth.register", "auth.login", "system.version"]);

type ProcedureDef = { _def: { type: "query" | "mutation" | "subscription" } };

function allProcedures(): [string, "query" | "mutation" | "subscription"][] {
  const record = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;
  return Object.entries(record).map(([path, proc]) => [path, proc._def.type]);
}

describe("every protected procedure refuses a signed-out caller", () => {
  const procedures = allProcedures().filter(([path]) => !PUBLIC_PROCEDURES.has(path));

  it("has procedures to check", () => {
    expect(procedures.length).toBeGreaterThan(3);
  });

  for (const [path, type] of procedures) {
    it(`${path} answers 401 over tRPC`, async () => {
      const response = await trpc(path, type === "query" ? undefined : {}, { type: type === "query" ? "query" : "mutation" });
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: { data: { code: string } } };
      expect(body.error.data.code).toBe("UNAUTHORIZED");
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    });
  }

  it("an invalid session cookie is treated as signed out and cleared", async () => {
    const response = await request("/api/auth/user", { cookie: "plantry_session=not-a-real-session" });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("plantry_session=;") || c.includes("Max-Age=0"))).toBe(true);
  });
});
