import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { mealPlanRepeats, mealPlans, pantryItems, users, wasteEvents } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { startOfWeek, weekDates } from "../../worker/domain/mealSlots";
import { MEAL_PLAN_PREMIUM_MESSAGE } from "../../worker/schemas/mealPlans";
import { createMealPlanEntry, createOwnRecipe, createPantryItem, createUser, libraryRecipe, setPremium, testDb, type TestUser } from "../helpers/factories";
import { json, request } from "../helpers/http";

const today = () => todayIn("UTC");
const enforced = { PREMIUM_FOR_ALL: "false" } as const;

async function setZone(user: TestUser, timeZone: string) {
  await testDb().update(users).set({ timeZone }).where(eq(users.id, user.id));
}

async function list(user: TestUser, start: string, end: string) {
  const response = await request(`/api/mealplans?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return json(response);
}

async function post(user: TestUser, body: unknown, env?: Partial<Env>) {
  return request("/api/mealplans", { cookie: user.cookie, body, env });
}

describe("saving and reading entries", () => {
  it("POST /api/mealplans saves (201) and GET /api/mealplans?start&end lists it with its recipe and servings", async () => {
    const user = await createUser();
    const recipe = await libraryRecipe();
    const date = today();
    const created = await post(user, { date, mealType: "dinner", recipeId: recipe.id, notes: "" });
    expect(created.status).toBe(201);
    const entry = await json(created);
    expect(entry).toMatchObject({ date, mealType: "dinner", recipeId: recipe.id, name: recipe.title, notes: null, servings: recipe.servings, customServings: null, locked: false, source: "manual", reason: null, repeatsWeekly: false, cookedAt: null });
    const custom = await json(await post(user, { date, mealType: "breakfast", notes: "  Toast and jam  ", servings: "2" }));
    expect(custom).toMatchObject({ name: "Toast and jam", recipe: null, servings: 2, customServings: 2 });

    const body = await list(user, date, date);
    expect(body.days).toEqual([date]);
    expect(body.entries.map((e: { mealType: string }) => e.mealType)).toEqual(["breakfast", "dinner"]);
    expect(Object.keys(body.entries[0]).sort()).toEqual(
      ["cookedAt", "createdAt", "customServings", "date", "id", "locked", "mealType", "name", "notes", "reason", "recipe", "recipeId", "repeatsWeekly", "servings", "source", "updatedAt"].sort(),
    );
  });

  it("answers the messages users see for a missing date, meal type or description", async () => {
    const user = await createUser();
    const cases: [unknown, string][] = [
      [{}, "Date is required"],
      [{ date: "", mealType: "lunch", notes: "Soup" }, "Date is required"],
      [{ date: today(), notes: "Soup" }, "Meal type is required"],
      [{ date: today(), mealType: "", notes: "Soup" }, "Meal type is required"],
      [{ date: today(), mealType: "lunch" }, "Meal description is required when no recipe is selected"],
      [{ date: today(), mealType: "lunch", notes: "   " }, "Meal description is required when no recipe is selected"],
      [{ date: "2026-02-30", mealType: "lunch", notes: "Soup" }, "Invalid date"],
      [{ date: today(), mealType: "brunch", notes: "Soup" }, "Meal type must be breakfast, lunch, dinner, snack, dessert or appetizer"],
      [{ date: today(), mealType: "lunch", notes: "Soup", servings: 0 }, "Servings must be between 1 and 50"],
      [{ date: today(), mealType: "lunch", notes: "x".repeat(501) }, "Meal description must be at most 500 characters"],
    ];
    for (const [body, message] of cases) {
      const response = await post(user, body);
      expect({ status: response.status, message: (await json(response)).message }).toEqual({ status: 400, message });
    }
    const fields = await json(await post(user, {}));
    expect(fields.fieldErrors).toMatchObject({ date: ["Date is required"], mealType: ["Meal type is required"] });
    expect((await list(user, today(), today())).entries).toEqual([]);
  });

  it("refuses another user's own recipe as not found, and takes the library's and the user's own", async () => {
    const [user, other] = [await createUser(), await createUser()];
    const theirs = await createOwnRecipe(other, { title: "Secret stew" });
    const response = await post(user, { date: today(), mealType: "dinner", recipeId: theirs.id });
    expect(response.status).toBe(404);
    expect((await json(response)).message).toBe("Recipe not found");
    const mine = await createOwnRecipe(user, { title: "My stew", servings: 6 });
    expect((await json(await post(user, { date: today(), mealType: "dinner", recipeId: mine.id }))).servings).toBe(6);
  });
});

describe("ranges in the user's time zone", () => {
  it("returns exactly the days asked for across a month end", async () => {
    const user = await createUser();
    for (const date of ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]) await createMealPlanEntry(user, { date, notes: `Meal ${date}` });
    const body = await list(user, "2026-01-31", "2026-02-01");
    expect(body.days).toEqual(["2026-01-31", "2026-02-01"]);
    expect(body.entries.map((e: { date: string }) => e.date)).toEqual(["2026-01-31", "2026-02-01"]);
    const leap = await list(user, "2028-02-28", "2028-03-01");
    expect(leap.days).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });

  it("reads browser timestamps as New York days across the November daylight-saving change", async () => {
    const user = await createUser();
    await setZone(user, "America/New_York");
    for (const date of ["2026-10-25", "2026-10-26", "2026-11-01", "2026-11-02"]) await createMealPlanEntry(user, { date, notes: `Meal ${date}` });
    // Monday 26 October 00:00 EDT to Sunday 1 November 23:59:59.999 EST, as a browser sends them.
    const body = await list(user, "2026-10-26T04:00:00.000Z", "2026-11-02T04:59:59.999Z");
    expect(body.start).toBe("2026-10-26");
    expect(body.end).toBe("2026-11-01");
    expect(body.days).toEqual(weekDates("2026-10-26"));
    expect(body.entries.map((e: { date: string }) => e.date)).toEqual(["2026-10-26", "2026-11-01"]);
  });

  it("reads London's week across 25 October the same way, and a UTC reading would be a day off", async () => {
    const user = await createUser();
    await setZone(user, "Europe/London");
    for (const date of ["2026-10-18", "2026-10-19", "2026-10-25", "2026-10-26"]) await createMealPlanEntry(user, { date, notes: `Meal ${date}` });
    // Monday 19 October 00:00 BST is 18 October 23:00Z; Sunday 25 October 23:59:59.999 GMT.
    const body = await list(user, "2026-10-18T23:00:00.000Z", "2026-10-25T23:59:59.999Z");
    expect(body.days).toEqual(weekDates("2026-10-19"));
    expect(body.entries.map((e: { date: string }) => e.date)).toEqual(["2026-10-19", "2026-10-25"]);
  });

  it("refuses a backwards, too long or incomplete range", async () => {
    const user = await createUser();
    const ask = (query: string) => request(`/api/mealplans?${query}`, { cookie: user.cookie });
    expect((await json(await ask("start=2026-03-10&end=2026-03-09"))).message).toBe("End date must be on or after the start date");
    expect((await json(await ask("start=2026-01-01&end=2026-06-30"))).message).toBe("Choose a range of at most 93 days");
    expect((await json(await ask("end=2026-03-09"))).message).toBe("Start date is required");
    expect((await ask("start=yesterday&end=2026-03-09")).status).toBe(400);
  });
});

describe("premium", () => {
  it("a free user may read but not save when tiers are enforced; premium users may", async () => {
    const user = await createUser();
    await createMealPlanEntry(user, { notes: "Made during the beta" });
    const refused = await post(user, { date: today(), mealType: "dinner", notes: "Pasta" }, enforced);
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe(MEAL_PLAN_PREMIUM_MESSAGE);
    const [entry] = (await list(user, today(), today())).entries;
    for (const [path, method, body] of [
      [`/api/mealplans/${entry.id}`, "PUT", { locked: true }],
      [`/api/mealplans/${entry.id}`, "DELETE", undefined],
      [`/api/mealplans/${entry.id}/copy`, "POST", { date: today(), mealType: "lunch" }],
      ["/api/mealplans/plan-week", "POST", { weekStart: today() }],
    ] as const) {
      const response = await request(path, { method, cookie: user.cookie, body, env: enforced });
      expect({ path, method, status: response.status, message: (await json(response)).message }).toEqual({ path, method, status: 403, message: MEAL_PLAN_PREMIUM_MESSAGE });
    }
    const read = await request(`/api/mealplans?start=${today()}&end=${today()}`, { cookie: user.cookie, env: enforced });
    expect(read.status).toBe(200);
    expect((await json(read)).entries).toHaveLength(1);
    await setPremium(user.id, true);
    expect((await post(user, { date: today(), mealType: "dinner", notes: "Pasta" }, enforced)).status).toBe(201);
  });
});

describe("editing, moving, copying, locking and deleting", () => {
  it("update answers the entry before and after; a move changes only date and meal", async () => {
    const user = await createUser();
    const recipe = await libraryRecipe();
    const entry = await createMealPlanEntry(user, { recipeId: recipe.id, notes: null, servings: 3 });
    const moved = await json(await request(`/api/mealplans/${entry.id}`, { method: "PUT", cookie: user.cookie, body: { date: addDays(today(), 2), mealType: "lunch" } }));
    expect(moved.before).toMatchObject({ id: entry.id, date: today(), mealType: "dinner", servings: 3 });
    expect(moved.after).toMatchObject({ id: entry.id, date: addDays(today(), 2), mealType: "lunch", recipeId: recipe.id, servings: 3 });
    // Back to the recipe's own servings.
    const reset = await user.api.mealPlans.update.mutate({ id: entry.id, servings: null });
    expect(reset.after.servings).toBe(recipe.servings);
    // A custom meal needs its description.
    const bad = await request(`/api/mealplans/${entry.id}`, { method: "PUT", cookie: user.cookie, body: { recipeId: null } });
    expect((await json(bad)).message).toBe("Meal description is required when no recipe is selected");
    const custom = await user.api.mealPlans.update.mutate({ id: entry.id, recipeId: null, notes: "Leftovers" });
    expect(custom.after).toMatchObject({ recipe: null, name: "Leftovers" });
  });

  it("copies to another slot, locks, and deletes returning what was deleted", async () => {
    const user = await createUser();
    const entry = await createMealPlanEntry(user, { mealType: "lunch", notes: "Soup", servings: 2 });
    const copy = await json(await request(`/api/mealplans/${entry.id}/copy`, { cookie: user.cookie, body: { date: addDays(today(), 1), mealType: "dinner" } }));
    expect(copy).toMatchObject({ date: addDays(today(), 1), mealType: "dinner", name: "Soup", servings: 2, source: "manual" });
    expect(copy.id).not.toBe(entry.id);
    const locked = await user.api.mealPlans.update.mutate({ id: entry.id, locked: true });
    expect(locked.after.locked).toBe(true);
    const deleted = await json(await request(`/api/mealplans/${entry.id}`, { method: "DELETE", cookie: user.cookie }));
    expect(deleted).toMatchObject({ ok: true, id: entry.id, deleted: { id: entry.id, name: "Soup", locked: true } });
    expect((await list(user, today(), addDays(today(), 1))).entries.map((e: { id: number }) => e.id)).toEqual([copy.id]);
    expect((await request(`/api/mealplans/${entry.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(404);
  });
});

