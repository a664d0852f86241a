import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { users, type FoodPreferences } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { startOfWeek } from "../../worker/domain/mealSlots";
import { allergenViolations, meetsDiet } from "../../worker/domain/recipeTags";
import { createMealPlanEntry, createPantryItem, createUser, testDb, type TestUser } from "../helpers/factories";
import { json, request } from "../helpers/http";
import { countingD1 } from "../helpers/countingD1";

const today = () => todayIn("UTC");
const thisWeek = () => startOfWeek(today(), 1);

type Entry = { id: number; date: string; mealType: string; recipeId: number | null; source: string; locked: boolean; reason: string | null; name: string };

async function planWeek(user: TestUser, body: Record<string, unknown>, envOverrides: Partial<Env> = {}) {
  const response = await request("/api/mealplans/plan-week", { cookie: user.cookie, body, env: envOverrides });
  if (response.status !== 200) throw new Error(`plan-week failed: ${response.status} ${await response.text()}`);
  return json(response);
}

function openSlotsFromToday(weekStart: string, perDay = 3): number {
  let days = 0;
  for (let i = 0; i < 7; i++) if (addDays(weekStart, i) >= today()) days += 1;
  return days * perDay;
}

async function setPreferences(user: TestUser, preferences: Partial<FoodPreferences>) {
  const full: FoodPreferences = { favoriteCuisines: [], dietaryRestrictions: [], favoriteFoods: [], favoriteRestaurants: [], dislikedFoods: [], allergies: [], spiceLevel: 2, ...preferences };
  await testDb().update(users).set({ foodPreferences: full }).where(eq(users.id, user.id));
}

