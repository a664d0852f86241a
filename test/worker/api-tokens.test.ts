/**
 * Personal access tokens, the request id and structured logs, and the health check: through HTTP into the real
 * Worker. The example client (examples/list-pantry.ts) runs against it here too.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { apiTokens, pantryItems } from "../../db/schema";
import { hashApiToken } from "../../worker/auth/apiTokens";
import { hashUserId } from "../../worker/lib/log";
import { listPantry } from "../../examples/list-pantry";
import { createPantryItem, createUser, testDb, type TestUser } from "../helpers/factories";
import { ORIGIN, request, trpc } from "../helpers/http";

let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  owner = await createUser();
  other = await createUser();
  for (const name of ["Basmati rice", "Apples", "Chickpeas"]) await createPantryItem(owner, { name, category: "Other" });
  await createPantryItem(other, { name: "Someone else's cheese", category: "Other" });
});

async function makeToken(user: TestUser, scope: "read" | "read-write", name = `token ${scope}`) {
  return user.api.apiTokens.create.mutate({ name, scope });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("making and revoking tokens", () => {
  it("shows the token once and stores only its hash", async () => {
    const made = await makeToken(owner, "read");
    expect(made.token).toMatch(/^plantry_pat_[A-Za-z0-9_-]{40,}$/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const [row] = await testDb().select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.tokenHash).toBe(await hashApiToken(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token);
    const listed = await owner.api.apiTokens.list.query();
    expect(listed.find((t) => t.id === made.id)).toEqual({ id: made.id, name: made.name, prefix: made.prefix, scope: "read", createdAt: made.createdAt, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(made.token);
  });

  it("a revoked token stops working at once; another user's token answers 404", async () => {
    const made = await makeToken(owner, "read");
    expect((await request("/api/pantry", { headers: bearer(made.token) })).status).toBe(200);
    const foreign = await trpc("apiTokens.revoke", { id: made.id }, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await request("/api/pantry", { headers: bearer(made.token) })).status).toBe(200);
    await owner.api.apiTokens.revoke.mutate({ id: made.id });
    expect((await request("/api/pantry", { headers: bearer(made.token) })).status).toBe(401);
  });

  it("tokens cannot manage tokens (a leaked one cannot mint more)", async () => {
    const made = await makeToken(owner, "read-write");
    const response = await trpc("apiTokens.create", { name: "more", scope: "read-write" }, { headers: bearer(made.token), origin: null });
    expect(response.status).toBe(403);
    expect((await trpc("apiTokens.list", undefined, { type: "query", headers: bearer(made.token) })).status).toBe(403);
  });

  it("refuses a blank name and an unknown scope with messages", async () => {
    const blank = await trpc("apiTokens.create", { name: " ", scope: "read" }, { cookie: owner.cookie });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain("Name is required");
    const scope = await trpc("apiTokens.create", { name: "x", scope: "admin" }, { cookie: owner.cookie });
    expect(scope.status).toBe(400);
    expect(JSON.stringify(await scope.json())).toContain("Scope must be read or read-write");
  });
});

describe("calling with a token", () => {
  it("a read token lists the pantry over tRPC and REST, and only its owner's", async () => {
    const { token } = await makeToken(owner, "read");
    const response = await trpc("pantry.page", { sort: "name" }, { type: "query", headers: bearer(token) });
    expect(response.status).toBe(200);
    const names = ((await response.json()) as { result: { data: { items: { name: string }[] } } }).result.data.items.map((i) => i.name);
    expect(names).toEqual(["Apples", "Basmati rice", "Chickpeas"]);
    const rest = await request("/api/pantry", { headers: bearer(token) });
    expect(((await rest.json()) as { name: string }[]).map((i) => i.name).sort()).toEqual(["Apples", "Basmati rice", "Chickpeas"]);
  });

  it("a read token calling a mutation gets 403 and changes nothing; read-write may", async () => {
    const read = await makeToken(owner, "read");
    const before = await testDb().select().from(pantryItems).where(eq(pantryItems.userId, owner.id));
    const refused = await trpc("pantry.create", { name: "Sneaky", category: "Other" }, { headers: bearer(read.token), origin: null });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/can only read/);
    const refusedRest = await request("/api/pantry", { method: "POST", body: { name: "Sneaky", category: "Other" }, headers: bearer(read.token), origin: null });
    expect(refusedRest.status).toBe(403);
    expect(await testDb().select().from(pantryItems).where(eq(pantryItems.userId, owner.id))).toEqual(before);

    const write = await makeToken(owner, "read-write");
    // No Origin at all, as a script sends it: the CSRF check does not apply to bearer requests.
    const made = await trpc("pantry.create", { name: "Oat milk", category: "Other" }, { headers: bearer(write.token), origin: null });
    expect(made.status).toBe(200);
    await owner.api.pantry.delete.mutate({ id: ((await made.json()) as { result: { data: { id: number } } }).result.data.id, reason: "mistake" });
  });

  it("a bearer request is the token's alone: a wrong token is 401 even with a valid session cookie", async () => {
    const response = await trpc("pantry.page", {}, { type: "query", cookie: owner.cookie, headers: bearer("plantry_pat_not-a-real-token") });
    expect(response.status).toBe(401);
    const malformed = await request("/api/pantry", { cookie: owner.cookie, headers: { Authorization: "Bearer" } });
    expect(malformed.status).toBe(401);
  });

  it("a cookie request without a matching Origin is still refused", async () => {
    const response = await trpc("pantry.create", { name: "Cross-site", category: "Other" }, { cookie: owner.cookie, origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("records when a token was last used", async () => {
    const made = await makeToken(owner, "read");
    await request("/api/pantry", { headers: bearer(made.token) });
    const [row] = await testDb().select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it("the example client lists the pantry with a token (examples/list-pantry.ts)", async () => {
    const { token } = await makeToken(owner, "read");
    const lines = await listPantry({
      url: ORIGIN,
      token,
      fetch: async (input, init) => {
        const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
        const headers = Object.fromEntries(new Headers(init?.headers ?? {}).entries());
        return request(`${url.pathname}${url.search}`, { method: init?.method ?? "GET", headers });
      },
    });
    expect(lines.map((line) => line.name)).toEqual(["Apples", "Basmati rice", "Chickpeas"]);
  });
});

describe("request ids and logs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("every API response carries X-Request-Id, and its log line names it with the user's hash, never the id", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "info").mockImplementation((line: unknown) => void lines.push(String(line)));
    const response = await request("/api/pantry", { cookie: owner.cookie });
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const entry = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((log) => log.requestId === requestId);
    expect(entry).toMatchObject({ level: "info", message: "request", method: "GET", path: "/api/pantry", status: 200, auth: "session", user: await hashUserId(owner.id) });
    expect(lines.join("\n")).not.toContain(owner.id);
    const second = await request("/api/version");
    expect(second.headers.get("X-Request-Id")).not.toBe(requestId);
  });

  it("a failing procedure logs an error line with the same request id", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
    const broken = { ...env.DB, prepare: () => { throw new Error("D1 is down"); }, batch: () => { throw new Error("D1 is down"); } } as unknown as D1Database;
    const response = await request("/trpc/pantry.page", { cookie: owner.cookie, env: { DB: broken } });
    expect(response.status).toBeGreaterThanOrEqual(500);
    const requestId = response.headers.get("X-Request-Id");
    const logged = errors.map((line) => JSON.parse(line) as Record<string, unknown>).filter((log) => log.requestId === requestId);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(owner.id);
  });
});

describe("GET /api/health", () => {
  it("answers 200 with each check when D1, KV and R2 answer", async () => {
    const response = await request("/api/health");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; checks: Record<string, { ok: boolean; ms: number }> };
    expect(body.status).toBe("ok");
    expect(Object.keys(body.checks).sort()).toEqual(["d1", "kv", "r2"]);
    for (const check of Object.values(body.checks)) expect(check.ok).toBe(true);
  });

  for (const binding of ["DB", "SESSIONS", "BUCKET"] as const) {
    it(`answers 503 naming the failing check when ${binding} fails`, async () => {
      vi.spyOn(console, "info").mockImplementation(() => undefined);
      const failing: object = new Proxy(env[binding] as object, {
        get(target, prop) {
          // A D1 session of a failing database fails the same way.
          if (prop === "withSession") return () => failing;
          // D1 statements are prepared synchronously; KV and R2 answer with promises.
          if (prop === "prepare" || prop === "batch") return () => { throw new Error(`${binding} unavailable`); };
          if (prop === "get" || prop === "head") return () => Promise.reject(new Error(`${binding} unavailable`));
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      const response = await request("/api/health", { env: { [binding]: failing } as Partial<Env> });
      expect(response.status).toBe(503);
      const body = (await response.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
      expect(body.status).toBe("failing");
      const failed = Object.entries(body.checks).filter(([, check]) => !check.ok).map(([name]) => name);
      expect(failed).toEqual([{ DB: "d1", SESSIONS: "kv", BUCKET: "r2" }[binding]]);
    });
  }
});
