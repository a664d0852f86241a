import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { json, request, trpc } from "../helpers/http";
import { createUser, testDb, type TestUser } from "../helpers/factories";
import { pantryItems, wasteEvents } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { estimateExpiry } from "../../worker/domain/shelfLife";

const today = () => todayIn("UTC");

async function addGrocery(user: TestUser, body: Record<string, unknown>) {
  const response = await request("/api/groceries", { cookie: user.cookie, body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return json(response);
}

async function listGroceries(user: TestUser) {
  const response = await request("/api/groceries", { cookie: user.cookie });
  expect(response.status).toBe(200);
  return json<any[]>(response);
}

const wasteOf = (userId: string) => testDb().select().from(wasteEvents).where(eq(wasteEvents.userId, userId)).orderBy(wasteEvents.id);

describe("simple grocery calls", () => {
  it("adds a recipe ingredient with the documented defaults and an estimated expiry", async () => {
    const user = await createUser();
    const item = await addGrocery(user, { name: "Fresh basil" });
    const expected = estimateExpiry({ name: "Fresh basil", category: "Other", storageLocation: "pantry", isOpened: false, purchaseDate: today() });
    expect(item).toEqual({
      id: expect.any(Number),
      name: "Fresh basil",
      quantity: 1,
      unit: "unit",
      category: "Other",
      location: "pantry",
      expirationDate: expected.expirationDate,
      used: false,
    });
    // The same row is a pantry item.
    const pantry = await json(await request("/api/pantry", { cookie: user.cookie }));
    expect(pantry).toHaveLength(1);
    expect(pantry[0]).toMatchObject({ id: item.id, storageLocation: "pantry", expirySource: expected.source });
  });

  it("suggests what a recipe's missing ingredient becomes in the pantry, and adding that estimates its expiry", async () => {
    const user = await createUser();
    const response = await trpc("groceries.suggest", { name: "zucchinis" }, { cookie: user.cookie, type: "query" });
    expect(response.status).toBe(200);
    const food = (await json(response)).result.data;
    expect(food).toEqual({ name: "zucchini", category: "Fresh Vegetables", location: "fridge" });
    const item = await addGrocery(user, { ...food, quantity: 2, unit: "unit" });
    const expected = estimateExpiry({ name: "zucchini", category: "Fresh Vegetables", storageLocation: "fridge", isOpened: false, purchaseDate: today() });
    expect(item).toMatchObject({ name: "zucchini", category: "Fresh Vegetables", location: "fridge", expirationDate: expected.expirationDate });

    const blank = await trpc("groceries.suggest", { name: " " }, { cookie: user.cookie, type: "query" });
    expect(blank.status).toBe(400);
    expect((await json(blank)).error.message).toBe("Name is required");
  });

  it("keeps given values and validates them", async () => {
    const user = await createUser();
    const date = addDays(today(), 4);
    const item = await addGrocery(user, { name: "Feta", quantity: 2, unit: "oz", category: "Cheese & Yogurt", location: "fridge", expirationDate: date });
    expect(item).toMatchObject({ quantity: 2, unit: "oz", category: "Cheese & Yogurt", location: "fridge", expirationDate: date });
    for (const [body, message] of [
      [{ name: "" }, "Name is required"],
      [{ name: "Feta", quantity: -1 }, "Quantity must be at least 0.01"],
      [{ name: "Feta", location: "shed" }, "Storage location must be fridge, pantry or freezer"],
      [{ name: "Feta", category: "Dairy stuff" }, "Please choose a category from the list"],
    ] as const) {
      const response = await request("/api/groceries", { cookie: user.cookie, body });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    expect(await listGroceries(user)).toHaveLength(1);
  });

  it("lists items in the simple shape, soonest expiry first", async () => {
    const user = await createUser();
    await addGrocery(user, { name: "Jam", expirationDate: addDays(today(), 90) });
    await addGrocery(user, { name: "Milk", location: "fridge", expirationDate: addDays(today(), 2) });
    await addGrocery(user, { name: "Salt", expirationDate: null });
    const list = await listGroceries(user);
    expect(list.map((i) => i.name)).toEqual(["Milk", "Jam", "Salt"]);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(["category", "expirationDate", "id", "location", "name", "quantity", "unit", "used"]);
      expect(item.used).toBe(false);
    }
    const viaTrpc = await trpc("groceries.list", undefined, { cookie: user.cookie, type: "query" });
    expect((await json(viaTrpc)).result.data).toEqual(list);
  });

  it("marks an item used: it leaves the list and counts as consumed", async () => {
    const user = await createUser();
    const item = await addGrocery(user, { name: "Tortillas", quantity: 8, unit: "each" });
    const response = await request(`/api/groceries/${item.id}`, { method: "PATCH", cookie: user.cookie, body: { used: true } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: item.id, used: true, deleted: true });
    expect(await listGroceries(user)).toEqual([]);
    const events = await wasteOf(user.id);
    expect(events.map((e) => [e.kind, e.amount, e.unit])).toEqual([["consumed", 8, "each"]]);

    const again = await request(`/api/groceries/${item.id}`, { method: "PATCH", cookie: user.cookie, body: { used: true } });
    expect(again.status).toBe(404);
  });

  it("refuses to mark an item unused", async () => {
    const user = await createUser();
    const item = await addGrocery(user, { name: "Oats" });
    const response = await request(`/api/groceries/${item.id}`, { method: "PATCH", cookie: user.cookie, body: { used: false } });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("Only marking an item as used is supported");
    expect(await listGroceries(user)).toHaveLength(1);
  });

  it("deletes an item as discarded", async () => {
    const user = await createUser();
    const item = await addGrocery(user, { name: "Stale bread", expirationDate: addDays(today(), -1) });
    const response = await request(`/api/groceries/${item.id}`, { method: "DELETE", cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await listGroceries(user)).toEqual([]);
    expect((await wasteOf(user.id)).map((e) => [e.kind, e.amount, e.wasExpired])).toEqual([["discarded", 1, true]]);
    expect((await request(`/api/groceries/${item.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(404);
  });

  it("answers 404 for another user's item and leaves it alone", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const item = await addGrocery(owner, { name: "Truffle" });
    const used = await request(`/api/groceries/${item.id}`, { method: "PATCH", cookie: intruder.cookie, body: { used: true } });
    const deleted = await request(`/api/groceries/${item.id}`, { method: "DELETE", cookie: intruder.cookie });
    for (const response of [used, deleted]) {
      expect(response.status).toBe(404);
      expect((await json(response)).message).toBe("Item not found");
    }
    expect(await listGroceries(intruder)).toEqual([]);
    expect(await testDb().select().from(pantryItems).where(eq(pantryItems.id, item.id))).toHaveLength(1);
  });

  it("answers 401 on every grocery call when signed out", async () => {
    const calls = [
      trpc("groceries.list", undefined, { type: "query" }),
      trpc("groceries.create", { name: "Milk" }),
      trpc("groceries.suggest", { name: "Milk" }, { type: "query" }),
      trpc("groceries.markUsed", { id: 1, used: true }),
      trpc("groceries.delete", { id: 1 }),
      request("/api/groceries"),
      request("/api/groceries", { body: { name: "Milk" } }),
      request("/api/groceries/1", { method: "PATCH", body: { used: true } }),
      request("/api/groceries/1", { method: "DELETE" }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });
});
