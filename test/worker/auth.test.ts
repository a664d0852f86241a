import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { json, request, sessionCookieFrom, trpc } from "../helpers/http";
import { createUser, testDb } from "../helpers/factories";

describe("registration and sign-in", () => {
  it("registers, signs in and reads the current user", async () => {
    const user = await createUser({ firstName: "Ada" });
    const me = await request("/api/auth/user", { cookie: user.cookie });
    expect(me.status).toBe(200);
    const body = await json(me);
    expect(body.username).toBe(user.username);
    expect(body.firstName).toBe("Ada");
    expect(body.isPremium).toBe(true);
    expect(body).not.toHaveProperty("passwordHash");
  });

  it("answers 401 for the current user when signed out", async () => {
    const me = await request("/api/auth/user");
    expect(me.status).toBe(401);
    expect((await json(me)).message).toBeTruthy();
  });

  it("rejects a short username with the message users see", async () => {
    const response = await request("/api/auth/register", {
      body: { username: "ab", email: "ab@example.com", password: "longenough" },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("Username must be at least 3 characters");
  });

  it("logs in and the tRPC path agrees with REST", async () => {
    const user = await createUser();
    const rest = await request("/api/auth/login", { body: { username: user.username, password: user.password } });
    expect(rest.status).toBe(200);
    expect((await json(rest)).ok).toBe(true);
    const viaTrpc = await trpc("auth.login", { username: user.username, password: user.password });
    expect(viaTrpc.status).toBe(200);
    expect(sessionCookieFrom(viaTrpc)).toBeTruthy();
  });
});

describe("a signed-in request reads the user once", () => {
  /** The D1 binding with every prepared statement written down. */
  function countingD1(real: D1Database, statements: string[]): D1Database {
    return new Proxy(real, {
      get(target, property) {
        if (property === "prepare") {
          return (query: string) => {
            statements.push(query);
            return target.prepare(query);
          };
        }
        // Requests read through a D1 session (read replication): count its statements too.
        if (property === "withSession") return (bookmark?: string) => countingD1(target.withSession(bookmark) as unknown as D1Database, statements);
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  it("the session check's user row is the request's user: one users query per request", async () => {
    const user = await createUser();
    const statements: string[] = [];
    const response = await request("/api/auth/user", { cookie: user.cookie, env: { DB: countingD1(env.DB, statements) } });
    expect(response.status).toBe(200);
    expect((await json(response)).id).toBe(user.id);
    const userReads = statements.filter((sql) => /from "users"/i.test(sql));
    expect(userReads).toHaveLength(1);
    // And the same over tRPC, on a procedure that also reads other tables.
    statements.length = 0;
    expect((await trpc("pantry.list", undefined, { type: "query", cookie: user.cookie, env: { DB: countingD1(env.DB, statements) } })).status).toBe(200);
    expect(statements.filter((sql) => /from "users"/i.test(sql))).toHaveLength(1);
  });

  it("a disabled account is still signed out at once (the one read checks it)", async () => {
    const user = await createUser();
    await testDb().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await request("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
  });
});
