/**
 * Google and GitHub sign-in over HTTP. Only the providers' own servers are faked (the token endpoint and
 * GitHub's user API); arctic, the callbacks, the account logic and D1 all run for real.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { createUser, testDb } from "../helpers/factories";
import { json, request, sessionCookieFrom, trpc } from "../helpers/http";

afterEach(() => vi.restoreAllMocks());

const providerEnv = {
  GOOGLE_CLIENT_ID: "client-123",
  GOOGLE_CLIENT_SECRET: "secret-456",
  GITHUB_CLIENT_ID: "gh-client",
  GITHUB_CLIENT_SECRET: "gh-secret",
} as Partial<Env>;

function idToken(claims: Record<string, unknown>) {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${b64({ alg: "RS256", typ: "JWT" })}.${b64(claims)}.c2ln`;
}

type GitHubAccount = { id: number; login: string; name: string; email: string; verified: boolean };

/** Google's token endpoint and GitHub's token endpoint and user API answer for the given person. */
function fakeProviders(person: { google?: Record<string, unknown>; github?: GitHubAccount }) {
  const realFetch = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const reply = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    if (url.startsWith("https://oauth2.googleapis.com/token") && person.google) {
      return reply({ access_token: "at", token_type: "Bearer", expires_in: 3600, id_token: idToken(person.google) });
    }
    if (url.startsWith("https://github.com/login/oauth/access_token") && person.github) {
      return reply({ access_token: "gh-at", token_type: "bearer", scope: "read:user,user:email" });
    }
    if (url === "https://api.github.com/user" && person.github) return reply({ id: person.github.id, login: person.github.login, name: person.github.name });
    if (url === "https://api.github.com/user/emails" && person.github) {
      return reply([{ email: person.github.email, primary: true, verified: person.github.verified }]);
    }
    return realFetch(input as RequestInfo, init);
  });
}

