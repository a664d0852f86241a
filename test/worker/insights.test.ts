import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pantryItems, recipeFeedback, recipePantryItems, trackedActions, users, wasteEvents } from "../../db/schema";
import { learningScoreFor, skillLevelFor } from "../../worker/domain/smartInsights";
import { startOfWeek } from "../../worker/domain/mealSlots";
import { createReceiptRow, createRecipeRow, createUser, testDb } from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";

const DAY_MS = 86_400_000;
const ZONE = "Asia/Kolkata"; // +05:30 all year: local times convert exactly.

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => isoDay(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
const localInstant = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);
const cents = (value: number) => Math.round(value * 100) / 100;
const todayUtc = () => new Date().toISOString().slice(0, 10);

type EventSeed = { date: string; time: string; kind: "consumed" | "discarded"; name: string; category: string; value: number | null; wasExpired?: boolean };

async function seedEvents(userId: string, events: EventSeed[]) {
  await testDb()
    .insert(wasteEvents)
    .values(
      events.map((e) => ({
        userId,
        name: e.name,
        category: e.category,
        kind: e.kind,
        amount: 1,
        value: e.value,
        wasExpired: e.wasExpired ?? false,
        occurredAt: new Date(localInstant(e.date, e.time)),
      })),
    );
}

async function seedReceipt(userId: string, total: number, purchaseDate: string | null, status = "confirmed") {
  await createReceiptRow(userId, { total, purchaseDate, status });
}

