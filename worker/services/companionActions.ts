/**
 * The writes the cooking companion can make once the cook confirms them: items onto a grocery list and a meal
 * into the meal plan. Kept minimal on purpose, on the grocery_lists/grocery_list_items and meal_plans tables:
 * the grocery-list and meal-plan domains own the full rules, and these should call their services once they
 * exist (see the companion's decision record, 017).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { groceryHistory, groceryListItems, groceryLists, mealPlans } from "../../db/schema";

type ActionDb = { db: Db };

/** Name of the list the companion starts when the cook has none. */
export const COMPANION_LIST_NAME = "My Grocery List";
/** 9 bound columns per item row; D1 allows 100 parameters per statement. */
const ITEM_ROWS_PER_STATEMENT = 10;

export type GroceryItemToAdd = { name: string; quantity: number | null; unit: string | null };

/**
 * Adds items to the cook's newest list that is not a template (a new "My Grocery List" when there is none), in
 * one batch, after the items already there; the names also go into the autocomplete history.
 */
export async function addItemsToGroceryList(ctx: ActionDb, userId: string, items: GroceryItemToAdd[], recipeId: number | null = null) {
  let list = await ctx.db.query.groceryLists.findFirst({
    where: and(eq(groceryLists.userId, userId), eq(groceryLists.isTemplate, false)),
    orderBy: [desc(groceryLists.createdAt), desc(groceryLists.id)],
  });
  if (!list) {
    [list] = await ctx.db.insert(groceryLists).values({ userId, name: COMPANION_LIST_NAME, notes: "Started by the Chef Companion" }).returning();
  }
  const listId = list!.id;
  const [last] = await ctx.db
    .select({ position: sql<number>`coalesce(max(${groceryListItems.position}), -1)` })
    .from(groceryListItems)
    .where(eq(groceryListItems.listId, listId));
  const start = Number(last?.position ?? -1) + 1;
  const rows = items.map((item, i) => ({ listId, userId, name: item.name, quantity: item.quantity, unit: item.unit, recipeId, position: start + i }));
  const statements = [];
  for (let at = 0; at < rows.length; at += ITEM_ROWS_PER_STATEMENT) statements.push(ctx.db.insert(groceryListItems).values(rows.slice(at, at + ITEM_ROWS_PER_STATEMENT)));
  for (const item of items) {
    statements.push(
      ctx.db
        .insert(groceryHistory)
        .values({ userId, name: item.name })
        .onConflictDoUpdate({ target: [groceryHistory.userId, groceryHistory.name], set: { timesUsed: sql`${groceryHistory.timesUsed} + 1`, lastUsedAt: new Date() } }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await ctx.db.batch([first, ...rest]);
  return { listId, listName: list!.name, itemsAdded: items.length };
}

/** One meal-plan entry: a recipe, or a described meal in the notes. */
export async function addMealToPlan(ctx: ActionDb, userId: string, entry: { date: string; mealType: string; recipeId: number | null; notes: string | null }) {
  const [row] = await ctx.db.insert(mealPlans).values({ userId, date: entry.date, mealType: entry.mealType, recipeId: entry.recipeId, notes: entry.notes }).returning();
  return { mealPlanId: row!.id, date: row!.date, mealType: row!.mealType };
}
