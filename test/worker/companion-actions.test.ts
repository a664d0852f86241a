/**
 * What a confirmed companion action writes, over HTTP: the same lines, amounts, categories, history and version
 * change as the same add made through the grocery-list procedures, and the same entry as mealPlans.create.
 * Another user's action id is 404 and writes nothing.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { companionActions, groceryListItems, groceryLists, mealPlans, recipes } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { COMPANION_LIST_NAME } from "../../worker/services/companionActions";
import { createChatTurn, createGroceryList, createGroceryListItem, createOwnRecipe, createUser, testDb, type TestUser } from "../helpers/factories";
import { json, request } from "../helpers/http";

type Item = { name: string; quantity: number | null; unit: string | null };

function confirm(user: TestUser, actionId: number) {
  return request(`/api/cooking-companion/actions/${actionId}/confirm`, { method: "POST", cookie: user.cookie });
}

/** The turn's proposed action of a kind, and what it will write (as stored when it was proposed). */
async function proposed(user: TestUser, message: string, kind: "add_to_grocery_list" | "plan_meal") {
  const turn = await createChatTurn(user, { message });
  const action = turn.actions.find((a) => a.kind === kind);
  if (!action) throw new Error(`no ${kind} proposed for "${message}"`);
  const [row] = await testDb().select().from(companionActions).where(eq(companionActions.id, action.id));
  return { action, payload: row!.payload as { items?: Item[] } };
}

/** A list as the screen reads it, without ids: what the cook sees. */
async function seen(user: TestUser, listId: number) {
  const detail = await user.api.groceryLists.get.query({ id: listId });
  return detail.items.map((i) => ({ name: i.name, quantity: i.quantity, unit: i.unit, category: i.category, checked: i.checked, recipeId: i.recipeId }));
}

/** The same starting list for two cooks: chicken and tomatoes to buy, a template list beside it. */
async function startingList(user: TestUser) {
  await user.api.groceryLists.seedSamples.mutate();
  const list = await createGroceryList(user, { name: "This week" });
  await createGroceryListItem(user, list.id, { name: "Chicken", quantity: 1, unit: "lb", category: null });
  await createGroceryListItem(user, list.id, { name: "Tomatoes", quantity: 3, unit: null, category: null });
  return list;
}

describe("a confirmed grocery action is the grocery-list service's add", () => {
  it("merges, categorises, records history and raises the version exactly as addItem does", async () => {
    const cook = await createUser();
    const byHand = await createUser();
    const cookList = await startingList(cook);
    const handList = await startingList(byHand);
    const versionBefore = (await cook.api.groceryLists.version.query({ id: cookList.id })).version;
    const template = (await cook.api.groceryLists.list.query()).find((l) => l.isTemplate)!;

    const { action, payload } = await proposed(cook, "Add milk, 2 lb chicken, 2 tomatoes and bread to my grocery list", "add_to_grocery_list");
    const items = payload.items!;
    expect(items.map((i) => i.name.toLowerCase())).toEqual(expect.arrayContaining(["chicken", "milk", "bread"]));

    const response = await confirm(cook, action.id);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ status: "done", result: { listId: cookList.id, listName: "This week", itemsAdded: items.length } });

    for (const item of items) await byHand.api.groceryLists.addItem.mutate({ listId: handList.id, name: item.name, quantity: item.quantity, unit: item.unit });

    const cookSees = await seen(cook, cookList.id);
    expect(cookSees).toEqual(await seen(byHand, handList.id));
    // Chicken joined the line already there (1 lb + 2 lb), not a second chicken line.
    expect(cookSees.filter((i) => i.name.toLowerCase().startsWith("chicken"))).toEqual([expect.objectContaining({ name: "Chicken", quantity: 3, unit: "lb" })]);
    expect(cookSees.filter((i) => i.name.toLowerCase().startsWith("tomato"))).toEqual([expect.objectContaining({ name: "Tomatoes", quantity: 5, unit: null })]);
    expect(cookSees.find((i) => i.name.toLowerCase() === "milk")).toMatchObject({ category: "Milk & Eggs", checked: false });
    // One batch: the version rose, so open copies of the list reload.
    expect((await cook.api.groceryLists.version.query({ id: cookList.id })).version).toBeGreaterThan(versionBefore);
    const history = async (user: TestUser) => (await user.api.groceryLists.history.query()).sort((a, b) => a.name.localeCompare(b.name));
    expect(await history(cook)).toEqual(await history(byHand));
    expect((await history(cook)).map((h) => h.name)).toEqual(expect.arrayContaining(items.map((i) => i.name)));
    // The template list was left alone.
    expect((await cook.api.groceryLists.list.query()).find((l) => l.id === template.id)).toEqual(template);
  });

  it("a bought line is not topped up: more of that food is a line of its own, as for addItem", async () => {
    const cook = await createUser();
    const list = await createGroceryList(cook, { name: "Shop" });
    const milk = await createGroceryListItem(cook, list.id, { name: "Milk", quantity: 1, unit: "quart", category: null });
    await cook.api.groceryLists.toggleItem.mutate({ id: milk.id, checked: true });
    const { action } = await proposed(cook, "Add milk to my grocery list", "add_to_grocery_list");
    expect((await confirm(cook, action.id)).status).toBe(200);
    const lines = (await seen(cook, list.id)).filter((i) => i.name.toLowerCase() === "milk");
    expect(lines.map((i) => [i.quantity, i.unit, i.checked])).toEqual([
      [1, "quart", true],
      [null, null, false],
    ]);
  });

  it("without a list of their own (templates do not count) the cook gets a new 'My Grocery List'", async () => {
    const cook = await createUser();
    await cook.api.groceryLists.seedSamples.mutate();
    const { action } = await proposed(cook, "Add eggs to my grocery list", "add_to_grocery_list");
    const done = await json(await confirm(cook, action.id));
    const lists = await cook.api.groceryLists.list.query();
    const created = lists.find((l) => !l.isTemplate)!;
    expect(created).toMatchObject({ name: COMPANION_LIST_NAME, notes: "Started by the Chef Companion", itemCount: 1, version: 1 });
    expect(done.result).toMatchObject({ listId: created.id, listName: COMPANION_LIST_NAME });
    expect((await seen(cook, created.id)).map((i) => [i.name.toLowerCase(), i.category])).toEqual([["eggs", "Milk & Eggs"]]);
  });
});