describe("Plan my week", () => {
  it("fills every open slot from today on, and the spinach that expires tomorrow goes into a meal today or tomorrow with its reason", async () => {
    const user = await createUser();
    await createPantryItem(user, { name: "Spinach", category: "Fresh Vegetables", expirationDate: addDays(today(), 1) });
    await createPantryItem(user, { name: "Rice", category: "Dry Goods", expirationDate: null });
    const body = await planWeek(user, { weekStart: thisWeek() });
    const entries: Entry[] = body.entries;
    expect(body.filled).toBe(openSlotsFromToday(thisWeek()));
    expect(body.message).toBe(`Planned ${body.filled} meal${body.filled === 1 ? "" : "s"}.`);
    expect(entries.every((e) => e.date >= today() && e.source === "auto" && !e.locked && e.recipeId !== null)).toBe(true);
    // One meal per slot, no recipe twice.
    expect(new Set(entries.map((e) => `${e.date}|${e.mealType}`)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.recipeId)).size).toBe(entries.length);
    // Breakfast slots hold breakfasts.
    const spinach = entries.filter((e) => e.reason?.startsWith("Uses your spinach, which expires tomorrow"));
    expect(spinach.length).toBeGreaterThanOrEqual(1);
    expect(spinach.every((e) => e.date <= addDays(today(), 1))).toBe(true);
    expect(body.candidates).toBeGreaterThan(400);
    // Nothing is saved yet, so no reason may say so.
    expect(entries.filter((e) => e.reason?.includes("saved recipes"))).toEqual([]);
  });

  it("counts a saved recipe as the user's, and says so when nothing expiring decides", async () => {
    const user = await createUser();
    const choices = await user.api.mealPlans.recipeChoices.query();
    const breakfast = choices.find((c) => c.mealType === "breakfast")!;
    await user.api.recipes.save.mutate({ id: breakfast.id });
    const [first] = await user.api.mealPlans.recipeChoices.query();
    expect(first).toMatchObject({ id: breakfast.id, saved: true });
    const body = await planWeek(user, { weekStart: addDays(thisWeek(), 7), mealTypes: ["breakfast"] });
    const savedEntry = (body.entries as Entry[]).find((e) => e.recipeId === breakfast.id);
    expect(savedEntry?.reason).toMatch(/One of your saved recipes\./);
    expect((body.entries as Entry[]).filter((e) => e.recipeId !== breakfast.id && e.reason?.includes("saved recipes"))).toEqual([]);
  });

  it("keeps locked and hand-picked meals; a reshuffle refills only the unlocked ones it chose, with other recipes", async () => {
    const user = await createUser();
    const weekStart = addDays(thisWeek(), 7); // next week: every day is open
    const mine = await createMealPlanEntry(user, { date: weekStart, mealType: "dinner", notes: "Dinner at Grandma's" });
    const first: Entry[] = (await planWeek(user, { weekStart })).entries;
    expect(first).toHaveLength(21);
    expect(first.find((e) => e.id === mine.id)).toMatchObject({ source: "manual", name: "Dinner at Grandma's" });
    const auto = first.filter((e) => e.source === "auto");
    const toLock = auto[3]!;
    await user.api.mealPlans.update.mutate({ id: toLock.id, locked: true });

    // Plan my week again without reshuffle: nothing is open, nothing changes.
    const again = await planWeek(user, { weekStart });
    expect(again.filled).toBe(0);
    expect(again.message).toMatch(/^Every slot from today on is already planned/);

    const reshuffled = await planWeek(user, { weekStart, reshuffle: true });
    expect({ filled: reshuffled.filled, replaced: reshuffled.replaced, kept: reshuffled.kept }).toEqual({ filled: 19, replaced: 19, kept: 2 });
    const second: Entry[] = reshuffled.entries;
    expect(second).toHaveLength(21);
    expect(second.find((e) => e.id === toLock.id)).toMatchObject({ locked: true, recipeId: toLock.recipeId });
    expect(second.find((e) => e.id === mine.id)).toBeDefined();
    const replacedIds = new Set(auto.filter((e) => e.id !== toLock.id).map((e) => e.id));
    expect(second.filter((e) => replacedIds.has(e.id))).toEqual([]);
    const before = new Set(auto.map((e) => e.recipeId));
    const repeated = second.filter((e) => e.source === "auto" && !e.locked && before.has(e.recipeId));
    expect(repeated).toEqual([]);
  });

  it("avoids last week's recipes and never fills past days", async () => {
    const user = await createUser();
    const week1 = addDays(thisWeek(), 14);
    const week2 = addDays(week1, 7);
    const first: Entry[] = (await planWeek(user, { weekStart: week1, mealTypes: ["dinner"] })).entries;
    expect(first).toHaveLength(7);
    const second: Entry[] = (await planWeek(user, { weekStart: week2, mealTypes: ["dinner"] })).entries;
    const lastWeek = new Set(first.map((e) => e.recipeId));
    expect(second.filter((e) => lastWeek.has(e.recipeId))).toEqual([]);
    const past = await planWeek(user, { weekStart: addDays(thisWeek(), -14) });
    expect(past).toMatchObject({ filled: 0, entries: [], message: "This week is over: Plan my week fills today and the days after." });
  });

  it("applies the profile's diet and allergies as hard filters, and says which diets it cannot check", async () => {
    const user = await createUser();
    await setPreferences(user, { dietaryRestrictions: ["Vegetarian", "Kosher"], allergies: ["peanuts", "Tree nuts"], dislikedFoods: ["mushroom"] });
    const body = await planWeek(user, { weekStart: addDays(thisWeek(), 7) });
    expect(body.uncheckedDiets).toEqual(["Kosher"]);
    expect(body.excluded.diet).toBeGreaterThan(100);
    expect(body.filled).toBeGreaterThan(15);
    for (const entry of body.entries as Entry[]) {
      const detail = await user.api.recipes.get.query({ id: entry.recipeId! });
      const lines = detail.ingredients.map((i) => ({ name: i.name, original: i.original, quantity: i.quantity, unit: i.unit }));
      expect({ title: detail.recipe.title, vegetarian: meetsDiet("vegetarian", lines) }).toEqual({ title: detail.recipe.title, vegetarian: true });
      expect(allergenViolations(lines, ["peanuts", "Tree nuts"])).toEqual([]);
      expect(entry.reason ?? "").not.toMatch(/which you dislike/);
    }
  });

  it("reads everything it needs in one D1 round trip and writes in one more", async () => {
    const user = await createUser();
    await createPantryItem(user, { name: "Spinach", category: "Fresh Vegetables", expirationDate: addDays(today(), 1) });
    await planWeek(user, { weekStart: addDays(thisWeek(), 28), mealTypes: ["breakfast"] }); // seeds the library
    const baseline = countingD1(env.DB);
    expect((await request("/api/auth/user", { cookie: user.cookie, env: { DB: baseline.binding } })).status).toBe(200);
    const counted = countingD1(env.DB);
    await planWeek(user, { weekStart: addDays(thisWeek(), 35) }, { DB: counted.binding });
    const own = counted.calls.slice(baseline.calls.length);
    // Library check, the reads, the write, then the week read back (repeat rules, entries).
    expect(own).toEqual(["raw", "batch:4", "batch:2", "raw", "raw"]);
  });
});