/** Cookies (name=value) from a response, merged over an existing Cookie header. */
function withCookies(response: Response, existing: string | null = null): string {
  const jar = new Map<string, string>();
  for (const pair of (existing ?? "").split("; ").filter(Boolean)) jar.set(pair.split("=")[0]!, pair);
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    if (value === "" || /Max-Age=0/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** The browser's trip through Google sign-in, from our start URL to the callback. */
async function googleSignIn(claims: Record<string, unknown>, cookie: string | null = null) {
  const start = await request("/api/auth/google", { env: providerEnv, cookie });
  expect(start.status).toBe(302);
  const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
  fakeProviders({ google: claims });
  const callback = await request(`/api/auth/google/callback?state=${state}&code=abc`, { cookie: withCookies(start, cookie), env: providerEnv });
  vi.restoreAllMocks();
  return callback;
}

async function meWith(response: Response) {
  const session = sessionCookieFrom(response);
  expect(session).toBeTruthy();
  return json(await request("/api/auth/user", { cookie: session }));
}

async function userRow(id: string) {
  return (await testDb().query.users.findFirst({ where: eq(users.id, id) }))!;
}

describe("signing in with a provider never takes over an account whose email was only typed in", () => {
  it("a squatter who registers the victim's email with a password does not receive the victim's Google sign-in", async () => {
    // The attacker registers first, with the victim's address and a password of their own.
    const squatter = await createUser({ email: "victim@example.com" });
    const pantryAdd = await request("/api/pantry", { body: { name: "Squatter's bait", category: "Other", quantity: 1 }, cookie: squatter.cookie });
    expect(pantryAdd.status).toBe(201);

    // Later the real owner signs in with Google, which vouches for the address.
    const callback = await googleSignIn({ sub: "victim-google-sub", email: "victim@example.com", email_verified: true, given_name: "Vic" });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/");
    const victim = await meWith(callback);

    // The victim is in an account of their own, not in the squatter's.
    expect(victim.id).not.toBe(squatter.id);
    expect(victim.firstName).toBe("Vic");
    const victimPantry = await json(await request("/api/pantry", { cookie: sessionCookieFrom(callback) }));
    expect(JSON.stringify(victimPantry)).not.toContain("Squatter's bait");

    // The squatter's account did not gain the Google identity: signing in with the password finds no link.
    const squatterRow = await userRow(squatter.id);
    expect(squatterRow.googleId).toBeNull();
    expect(squatterRow.emailVerified).toBe(false);
    // The address stays where it is (the unique index holds), and the new account does not claim it.
    expect(squatterRow.email).toBe("victim@example.com");
    expect(victim.email).toBeNull();
    expect((await userRow(victim.id)).googleId).toBe("victim-google-sub");

    // Signing in with Google again lands in the victim's account every time.
    const again = await googleSignIn({ sub: "victim-google-sub", email: "victim@example.com", email_verified: true });
    expect((await meWith(again)).id).toBe(victim.id);
  });

  it("the same holds for GitHub sign-in", async () => {
    const squatter = await createUser({ email: "octo-victim@example.com" });
    const start = await request("/api/login", { env: providerEnv });
    expect(new URL(start.headers.get("Location")!).host).toBe("github.com");
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    fakeProviders({ github: { id: 4242, login: "octovictim", name: "Octo Victim", email: "octo-victim@example.com", verified: true } });
    const callback = await request(`/api/login/callback?state=${state}&code=xyz`, { cookie: withCookies(start), env: providerEnv });
    vi.restoreAllMocks();
    expect(callback.headers.get("Location")).toBe("/");
    const me = await meWith(callback);
    expect(me.id).not.toBe(squatter.id);
    expect((await userRow(squatter.id)).githubId).toBeNull();
  });

  it("an unverified provider email neither links nor is stored", async () => {
    const existing = await createUser({ email: "linkme@example.com" });
    const callback = await googleSignIn({ sub: "google-sub-unverified", email: "linkme@example.com", email_verified: false, given_name: "Mallory" });
    const mallory = await meWith(callback);
    expect(mallory.id).not.toBe(existing.id);
    expect(mallory.email).toBeNull();
  });

  it("links automatically when the account's email is verified too (it came from another provider)", async () => {
    // First sign-in with GitHub, which verified the address: the account holds it as verified.
    const start = await request("/api/login", { env: providerEnv });
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    fakeProviders({ github: { id: 777, login: "sameperson", name: "Same Person", email: "same@example.com", verified: true } });
    const viaGithub = await meWith(await request(`/api/login/callback?state=${state}&code=xyz`, { cookie: withCookies(start), env: providerEnv }));
    vi.restoreAllMocks();
    expect(viaGithub.email).toBe("same@example.com");
    expect((await userRow(viaGithub.id)).emailVerified).toBe(true);

    // Then Google, vouching for the same address: the same account.
    const viaGoogle = await meWith(await googleSignIn({ sub: "same-person-google", email: "same@example.com", email_verified: true }));
    expect(viaGoogle.id).toBe(viaGithub.id);
    expect(viaGoogle.linkedProviders).toEqual({ google: true, github: true });
  });
});

describe("connecting a provider from a signed-in account (auth.linkProvider)", () => {
  async function startLink(cookie: string, provider: "google" | "github") {
    const response = await trpc("auth.linkProvider", { provider }, { cookie, env: providerEnv });
    return { response, body: await json(response) };
  }

  it("refuses a signed-out caller with 401", async () => {
    const response = await trpc("auth.linkProvider", { provider: "google" }, { env: providerEnv });
    expect(response.status).toBe(401);
  });

  it("links Google to the password account that asked, and marks its email verified when Google vouches for it", async () => {
    const owner = await createUser({ email: "owner@example.com" });
    const { response, body } = await startLink(owner.cookie, "google");
    expect(response.status).toBe(200);
    const url = new URL(body.result.data.url);
    expect(url.host).toBe("accounts.google.com");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("plantry_oauth_link=") && /HttpOnly/i.test(c))).toBe(true);

    fakeProviders({ google: { sub: "owner-google", email: "owner@example.com", email_verified: true } });
    const callback = await request(`/api/auth/google/callback?state=${url.searchParams.get("state")}&code=abc`, {
      cookie: withCookies(response, owner.cookie),
      env: providerEnv,
    });
    vi.restoreAllMocks();
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/profile?linked=google");
    const row = await userRow(owner.id);
    expect(row.googleId).toBe("owner-google");
    expect(row.emailVerified).toBe(true);

    // From now on Google sign-in opens the owner's account.
    expect((await meWith(await googleSignIn({ sub: "owner-google", email: "owner@example.com", email_verified: true }))).id).toBe(owner.id);
  });

  it("does not link when the signed-in user changed between start and return", async () => {
    const first = await createUser();
    const second = await createUser();
    const { response, body } = await startLink(first.cookie, "google");
    const url = new URL(body.result.data.url);
    fakeProviders({ google: { sub: "switched-google", email: "switch@example.com", email_verified: true } });
    // The link cookie names the first user, but the browser is now signed in as the second.
    const cookie = withCookies(response).replace(/plantry_session=[^;]*(; )?/, "") + `; ${second.cookie}`;
    const callback = await request(`/api/auth/google/callback?state=${url.searchParams.get("state")}&code=abc`, { cookie, env: providerEnv });
    vi.restoreAllMocks();
    expect(callback.headers.get("Location")).toBe("/login?error=oauth_state");
    expect((await userRow(first.id)).googleId).toBeNull();
    expect((await userRow(second.id)).googleId).toBeNull();
  });

  it("refuses an identity that already belongs to another account", async () => {
    const taken = await meWith(await googleSignIn({ sub: "taken-google", email: "taken@example.com", email_verified: true }));
    const other = await createUser();
    const { response, body } = await startLink(other.cookie, "google");
    const url = new URL(body.result.data.url);
    fakeProviders({ google: { sub: "taken-google", email: "taken@example.com", email_verified: true } });
    const callback = await request(`/api/auth/google/callback?state=${url.searchParams.get("state")}&code=abc`, {
      cookie: withCookies(response, other.cookie),
      env: providerEnv,
    });
    vi.restoreAllMocks();
    expect(callback.headers.get("Location")).toBe("/profile?error=google_in_use");
    expect((await userRow(other.id)).googleId).toBeNull();
    expect((await userRow(taken.id)).googleId).toBe("taken-google");
  });

  it("links GitHub the same way, and says so when a provider is not configured or already connected", async () => {
    const owner = await createUser();
    const { response, body } = await startLink(owner.cookie, "github");
    const url = new URL(body.result.data.url);
    expect(url.host).toBe("github.com");
    fakeProviders({ github: { id: 9001, login: "owner-gh", name: "Owner", email: "elsewhere@example.com", verified: true } });
    const callback = await request(`/api/login/callback?state=${url.searchParams.get("state")}&code=xyz`, { cookie: withCookies(response, owner.cookie), env: providerEnv });
    vi.restoreAllMocks();
    expect(callback.headers.get("Location")).toBe("/profile?linked=github");
    expect((await userRow(owner.id)).githubId).toBe("9001");

    const again = await startLink(owner.cookie, "github");
    expect(again.response.status).toBe(409);
    expect(again.body.error.message).toBe("Your account is already connected to GitHub.");

    const unconfigured = await trpc("auth.linkProvider", { provider: "google" }, { cookie: owner.cookie });
    expect(unconfigured.status).toBe(412);
    expect((await json(unconfigured)).error.message).toBe("Google sign-in is not configured on this server.");
  });
});
