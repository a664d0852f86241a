import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { json, request, trpc } from "../helpers/http";
import { createReceiptRow, createRecipeRow, createUser, testDb, type TestUser } from "../helpers/factories";
import { mealPlans, pantryItems, savedRecipes, users } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { pantryExpiry } from "../../worker/domain/expiry";
import { dashboardQueries } from "../../worker/services/dashboard";
import { countingD1 } from "../helpers/countingD1";

const today = () => todayIn("UTC");

async function addItem(user: TestUser, name: string, expirationDate: string | null, extra: Record<string, unknown> = {}) {
  const response = await request("/api/pantry", { cookie: user.cookie, body: { name, category: "Other", expirationDate, ...extra } });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return json(response);
}

async function dashboard(user: TestUser, overrides: Partial<Env> = {}) {
  const response = await request("/api/dashboard", { cookie: user.cookie, env: overrides });
  expect(response.status).toBe(200);
  return json(response);
}

async function addReceipts(userId: string, n: number, status: "confirmed" | "parsed" | "failed" = "confirmed") {
  for (let i = 0; i < n; i += 1) await createReceiptRow(userId, { status });
}

const addRecipe = (title: string, userId: string | null = null) => createRecipeRow({ title, userId });

describe("dashboard", () => {
  it("counts the user's confirmed receipts, visible pantry items and saved recipes", async () => {
    const user = await createUser();
    const other = await createUser();
    await addReceipts(user.id, 2);
    // Drafts waiting for review and unreadable scans are not the user's receipts yet.
    await addReceipts(user.id, 3, "parsed");
    await addReceipts(user.id, 1, "failed");
    await addReceipts(other.id, 3);
    await addItem(user, "Milk", addDays(today(), 1));
    await addItem(user, "Rice", null);
    await addItem(other, "Someone else's", addDays(today(), 1));
    await testDb().insert(pantryItems).values({ userId: user.id, name: "Used up", category: "Other", quantity: 0 });
    const soup = await addRecipe("Soup");
    const stew = await addRecipe("Stew");
    await testDb().insert(savedRecipes).values([
      { userId: user.id, recipeId: soup.id },
      { userId: user.id, recipeId: stew.id },
      { userId: other.id, recipeId: soup.id },
    ]);
    const body = await dashboard(user);
    expect(body.counts).toEqual({ receipts: 2, pantryItems: 2, savedRecipes: 2 });
    expect(Object.keys(body).sort()).toEqual(["counts", "expiringCount", "expiringItems", "expiryCounts", "todayMealPlans"]);
  });

  it("lists up to 10 expiring items: expired and critical first, then warning, soonest first", async () => {
    const user = await createUser();
    const t = today();
    // Insertion order differs from the expected order on purpose.
    const offsets = [6, -3, 0, 8, 2, 30, 3, 7, -1, 1, 5, 4, 1];
    for (const [i, offset] of offsets.entries()) await addItem(user, `Item ${offset} #${i}`, addDays(t, offset));
    await addItem(user, "No date", null);
    const body = await dashboard(user);
    const expiring = body.expiringItems as { name: string; expirationDate: string; expiry: { band: string } }[];
    expect(expiring).toHaveLength(10);
    const expectedOffsets = offsets.filter((o) => o <= 7).sort((a, b) => a - b).slice(0, 10);
    expect(body.expiringCount).toBe(offsets.filter((o) => o <= 7).length);
    // The summary's counts cover every item, not only the ten listed: 2 expired, 4 in the next 2 days (today included).
    expect(body.expiryCounts).toEqual({ expired: offsets.filter((o) => o < 0).length, nextTwoDays: offsets.filter((o) => o >= 0 && o <= 2).length });
    expect(expiring.map((i) => i.expirationDate)).toEqual(expectedOffsets.map((o) => addDays(t, o)));
    const bands = expiring.map((i) => i.expiry.band);
    expect(bands.slice(0, 2)).toEqual(["expired", "expired"]);
    expect(bands.lastIndexOf("critical")).toBeLessThan(bands.indexOf("warning"));
    for (const item of expiring) {
      expect(Object.keys(item).sort()).toEqual(["category", "expirationDate", "expiry", "id", "name"]);
      expect(item.expiry).toEqual(pantryExpiry(item.expirationDate, t));
    }
  });

  it("shows today's meal plans sorted breakfast, lunch, dinner, then the rest", async () => {
    const user = await createUser();
    const other = await createUser();
    const t = today();
    const pasta = await addRecipe("Pasta primavera");
    const secret = await addRecipe("Someone's private recipe", other.id);
    await testDb()
      .insert(mealPlans)
      .values([
        { userId: user.id, date: t, mealType: "snack", notes: "Apple slices" },
        { userId: user.id, date: t, mealType: "dinner", recipeId: pasta.id },
        { userId: user.id, date: t, mealType: "breakfast", notes: "Oatmeal" },
        { userId: user.id, date: t, mealType: "lunch", recipeId: secret.id, notes: "Leftovers" },
        { userId: user.id, date: addDays(t, 1), mealType: "breakfast", notes: "Tomorrow" },
        { userId: other.id, date: t, mealType: "lunch", notes: "Not mine" },
      ]);
    const body = await dashboard(user);
    expect(body.todayMealPlans.map((p: { name: string; mealType: string; date: string }) => [p.mealType, p.name, p.date])).toEqual([
      ["breakfast", "Oatmeal", t],
      ["lunch", "Leftovers", t],
      ["dinner", "Pasta primavera", t],
      ["snack", "Apple slices", t],
    ]);
    expect(Object.keys(body.todayMealPlans[0]).sort()).toEqual(["date", "id", "mealType", "name"]);
  });

  it("uses the user's own calendar day", async () => {
    const user = await createUser();
    const zone = "Pacific/Kiritimati";
    await testDb().update(users).set({ timeZone: zone }).where(eq(users.id, user.id));
    const localToday = todayIn(zone);
    const otherDay = localToday === today() ? addDays(localToday, -1) : today();
    await testDb()
      .insert(mealPlans)
      .values([
        { userId: user.id, date: localToday, mealType: "dinner", notes: "Local today" },
        { userId: user.id, date: otherDay, mealType: "dinner", notes: "Other day" },
      ]);
    const body = await dashboard(user);
    expect(body.todayMealPlans.map((p: { name: string }) => p.name)).toEqual(["Local today"]);
  });

  it("reads everything in one D1 round trip", async () => {
    const user = await createUser();
    await addItem(user, "Milk", addDays(today(), 1));
    // The session middleware's own reads are the baseline (the current-user call makes no others).
    const baseline = countingD1(env.DB);
    expect((await request("/api/auth/user", { cookie: user.cookie, env: { DB: baseline.binding } })).status).toBe(200);
    const counted = countingD1(env.DB);
    const body = await dashboard(user, { DB: counted.binding });
    expect(body.counts.pantryItems).toBe(1);
    expect(counted.calls.slice(0, baseline.calls.length)).toEqual(baseline.calls);
    expect(counted.calls.slice(baseline.calls.length)).toEqual(["batch:6"]);
  });

  it("answers every read from an index on the user's rows (no full scans)", async () => {
    const user = await createUser();
    const queries = dashboardQueries(testDb(), user.id, today());
    for (const query of queries) {
      const { sql, params } = query.toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(details.length, sql).toBeGreaterThan(0);
      for (const detail of details) expect(detail, sql).not.toMatch(/^SCAN /);
      expect(details.some((d) => /^SEARCH \w+ USING (COVERING )?INDEX \w+ \(user_id=/.test(d)), details.join(" | ")).toBe(true);
      // Pantry reads go through the partial index of items with something left, so hidden rows are never visited.
      if (sql.includes('from "pantry_items"')) expect(details.join(" | ")).toMatch(/USING (COVERING )?INDEX pantry_items_user_id_\w*visible_idx/);
    }
  });

  it("answers the same over REST and tRPC, and 401 when signed out", async () => {
    const user = await createUser();
    await addItem(user, "Milk", addDays(today(), 2));
    const rest = await dashboard(user);
    const viaTrpc = await trpc("dashboard.get", undefined, { cookie: user.cookie, type: "query" });
    expect((await json(viaTrpc)).result.data).toEqual(rest);
    expect((await request("/api/dashboard")).status).toBe(401);
    expect((await trpc("dashboard.get", undefined, { type: "query" })).status).toBe(401);
  });
});