describe("waste and spending insights", () => {
  it("sums used, wasted and spend per week in the user's time zone, from the seeded rows", async () => {
    const user = await createUser();
    await testDb().update(users).set({ timeZone: ZONE }).where(eq(users.id, user.id));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDays(today, -weekday);

    const events: (EventSeed & { week: number })[] = [
      // 00:10 on Monday local is still Sunday in UTC: it must land in this week.
      { week: 7, date: monday, time: "00:10", kind: "consumed", name: "Milk", category: "Milk & Eggs", value: 3.5 },
      { week: 7, date: monday, time: "12:00", kind: "discarded", name: "Spinach", category: "Fresh Vegetables", value: 2.25, wasExpired: true },
      { week: 7, date: monday, time: "13:00", kind: "consumed", name: "Eggs", category: "Milk & Eggs", value: null },
      // 23:50 on the Sunday before belongs to the previous week.
      { week: 6, date: addDays(monday, -1), time: "23:50", kind: "discarded", name: "Bread", category: "Bread & Bakery", value: 3 },
      { week: 6, date: addDays(monday, -5), time: "18:00", kind: "consumed", name: "Cheddar", category: "Cheese & Yogurt", value: 6.4 },
      { week: 6, date: addDays(monday, -4), time: "09:00", kind: "discarded", name: "Lettuce", category: "Fresh Vegetables", value: 1.8, wasExpired: true },
      { week: 5, date: addDays(monday, -10), time: "10:00", kind: "discarded", name: "Yogurt", category: "Cheese & Yogurt", value: 1.2 },
      { week: 5, date: addDays(monday, -12), time: "10:00", kind: "discarded", name: "Kale", category: "Fresh Vegetables", value: null },
      // Outside the 8 weeks asked for.
      { week: -1, date: addDays(monday, -60), time: "10:00", kind: "discarded", name: "Chicken", category: "Fresh Meat", value: 9.99 },
    ];
    await seedEvents(user.id, events);
    const other = await createUser();
    await seedEvents(other.id, [{ date: monday, time: "12:00", kind: "discarded", name: "Steak", category: "Fresh Meat", value: 20 }]);

    const receiptSeeds = [
      { week: 6, total: 42.5, purchaseDate: addDays(monday, -7) as string | null, status: "confirmed" },
      { week: 7, total: 10.25, purchaseDate: monday, status: "parsed" },
      { week: 7, total: 99, purchaseDate: monday, status: "failed" },
      { week: -1, total: 15, purchaseDate: addDays(monday, -70), status: "confirmed" },
    ];
    for (const r of receiptSeeds) await seedReceipt(user.id, r.total, r.purchaseDate, r.status);
    await seedReceipt(other.id, 500, monday);

    const response = await request("/api/insights/summary?period=week&count=8", { cookie: user.cookie });
    expect(response.status).toBe(200);
    const summary = await json(response);
    expect(summary.timeZone).toBe(ZONE);
    expect(summary.buckets).toHaveLength(8);
    expect(summary.buckets[7].start).toBe(monday);
    expect(summary.buckets[7].end).toBe(addDays(monday, 6));
    expect(summary.buckets[0].start).toBe(addDays(monday, -49));

    for (let week = 0; week < 8; week += 1) {
      const inWeek = events.filter((e) => e.week === week);
      const used = inWeek.filter((e) => e.kind === "consumed");
      const wasted = inWeek.filter((e) => e.kind === "discarded");
      const bucket = summary.buckets[week];
      expect(bucket.usedCount, `week ${week}`).toBe(used.length);
      expect(bucket.wastedCount, `week ${week}`).toBe(wasted.length);
      expect(bucket.usedValue, `week ${week}`).toBe(cents(used.reduce((s, e) => s + (e.value ?? 0), 0)));
      expect(bucket.wastedValue, `week ${week}`).toBe(cents(wasted.reduce((s, e) => s + (e.value ?? 0), 0)));
      expect(bucket.wastedExpiredCount).toBe(wasted.filter((e) => e.wasExpired).length);
      const total = used.length + wasted.length;
      expect(bucket.wasteRate).toBe(total ? Math.round((wasted.length / total) * 1000) / 1000 : 0);
      // Only confirmed receipts are spending: a draft waiting for review (or abandoned) is not.
      const spend = receiptSeeds.filter((r) => r.week === week && r.status === "confirmed").reduce((s, r) => s + r.total, 0);
      expect(bucket.spend, `week ${week} spend`).toBe(cents(spend));
    }

    const inRange = events.filter((e) => e.week >= 0);
    const wastedInRange = inRange.filter((e) => e.kind === "discarded");
    expect(summary.totals.usedCount).toBe(inRange.filter((e) => e.kind === "consumed").length);
    expect(summary.totals.wastedCount).toBe(wastedInRange.length);
    expect(summary.totals.wastedValue).toBe(cents(wastedInRange.reduce((s, e) => s + (e.value ?? 0), 0)));
    expect(summary.totals.spend).toBe(cents(receiptSeeds.filter((r) => r.week >= 0 && r.status === "confirmed").reduce((s, r) => s + r.total, 0)));

    // Top wasted categories, computed here from the same seeds.
    const byCategory = new Map<string, { value: number; count: number }>();
    for (const e of wastedInRange) {
      const entry = byCategory.get(e.category) ?? { value: 0, count: 0 };
      entry.value += e.value ?? 0;
      entry.count += 1;
      byCategory.set(e.category, entry);
    }
    const expectedByValue = [...byCategory.entries()].sort((a, b) => b[1].value - a[1].value)[0]!;
    const expectedByCount = [...byCategory.entries()].sort((a, b) => b[1].count - a[1].count)[0]!;
    expect(summary.topWastedCategories.byValue[0]).toEqual({ category: expectedByValue[0], value: cents(expectedByValue[1].value), count: expectedByValue[1].count });
    expect(summary.topWastedCategories.byCount[0]).toEqual({ category: expectedByCount[0], value: cents(expectedByCount[1].value), count: expectedByCount[1].count });
    expect(summary.topWastedCategories.byValue.map((c: { category: string }) => c.category)).not.toContain("Fresh Meat");
  });

  it("counts an item used in several goes as one item, with the value of every go", async () => {
    const user = await createUser();
    const now = Date.now();
    await testDb()
      .insert(wasteEvents)
      .values([
        { userId: user.id, pantryItemId: 501, name: "Buttermilk", category: "Milk & Eggs", kind: "consumed", amount: 0.5, value: 1.5, occurredAt: new Date(now - 60_000) },
        { userId: user.id, pantryItemId: 501, name: "Buttermilk", category: "Milk & Eggs", kind: "consumed", amount: 0.5, value: 1.5, occurredAt: new Date(now - 30_000) },
        { userId: user.id, pantryItemId: 502, name: "Oats", category: "Dry Goods", kind: "consumed", amount: 1, value: 2, occurredAt: new Date(now - 20_000) },
      ]);
    const summary = await json(await request("/api/insights/summary?period=week&count=1", { cookie: user.cookie }));
    expect(summary.buckets[0].usedCount).toBe(2);
    expect(cents(summary.buckets[0].usedValue)).toBe(5);
  });

  it("starts weeks on the day the client's locale starts them, as the meal planner does", async () => {
    const user = await createUser();
    await testDb().update(users).set({ timeZone: ZONE }).where(eq(users.id, user.id));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    const sundayWeek = startOfWeek(today, 7);
    const summary = await json(await request("/api/insights/summary?period=week&count=2&weekStartsOn=7", { cookie: user.cookie }));
    expect(summary.buckets.map((b: { start: string; end: string }) => [b.start, b.end])).toEqual([
      [addDays(sundayWeek, -7), addDays(sundayWeek, -1)],
      [sundayWeek, addDays(sundayWeek, 6)],
    ]);
    const viaTrpc = await json(await trpc("insights.summary", { period: "week", count: 1, weekStartsOn: 7 }, { cookie: user.cookie, type: "query" }));
    expect(viaTrpc.result.data.buckets[0].start).toBe(sundayWeek);
    // Without it, Monday (the ISO week) as before.
    const monday = await json(await request("/api/insights/summary?period=week&count=1", { cookie: user.cookie }));
    expect(monday.buckets[0].start).toBe(startOfWeek(today, 1));
    const bad = await request("/api/insights/summary?period=week&weekStartsOn=8", { cookie: user.cookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("weekStartsOn must be a day from 1 (Monday) to 7 (Sunday)");
  });

  it("buckets by calendar month", async () => {
    const user = await createUser();
    await testDb().update(users).set({ timeZone: ZONE }).where(eq(users.id, user.id));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    const thisMonth = `${today.slice(0, 7)}-01`;
    const lastMonth = isoDay(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1));
    // 23:30 local on the last day of last month is 18:00 UTC that day: it stays in last month.
    const events: EventSeed[] = [
      { date: thisMonth, time: "00:05", kind: "discarded", name: "Pear", category: "Fresh Fruits", value: 1.1 },
      { date: addDays(thisMonth, -1), time: "23:30", kind: "discarded", name: "Plum", category: "Fresh Fruits", value: 2.2 },
      { date: lastMonth, time: "12:00", kind: "consumed", name: "Rice", category: "Dry Goods", value: 4 },
    ];
    await seedEvents(user.id, events);
    const summary = await json(await request("/api/insights/summary?period=month&count=3", { cookie: user.cookie }));
    expect(summary.buckets.map((b: { start: string }) => b.start)).toEqual([
      isoDay(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 3, 1)),
      lastMonth,
      thisMonth,
    ]);
    expect(summary.buckets[2]).toMatchObject({ wastedCount: 1, wastedValue: 1.1, usedCount: 0 });
    expect(summary.buckets[1]).toMatchObject({ wastedCount: 1, wastedValue: 2.2, usedCount: 1, usedValue: 4, wasteRate: 0.5 });
  });

  it("validates the period and count", async () => {
    const user = await createUser();
    expect((await request("/api/insights/summary?period=year", { cookie: user.cookie })).status).toBe(400);
    expect((await request("/api/insights/summary?count=53", { cookie: user.cookie })).status).toBe(400);
    const defaults = await json(await request("/api/insights/summary", { cookie: user.cookie }));
    expect(defaults.period).toBe("week");
    expect(defaults.buckets).toHaveLength(8);
    expect(defaults.totals).toMatchObject({ usedCount: 0, wastedCount: 0, spend: 0, wasteRate: 0 });
    // The most it allows: 52 weekly buckets stay within D1's 100 bound parameters (found by the input fuzzing).
    const year = await request("/api/insights/summary?period=week&count=52", { cookie: user.cookie });
    expect(year.status).toBe(200);
    expect((await json(year)).buckets).toHaveLength(52);
  });
});

