import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { json, request, trpc } from "../helpers/http";
import { createUser, testDb, type TestUser } from "../helpers/factories";
import { pantryItems, wasteEvents } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { estimateExpiry, reestimateExpiry } from "../../worker/domain/shelfLife";
import { pantryExpiry } from "../../worker/domain/expiry";
import { addPantryItems, type NewPantryItem } from "../../worker/services/pantry";

const today = () => todayIn("UTC");

async function addItem(user: TestUser, body: Record<string, unknown>) {
  const response = await request("/api/pantry", { cookie: user.cookie, body: { category: "Other", ...body } });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return json(response);
}

async function rowsOf(userId: string) {
  return testDb().select().from(pantryItems).where(eq(pantryItems.userId, userId));
}

async function wasteOf(userId: string) {
  return testDb().select().from(wasteEvents).where(eq(wasteEvents.userId, userId)).orderBy(wasteEvents.id);
}

function use(user: TestUser, id: number | string, body: Record<string, unknown>) {
  return request(`/api/pantry/${id}/use`, { method: "PATCH", cookie: user.cookie, body });
}

describe("creating pantry items", () => {
  it("estimates the expiry when no date is given and says where it came from", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Whole milk", category: "Milk & Eggs", storageLocation: "fridge" });
    const expected = estimateExpiry({ name: "Whole milk", category: "Milk & Eggs", storageLocation: "fridge", isOpened: false, purchaseDate: today() });
    expect(item.expirationDate).toBe(expected.expirationDate);
    expect(item.expirySource).toBe(expected.source);
    expect(item.expiryNote).toBe(expected.note);
    expect(item.expiry).toEqual(pantryExpiry(expected.expirationDate, today()));
    const [row] = await rowsOf(user.id);
    expect(row?.originalExpirationDate).toBe(expected.expirationDate);
  });

  it("applies the defaults: quantity 1, storage fridge, closed", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Butter", category: "Milk & Eggs" });
    expect(item).toMatchObject({ quantity: 1, storageLocation: "fridge", isOpened: false, unit: null, size: null, price: null, receiptId: null });
    expect(Object.keys(item).sort()).toEqual(
      [
        "id", "name", "category", "quantity", "unit", "size", "storageLocation", "isOpened", "amountPerUnit", "maxAmountPerUnit",
        "expirationDate", "expirySource", "expiryNote", "expiry", "price", "purchaseDate", "receiptId", "dateAdded",
      ].sort(),
    );
    expect(new Date(item.dateAdded).toISOString()).toBe(item.dateAdded);
  });

  it("keeps no date when the Don't auto-generate checkbox is ticked", async () => {
    const user = await createUser();
    const withFlag = await addItem(user, { name: "Rice", category: "Dry Goods", storageLocation: "pantry", expirationDate: null, autoExpiry: false });
    expect(withFlag.expirationDate).toBeNull();
    expect(withFlag.expirySource).toBeNull();
    expect(withFlag.expiry.band).toBe("none");
    // The original client sends only the null.
    const nullOnly = await addItem(user, { name: "Flour", category: "Dry Goods", expirationDate: null });
    expect(nullOnly.expirationDate).toBeNull();
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.expirationDate)).toEqual([null, null]);
  });

  it("keeps a date the user typed and marks it as theirs", async () => {
    const user = await createUser();
    const date = addDays(today(), 12);
    const item = await addItem(user, { name: "Yogurt", category: "Cheese & Yogurt", expirationDate: date, quantity: "2.5", price: 3.5 });
    expect(item).toMatchObject({ expirationDate: date, expirySource: "user", expiryNote: null, quantity: 2.5, price: 3.5 });
  });

  it("rejects bad input with the message and writes nothing", async () => {
    const user = await createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "Eggs", category: "Milk & Eggs", quantity: -2 }, "Quantity must be at least 0.01"],
      [{ name: "Eggs", category: "Milk & Eggs", quantity: 0 }, "Quantity must be at least 0.01"],
      [{ name: "Eggs", category: "Milk & Eggs", quantity: 20_000 }, "Quantity must be at most 10,000"],
      [{ name: "Eggs", category: "Milk & Eggs", quantity: "lots" }, "Quantity must be a number"],
      [{ name: "Eggs", category: "Milk & Eggs", storageLocation: "garage" }, "Storage location must be fridge, pantry or freezer"],
      [{ name: "x".repeat(10_000), category: "Milk & Eggs" }, "Name must be at most 120 characters"],
      [{ name: "   ", category: "Milk & Eggs" }, "Name is required"],
      [{ category: "Milk & Eggs" }, "Name is required"],
      [{ name: "Eggs" }, "Category is required"],
      [{ name: "Eggs", category: "Spaceship food" }, "Please choose a category from the list"],
      [{ name: "Eggs", category: "Milk & Eggs", expirationDate: "2025-02-30" }, "Invalid date"],
      [{ name: "Eggs", category: "Milk & Eggs", price: -1 }, "Price can't be negative"],
      [{ name: "Eggs", category: "Milk & Eggs", unit: "u".repeat(21) }, "Unit must be at most 20 characters"],
      [{ name: "Eggs", category: "Milk & Eggs", amountPerUnit: 600, maxAmountPerUnit: 500 }, "Amount remaining can't be more than the full amount per container"],
    ];
    for (const [body, message] of cases) {
      const response = await request("/api/pantry", { cookie: user.cookie, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});

describe("listing and reading", () => {
  it("lists only items with something left, with filters and sorts", async () => {
    const user = await createUser();
    const t = today();
    const milk = await addItem(user, { name: "Milk", category: "Milk & Eggs", expirationDate: addDays(t, 1) });
    const beans = await addItem(user, { name: "black beans", category: "Canned Goods", storageLocation: "pantry", expirationDate: addDays(t, 300) });
    const old = await addItem(user, { name: "Apples", category: "Fresh Fruits", expirationDate: addDays(t, -2) });
    const peas = await addItem(user, { name: "Peas 100%", category: "Frozen Foods", storageLocation: "freezer", expirationDate: null });
    const soup = await addItem(user, { name: "Soup", category: "Canned Goods", storageLocation: "pantry", expirationDate: addDays(t, 5) });
    // Rows with nothing left stay hidden (written directly, as an older client could have left them).
    await testDb().insert(pantryItems).values([
      { userId: user.id, name: "Ghost", category: "Other", quantity: 0 },
      { userId: user.id, name: "Empty jar", category: "Other", quantity: 1, amountPerUnit: 0, maxAmountPerUnit: 300 },
    ]);
    const list = async (input?: unknown) => {
      const response = await trpc("pantry.list", input, { cookie: user.cookie, type: "query" });
      expect(response.status).toBe(200);
      return ((await json(response)).result.data as { name: string }[]).map((i) => i.name);
    };
    expect(await list()).toEqual(["Apples", "Milk", "Soup", "black beans", "Peas 100%"]);
    expect(await list({ sort: "name" })).toEqual(["Apples", "black beans", "Milk", "Peas 100%", "Soup"]);
    expect(await list({ sort: "recently_added" })).toEqual(["Soup", "Peas 100%", "Apples", "black beans", "Milk"]);
    // Expiring soon: expired or due within 7 days (the dashboard card's rule).
    expect(await list({ expiry: "expiring" })).toEqual(["Apples", "Milk", "Soup"]);
    expect(await list({ expiry: "warning" })).toEqual(["Soup"]);
    expect(await list({ expiry: "none" })).toEqual(["Peas 100%"]);
    expect(await list({ storageLocation: "pantry" })).toEqual(["Soup", "black beans"]);
    expect(await list({ category: "Canned Goods", sort: "name" })).toEqual(["black beans", "Soup"]);
    expect(await list({ search: "BEAN" })).toEqual(["black beans"]);
    // % is a literal character, not a wildcard.
    expect(await list({ search: "0%" })).toEqual(["Peas 100%"]);
    expect(await list({ search: "%" })).toEqual(["Peas 100%"]);
    // A long search (50 emoji is 200 bytes, past D1's 50-byte LIKE pattern limit) is an ordinary search.
    expect(await list({ search: "🥑".repeat(50) })).toEqual([]);
    expect(await list({ search: `${"x".repeat(60)} beans` })).toEqual([]);

    const rest = await request("/api/pantry", { cookie: user.cookie });
    const viaTrpc = await trpc("pantry.list", undefined, { cookie: user.cookie, type: "query" });
    expect(await json(rest)).toEqual((await json(viaTrpc)).result.data);

    const one = await request(`/api/pantry/${milk.id}`, { cookie: user.cookie });
    expect(await json(one)).toEqual(milk);
    expect(beans.id).not.toBe(old.id);
    expect(peas.expiry.band).toBe("none");
    expect(soup.expiry.band).toBe("warning");
  });

  it("answers 404 for an id that does not exist and 400 for a non-numeric one", async () => {
    const user = await createUser();
    const missing = await request("/api/pantry/999999", { cookie: user.cookie });
    expect(missing.status).toBe(404);
    expect((await json(missing)).message).toBe("Item not found");
    const bad = await request("/api/pantry/abc", { method: "PUT", cookie: user.cookie, body: { quantity: 1 } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("Invalid item id");
  });
});

describe("editing", () => {
  it("re-estimates the expiry when the item moves", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Chicken breast", category: "Fresh Meat", storageLocation: "fridge" });
    const response = await request(`/api/pantry/${item.id}`, { method: "PUT", cookie: user.cookie, body: { storageLocation: "freezer" } });
    expect(response.status).toBe(200);
    const moved = await json(response);
    const expected = reestimateExpiry({
      name: "Chicken breast",
      category: "Fresh Meat",
      before: { storageLocation: "fridge", isOpened: false, expirationDate: item.expirationDate },
      after: { storageLocation: "freezer", isOpened: false },
      today: today(),
      originalExpirationDate: item.expirationDate,
    });
    expect(expected).not.toBeNull();
    expect(moved.storageLocation).toBe("freezer");
    expect(moved.expirationDate).toBe(expected!.expirationDate);
    expect(moved.expirySource).toBe(expected!.source);
    expect(moved.expirationDate > item.expirationDate).toBe(true);
  });

  it("never extends the date when an item is opened", async () => {
    const user = await createUser();
    const sealed = addDays(today(), 120);
    const jar = await addItem(user, { name: "Tomato salsa", category: "Condiments & Sauces", expirationDate: sealed });
    const opened = await json(await request(`/api/pantry/${jar.id}`, { method: "PUT", cookie: user.cookie, body: { isOpened: true } }));
    expect(opened.isOpened).toBe(true);
    expect(opened.expirationDate <= sealed).toBe(true);

    const soon = addDays(today(), 1);
    const cream = await addItem(user, { name: "Heavy cream", category: "Milk & Eggs", expirationDate: soon });
    const openedCream = await json(await request(`/api/pantry/${cream.id}`, { method: "PUT", cookie: user.cookie, body: { isOpened: true } }));
    expect(openedCream.expirationDate <= soon).toBe(true);
    const [row] = await testDb().select().from(pantryItems).where(eq(pantryItems.id, cream.id));
    expect(row?.openedAt).toBeInstanceOf(Date);
  });

  it("lets a date set in the same edit win over the estimate", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Ground beef", category: "Fresh Meat" });
    const date = addDays(today(), 40);
    const updated = await json(
      await request(`/api/pantry/${item.id}`, { method: "PUT", cookie: user.cookie, body: { storageLocation: "freezer", expirationDate: date, quantity: "1.5", name: "Beef mince" } }),
    );
    expect(updated).toMatchObject({ expirationDate: date, expirySource: "user", storageLocation: "freezer", quantity: 1.5, name: "Beef mince" });
  });

  it("keeps the date when only other fields change", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Carrots", category: "Fresh Vegetables" });
    const updated = await json(await request(`/api/pantry/${item.id}`, { method: "PUT", cookie: user.cookie, body: { ...item, quantity: 3, id: undefined } }));
    expect(updated.expirationDate).toBe(item.expirationDate);
    expect(updated.expirySource).toBe(item.expirySource);
    expect(updated.quantity).toBe(3);
  });

  it("rejects bad edits and leaves the row as it was", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Cheddar", category: "Cheese & Yogurt", amountPerUnit: 200, maxAmountPerUnit: 250 });
    for (const [body, message] of [
      [{ quantity: -1 }, "Quantity must be at least 0.01"],
      [{ storageLocation: "attic" }, "Storage location must be fridge, pantry or freezer"],
      [{ name: "y".repeat(10_000) }, "Name must be at most 120 characters"],
      [{ maxAmountPerUnit: 100 }, "Amount remaining can't be more than the full amount per container"],
    ] as const) {
      const response = await request(`/api/pantry/${item.id}`, { method: "PUT", cookie: user.cookie, body });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ name: "Cheddar", quantity: 1, storageLocation: "fridge", maxAmountPerUnit: 250 });
  });
});

