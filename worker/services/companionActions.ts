/**
 * The writes the cooking companion makes once the cook confirms them: items onto a grocery list and a meal into
 * the meal plan. They go through the grocery-list and meal-plan services, so a confirmed action follows the same
 * rules as the same add made on those screens (merged lines, the list's version, history; the plan's checks).
 */
import { TRPCError } from "@trpc/server";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { groceryLists } from "../../db/schema";
import type { UserRow } from "../context";
import { createMealPlanInput } from "../schemas/mealPlans";
import { addItemsToList, createList } from "./groceryLists";
import { createEntry } from "./mealPlans";

type ActionContext = { db: Db; user: Pick<UserRow, "id" | "timeZone"> };

/** Name of the list the companion starts when the cook has none. */
export const COMPANION_LIST_NAME = "My Grocery List";
const COMPANION_LIST_NOTES = "Started by the Chef Companion";

export type GroceryItemToAdd = { name: string; quantity: number | null; unit: string | null };

/**
 * Adds items to the cook's newest list that is not a template (a new "My Grocery List" when there is none); the
 * same food already on it to buy gets the amount added rather than a second line.
 */
export async function addItemsToGroceryList(ctx: ActionContext, items: GroceryItemToAdd[]) {
  const userId = ctx.user.id;
  const newest = await ctx.db.query.groceryLists.findFirst({
    where: and(eq(groceryLists.userId, userId), eq(groceryLists.isTemplate, false)),
    orderBy: [desc(groceryLists.createdAt), desc(groceryLists.id)],
    columns: { id: true },
  });
  const listId = newest?.id ?? (await createList(ctx, userId, { name: COMPANION_LIST_NAME, notes: COMPANION_LIST_NOTES })).id;
  const result = await addItemsToList(ctx, userId, listId, items);
  return { listId: result.list.id, listName: result.list.name, itemsAdded: items.length, linesAdded: result.added, linesMerged: result.merged };
}

/**
 * One meal-plan entry, a recipe or a described meal, checked by the same schema and service as the plan's own
 * dialog (the recipe must be one the cook can read; a meal without a recipe needs its description).
 */
export async function addMealToPlan(ctx: ActionContext, entry: { date: string; mealType: string; recipeId: number | null; notes: string | null }) {
  const parsed = createMealPlanInput.safeParse({ date: entry.date, mealType: entry.mealType, recipeId: entry.recipeId, notes: entry.notes });
  if (!parsed.success) throw new TRPCError({ code: "BAD_REQUEST", message: parsed.error.issues[0]?.message ?? "This meal could not be planned" });
  const created = await createEntry(ctx, ctx.user, parsed.data);
  return { mealPlanId: created.id, date: created.date, mealType: created.mealType };
}