async function seedRecipe(title: string, names: string[], userId: string | null = null, tags: string[] = []) {
  return (await createRecipeRow({ title, ingredients: names, userId, tags })).id;
}

describe("smart insights endpoints", () => {
  it("recommends recipes from the pantry, weighting the soonest-expiring items", async () => {
    const user = await createUser();
    const today = todayUtc();
    await testDb()
      .insert(pantryItems)
      .values([
        { userId: user.id, name: "Glimmerleaf", category: "Fresh Vegetables", expirationDate: addDays(today, 1) },
        { userId: user.id, name: "Snarkfruit", category: "Fresh Fruits", expirationDate: addDays(today, 10) },
        { userId: user.id, name: "Gone Zapcorn", category: "Other", quantity: 0, expirationDate: addDays(today, 1) },
      ]);
    const bake = await seedRecipe("Glimmerleaf bake", ["glimmerleaf", "snarkfruit", "flour", "salt"], null, ["dinner", "vegetarian"]);
    const soup = await seedRecipe("Glimmerleaf soup", ["glimmerleaf", "water", "stock"], user.id);
    const pie = await seedRecipe("Snarkfruit pie", ["snarkfruit", "sugar", "butter"]);
    const disliked = await seedRecipe("Glimmerleaf salad", ["glimmerleaf"]);
    await seedRecipe("Zapcorn fritters", ["zapcorn", "egg"]);
    await testDb().insert(recipeFeedback).values({ userId: user.id, recipeId: disliked, feedbackType: "thumbs_down" });
    const other = await createUser();
    const foreign = await seedRecipe("Glimmerleaf secret", ["glimmerleaf", "snarkfruit"], other.id);

    const response = await request("/api/smart/recommendations", { cookie: user.cookie });
    expect(response.status).toBe(200);
    const recommendations = await json(response);
    expect(recommendations.map((r: { id: number }) => r.id)).toEqual([bake, soup, pie]);
    expect(recommendations.map((r: { id: number }) => r.id)).not.toContain(disliked);
    expect(recommendations.map((r: { id: number }) => r.id)).not.toContain(foreign);
    const [first] = recommendations;
    expect(first).toEqual({
      id: bake,
      title: "Glimmerleaf bake",
      confidenceScore: expect.any(Number),
      // Salt is always available, so it is neither counted nor missing.
      reasoning: "Uses your glimmerleaf (expires tomorrow) and 2 of 3 ingredients you have",
      recommendationData: { tags: ["dinner", "vegetarian"], recipeId: bake, matched: ["glimmerleaf", "snarkfruit"], missing: ["flour"] },
    });
    expect(first.confidenceScore).toBeGreaterThan(recommendations[1].confidenceScore);
    for (const r of recommendations) {
      expect(r.confidenceScore).toBeGreaterThanOrEqual(0);
      expect(r.confidenceScore).toBeLessThanOrEqual(1);
    }
    expect(recommendations[2].reasoning).toBe("Uses 1 of 3 ingredients you have");

    const empty = await createUser();
    expect(await json(await request("/api/smart/recommendations", { cookie: empty.cookie }))).toEqual([]);
  });

  it("suggests what was used up and staples running low", async () => {
    const user = await createUser();
    const now = Date.now();
    const consumed = (name: string, category: string, daysAgo: number) => ({
      userId: user.id,
      name,
      category,
      kind: "consumed",
      amount: 1,
      occurredAt: new Date(now - daysAgo * DAY_MS),
    });
    await testDb()
      .insert(wasteEvents)
      .values([
        consumed("Zapcorn", "Dry Goods", 2),
        consumed("Zapcorn", "Dry Goods", 10),
        consumed("zapcorn", "Dry Goods", 20),
        consumed("Crumbjam", "Condiments & Sauces", 5),
        consumed("Crumbjam", "Condiments & Sauces", 6),
        consumed("Solo bun", "Bread & Bakery", 3),
        consumed("Blorpcheese", "Cheese & Yogurt", 1),
        consumed("Ancient grain", "Dry Goods", 70),
        { ...consumed("Wastedroot", "Fresh Vegetables", 1), kind: "discarded" },
      ]);
    await testDb()
      .insert(pantryItems)
      .values([
        { userId: user.id, name: "Blorpcheese", category: "Cheese & Yogurt" },
        { userId: user.id, name: "Fizzmilk", category: "Milk & Eggs", quantity: 1, amountPerUnit: 0.2, maxAmountPerUnit: 1, isOpened: true },
        { userId: user.id, name: "Snackbar", category: "Snacks", quantity: 1, amountPerUnit: 0.1, maxAmountPerUnit: 1, isOpened: true },
        { userId: user.id, name: "Full flour", category: "Dry Goods", quantity: 1, amountPerUnit: 0.9, maxAmountPerUnit: 1 },
      ]);
    const suggestions = await json(await request("/api/smart/shopping-suggestions", { cookie: user.cookie }));
    expect(suggestions).toEqual([
      { name: "Zapcorn", reason: "You used it up 3 times in the last 60 days", category: "Dry Goods", priority: "high" },
      { name: "Fizzmilk", reason: "Running low (about 20% left)", category: "Milk & Eggs", priority: "medium" },
      { name: "Crumbjam", reason: "You used it up 2 times in the last 60 days", category: "Condiments & Sauces", priority: "medium" },
      { name: "Solo bun", reason: "You used it up recently and have none left", category: "Bread & Bakery", priority: "low" },
    ]);
  });

  it("chooses cooking tips from the user's situation", async () => {
    const user = await createUser();
    const today = todayUtc();
    await testDb()
      .insert(pantryItems)
      .values([
        { userId: user.id, name: "Glimmerleaf", category: "Fresh Vegetables", expirationDate: addDays(today, 1) },
        { userId: user.id, name: "Blorpcheese", category: "Cheese & Yogurt", isOpened: true, expirationDate: addDays(today, 20) },
      ]);
    const discard = (name: string, daysAgo: number, wasExpired: boolean) => ({
      userId: user.id,
      name,
      category: "Fresh Fruits",
      kind: "discarded",
      amount: 1,
      wasExpired,
      occurredAt: new Date(Date.now() - daysAgo * DAY_MS),
    });
    await testDb()
      .insert(wasteEvents)
      .values([discard("A", 3, true), discard("B", 10, true), discard("C", 20, true), discard("D", 5, false), discard("E", 45, true)]);

    const tips = await json(await request("/api/smart/cooking-tips", { cookie: user.cookie }));
    // The fourth tip follows the cook's skill level (no recipes cooked yet: Beginner).
    expect(tips.map((t: { id: string }) => t.id)).toEqual(["expiring-fresh-vegetables", "opened-items", "planning-expired-waste", "skill-beginner"]);
    expect(tips[0].title).toBe("Glimmerleaf expires tomorrow");
    expect(tips[0].category).toBe("Fresh Vegetables");
    expect(tips[1].tip).toContain("blorpcheese");
    expect(tips[2].tip).toContain("You threw away 3 expired items in the last month");
    expect(tips[2].tip).toContain("fresh fruits");
    for (const tip of tips) expect(Object.keys(tip).sort()).toEqual(["category", "id", "tip", "title"]);

    // Nothing in the situation: general tips, still at most 4.
    const newcomer = await createUser();
    const general = await json(await request("/api/smart/cooking-tips", { cookie: newcomer.cookie }));
    expect(general.length).toBeGreaterThan(0);
    expect(general.length).toBeLessThanOrEqual(4);
  });

  it("reports learning data from feedback and cooking history, and tracks actions", async () => {
    const user = await createUser();
    const empty = await json(await request("/api/smart/learning-data", { cookie: user.cookie }));
    expect(empty).toMatchObject({ recipesLiked: 0, recipesDisliked: 0, learningScore: 0, recipesCooked: 0, skillLevel: "Beginner" });

    const ids = [];
    for (const title of ["L1", "L2", "L3", "L4"]) ids.push(await seedRecipe(title, ["x"]));
    await testDb()
      .insert(recipeFeedback)
      .values([
        { userId: user.id, recipeId: ids[0]!, feedbackType: "thumbs_up" },
        { userId: user.id, recipeId: ids[1]!, feedbackType: "thumbs_up" },
        { userId: user.id, recipeId: ids[2]!, feedbackType: "thumbs_up" },
        { userId: user.id, recipeId: ids[3]!, feedbackType: "thumbs_down" },
      ]);
    for (const recipeId of [ids[0], ids[1]]) {
      const tracked = await request("/api/smart/track-action", { cookie: user.cookie, body: { actionType: "recipe_cooked", actionData: { recipeId }, context: "smart_insights" } });
      expect(tracked.status).toBe(200);
      expect(await json(tracked)).toEqual({ ok: true });
    }
    const [item] = await testDb().insert(pantryItems).values({ userId: user.id, name: "Flour", category: "Dry Goods" }).returning({ id: pantryItems.id });
    // Cooking L1 recorded twice the same day (action + pantry use) counts once; L3 from pantry use only counts.
    await testDb()
      .insert(recipePantryItems)
      .values([
        { userId: user.id, recipeId: ids[0]!, pantryItemId: item!.id },
        { userId: user.id, recipeId: ids[2]!, pantryItemId: item!.id },
      ]);
    await request("/api/smart/track-action", { cookie: user.cookie, body: { actionType: "recommendation_click", actionData: { recipeId: ids[3] } } });

    const data = await json(await request("/api/smart/learning-data", { cookie: user.cookie }));
    expect(data).toMatchObject({ recipesLiked: 3, recipesDisliked: 1, learningScore: 75, recipesCooked: 3, skillLevel: "Beginner" });
    const stored = await testDb().select().from(trackedActions).where(eq(trackedActions.userId, user.id));
    expect(stored.map((s) => s.actionType).sort()).toEqual(["recipe_cooked", "recipe_cooked", "recommendation_click"]);
    expect(stored.find((s) => s.actionType === "recipe_cooked")!.context).toBe("smart_insights");

    const tooLongType = await request("/api/smart/track-action", { cookie: user.cookie, body: { actionType: "x".repeat(65), actionData: {} } });
    expect(tooLongType.status).toBe(400);
    const tooBig = await request("/api/smart/track-action", { cookie: user.cookie, body: { actionType: "big", actionData: { blob: "y".repeat(4100) } } });
    expect(tooBig.status).toBe(400);
    expect((await json(tooBig)).message).toBe("actionData must be at most 4 KB");
    const notObject = await request("/api/smart/track-action", { cookie: user.cookie, body: { actionType: "odd", actionData: [1, 2] } });
    expect(notObject.status).toBe(400);
  });

  it("derives skill level from recipes cooked and learning score from likes and dislikes", () => {
    expect([0, 4, 5, 19, 20, 100].map(skillLevelFor)).toEqual(["Beginner", "Beginner", "Intermediate", "Intermediate", "Advanced", "Advanced"]);
    expect(learningScoreFor(0, 0)).toBe(0);
    expect(learningScoreFor(1, 2)).toBe(33);
    expect(learningScoreFor(5, 0)).toBe(100);
  });

  it("refuses every smart and insights procedure to a signed-out caller", async () => {
    const calls: [string, unknown, "query" | "mutation"][] = [
      ["smart.recommendations", undefined, "query"],
      ["smart.shoppingSuggestions", undefined, "query"],
      ["smart.cookingTips", undefined, "query"],
      ["smart.learningData", undefined, "query"],
      ["smart.trackAction", { actionType: "x", actionData: {} }, "mutation"],
      ["insights.summary", { period: "week", count: 4 }, "query"],
    ];
    for (const [path, input, type] of calls) expect((await trpc(path, input, { type })).status, path).toBe(401);
    for (const path of ["/api/smart/recommendations", "/api/smart/shopping-suggestions", "/api/smart/cooking-tips", "/api/smart/learning-data", "/api/insights/summary"]) {
      expect((await request(path)).status, path).toBe(401);
    }
    expect((await request("/api/smart/track-action", { body: { actionType: "x" } })).status).toBe(401);
  });
});