describe("repeat weekly", () => {
  it("pizza every Friday: ordinary entries each week, edited one by one, stopped from a date on", async () => {
    const user = await createUser();
    const friday = addDays(startOfWeek(today(), 1), 4);
    const pizza = await json(await post(user, { date: friday, mealType: "dinner", notes: "Pizza", repeatWeekly: true }));
    expect(pizza.repeatsWeekly).toBe(true);
    const fridays = [0, 7, 14, 21, 28].map((d) => addDays(friday, d));
    const first = await list(user, friday, fridays.at(-1)!);
    expect(first.entries.map((e: { date: string; name: string; source: string }) => [e.date, e.name, e.source])).toEqual(
      fridays.map((date, i) => [date, "Pizza", i === 0 ? "manual" : "repeat"]),
    );
    const [, second, third, fourth] = first.entries;

    // Delete one week: it stays deleted when the weeks are read again.
    await user.api.mealPlans.delete.mutate({ id: second.id });
    // Edit another: it leaves the rule.
    const edited = await user.api.mealPlans.update.mutate({ id: third.id, notes: "Pizza with friends" });
    expect(edited.after).toMatchObject({ repeatsWeekly: false, source: "manual" });
    const again = await list(user, friday, fridays.at(-1)!);
    expect(again.entries.map((e: { date: string }) => e.date)).toEqual([fridays[0], fridays[2], fridays[3], fridays[4]]);

    // Far weeks are made as they are read, once.
    const far = addDays(friday, 7 * 20);
    const farList = await list(user, addDays(far, -3), addDays(far, 3));
    expect(farList.entries.map((e: { date: string }) => e.date)).toEqual([far]);
    const rows = await testDb().select().from(mealPlans).where(and(eq(mealPlans.userId, user.id), eq(mealPlans.date, far)));
    expect(rows).toHaveLength(1);

    // Stop from the fourth Friday: later ones go, the edited third and earlier ones stay.
    const stopped = await json(await request(`/api/mealplans/${fourth.id}/repeat`, { method: "DELETE", cookie: user.cookie }));
    expect(stopped.entry.repeatsWeekly).toBe(false);
    expect(stopped.removed).toBeGreaterThan(10);
    const after = await list(user, friday, addDays(friday, 90));
    expect(after.entries.map((e: { date: string }) => e.date)).toEqual([fridays[0], fridays[2], fridays[3]]);
    expect((await request(`/api/mealplans/${fourth.id}/repeat`, { method: "DELETE", cookie: user.cookie })).status).toBe(400);
    const [rule] = await testDb().select().from(mealPlanRepeats).where(eq(mealPlanRepeats.userId, user.id));
    expect(rule!.untilDate).toBe(fridays[3]);
  });

  it("an existing entry can start repeating until a date", async () => {
    const user = await createUser();
    const entry = await createMealPlanEntry(user, { notes: "Taco Tuesday" });
    const until = addDays(entry.date, 14);
    const repeated = await json(await request(`/api/mealplans/${entry.id}/repeat`, { cookie: user.cookie, body: { untilDate: until } }));
    expect(repeated.repeatsWeekly).toBe(true);
    expect((await list(user, entry.date, addDays(entry.date, 60))).entries.map((e: { date: string }) => e.date)).toEqual([entry.date, addDays(entry.date, 7), until]);
    expect((await request(`/api/mealplans/${entry.id}/repeat`, { cookie: user.cookie, body: {} })).status).toBe(409);
  });
});

