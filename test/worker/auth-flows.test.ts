import { describe, expect, it, vi, afterEach } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { json, request, sessionCookieFrom, trpc, ORIGIN } from "../helpers/http";
import { createUser, loginAs, testDb } from "../helpers/factories";
import { users, rateLimits } from "../../db/schema";
import { hashPassword, verifyPassword, PBKDF2_ITERATIONS, constantTimeEqual } from "../../worker/auth/password";

afterEach(() => vi.restoreAllMocks());

describe("passwords", () => {
  it("stores PBKDF2-SHA256 with its parameters and a 16-byte salt", async () => {
    const user = await createUser();
    const row = await testDb().query.users.findFirst({ where: eq(users.id, user.id) });
    const [algorithm, iterations, salt] = row!.passwordHash!.split("$");
    expect(algorithm).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(Number(iterations)).toBeLessThanOrEqual(100_000);
    expect(atob(salt!).length).toBe(16);
  });

  it("verifies only the right password and salts every hash", async () => {
    const a = await hashPassword("kale and quinoa");
    const b = await hashPassword("kale and quinoa");
    expect(a).not.toBe(b);
    expect(await verifyPassword("kale and quinoa", a)).toBe(true);
    expect(await verifyPassword("kale and quinoa!", a)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "md5$1$x$y")).toBe(false);
  });

  it("compares in constant time over the whole length", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});