describe("using some", () => {
  it("takes from the open container first, then the next, and deletes when all is used", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Olive oil", category: "Condiments & Sauces", quantity: 2, unit: "ml", amountPerUnit: 500, maxAmountPerUnit: 500, price: 10, expirationDate: addDays(today(), 200) });

    const first = await use(user, item.id, { quantityUsed: 200, containerIndex: 0 });
    expect(first.status).toBe(200);
    const firstBody = await json(first);
    // The price follows what is left (10 for 1000 ml, 8 for the 800 ml left).
    expect(firstBody).toMatchObject({ deleted: false, item: { quantity: 2, amountPerUnit: 300, isOpened: true, price: 8 } });
    expect(firstBody.message).toContain("Olive oil");

    const second = await json(await use(user, item.id, { quantityUsed: "400" }));
    expect(second).toMatchObject({ deleted: false, item: { quantity: 1, amountPerUnit: 400, isOpened: true } });

    // More than what is left is refused with what there is, and nothing changes.
    const tooMuch = await use(user, item.id, { quantityUsed: 5000 });
    expect(tooMuch.status).toBe(400);
    expect((await json(tooMuch)).message).toBe("You have only 400 ml of Olive oil left. Enter 400 or less.");
    expect(await rowsOf(user.id)).toMatchObject([{ quantity: 1, amountPerUnit: 400 }]);

    const last = await json(await use(user, item.id, { quantityUsed: 400 }));
    expect(last.deleted).toBe(true);
    expect(last.item).toBeNull();
    expect(await rowsOf(user.id)).toHaveLength(0);

    const events = await wasteOf(user.id);
    expect(events.map((e) => [e.kind, e.amount, e.value, e.unit, e.wasExpired])).toEqual([
      ["consumed", 200, 2, "ml", false],
      ["consumed", 400, 4, "ml", false],
      ["consumed", 400, 4, "ml", false],
    ]);
    expect(events.every((e) => e.pantryItemId === item.id && e.name === "Olive oil")).toBe(true);

    const again = await use(user, item.id, { quantityUsed: 1 });
    expect(again.status).toBe(404);
    expect((await json(again)).message).toBe("Item not found");
    expect((await request(`/api/pantry/${item.id}`, { cookie: user.cookie })).status).toBe(404);
  });

  it("counts whole items when there are no amounts and records expired use", async () => {
    const user = await createUser();
    const onions = await addItem(user, { name: "Onion", category: "Fresh Vegetables", quantity: 3, expirationDate: addDays(today(), -1) });
    const half = await json(await use(user, onions.id, { quantityUsed: 0.5 }));
    expect(half.item).toMatchObject({ quantity: 2.5, isOpened: true });
    const rest = await json(await use(user, onions.id, { quantityUsed: 2.5 }));
    expect(rest.deleted).toBe(true);
    const events = await wasteOf(user.id);
    expect(events.map((e) => [e.amount, e.wasExpired, e.value])).toEqual([
      [0.5, true, null],
      [2.5, true, null],
    ]);
  });

  it("rejects amounts that are not positive numbers", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Bread", category: "Bread & Bakery", quantity: 1 });
    for (const quantityUsed of [0, -1, "", "abc", null]) {
      const response = await use(user, item.id, { quantityUsed });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toMatch(/Amount/);
    }
    expect((await use(user, item.id, {})).status).toBe(400);
    expect(await wasteOf(user.id)).toHaveLength(0);
  });

  it("gives each of two simultaneous uses its own share", async () => {
    const user = await createUser();
    const item = await addItem(user, { name: "Eggs", category: "Milk & Eggs", quantity: 6 });
    const responses = await Promise.all([use(user, item.id, { quantityUsed: 2 }), use(user, item.id, { quantityUsed: 1 })]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const [row] = await rowsOf(user.id);
    expect(row?.quantity).toBe(3);
    const events = await wasteOf(user.id);
    expect(events.map((e) => e.amount).sort()).toEqual([1, 2]);
  });
});

