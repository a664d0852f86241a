import { describe, expect, it } from "vitest";
import { appRouter } from "../../worker/routers";
import { restApi } from "../../worker/rest";
import { receiptPhoto } from "../helpers/factories";
import { request, trpc } from "../helpers/http";

/** Procedures anyone may call. Everything else must refuse a signed-out caller with 401. */
const PUBLIC_PROCEDURES = new Set(["auth.providers", "auth.register", "auth.login", "system.version", "system.stats", "mealPlans.feed.calendar"]);

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

/**
 * REST paths anyone may call: sign-in, registration, the provider list, the version, the OAuth navigations and the
 * old checkout link (it explains that payments are not live).
 */
const PUBLIC_REST = new Set([
  "POST /auth/login",
  "POST /auth/register",
  "GET /auth/providers",
  "GET /version",
  "GET /auth/google",
  "GET /auth/google/callback",
  "GET /login",
  "GET /login/callback",
  "GET /logout",
  "GET /subscription/create-checkout",
  // The meal plan's calendar feed: its secret URL is the credential (a calendar app has no session).
  "GET /mealplans/feed/:token",
]);

/** A well-formed request for each path, so only the missing session can be the reason for refusing it. */
function signedOutRequest(method: string, path: string) {
  const url = `/api${path.replace(/:[A-Za-z]+/g, "1")}`;
  if (path === "/receipts/scan") {
    const form = new FormData();
    form.append("receipt", new File([receiptPhoto("signed-out")], "receipt.png", { type: "image/png" }));
    return { url, method, body: form };
  }
  return { url, method, body: method === "GET" ? undefined : {} };
}

describe("every protected REST path refuses a signed-out caller", () => {
  const routes = restApi.routes.map((route) => ({ method: route.method, path: route.path })).filter((route) => !PUBLIC_REST.has(`${route.method} ${route.path}`));

  it("has paths to check, and every public one exists", () => {
    expect(routes.length).toBeGreaterThan(40);
    const all = new Set(restApi.routes.map((route) => `${route.method} ${route.path}`));
    expect([...PUBLIC_REST].filter((key) => !all.has(key))).toEqual([]);
  });

  for (const { method, path } of routes) {
    it(`${method} ${path} answers 401 with a message`, async () => {
      const { url, body } = signedOutRequest(method, path);
      const response = await request(url, { method, body });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Please sign in to continue" });
    });
  }
});
