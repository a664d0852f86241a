/**
 * The one limiter (worker/auth/rateLimit.ts) on each costly or spammable call: HTTP into the Worker, real D1
 * counters. Each answers 429 with a readable message and Retry-After, on REST and tRPC alike.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:test";
import { RATE_LIMITS } from "../../worker/auth/rateLimit";
import { createUser } from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";
import { OCR_LINES, PHOTO_PNG, scan } from "../helpers/receipts";

afterEach(() => vi.restoreAllMocks());

async function expectLimited(response: Response, message: string, window: number) {
  expect(response.status).toBe(429);
  const body = await json(response);
  expect(body.message ?? body.error?.message ?? body.error).toBe(message);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(window / 1000);
}

describe("registration", () => {
  it("allows 20 sign-ups an hour from one address, then 429 before hashing; other addresses are unaffected", async () => {
    const headers = { "CF-Connecting-IP": "198.51.100.7" };
    for (let i = 0; i < RATE_LIMITS.register.max; i++) {
      const response = await request("/api/auth/register", { headers, body: { username: `burst_${i}`, email: `burst_${i}@example.com`, password: "longenough" } });
      expect(response.status, `sign-up ${i + 1}`).toBe(200);
    }
    const refused = await request("/api/auth/register", { headers, body: { username: "burst_last", email: "burst_last@example.com", password: "longenough" } });
    const body = await json(refused.clone());
    expect(body.error).toBe(RATE_LIMITS.register.message);
    await expectLimited(refused, RATE_LIMITS.register.message, RATE_LIMITS.register.windowMs);
    expect((await request("/api/auth/login", { body: { username: "burst_last", password: "longenough" } })).status).toBe(401);

    const viaTrpc = await trpc("auth.register", { username: "burst_trpc", email: "burst_trpc@example.com", password: "longenough" }, { headers });
    await expectLimited(viaTrpc, RATE_LIMITS.register.message, RATE_LIMITS.register.windowMs);

    const elsewhere = await request("/api/auth/register", {
      headers: { "CF-Connecting-IP": "198.51.100.8" },
      body: { username: "other_place", email: "other_place@example.com", password: "longenough" },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("feedback and research", () => {
  it("takes 10 feedback messages an hour per user", async () => {
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.feedback.max; i++) {
      expect((await request("/api/feedback", { cookie: user.cookie, body: { feedback: `note ${i}` } })).status).toBe(200);
    }
    await expectLimited(await request("/api/feedback", { cookie: user.cookie, body: { feedback: "one more" } }), RATE_LIMITS.feedback.message, RATE_LIMITS.feedback.windowMs);
    // Per user: someone else may still write.
    const other = await createUser();
    expect((await request("/api/feedback", { cookie: other.cookie, body: { feedback: "hello" } })).status).toBe(200);
  });

  it("takes 5 research forms an hour per user", async () => {
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.research.max; i++) {
      expect((await request("/api/user-research", { cookie: user.cookie, body: { age: "26-35" } })).status).toBe(200);
    }
    await expectLimited(await request("/api/user-research", { cookie: user.cookie, body: { age: "26-35" } }), RATE_LIMITS.research.message, RATE_LIMITS.research.windowMs);
  });
});

describe("recipe import", () => {
  it("fetches at most 30 pages an hour per user, and refuses the next before fetching", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("gone", { status: 404, headers: { "content-type": "text/html" } }));
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.recipeImport.max; i++) {
      const response = await request("/api/recipes/generate", { cookie: user.cookie, body: { recipeUrl: `https://recipes.example.com/dish-${i}` } });
      expect(response.status, `import ${i + 1}`).toBeGreaterThanOrEqual(400);
      expect(response.status).not.toBe(429);
    }
    const fetchesBefore = fetchSpy.mock.calls.length;
    await expectLimited(
      await request("/api/recipes/generate", { cookie: user.cookie, body: { recipeUrl: "https://recipes.example.com/one-more" } }),
      RATE_LIMITS.recipeImport.message,
      RATE_LIMITS.recipeImport.windowMs,
    );
    expect(fetchSpy.mock.calls.length).toBe(fetchesBefore);
  });
});

describe("receipt scans", () => {
  it("limits scans per user per hour even while every account is premium", async () => {
    expect(env.PREMIUM_FOR_ALL).toBe("true");
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.receiptScan.max; i++) {
      // The same file again costs little, but still counts: every scan is an upload to check.
      expect((await scan(user, PHOTO_PNG, { ocrLines: OCR_LINES })).status, `scan ${i + 1}`).toBe(200);
    }
    await expectLimited(await scan(user, PHOTO_PNG, { ocrLines: OCR_LINES }), RATE_LIMITS.receiptScan.message, RATE_LIMITS.receiptScan.windowMs);
    const form = new FormData();
    form.append("receipt", new File([PHOTO_PNG], "r.png", { type: "image/png" }));
    await expectLimited(await request("/trpc/receipts.scan", { method: "POST", body: form, cookie: user.cookie }), RATE_LIMITS.receiptScan.message, RATE_LIMITS.receiptScan.windowMs);
  });
});

describe("sign-in keeps its own limits through the same limiter", () => {
  it("a successful sign-in clears the username's failures", async () => {
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.loginUser.max - 1; i++) {
      expect((await request("/api/auth/login", { body: { username: user.username, password: "wrong password" } })).status).toBe(401);
    }
    expect((await request("/api/auth/login", { body: { username: user.username, password: user.password } })).status).toBe(200);
    for (let i = 0; i < RATE_LIMITS.loginUser.max - 1; i++) {
      expect((await request("/api/auth/login", { body: { username: user.username, password: "wrong password" } })).status).toBe(401);
    }
  });
});
