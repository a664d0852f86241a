/** The factories the batteries stand on make what they say, owned by whom they say, through the real paths. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { groceryListItems, pantryItems, receipts } from "../../db/schema";
import {
  createComment,
  createGroceryList,
  createGroceryListItem,
  createMealPlan,
  createNotification,
  createOwnRecipe,
  createPantryItem,
  createPantryLink,
  createReceipt,
  createUser,
  libraryRecipe,
  testDb,
} from "../helpers/factories";

describe("factories", () => {
  it("a user is signed in, and its client calls procedures as that user", async () => {
    const user = await createUser({ firstName: "Robin" });
    expect(await user.api.auth.me.query()).toMatchObject({ id: user.id, username: user.username, firstName: "Robin" });
  });

  it("pantry items, own and library recipes, comments and pantry links belong to their user", async () => {
    const user = await createUser();
    const item = await createPantryItem(user, { name: "Leeks" });
    const own = await createOwnRecipe(user, { title: "Leek soup" });
    const library = await libraryRecipe();
    expect(own.userId).toBe(user.id);
    expect(library.userId).toBeNull();
    const comment = await createComment(user, library.id);
    const link = await createPantryLink(user, own.id, item.id);
    const detail = await user.api.recipes.get.query({ id: own.id });
    expect(detail.recipe).toMatchObject({ title: "Leek soup", isOwner: true });
    expect(await user.api.recipes.comments.list.query({ recipeId: library.id })).toEqual(expect.arrayContaining([expect.objectContaining({ id: comment.id })]));
    expect(await user.api.recipes.pantryItems.list.query({ recipeId: own.id })).toEqual([expect.objectContaining({ id: link.id })]);
  });

  it("receipts: a draft waits for review, a confirmed one has put its food in the pantry", async () => {
    const user = await createUser();
    const draft = await createReceipt(user);
    const confirmed = await createReceipt(user, { confirm: true });
    expect(draft.receipt.id).not.toBe(confirmed.receipt.id);
    const rows = await testDb().select().from(receipts).where(eq(receipts.userId, user.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [draft.receipt.id]: "parsed", [confirmed.receipt.id]: "confirmed" });
    const added = await testDb().select().from(pantryItems).where(eq(pantryItems.receiptId, confirmed.receipt.id));
    expect(added.length).toBeGreaterThan(0);
  });

  it("notifications, grocery lists with items and meal plans are the user's", async () => {
    const user = await createUser();
    const first = await createNotification(user.id);
    const second = await createNotification(user.id);
    expect(first.day).not.toBe(second.day);
    expect((await user.api.notifications.list.query()).notifications.map((n) => n.id).sort()).toEqual([first.id, second.id].sort());

    const list = await createGroceryList(user, { name: "Party" });
    const entry = await createGroceryListItem(user, list.id, { name: "Limes" });
    const rows = await testDb().select().from(groceryListItems).where(eq(groceryListItems.listId, list.id));
    expect(rows.map((r) => ({ id: r.id, userId: r.userId, name: r.name }))).toEqual([{ id: entry.id, userId: user.id, name: "Limes" }]);
    expect((await user.api.groceryLists.get.query({ id: list.id })).items.map((i) => i.name)).toEqual(["Limes"]);

    const plan = await createMealPlan(user.id, { mealType: "lunch", notes: "Soup and bread" });
    expect((await user.api.dashboard.get.query()).todayMealPlans).toEqual([{ id: plan.id, name: "Soup and bread", mealType: "lunch", date: plan.date }]);
  });
});