describe("templates", () => {
  it("saves a week and applies it to another week without overwriting what that week has", async () => {
    const user = await createUser();
    const weekStart = startOfWeek(today(), 1);
    const recipe = await libraryRecipe();
    await createMealPlanEntry(user, { date: weekStart, mealType: "breakfast", notes: "Porridge" });
    await createMealPlanEntry(user, { date: addDays(weekStart, 2), mealType: "dinner", recipeId: recipe.id, notes: null, servings: 5 });
    await createMealPlanEntry(user, { date: addDays(weekStart, 4), mealType: "dinner", notes: "Pizza" });
    const saved = await request("/api/mealplans/templates", { cookie: user.cookie, body: { weekStart, name: "Busy week" } });
    expect(saved.status).toBe(201);
    const template = await json(saved);
    expect(template).toMatchObject({ name: "Busy week", mealCount: 3 });

    const next = addDays(weekStart, 7);
    await createMealPlanEntry(user, { date: addDays(next, 4), mealType: "dinner", notes: "Dinner out" });
    const applied = await json(await request(`/api/mealplans/templates/${template.id}/apply`, { cookie: user.cookie, body: { weekStart: next } }));
    expect(applied).toMatchObject({ added: 2, skipped: 1 });
    expect(applied.message).toBe('Added 2 meals from "Busy week"; 1 slot was already planned and kept.');
    const week = await list(user, next, addDays(next, 6));
    expect(week.entries.map((e: { date: string; mealType: string; name: string; servings: number; source: string }) => [e.date, e.mealType, e.name, e.source])).toEqual([
      [next, "breakfast", "Porridge", "template"],
      [addDays(next, 2), "dinner", recipe.title, "template"],
      [addDays(next, 4), "dinner", "Dinner out", "manual"],
    ]);
    expect(week.entries[1].servings).toBe(5);

    expect((await json(await request("/api/mealplans/templates", { cookie: user.cookie }))).map((t: { name: string }) => t.name)).toEqual(["Busy week"]);
    expect((await request(`/api/mealplans/templates/${template.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(200);
    expect((await request(`/api/mealplans/templates/${template.id}/apply`, { cookie: user.cookie, body: { weekStart: next } })).status).toBe(404);
  });

  it("refuses to save an empty week or a blank name", async () => {
    const user = await createUser();
    const empty = await request("/api/mealplans/templates", { cookie: user.cookie, body: { weekStart: "2030-01-07", name: "Nothing" } });
    expect((await json(empty)).message).toBe("This week has no meals to save as a template");
    const blank = await request("/api/mealplans/templates", { cookie: user.cookie, body: { weekStart: "2030-01-07", name: " " } });
    expect((await json(blank)).message).toBe("Template name is required");
  });
});

describe("Cooked it", () => {
  async function setup() {
    const user = await createUser();
    const recipe = await createOwnRecipe(user, {
      title: "Custard",
      servings: 2,
      ingredients: [
        { name: "eggs", quantity: 2, unit: null, original: "2 eggs" },
        { name: "milk", quantity: 1, unit: "cups", original: "1 cup milk" },
        { name: "vanilla extract", quantity: 1, unit: "tsp", original: "1 tsp vanilla extract" },
        { name: "salt", quantity: null, unit: null, original: "a pinch of salt" },
      ],
    });
    const eggs = await createPantryItem(user, { name: "Eggs", category: "Milk & Eggs", quantity: 6, expirationDate: addDays(today(), 10) });
    const milk = await createPantryItem(user, { name: "Milk", category: "Milk & Eggs", quantity: 1, unit: "ml", amountPerUnit: 1000, maxAmountPerUnit: 1000, expirationDate: addDays(today(), 3) });
    const entry = await createMealPlanEntry(user, { recipeId: recipe.id, notes: null, servings: 4 });
    return { user, recipe, eggs, milk, entry };
  }

  it("reviews the amounts scaled to the meal's servings, takes them out of the pantry and counts them as used in Insights", async () => {
    const { user, eggs, milk, entry } = await setup();
    const preview = await json(await request(`/api/mealplans/${entry.id}/cook`, { cookie: user.cookie }));
    expect(preview.servings).toBe(4);
    expect(preview.lines.map((l: { name: string; pantryItem: { id: number } | null; suggestedAmount: number | null }) => [l.name, l.pantryItem?.id ?? null, l.suggestedAmount])).toEqual([
      ["eggs", eggs.id, 4],
      ["milk", milk.id, 473.18],
      ["vanilla extract", null, null],
    ]);
    const cooked = await json(
      await request(`/api/mealplans/${entry.id}/cook`, { cookie: user.cookie, body: { uses: [{ pantryItemId: eggs.id, amount: 4 }, { pantryItemId: milk.id, amount: 473.18 }] } }),
    );
    expect(cooked.message).toBe("Marked as cooked; used 2 items from your pantry.");
    expect(cooked.entry.cookedAt).not.toBeNull();
    const [eggsLeft, milkLeft] = await Promise.all([user.api.pantry.get.query({ id: eggs.id }), user.api.pantry.get.query({ id: milk.id })]);
    expect(eggsLeft.quantity).toBe(2);
    expect(milkLeft.amountPerUnit).toBeCloseTo(526.82, 2);
    const events = await testDb().select().from(wasteEvents).where(eq(wasteEvents.userId, user.id));
    expect(events.map((e) => [e.name, e.kind, e.amount])).toEqual([
      ["Eggs", "consumed", 4],
      ["Milk", "consumed", 473.18],
    ]);
    const insights = await json(await request("/api/insights/summary?period=week&count=1", { cookie: user.cookie }));
    expect(insights.totals).toMatchObject({ usedCount: 2, wastedCount: 0 });
     // The cooked recipe counts in the cooking stats; cooking it again the same day does not count twice.
    expect(await json(await request("/api/smart/learning-data", { cookie: user.cookie }))).toMatchObject({ recipesCooked: 1 });
    await request(`/api/mealplans/${entry.id}/cook`, { cookie: user.cookie, body: { uses: [] } });
    expect(await json(await request("/api/smart/learning-data", { cookie: user.cookie }))).toMatchObject({ recipesCooked: 1 });
  });

  it("refuses more than is left and changes nothing", async () => {
    const { user, eggs, milk, entry } = await setup();
    const response = await request(`/api/mealplans/${entry.id}/cook`, { cookie: user.cookie, body: { uses: [{ pantryItemId: milk.id, amount: 100 }, { pantryItemId: eggs.id, amount: 7 }] } });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("You have only 6 of Eggs left. Enter 6 or less.");
    const rows = await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id));
    expect(rows.map((r) => [r.name, r.quantity, r.amountPerUnit]).sort()).toEqual([
      ["Eggs", 6, null],
      ["Milk", 1, 1000],
    ]);
    expect(await testDb().select().from(wasteEvents).where(eq(wasteEvents.userId, user.id))).toEqual([]);
    const [stored] = await testDb().select().from(mealPlans).where(eq(mealPlans.id, entry.id));
    expect(stored!.cookedAt).toBeNull();
  });
});

describe("dashboard", () => {
  it("Today's Meal Plan shows today's entries made here, breakfast, lunch, dinner", async () => {
    const user = await createUser();
    await createMealPlanEntry(user, { mealType: "dinner", notes: "Curry" });
    await createMealPlanEntry(user, { mealType: "breakfast", notes: "Eggs" });
    await createMealPlanEntry(user, { mealType: "lunch", notes: "Salad" });
    await createMealPlanEntry(user, { date: addDays(today(), 1), mealType: "breakfast", notes: "Tomorrow" });
    const body = await json(await request("/api/dashboard", { cookie: user.cookie }));
    expect(body.todayMealPlans.map((p: { mealType: string; name: string }) => [p.mealType, p.name])).toEqual([
      ["breakfast", "Eggs"],
      ["lunch", "Salad"],
      ["dinner", "Curry"],
    ]);
  });
});
