/**
 * Grocery lists over their documented HTTP paths (and the tRPC procedures the screen uses): lists, items,
 * check-offs (idempotent, replayable, optionally into the pantry), history, sample lists, versions for sync.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { groceryHistory, groceryListItems, groceryLists, pantryItems } from "../../db/schema";
import { createGroceryList, createGroceryListItem, createUser, testDb, type TestUser } from "../helpers/factories";
import { json, request } from "../helpers/http";

function api(user: TestUser, path: string, method = "GET", body?: unknown) {
  return request(`/api${path}`, { method, body, cookie: user.cookie });
}

describe("lists", () => {
  it("creates a list (201), lists it with its counts and reads it with its items", async () => {
    const user = await createUser();
    expect(await json(await api(user, "/grocery-lists"))).toEqual([]);

    const created = await api(user, "/grocery-lists", "POST", { name: "  Weekly Shopping ", notes: "Market on Saturday" });
    expect(created.status).toBe(201);
    const list = await json(created);
    expect(list).toMatchObject({ id: expect.any(Number), name: "Weekly Shopping", notes: "Market on Saturday", isTemplate: false, itemCount: 0 });
    expect(new Date(list.createdAt).toString()).not.toBe("Invalid Date");

    await createGroceryListItem(user, list.id, { name: "Bananas", quantity: 6, unit: null, category: "Fresh Fruits" });
    const all = await json(await api(user, "/grocery-lists"));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: list.id, itemCount: 1, checkedCount: 0 });

    const detail = await json(await api(user, `/grocery-lists/${list.id}`));
    expect(detail.list).toMatchObject({ id: list.id, name: "Weekly Shopping" });
    expect(detail.items).toEqual([expect.objectContaining({ name: "Bananas", quantity: 6, unit: null, category: "Fresh Fruits", checked: false, recipeId: null })]);
  });

  it("refuses a list without a name with the message users see, and keeps notes optional", async () => {
    const user = await createUser();
    for (const body of [{}, { name: "   " }]) {
      const response = await api(user, "/grocery-lists", "POST", body);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe("Name is required");
    }
    const response = await api(user, "/grocery-lists", "POST", { name: "No notes" });
    expect((await json(response)).notes).toBeNull();
    expect(await testDb().select().from(groceryLists).where(eq(groceryLists.userId, user.id))).toHaveLength(1);
  });

  it("edits a list's name and notes (the same rules as creating it)", async () => {
    const user = await createUser();
    const list = await createGroceryList(user, { name: "Shop", notes: "old" });
    const edited = await user.api.groceryLists.update.mutate({ id: list.id, name: " Big shop ", notes: "" });
    expect(edited).toMatchObject({ id: list.id, name: "Big shop", notes: null, version: 1 });
    await expect(user.api.groceryLists.update.mutate({ id: list.id, name: "" })).rejects.toThrow("Name is required");
  });

  it("deletes a list with its items; a second delete and an unknown id are 404", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    await createGroceryListItem(user, list.id);
    const response = await api(user, `/grocery-lists/${list.id}`, "DELETE");
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ ok: true, id: list.id });
    expect(await testDb().select().from(groceryListItems).where(eq(groceryListItems.listId, list.id))).toEqual([]);
    expect((await api(user, `/grocery-lists/${list.id}`, "DELETE")).status).toBe(404);
    expect((await api(user, `/grocery-lists/${list.id}`)).status).toBe(404);
    const bad = await api(user, "/grocery-lists/abc");
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("Invalid list id");
  });
});

describe("items", () => {
  it("POST /api/grocery-lists/{id}/items adds to the list in the path (201), with its category and the name in history", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const other = await createGroceryList(user, { name: "Other" });
    // The path's id wins over one in the body.
    const response = await api(user, `/grocery-lists/${list.id}/items`, "POST", { listId: other.id, name: "Red onions", quantity: "2", unit: "", category: "" });
    expect(response.status).toBe(201);
    const item = await json(response);
    expect(item).toMatchObject({ listId: list.id, name: "Red onions", quantity: 2, unit: null, category: "Fresh Vegetables", checked: false });
    expect((await json(await api(user, `/grocery-lists/${other.id}`))).items).toEqual([]);

    const history = await json(await api(user, "/groceries/history"));
    expect(history).toEqual([{ name: "Red onions", timesUsed: 1 }]);
    await api(user, `/grocery-lists/${other.id}/items`, "POST", { name: "Red onions" });
    expect(await json(await api(user, "/groceries/history"))).toEqual([{ name: "Red onions", timesUsed: 2 }]);
  });

  it("an item already on the list to buy gets the amount added, across plurals and units; a bought one does not", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const first = await json(await api(user, `/grocery-lists/${list.id}/items`, "POST", { name: "Ground beef", quantity: 1, unit: "lb" }));
    const again = await api(user, `/grocery-lists/${list.id}/items`, "POST", { name: "ground beef", quantity: 8, unit: "oz" });
    expect(again.status).toBe(201);
    expect(await json(again)).toMatchObject({ id: first.id, name: "Ground beef", quantity: 1.5, unit: "lb" });
    expect((await user.api.groceryLists.version.query({ id: list.id })).version).toBe(2);
    await user.api.groceryLists.toggleItem.mutate({ id: first.id, checked: true });
    const bought = await json(await api(user, `/grocery-lists/${list.id}/items`, "POST", { name: "Ground beef", quantity: 1, unit: "lb" }));
    expect(bought.id).not.toBe(first.id);
    const detail = await json(await api(user, `/grocery-lists/${list.id}`));
    expect(detail.items.map((i: { quantity: number; checked: boolean }) => [i.quantity, i.checked])).toEqual([
      [1.5, true],
      [1, false],
    ]);
    expect((await json(await api(user, "/groceries/history"))).map((h: { name: string }) => h.name).sort()).toEqual(["Ground beef", "ground beef"]);
  });

  it("refuses an item without a name or with a bad quantity, adding nothing", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const missing = await api(user, `/grocery-lists/${list.id}/items`, "POST", { name: " " });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe("Item name is required");
    const badQuantity = await api(user, `/grocery-lists/${list.id}/items`, "POST", { name: "Milk", quantity: "lots" });
    expect(badQuantity.status).toBe(400);
    expect((await json(badQuantity)).message).toBe("Quantity must be a number");
    expect(await testDb().select().from(groceryListItems).where(eq(groceryListItems.listId, list.id))).toEqual([]);
    expect((await api(user, "/grocery-lists/999999/items", "POST", { name: "Milk" })).status).toBe(404);
  });

  it("lists items in store order: produce first, frozen last", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    for (const [name, category] of [
      ["Frozen peas", "Frozen Foods"],
      ["Milk", "Milk & Eggs"],
      ["Apples", "Fresh Fruits"],
      ["Rice", "Dry Goods"],
      ["Spinach", "Fresh Vegetables"],
    ] as const) {
      await createGroceryListItem(user, list.id, { name, category });
    }
    const detail = await json(await api(user, `/grocery-lists/${list.id}`));
    expect(detail.items.map((i: { name: string }) => i.name)).toEqual(["Apples", "Spinach", "Milk", "Rice", "Frozen peas"]);
  });

  it("deletes an item; deleting it again is 404", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const item = await createGroceryListItem(user, list.id);
    const response = await api(user, `/grocery-list-items/${item.id}`, "DELETE");
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ ok: true, id: item.id, message: "Item removed from list" });
    expect((await api(user, `/grocery-list-items/${item.id}`, "DELETE")).status).toBe(404);
  });
});

describe("checking items off", () => {
  it("sets the state sent (the opposite of the current one); toggling twice returns to unchecked", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const item = await createGroceryListItem(user, list.id);
    const on = await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", { checked: true });
    expect(on.status).toBe(200);
    expect(await json(on)).toMatchObject({ id: item.id, checked: true, applied: true, addedToPantry: false });
    const off = await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", { checked: false });
    expect(await json(off)).toMatchObject({ id: item.id, checked: false, applied: true });
    const [row] = await testDb().select().from(groceryListItems).where(eq(groceryListItems.id, item.id));
    expect(row!.checked).toBe(false);
    expect((await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", {})).status).toBe(400);
  });

  it("applies a replayed change once: an offline check-off sent again never undoes a later change", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const item = await createGroceryListItem(user, list.id);
    const check = { checked: true, mutationId: "phone-0001-check" };
    expect(await json(await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", check))).toMatchObject({ checked: true, applied: true });
    // Another device unchecks it.
    await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", { checked: false, mutationId: "laptop-0001-uncheck" });
    // The phone's queue replays its change (its first answer was lost): nothing happens.
    const replay = await json(await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", check));
    expect(replay).toMatchObject({ checked: false, applied: false });
    const { version } = await user.api.groceryLists.version.query({ id: list.id });
    // Replays do not raise the version either: item add, check, uncheck.
    expect(version).toBe(3);
  });

  it("keeps one user's change ids apart from another's", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const itemA = await createGroceryListItem(a, (await createGroceryList(a)).id);
    const itemB = await createGroceryListItem(b, (await createGroceryList(b)).id);
    await api(a, `/grocery-list-items/${itemA.id}/toggle`, "PATCH", { checked: true, mutationId: "same-id-0001" });
    expect(await json(await api(b, `/grocery-list-items/${itemB.id}/toggle`, "PATCH", { checked: true, mutationId: "same-id-0001" }))).toMatchObject({ applied: true, checked: true });
  });

  it("with addToPantry puts the item into the pantry once, with an estimated expiry", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const item = await createGroceryListItem(user, list.id, { name: "Baby spinach", quantity: 5, unit: "oz", category: "Fresh Vegetables" });
    const first = await json(await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", { checked: true, addToPantry: true, mutationId: "spinach-check-1" }));
    expect(first).toMatchObject({ checked: true, inPantry: true, addedToPantry: true });
    const rows = await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Baby spinach", quantity: 5, unit: "oz", category: "Fresh Vegetables", storageLocation: "fridge", expirySource: "foodkeeper" });
    expect(rows[0]!.expirationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Unchecking and checking again (a new change) does not add it twice.
    await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", { checked: false });
    const again = await json(await api(user, `/grocery-list-items/${item.id}/toggle`, "PATCH", { checked: true, addToPantry: true }));
    expect(again).toMatchObject({ checked: true, addedToPantry: false, inPantry: true });
    expect(await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id))).toHaveLength(1);
  });

  it("raises the list's version with every change, for other devices to notice", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const v0 = (await user.api.groceryLists.version.query({ id: list.id })).version;
    const item = await createGroceryListItem(user, list.id);
    const v1 = (await user.api.groceryLists.version.query({ id: list.id })).version;
    await user.api.groceryLists.toggleItem.mutate({ id: item.id, checked: true });
    const v2 = (await user.api.groceryLists.version.query({ id: list.id })).version;
    await user.api.groceryLists.deleteItem.mutate({ id: item.id });
    const v3 = (await user.api.groceryLists.version.query({ id: list.id })).version;
    expect([v0, v1, v2, v3]).toEqual([0, 1, 2, 3]);
  });
});

describe("sample lists", () => {
  it("adds 'Top 20 Grocery Items for One Person' once; the second call adds nothing", async () => {
    const user = await createUser();
    const first = await api(user, "/onboarding/seed-grocery-lists", "POST");
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ lists: 1, items: 20, message: "Added 1 grocery list with 20 items!" });
    const second = await json(await api(user, "/onboarding/seed-grocery-lists", "POST"));
    expect(second).toMatchObject({ lists: 0, items: 0 });

    const lists = await json(await api(user, "/grocery-lists"));
    expect(lists).toEqual([expect.objectContaining({ name: "Top 20 Grocery Items for One Person", isTemplate: true, itemCount: 20 })]);
    const rows = await testDb().select().from(groceryListItems).where(eq(groceryListItems.listId, lists[0].id));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.name)).size).toBe(20);
  });

  it("two calls at the same moment still add one list", async () => {
    const user = await createUser();
    const results = await Promise.all([api(user, "/onboarding/seed-grocery-lists", "POST"), api(user, "/onboarding/seed-grocery-lists", "POST")]);
    const bodies = await Promise.all(results.map((r) => json(r)));
    expect(bodies.map((b) => b.lists).sort()).toEqual([0, 1]);
    const lists = await testDb().select().from(groceryLists).where(eq(groceryLists.userId, user.id));
    expect(lists).toHaveLength(1);
    expect(await testDb().select().from(groceryListItems).where(eq(groceryListItems.listId, lists[0]!.id))).toHaveLength(20);
  });

  it("adds the sample list again after the user deleted it", async () => {
    const user = await createUser();
    await api(user, "/onboarding/seed-grocery-lists", "POST");
    const [list] = await testDb().select().from(groceryLists).where(eq(groceryLists.userId, user.id));
    await api(user, `/grocery-lists/${list!.id}`, "DELETE");
    expect(await json(await api(user, "/onboarding/seed-grocery-lists", "POST"))).toMatchObject({ lists: 1, items: 20 });
  });
});

describe("AI prompts and history", () => {
  it("GET /api/grocery-lists/ai-prompts answers the greeting and the four chips", async () => {
    const user = await createUser();
    const body = await json(await api(user, "/grocery-lists/ai-prompts"));
    expect(body.prompts).toEqual(["Weekly family plan", "Vegetarian dinners", "Budget meals", "Meal prep lunches"]);
    expect(body.greeting).toMatch(/^Hi!/);
  });

  it("history is the user's own", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await createGroceryListItem(a, (await createGroceryList(a)).id, { name: "Saffron" });
    expect(await json(await api(b, "/groceries/history"))).toEqual([]);
    expect(await testDb().select().from(groceryHistory).where(and(eq(groceryHistory.userId, a.id), eq(groceryHistory.name, "Saffron")))).toHaveLength(1);
  });
});