describe("a confirmed plan action is mealPlans.create", () => {
  it("makes the entry the plan's own create makes", async () => {
    const cook = await createUser();
    const byHand = await createUser();
    const tomorrow = addDays(todayIn("UTC"), 1);
    await createOwnRecipe(cook, { title: "Lemon Rice" });
    const handRecipe = await createOwnRecipe(byHand, { title: "Lemon Rice" });

    const { action } = await proposed(cook, "Plan Lemon Rice for dinner tomorrow", "plan_meal");
    const response = await confirm(cook, action.id);
    expect(response.status).toBe(200);
    expect((await json(response)).result).toMatchObject({ date: tomorrow, mealType: "dinner" });
    await byHand.api.mealPlans.create.mutate({ date: tomorrow, mealType: "dinner", recipeId: handRecipe.id });

    const shape = async (user: TestUser) =>
      (await user.api.mealPlans.list.query({ start: tomorrow, end: tomorrow })).entries.map((e) => ({
        date: e.date,
        mealType: e.mealType,
        name: e.name,
        notes: e.notes,
        servings: e.servings,
        source: e.source,
        locked: e.locked,
        repeatsWeekly: e.repeatsWeekly,
        recipe: e.recipe && { title: e.recipe.title, servings: e.recipe.servings },
      }));
    const planned = await shape(cook);
    expect(planned).toEqual(await shape(byHand));
    expect(planned).toEqual([expect.objectContaining({ name: "Lemon Rice", source: "manual" })]);
  });

  it("a recipe the cook can no longer read is 404 and nothing is planned; the proposal stays to confirm", async () => {
    const cook = await createUser();
    const recipe = await createOwnRecipe(cook, { title: "Lemon Rice" });
    const { action } = await proposed(cook, "Plan Lemon Rice for dinner tomorrow", "plan_meal");
    await testDb().delete(recipes).where(eq(recipes.id, recipe.id));
    expect((await confirm(cook, action.id)).status).toBe(404);
    expect(await testDb().select().from(mealPlans).where(eq(mealPlans.userId, cook.id))).toEqual([]);
    const [row] = await testDb().select().from(companionActions).where(eq(companionActions.id, action.id));
    expect(row!.status).toBe("proposed");
  });
});

describe("another user's action", () => {
  it("is 404 to confirm or dismiss, and writes nothing for either user", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const intruderList = await createGroceryList(intruder, { name: "Mine" });
    const { action } = await proposed(owner, "Add milk and eggs to my grocery list", "add_to_grocery_list");

    const confirmed = await confirm(intruder, action.id);
    expect(confirmed.status).toBe(404);
    expect((await json(confirmed)).message).toBe("That suggestion was not found");
    expect((await request(`/api/cooking-companion/actions/${action.id}/dismiss`, { method: "POST", cookie: intruder.cookie })).status).toBe(404);
    await expect(intruder.api.companion.confirmAction.mutate({ actionId: action.id })).rejects.toMatchObject({ data: { httpStatus: 404 } });

    expect(await testDb().select().from(groceryListItems).where(eq(groceryListItems.listId, intruderList.id))).toEqual([]);
    expect(await testDb().select().from(groceryLists).where(and(eq(groceryLists.userId, owner.id)))).toEqual([]);
    const [row] = await testDb().select().from(companionActions).where(eq(companionActions.id, action.id));
    expect(row!.status).toBe("proposed");
  });
});