describe("registration", () => {
  it.each([
    [{ username: "ab", email: "a@b.co", password: "longenough" }, "Username must be at least 3 characters"],
    [{ username: "abc", email: "a@b.co", password: "short" }, "Password must be at least 8 characters"],
    [{ username: "abc", email: "not-an-email", password: "longenough" }, "Please enter a valid email address"],
    [{ email: "a@b.co", password: "longenough" }, "Required"],
  ])("rejects %j with the message users see", async (body, message) => {
    const response = await request("/api/auth/register", { body });
    expect(response.status).toBe(400);
    const answer = await json(response);
    expect(answer.error).toBe(message);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("refuses a taken username regardless of case, and writes nothing", async () => {
    const user = await createUser({ username: "Basil_Fan" });
    const before = await testDb().select().from(users);
    const response = await request("/api/auth/register", {
      body: { username: "basil_fan", email: "other@example.com", password: "longenough" },
    });
    expect(response.status).toBe(409);
    expect((await json(response)).error).toBe("That username is already taken");
    expect((await testDb().select().from(users)).length).toBe(before.length);
    expect(user.username).toBe("Basil_Fan");
  });

  it("sets an HttpOnly, SameSite=Lax session cookie with a 30-day expiry", async () => {
    const response = await request("/api/auth/register", {
      body: { username: "cookie_check", email: "cookie@example.com", password: "longenough", timeZone: "Europe/Paris" },
    });
    const header = response.headers.getSetCookie().find((c) => c.startsWith("plantry_session="))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    // Plain-http localhost is the one place the cookie is not Secure.
    expect(header).not.toMatch(/Secure/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 86400);
    expect(maxAge).toBeLessThanOrEqual(30 * 86400);
    const me = await json(await request("/api/auth/user", { cookie: sessionCookieFrom(response) }));
    expect(me.timeZone).toBe("Europe/Paris");
  });

  it("marks the cookie Secure on https", async () => {
    const response = await env.DB.prepare("select 1").first(); // keep storage warm
    expect(response).toBeTruthy();
    const { default: worker } = await import("../../worker/index");
    const { createExecutionContext } = await import("cloudflare:test");
    const res = await worker.fetch(
      new Request("https://plantry.example/api/auth/register", {
        method: "POST",
        headers: { Origin: "https://plantry.example", "Content-Type": "application/json" },
        body: JSON.stringify({ username: "secure_one", email: "secure@example.com", password: "longenough" }),
      }),
      env,
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("plantry_session="))).toMatch(/Secure/);
  });
});

describe("login", () => {
  it("gives the same answer for an unknown user and a wrong password", async () => {
    const user = await createUser();
    const wrong = await request("/api/auth/login", { body: { username: user.username, password: "wrong password" } });
    const unknown = await request("/api/auth/login", { body: { username: "nobody_here", password: "wrong password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it("accepts the username in any case", async () => {
    const user = await createUser({ username: "Thyme_Keeper" });
    const cookie = await loginAs("thyme_keeper", user.password);
    expect(cookie).toMatch(/^plantry_session=/);
  });

  it("limits failed attempts per username with a 429 and a message", async () => {
    const user = await createUser();
    let last: Response | undefined;
    for (let i = 0; i < 9; i++) {
      last = await request("/api/auth/login", { body: { username: user.username, password: `nope-${i}-wrong` } });
    }
    expect(last!.status).toBe(429);
    expect((await json(last!)).error).toMatch(/Too many sign-in attempts/);
    // Even the right password is refused until the window passes.
    const right = await request("/api/auth/login", { body: { username: user.username, password: user.password } });
    expect(right.status).toBe(429);
    // When the window has passed, the right password works again.
    await testDb().update(rateLimits).set({ windowStart: Date.now() - 16 * 60 * 1000 });
    const later = await request("/api/auth/login", { body: { username: user.username, password: user.password } });
    expect(later.status).toBe(200);
  });

  it("limits failed attempts per IP across usernames", async () => {
    const headers = { "CF-Connecting-IP": "203.0.113.9" };
    let last: Response | undefined;
    for (let i = 0; i < 41; i++) {
      last = await request("/api/auth/login", { body: { username: `ghost_${i}`, password: "wrong password" }, headers });
    }
    expect(last!.status).toBe(429);
    const elsewhere = await request("/api/auth/login", {
      body: { username: "ghost_x", password: "wrong password" },
      headers: { "CF-Connecting-IP": "198.51.100.7" },
    });
    expect(elsewhere.status).toBe(401);
  });
});

describe("sessions", () => {
  it("logout ends the session and redirects to /", async () => {
    const user = await createUser();
    const response = await request("/api/logout", { cookie: user.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect((await request("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
  });

  it("tRPC logout ends the session too", async () => {
    const user = await createUser();
    expect((await trpc("auth.logout", {}, { cookie: user.cookie })).status).toBe(200);
    expect((await request("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
  });

  it("reads sessions without writing to KV, and renews (one write) when half the lifetime has passed", async () => {
    const user = await createUser();
    const sessionId = user.cookie.split("=")[1]!;
    const putSpy = vi.spyOn(env.SESSIONS, "put");
    for (let i = 0; i < 3; i++) expect((await request("/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    expect(putSpy).not.toHaveBeenCalled();
    // Age the session: 10 days left of 30, so lucia renews it.
    const stored = (await env.SESSIONS.get<{ id: string; userId: string; expiresAt: number }>(`session:${sessionId}`, "json"))!;
    await env.SESSIONS.put(`session:${sessionId}`, JSON.stringify({ ...stored, expiresAt: Date.now() + 10 * 86400_000 }));
    putSpy.mockClear();
    const renewed = await request("/api/auth/user", { cookie: user.cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((c) => c.startsWith("plantry_session="))).toBe(true);
    expect(putSpy.mock.calls.filter(([key]) => String(key).startsWith("session:")).length).toBe(1);
    const after = (await env.SESSIONS.get<{ expiresAt: number }>(`session:${sessionId}`, "json"))!;
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 29 * 86400_000);
  });

  it("an expired session is signed out", async () => {
    const user = await createUser();
    const sessionId = user.cookie.split("=")[1]!;
    const stored = (await env.SESSIONS.get<{ id: string; userId: string; expiresAt: number }>(`session:${sessionId}`, "json"))!;
    await env.SESSIONS.put(`session:${sessionId}`, JSON.stringify({ ...stored, expiresAt: Date.now() - 1000 }));
    expect((await request("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
  });


  it("a session id names its user, and only the stored session decides who is signed in", async () => {
    const owner = await createUser();
    const other = await createUser();
    const sessionId = owner.cookie.split("=")[1]!;
    expect(sessionId.startsWith(`${owner.id}.`)).toBe(true);
    // The same random part claimed for another user: the stored session names the owner, so nobody is signed in.
    const forged = `plantry_session=${other.id}.${sessionId.slice(owner.id.length + 1)}`;
    expect((await request("/api/auth/user", { cookie: forged })).status).toBe(401);
    expect((await request("/api/auth/user", { cookie: owner.cookie })).status).toBe(200);
  });

  it("a session created before ids named their user still signs in", async () => {
    const user = await createUser();
    const oldId = "abcdefghijklmnopqrstuvwxyz234567abcdefgh";
    const expiresAt = Date.now() + 20 * 86400_000;
    await env.SESSIONS.put(`session:${oldId}`, JSON.stringify({ id: oldId, userId: user.id, expiresAt }));
    const answer = await request("/api/auth/user", { cookie: `plantry_session=${oldId}` });
    expect(answer.status).toBe(200);
    expect((await json<{ id: string }>(answer)).id).toBe(user.id);
  });
  it("disabling an account ends all its sessions", async () => {
    const user = await createUser();
    const second = await loginAs(user.username, user.password);
    await testDb().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await request("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect((await request("/api/auth/user", { cookie: second })).status).toBe(401);
    const login = await request("/api/auth/login", { body: { username: user.username, password: user.password } });
    expect(login.status).toBe(401);
  });

  it("deleting an account removes its data, uploads and every session", async () => {
    const user = await createUser();
    const second = await loginAs(user.username, user.password);
    await env.BUCKET.put(`users/${user.id}/profile/photo.png`, new Uint8Array([1, 2, 3]));
    const refused = await trpc("auth.deleteAccount", { password: "wrong password", confirm: "DELETE" }, { cookie: user.cookie });
    expect(refused.status).toBe(403);
    const ok = await trpc("auth.deleteAccount", { password: user.password, confirm: "DELETE" }, { cookie: user.cookie });
    expect(ok.status).toBe(200);
    expect(await testDb().query.users.findFirst({ where: eq(users.id, user.id) })).toBeUndefined();
    expect(await env.BUCKET.get(`users/${user.id}/profile/photo.png`)).toBeNull();
    expect((await request("/api/auth/user", { cookie: second })).status).toBe(401);
    expect((await env.SESSIONS.list({ prefix: `user-sessions:${user.id}:` })).keys.length).toBe(0);
  });
});

describe("CSRF", () => {
  it("refuses a state-changing request from another origin", async () => {
    const user = await createUser();
    const response = await request("/api/auth/logout", { method: "POST", cookie: user.cookie, origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await json(response)).message).toBe("Cross-site request refused");
    expect((await request("/api/auth/user", { cookie: user.cookie })).status).toBe(200);
  });

  it("refuses a POST with neither Origin nor Sec-Fetch-Site", async () => {
    const response = await request("/api/auth/login", { body: { username: "x", password: "y" }, origin: null });
    expect(response.status).toBe(403);
  });

  it("accepts a same-origin fetch that omits Origin", async () => {
    const user = await createUser();
    const response = await request("/api/auth/login", {
      body: { username: user.username, password: user.password },
      origin: null,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(200);
  });

  it("refuses tRPC mutations from another origin", async () => {
    const response = await trpc("auth.login", { username: "x", password: "y" }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("Google and platform sign-in", () => {
  it("explains when Google is not configured", async () => {
    const response = await request("/api/auth/google");
    expect(response.status).toBe(503);
    expect((await json(response)).message).toMatch(/Google sign-in is not configured/);
  });

  it("platform sign-in falls back to our own sign-in screen", async () => {
    const response = await request("/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });

  const googleEnv = { GOOGLE_CLIENT_ID: "client-123", GOOGLE_CLIENT_SECRET: "secret-456" } as Partial<Env>;

  function idToken(claims: Record<string, unknown>) {
    const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    return `${b64({ alg: "RS256", typ: "JWT" })}.${b64(claims)}.c2ln`;
  }

  async function startGoogle() {
    const start = await request("/api/auth/google", { env: googleEnv });
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get("Location")!);
    expect(location.host).toBe("accounts.google.com");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/google/callback`);
    const cookies = start.headers.getSetCookie();
    for (const c of cookies) expect(c).toMatch(/HttpOnly/i);
    const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
    return { state: location.searchParams.get("state")!, cookie };
  }

  function mockGoogleToken(claims: Record<string, unknown>) {
    const realFetch = globalThis.fetch;
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith("https://oauth2.googleapis.com/token")) {
        return new Response(JSON.stringify({ access_token: "at", token_type: "Bearer", expires_in: 3600, id_token: idToken(claims) }), {
          headers: { "Content-Type": "application/json" },
        });
      }
      return realFetch(input as RequestInfo, init);
    });
  }

  it("rejects a callback whose state does not match", async () => {
    const { cookie } = await startGoogle();
    const response = await request(`/api/auth/google/callback?state=forged&code=abc`, { cookie, env: googleEnv });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?error=oauth_state");
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("creates an account keyed on the Google subject and signs in", async () => {
    const { state, cookie } = await startGoogle();
    mockGoogleToken({ sub: "google-sub-1", email: "newcook@gmail.com", email_verified: true, given_name: "New", family_name: "Cook" });
    const response = await request(`/api/auth/google/callback?state=${state}&code=abc`, { cookie, env: googleEnv });
    expect(response.headers.get("Location")).toBe("/");
    expect(response.status).toBe(302);
    const session = sessionCookieFrom(response)!;
    const me = await json(await request("/api/auth/user", { cookie: session }));
    expect(me.firstName).toBe("New");
    expect(me.email).toBe("newcook@gmail.com");
    const row = await testDb().query.users.findFirst({ where: eq(users.googleId, "google-sub-1") });
    expect(row?.id).toBe(me.id);
  });
  // Linking to existing accounts (and the takeover it must not allow) is tested in oauth.test.ts.
});

describe("errors", () => {
  it("unknown API paths answer JSON 404", async () => {
    const response = await request("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: "Not found" });
  });

  it("malformed JSON bodies get a 400 with a message", async () => {
    const response = await request("/api/auth/login", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("Required");
  });
});
