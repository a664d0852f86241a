import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb } from "../../db";
import { users } from "../../db/schema";
import { json, request, sessionCookieFrom } from "./http";

let counter = 0;

export type TestUser = { id: string; username: string; password: string; cookie: string };

/** Registers a fresh account through the real HTTP path and returns its session cookie. */
export async function createUser(overrides: Partial<{ username: string; password: string; email: string; firstName: string }> = {}): Promise<TestUser> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const username = overrides.username ?? `cook_${stamp}`;
  const password = overrides.password ?? "correct horse battery";
  const response = await request("/api/auth/register", {
    // Registration is limited per address: each test user signs up from its own, as separate people would.
    headers: { "CF-Connecting-IP": `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` },
    body: {
      username,
      password,
      email: overrides.email ?? `${username}@example.com`,
      firstName: overrides.firstName ?? "Test",
    },
  });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = await json(response);
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error("no session cookie");
  return { id: body.user.id, username, password, cookie };
}

/** Signs in through POST /api/auth/login and returns the cookie. */
export async function loginAs(username: string, password: string): Promise<string> {
  const response = await request("/api/auth/login", { body: { username, password } });
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error(`login failed: ${response.status}`);
  return cookie;
}

export function testDb() {
  return createDb(env.DB);
}

export async function setPremium(userId: string, isPremium: boolean) {
  await testDb().update(users).set({ isPremium }).where(eq(users.id, userId));
}
