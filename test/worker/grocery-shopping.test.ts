/**
 * Back from the shop: the Done shopping review, moving checked items into the pantry (once, with estimated
 * expiry), the spend it records in Insights (once, alongside receipts), and the premium Shopping Tips card.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { groceryListItems, groceryPurchases, pantryItems } from "../../db/schema";
import { todayIn } from "../../worker/domain/dates";
import { createGroceryList, createGroceryListItem, createPantryItem, createReceiptRow, createUser, setPremium, testDb, type TestUser } from "../helpers/factories";
import { json, request, trpcClient } from "../helpers/http";

async function shoppedList(user: TestUser) {
  const list = await createGroceryList(user, { name: "Saturday shop" });
  const spinach = await createGroceryListItem(user, list.id, { name: "Baby spinach", quantity: 5, unit: "oz", category: "Fresh Vegetables" });
  const rice = await createGroceryListItem(user, list.id, { name: "Rice", quantity: 2, unit: "lb", category: "Dry Goods" });
  const soap = await createGroceryListItem(user, list.id, { name: "Dish soap", quantity: 1, unit: null, category: "Other" });
  await user.api.groceryLists.toggleItem.mutate({ id: spinach.id, checked: true });
  await user.api.groceryLists.toggleItem.mutate({ id: rice.id, checked: true });
  return { list, spinach, rice, soap };
}

async function spendThisWeek(user: TestUser): Promise<number> {
  const summary = await json(await request("/api/insights/summary?period=week&count=1", { cookie: user.cookie }));
  return summary.totals.spend;
}

describe("Done shopping", () => {
  it("reviews the checked items with where they keep and an estimated expiry", async () => {
    const user = await createUser();
    const { list, spinach, rice } = await shoppedList(user);
    const review = await user.api.groceryLists.shoppingReview.query({ listId: list.id });
    expect(review.purchaseDate).toBe(todayIn("UTC"));
    expect(review.items.map((i) => i.itemId)).toEqual([spinach.id, rice.id]);
    expect(review.items[0]).toMatchObject({ name: "Baby spinach", quantity: 5, unit: "oz", category: "Fresh Vegetables", storageLocation: "fridge" });
    expect(review.items[1]).toMatchObject({ name: "Rice", category: "Dry Goods", storageLocation: "pantry" });
    expect(review.items[0]!.expirationDate! < review.items[1]!.expirationDate!).toBe(true);
  });

  it("moves the ticked rows into the pantry at once, records the spend, and never twice", async () => {
    const user = await createUser();
    const { list, spinach, rice } = await shoppedList(user);
    const review = await user.api.groceryLists.shoppingReview.query({ listId: list.id });
    const rows = review.items.map((item) => ({ ...item, selected: true, price: item.itemId === spinach.id ? 3.49 : 4.1 }));
    const input = { listId: list.id, items: rows };
    const done = await user.api.groceryLists.doneShopping.mutate(input);
    expect(done).toMatchObject({ added: 2, message: "Added 2 items to your pantry." });

    const pantry = await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id));
    expect(pantry.map((p) => [p.name, p.quantity, p.unit, p.price, p.storageLocation]).sort()).toEqual([
      ["Baby spinach", 5, "oz", 3.49, "fridge"],
      ["Rice", 2, "lb", 4.1, "pantry"],
    ]);
    expect(pantry.every((p) => p.expirationDate !== null && p.expirySource === "foodkeeper" && p.purchaseDate === todayIn("UTC"))).toBe(true);
    const items = (await user.api.groceryLists.get.query({ id: list.id })).items;
    expect(items.filter((i) => i.inPantry).map((i) => i.id).sort()).toEqual([spinach.id, rice.id].sort());
    expect(await spendThisWeek(user)).toBe(7.59);

    // The same submit again (a double tap, a retry): nothing more in the pantry, no second purchase.
    const again = await user.api.groceryLists.doneShopping.mutate(input);
    expect(again).toMatchObject({ added: 0, alreadyInPantry: 2 });
    expect(await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id))).toHaveLength(2);
    expect(await testDb().select().from(groceryPurchases).where(eq(groceryPurchases.userId, user.id))).toHaveLength(1);
    expect(await spendThisWeek(user)).toBe(7.59);
    // Nothing left to review.
    expect((await user.api.groceryLists.shoppingReview.query({ listId: list.id })).items).toEqual([]);
  });

  it("two submits at the same moment move each item once and record one purchase", async () => {
    const user = await createUser();
    const { list } = await shoppedList(user);
    const review = await user.api.groceryLists.shoppingReview.query({ listId: list.id });
    const input = { listId: list.id, items: review.items.map((item) => ({ ...item, selected: true, price: 2 })) };
    const results = await Promise.all([user.api.groceryLists.doneShopping.mutate(input), user.api.groceryLists.doneShopping.mutate(input)]);
    expect(results.map((r) => r.added).sort()).toEqual([0, 2]);
    expect(await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id))).toHaveLength(2);
    expect(await spendThisWeek(user)).toBe(4);
  });

  it("adds list spending to receipt spending; rows without prices add none", async () => {
    const user = await createUser();
    await createReceiptRow(user.id, { total: 20, purchaseDate: todayIn("UTC") });
    const { list } = await shoppedList(user);
    const review = await user.api.groceryLists.shoppingReview.query({ listId: list.id });
    await user.api.groceryLists.doneShopping.mutate({ listId: list.id, items: review.items.map((item, i) => ({ ...item, selected: true, price: i === 0 ? 5.25 : null })) });
    const summary = await json(await request("/api/insights/summary?period=week&count=1", { cookie: user.cookie }));
    expect(summary.totals).toMatchObject({ spend: 25.25, receiptCount: 1, listPurchaseCount: 1 });
  });

  it("unticked rows stay on the list; nothing ticked is a 400; another list's item is 404", async () => {
    const user = await createUser();
    const { list, spinach, rice } = await shoppedList(user);
    const review = await user.api.groceryLists.shoppingReview.query({ listId: list.id });
    await expect(user.api.groceryLists.doneShopping.mutate({ listId: list.id, items: review.items.map((i) => ({ ...i, selected: false })) })).rejects.toThrow(
      "Tick at least one item to add to your pantry",
    );
    const other = await createGroceryList(user, { name: "Other" });
    const stray = await createGroceryListItem(user, other.id, { name: "Limes" });
    const strayRow = { ...review.items[0]!, itemId: stray.id, selected: true };
    await expect(user.api.groceryLists.doneShopping.mutate({ listId: list.id, items: [strayRow] })).rejects.toThrow("Item not found");

    await user.api.groceryLists.doneShopping.mutate({ listId: list.id, items: review.items.map((i) => ({ ...i, selected: i.itemId === spinach.id })) });
    const [riceRow] = await testDb().select().from(groceryListItems).where(eq(groceryListItems.id, rice.id));
    expect(riceRow!.movedAt).toBeNull();
    expect((await user.api.groceryLists.shoppingReview.query({ listId: list.id })).items.map((i) => i.itemId)).toEqual([rice.id]);
  });
});

describe("Shopping Tips (premium)", () => {
  it("says what is already at home, what spoils and what keeps, for one person", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    await createGroceryListItem(user, list.id, { name: "Onions", quantity: 3, unit: null, category: "Fresh Vegetables" });
    await createGroceryListItem(user, list.id, { name: "Baby spinach", quantity: 10, unit: "oz", category: "Fresh Vegetables" });
    await createGroceryListItem(user, list.id, { name: "Rice", quantity: 2, unit: "lb", category: "Dry Goods" });
    await createPantryItem(user, { name: "Yellow onions", category: "Fresh Vegetables", quantity: 2, unit: "each" });
    const { tips } = await user.api.groceryLists.tips.query({ listId: list.id });
    const titles = tips.map((t) => t.title);
    expect(titles).toContain("You already have 2 yellow onions");
    expect(tips.find((t) => t.kind === "spoils")?.text).toBe(
      "For one person, baby spinach (3-7 days in the fridge) goes off fast. Buy the smallest pack, or plan it for early in the week.",
    );
    expect(tips.find((t) => t.kind === "keeps")?.text).toBe("Onions (2 months) and rice (2 years) keep for a long time, so one person can buy the larger, cheaper size.");
  });

  it("counts the household size the profile saved", async () => {
    const user = await createUser();
    await user.api.profile.update.mutate({ householdSize: 4 });
    const list = await createGroceryList(user);
    await createGroceryListItem(user, list.id, { name: "Baby spinach", quantity: 10, unit: "oz", category: "Fresh Vegetables" });
    const { tips } = await user.api.groceryLists.tips.query({ listId: list.id });
    expect(tips.find((t) => t.kind === "spoils")?.text).toMatch(/^For a household of 4, baby spinach /);
  });

  it("is refused to free users with the message users see (403)", async () => {
    const user = await createUser();
    const list = await createGroceryList(user);
    const env = { PREMIUM_FOR_ALL: "false" };
    const free = trpcClient(user.cookie, { env });
    await expect(free.groceryLists.tips.query({ listId: list.id })).rejects.toThrow("Upgrade to premium for AI-powered shopping tips");
    const response = await request(`/trpc/groceryLists.tips?input=${encodeURIComponent(JSON.stringify({ listId: list.id }))}`, { cookie: user.cookie, env });
    expect(response.status).toBe(403);
    await setPremium(user.id, true);
    expect((await free.groceryLists.tips.query({ listId: list.id })).listId).toBe(list.id);
  });
});