describe("deleting", () => {
  it("records what was left as discarded, except for a mistaken entry", async () => {
    const user = await createUser();
    const spoiled = await addItem(user, { name: "Lettuce", category: "Fresh Vegetables", quantity: 2, price: 3, expirationDate: addDays(today(), -3) });
    const mistake = await addItem(user, { name: "Typo item", category: "Other" });
    const deleted = await request(`/api/pantry/${spoiled.id}`, { method: "DELETE", cookie: user.cookie });
    expect(deleted.status).toBe(200);
    expect(await json(deleted)).toMatchObject({ ok: true, id: spoiled.id });
    const viaTrpc = await trpc("pantry.delete", { id: mistake.id, reason: "mistake" }, { cookie: user.cookie });
    expect(viaTrpc.status).toBe(200);
    expect(await rowsOf(user.id)).toHaveLength(0);
    const events = await wasteOf(user.id);
    expect(events.map((e) => [e.name, e.kind, e.amount, e.value, e.wasExpired])).toEqual([["Lettuce", "discarded", 2, 3, true]]);
    expect((await request(`/api/pantry/${spoiled.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(404);
  });
});

describe("other users and signed-out callers", () => {
  it("answers 404 for another user's item on every path and leaves it untouched", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const item = await addItem(owner, { name: "Saffron", category: "Spices & Seasonings", quantity: 2 });
    const attempts = [
      request(`/api/pantry/${item.id}`, { cookie: intruder.cookie }),
      request(`/api/pantry/${item.id}`, { method: "PUT", cookie: intruder.cookie, body: { quantity: 9 } }),
      request(`/api/pantry/${item.id}`, { method: "DELETE", cookie: intruder.cookie }),
      use(intruder, item.id, { quantityUsed: 1 }),
      trpc("pantry.get", { id: item.id }, { cookie: intruder.cookie, type: "query" }),
      trpc("pantry.use", { id: item.id, quantityUsed: 1 }, { cookie: intruder.cookie }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      const body = await json(response);
      expect(body.message ?? body.error?.message).toBe("Item not found");
    }
    const listed = await json(await request("/api/pantry", { cookie: intruder.cookie }));
    expect(listed).toEqual([]);
    const [row] = await testDb().select().from(pantryItems).where(and(eq(pantryItems.id, item.id), eq(pantryItems.userId, owner.id)));
    expect(row?.quantity).toBe(2);
    expect(await wasteOf(owner.id)).toHaveLength(0);
  });

  it("answers 401 on every pantry procedure when signed out", async () => {
    const calls = [
      trpc("pantry.list", undefined, { type: "query" }),
      trpc("pantry.get", { id: 1 }, { type: "query" }),
      trpc("pantry.create", { name: "Milk", category: "Milk & Eggs" }),
      trpc("pantry.update", { id: 1, quantity: 2 }),
      trpc("pantry.delete", { id: 1 }),
      trpc("pantry.use", { id: 1, quantityUsed: 1 }),
      request("/api/pantry"),
      request("/api/pantry", { body: { name: "Milk", category: "Milk & Eggs" } }),
      request("/api/pantry/1", { method: "PUT", body: { quantity: 2 } }),
      request("/api/pantry/1", { method: "DELETE" }),
      request("/api/pantry/1/use", { method: "PATCH", body: { quantityUsed: 1 } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });
});

describe("addPantryItems", () => {
  it("inserts many items in one atomic batch, chunked under the parameter limit", async () => {
    const user = await createUser();
    const items: NewPantryItem[] = Array.from({ length: 23 }, (_, i) => ({ name: `Item ${i}`, category: "Other", quantity: i + 1, price: i, receiptId: null }));
    const rows = await addPantryItems({ db: testDb() }, user.id, items, { today: today() });
    expect(rows.map((r) => r.name)).toEqual(items.map((i) => i.name));
    expect(rows.every((r) => r.expirationDate !== null)).toBe(true);
    expect(await rowsOf(user.id)).toHaveLength(23);

    // A bad row in the last chunk undoes the whole batch.
    const broken = [...items.slice(0, 9), { name: null as unknown as string, category: "Other" }];
    await expect(addPantryItems({ db: testDb() }, user.id, broken, { today: today() })).rejects.toThrow();
    expect(await rowsOf(user.id)).toHaveLength(23);
  });

  it("keeps a receipt's date and source", async () => {
    const user = await createUser();
    const date = addDays(today(), 9);
    const [row] = await addPantryItems({ db: testDb() }, user.id, [{ name: "Kale", category: "Fresh Vegetables", expirationDate: date, expirySource: "receipt", expiryNote: "From receipt" }], { today: today() });
    expect(row).toMatchObject({ expirationDate: date, expirySource: "receipt", expiryNote: "From receipt" });
  });
});
