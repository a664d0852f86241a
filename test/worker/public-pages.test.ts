/**
 * The calls behind the public pages and the header's Feedback: quick feedback, the research survey, the version
 * check, the figures the landing page states, and the old checkout link. Over HTTP into the real Worker.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { feedback, researchResponses } from "../../db/schema";
import { createUser, testDb } from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";
import library from "../../worker/data/recipeLibrary.json";
import { RESEARCH_OPTIONS } from "../../worker/schemas/engagement";

describe("POST /api/feedback", () => {
  it("stores the trimmed note with the page and browser, for the signed-in user", async () => {
    const user = await createUser();
    const response = await request("/api/feedback", {
      cookie: user.cookie,
      body: { feedback: "  The pantry filters are great  ", page: "/pantry", userAgent: "TestBrowser/1.0", timestamp: "2026-11-23T10:00:00.000Z" },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true, message: "Thanks! Your feedback was received and we will review it soon." });
    const rows = await testDb().select().from(feedback).where(eq(feedback.userId, user.id));
    expect(rows.map((r) => [r.feedback, r.page, r.userAgent])).toEqual([["The pantry filters are great", "/pantry", "TestBrowser/1.0"]]);
  });

  it("refuses an empty note with the dialog's message and stores nothing", async () => {
    const user = await createUser();
    const response = await request("/api/feedback", { cookie: user.cookie, body: { feedback: "   " } });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("Please enter your feedback");
    expect(await testDb().select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
  });

  it("answers 401 signed out, over REST and tRPC", async () => {
    expect((await request("/api/feedback", { body: { feedback: "hi" } })).status).toBe(401);
    expect((await trpc("engagement.sendFeedback", { feedback: "hi" })).status).toBe(401);
  });
});

describe("POST /api/user-research", () => {
  const full = {
    age: "26-35",
    cookingExperience: "intermediate",
    usageFrequency: "weekly",
    favoriteFeatures: ["Pantry Management", "Receipt Scanning", "Pantry Management"],
    paymentWillingness: "maybe",
    monthlyPayAmount: "5-10",
    newFeatureIdeas: "Barcode scanning in the shop",
    wantedFeatures: ["Barcode scanning", "Leftover management"],
    mainPainPoint: "Forgetting what is in the freezer",
    overallExperience: 4,
    recommendationLikelihood: "likely",
    additionalComments: "",
    timestamp: "2026-11-23T10:00:00.000Z",
    userAgent: "TestBrowser/1.0",
    page: "/user-research",
  };

  it("stores every answer, duplicates in the lists removed", async () => {
    const user = await createUser();
    const response = await request("/api/user-research", { cookie: user.cookie, body: full });
    expect(response.status).toBe(200);
    const [row] = await testDb().select().from(researchResponses).where(eq(researchResponses.userId, user.id));
    expect(row!.answers).toMatchObject({ ...full, favoriteFeatures: ["Pantry Management", "Receipt Scanning"] });
  });

  it("accepts an empty form (every question is optional)", async () => {
    const user = await createUser();
    expect((await request("/api/user-research", { cookie: user.cookie, body: {} })).status).toBe(200);
  });

  it("accepts only the listed choices, with a message", async () => {
    const user = await createUser();
    for (const [field, value, message] of [
      ["age", "17", "Choose one of the listed age ranges"],
      ["monthlyPayAmount", "50", "Choose one of the listed price ranges"],
      ["wantedFeatures", ["Teleportation"], "Choose one of the listed features"],
      ["overallExperience", 9, "Rate your experience from 1 to 5"],
    ] as const) {
      const response = await request("/api/user-research", { cookie: user.cookie, body: { [field]: value } });
      expect({ field, status: response.status, message: (await json(response)).message }).toEqual({ field, status: 400, message });
    }
    expect(await testDb().select().from(researchResponses).where(eq(researchResponses.userId, user.id))).toEqual([]);
    // Every listed option is accepted.
    const all = await request("/api/user-research", { cookie: user.cookie, body: { favoriteFeatures: [...RESEARCH_OPTIONS.favoriteFeatures], wantedFeatures: [...RESEARCH_OPTIONS.wantedFeatures] } });
    expect(all.status).toBe(200);
  });

  it("answers 401 signed out", async () => {
    expect((await request("/api/user-research", { body: full })).status).toBe(401);
  });
});

describe("GET /api/version", () => {
  it("answers the build time, never cached, the same on every call of a build", async () => {
    const first = await request("/api/version");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const body = await json(first);
    expect(typeof body.buildTime).toBe("string");
    expect(body.buildTime.length).toBeGreaterThan(0);
    expect((await json(await request("/api/version"))).buildTime).toBe(body.buildTime);
    // The tRPC procedure the app polls answers the same.
    expect((await json(await trpc("system.version", undefined, { type: "query" }))).result.data.buildTime).toBe(body.buildTime);
  });
});

describe("system.stats (the landing page's figures)", () => {
  it("counts the recipe library a new account finds, signed out", async () => {
    const response = await trpc("system.stats", undefined, { type: "query" });
    expect(response.status).toBe(200);
    const { libraryRecipes } = (await json(response)).result.data;
    expect(libraryRecipes).toBe((library as { recipes: unknown[] }).recipes.length);
    const user = await createUser();
    const list = await user.api.recipes.list.query({ source: "library" });
    expect(list.total).toBe(libraryRecipes);
  });
});

describe("GET /api/subscription/create-checkout", () => {
  it("sends the browser to the page explaining that payments are not live in the beta", async () => {
    const response = await request("/api/subscription/create-checkout");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/upgrade");
  });
});
