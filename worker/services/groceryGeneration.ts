/**
 * Lists made for the user: from planned recipes (POST /api/grocery-lists/generate with recipe ids, or a date
 * range of the meal plan), from a free-text request through the AI seam, and the updates a changed planned meal
 * offers. The recipes' ingredients are scaled to the servings cooked, merged and reduced by the pantry in
 * domain/groceryMerge.ts.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, eq, gte, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { groceryListItems, groceryLists, mealPlans, pantryItems, recipeIngredients, recipes, savedRecipes } from "../../db/schema";
import { groceryListTask, type GroceryListOutput as AiListOutput } from "../ai/tasks/groceryListGeneration";
import type { ListRecipe } from "../ai/offline/groceryListEngine";
import type { AppContext, UserRow } from "../context";
import { isPremiumUser } from "../context";
import { remainingTotal } from "../domain/containers";
import { todayIn } from "../domain/dates";
import {
  addNeedsToLines,
  groceryKey,
  mergeGroceryNeeds,
  removeMealFromLines,
  type GroceryLine,
  type GroceryNeed,
  type PantryStock,
} from "../domain/groceryMerge";
import { allergensIn, meetsDiet, mentionsFood, toDietTag } from "../domain/recipeTags";
import { scaleIngredients } from "../domain/scale";
import { GROCERY_MESSAGES } from "../schemas/groceryLists";
import { ErrorDetails } from "../errors";
import { appendItems, bumpVersion, findList, insertListWithItems, itemFromLine, listItems, toListOutput, type GroceryItemRow, type GroceryListRow } from "./groceryLists";
import { visiblePantryItem } from "./pantry";
import { ensureLibrarySeeded, libraryIdForKey, preferencesOf, RECIPE_NOT_FOUND } from "./recipes";

type SignedIn = { db: Db; user: UserRow };

// ---------------------------------------------------------------------------------------------------------------
// 1. Inputs: pantry stock, recipes, planned meals

/** What the pantry holds: items with something left, amounts in their own unit. */
export async function pantryStock(ctx: { db: Db }, userId: string): Promise<PantryStock[]> {
  const rows = await ctx.db
    .select()
    .from(pantryItems)
    .where(and(eq(pantryItems.userId, userId), visiblePantryItem));
  return rows.map((row) => ({ id: row.id, name: row.name, amount: remainingTotal(row), unit: row.unit, expirationDate: row.expirationDate }));
}

/** Household size for amounts and tips: the profile's "cooking for" when the user gave one, else one person. */
export function householdSizeOf(user: Pick<UserRow, "householdSize">): number {
  const size = user.householdSize;
  return typeof size === "number" && Number.isInteger(size) && size >= 1 ? size : 1;
}

/**
 * Recipes the user may read (their own and the library's) with their ingredients, by id. Any other id is
 * NOT_FOUND (another user's recipe is not even confirmed to exist), or skipped with `missing: "skip"` (planned
 * meals whose recipe has since gone).
 */
export async function readableRecipes(ctx: { db: Db }, userId: string, ids: readonly number[], missing: "throw" | "skip" = "throw"): Promise<Map<number, ListRecipe>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, ListRecipe>();
  if (unique.length === 0) return out;
  const idList = sql`(SELECT value FROM json_each(${JSON.stringify(unique)}))`;
  const [rows, lines] = await ctx.db.batch([
    ctx.db
      .select({ id: recipes.id, title: recipes.title, servings: recipes.servings })
      .from(recipes)
      .where(and(sql`${recipes.id} IN ${idList}`, or(isNull(recipes.userId), eq(recipes.userId, userId)))),
    ctx.db
      .select()
      .from(recipeIngredients)
      .where(sql`${recipeIngredients.recipeId} IN ${idList}`)
      .orderBy(asc(recipeIngredients.recipeId), asc(recipeIngredients.position)),
  ]);
  for (const row of rows) out.set(row.id, { id: row.id, title: row.title, servings: row.servings, ingredients: [] });
  if (out.size !== unique.length && missing === "throw") throw new TRPCError({ code: "NOT_FOUND", message: RECIPE_NOT_FOUND });
  for (const line of lines) {
    out.get(line.recipeId)?.ingredients.push({ name: line.name, quantity: line.quantity, quantityMax: line.quantityMax, unit: line.unit, comment: line.comment, original: line.original });
  }
  return out;
}

/** One cooking of a recipe: a planned meal (with its date and servings) or a recipe picked by id. */
type Cooking = { recipeId: number; servings: number | null; mealPlanId: number | null; date: string | null };

/** The ingredients each cooking needs, scaled from the recipe's servings to the servings cooked. */
export function needsOf(cookings: readonly Cooking[], recipesById: Map<number, ListRecipe>): GroceryNeed[] {
  const needs: GroceryNeed[] = [];
  for (const cooking of cookings) {
    const recipe = recipesById.get(cooking.recipeId);
    if (!recipe) continue;
    // A range ("2-3 onions") is shopped for at its top.
    const list = recipe.ingredients.map((i) => ({ ...i, quantity: i.quantityMax ?? i.quantity, quantityMax: null }));
    const to = cooking.servings ?? recipe.servings;
    const scaled = recipe.servings && to ? scaleIngredients(list, recipe.servings, to) : list;
    for (const ingredient of scaled) {
      needs.push({
        name: ingredient.name,
        quantity: ingredient.quantity,
        unit: ingredient.unit,
        note: ingredient.comment ?? null,
        recipeId: recipe.id,
        recipeTitle: recipe.title,
        mealPlanId: cooking.mealPlanId,
        date: cooking.date,
      });
    }
  }
  return needs;
}

function noRecipesError(): TRPCError {
  return new TRPCError({
    code: "BAD_REQUEST",
    message: GROCERY_MESSAGES.noRecipesInPlan,
    cause: new ErrorDetails({ title: GROCERY_MESSAGES.noRecipesInPlan, errors: [GROCERY_MESSAGES.noRecipesInPlanDescription] }),
  });
}

function creationKey(): string {
  return `generated:${crypto.randomUUID()}`;
}

/** Saves generated lines as a new list; answers { list, itemsAdded } for REST clients, plus the pantry's share. */
async function saveGeneratedList(ctx: SignedIn, list: { name: string; notes: string | null; origin: string; creationKey?: string }, lines: GroceryLine[]) {
  const created = await insertListWithItems(ctx, ctx.user.id, { ...list, creationKey: list.creationKey ?? creationKey() }, lines.map(itemFromLine));
  if (!created) throw new TRPCError({ code: "CONFLICT", message: "That list was just created. Please refresh." });
  const toBuy = lines.filter((l) => !l.coveredByPantry).length;
  const covered = lines.length - toBuy;
  return {
    list: toListOutput(created.list, { itemCount: toBuy, checkedCount: 0 }),
    itemsAdded: toBuy,
    coveredByPantry: covered,
    message: `${toBuy} ${toBuy === 1 ? "item" : "items"} to buy${covered > 0 ? `; ${covered} already in your pantry` : ""}.`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. From recipes and from the plan

/** POST /api/grocery-lists/generate { name, recipeIds }: the recipes' ingredients, merged, minus the pantry. */
export async function generateFromRecipes(ctx: SignedIn, input: { name: string; recipeIds: number[] }) {
  if (input.recipeIds.length === 0) throw noRecipesError();
  const byId = await readableRecipes(ctx, ctx.user.id, input.recipeIds);
  const needs = needsOf(
    input.recipeIds.map((recipeId) => ({ recipeId, servings: null, mealPlanId: null, date: null })),
    byId,
  );
  const lines = mergeGroceryNeeds(needs, await pantryStock(ctx, ctx.user.id));
  return saveGeneratedList(ctx, { name: input.name, notes: null, origin: "recipes" }, lines);
}

/** The planned meals with a recipe in a date range, in date order. */
async function plannedCookings(ctx: SignedIn, start: string, end: string): Promise<Cooking[]> {
  const rows = await ctx.db
    .select({ id: mealPlans.id, recipeId: mealPlans.recipeId, servings: mealPlans.servings, date: mealPlans.date })
    .from(mealPlans)
    .where(and(eq(mealPlans.userId, ctx.user.id), gte(mealPlans.date, start), lte(mealPlans.date, end), isNotNull(mealPlans.recipeId)))
    .orderBy(asc(mealPlans.date), asc(mealPlans.id));
  return rows.map((r) => ({ recipeId: r.recipeId!, servings: r.servings, mealPlanId: r.id, date: r.date }));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function shortDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/**
 * The key a plan's list is stored under: the same dates find the same list again, so pressing "Shopping list for
 * this week" twice tops up the list already made instead of starting a second one.
 */
function planListKey(start: string, end: string): string {
  return `plan:${start}:${end}`;
}

function planNotes(meals: number, start: string, end: string): string {
  return `For ${meals} planned ${meals === 1 ? "meal" : "meals"}, ${shortDate(start)} to ${shortDate(end)}.`;
}

/**
 * "Shopping list for this week": every planned meal with a recipe between start and end, each recipe scaled to
 * its entry's servings, merged, minus the pantry in date order (stock that expires before a meal does not count
 * for it). Each line remembers the meals it came from, so a changed meal can update it. When a list for the same
 * dates exists, the meals planned since it was made are added to it (`updated: true`).
 */
export async function generateFromPlan(ctx: SignedIn, input: { start: string; end: string; name?: string }) {
  const cookings = await plannedCookings(ctx, input.start, input.end);
  if (cookings.length === 0) throw noRecipesError();
  const key = planListKey(input.start, input.end);
  const existing = await ctx.db.query.groceryLists.findFirst({ where: and(eq(groceryLists.userId, ctx.user.id), eq(groceryLists.creationKey, key)) });
  if (existing) return topUpPlanList(ctx, existing, cookings, input);
  const recipesById = await readableRecipes(ctx, ctx.user.id, cookings.map((c) => c.recipeId), "skip");
  const lines = mergeGroceryNeeds(needsOf(cookings, recipesById), await pantryStock(ctx, ctx.user.id));
  const name = input.name ?? `Meal plan ${shortDate(input.start)} – ${shortDate(input.end)}`;
  const notes = planNotes(cookings.length, input.start, input.end);
  try {
    return { ...(await saveGeneratedList(ctx, { name, notes, origin: "plan", creationKey: key }, lines)), updated: false };
  } catch (error) {
    // A second press that lost the race to the first finds the list the first one made.
    const made = error instanceof TRPCError && error.code === "CONFLICT" ? await ctx.db.query.groceryLists.findFirst({ where: and(eq(groceryLists.userId, ctx.user.id), eq(groceryLists.creationKey, key)) }) : undefined;
    if (!made) throw error;
    return topUpPlanList(ctx, made, cookings, input);
  }
}

/** Adds the planned meals a plan's list does not count yet; a meal already on it changes only from the plan. */
async function topUpPlanList(ctx: SignedIn, list: GroceryListRow, cookings: readonly Cooking[], range: { start: string; end: string }) {
  const itemsOf = () => ctx.db.select().from(groceryListItems).where(and(eq(groceryListItems.listId, list.id), eq(groceryListItems.userId, ctx.user.id)));
  const rows = await itemsOf();
  const counted = new Set(rows.flatMap((r) => (r.sources ?? []).map((s) => s.mealPlanId)));
  const fresh = cookings.filter((c) => !counted.has(c.mealPlanId));
  let changed = 0;
  if (fresh.length > 0) {
    const recipesById = await readableRecipes(ctx, ctx.user.id, fresh.map((c) => c.recipeId), "skip");
    const freshIds = new Set(fresh.map((c) => c.mealPlanId));
    const after = addNeedsToLines(rows.filter((r) => r.sources !== null).map(lineOf), needsOf(fresh, recipesById), await pantryStock(ctx, ctx.user.id));
    const plan = listPlanFrom({ id: list.id, name: list.name }, after, new Map(rows.map((r) => [r.id, r])), (s) => freshIds.has(s.mealPlanId));
    // Notes the app wrote keep counting the meals; notes the user wrote are theirs.
    const notes = list.notes === null || /^For \d+ planned meals?, /.test(list.notes) ? planNotes(cookings.length, range.start, range.end) : undefined;
    await writeListPlan(ctx, plan, notes);
    changed = plan.changes.filter((c) => c.kind !== "removed").length;
  }
  const [current, items] = await Promise.all([
    ctx.db.query.groceryLists.findFirst({ where: and(eq(groceryLists.id, list.id), eq(groceryLists.userId, ctx.user.id)) }),
    fresh.length > 0 ? itemsOf() : rows,
  ]);
  const toBuy = items.filter((i) => !i.coveredByPantry);
  const left = toBuy.filter((i) => !i.checked).length;
  return {
    list: toListOutput(current ?? list, { itemCount: toBuy.length, checkedCount: toBuy.length - left }),
    itemsAdded: changed,
    coveredByPantry: items.length - toBuy.length,
    message:
      fresh.length === 0
        ? `Every planned meal is already on this list; ${left} ${left === 1 ? "item" : "items"} left to buy.`
        : `Added ${fresh.length} newly planned ${fresh.length === 1 ? "meal" : "meals"}: ${changed} ${changed === 1 ? "item" : "items"} new or changed.`,
    updated: true,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. A planned meal changed: update the lists it produced

/** A stored item as a line the merge module can change. */
function lineOf(item: GroceryItemRow): GroceryLine {
  const sources = item.sources ?? [];
  const quantified = sources.filter((s) => s.quantity !== null);
  return {
    key: groceryKey(item.name, item.unit),
    name: item.name,
    category: (item.category ?? "Other") as GroceryLine["category"],
    unit: item.unit,
    needed: quantified.length ? quantified.reduce((sum, s) => sum + (s.quantity ?? 0), 0) : null,
    fromPantry: item.fromPantry ?? 0,
    quantity: item.quantity,
    coveredByPantry: item.coveredByPantry,
    sources,
    ref: item.id,
    bought: item.movedAt !== null && item.quantity !== null ? item.quantity : 0,
  };
}

/** Items of the user's lists that came (partly) from one planned meal. */
async function itemsFromMeal(ctx: SignedIn, mealPlanId: number): Promise<GroceryItemRow[]> {
  return ctx.db
    .select()
    .from(groceryListItems)
    .where(
      and(
        eq(groceryListItems.userId, ctx.user.id),
        isNotNull(groceryListItems.sources),
        sql`EXISTS (SELECT 1 FROM json_each(${groceryListItems.sources}) WHERE json_extract(value, '$.mealPlanId') = ${mealPlanId})`,
      ),
    );
}

export type PlanChange = { itemId: number | null; name: string; unit: string | null; before: number | null; after: number | null; kind: "added" | "changed" | "removed" };

type ListPlan = {
  list: { id: number; name: string };
  changes: PlanChange[];
  /** What to write: item updates, deletions and new lines. */
  updates: { id: number; line: GroceryLine }[];
  deletions: number[];
  additions: GroceryLine[];
};

/**
 * What updating each list would do, without writing: the meal's old share taken out of its lines, its current
 * recipe and servings (if it still exists) added back, the pantry counted only where it was not counted already.
 * Lines already bought keep their amount; a larger need adds a line for the difference.
 */
async function planListChanges(ctx: SignedIn, mealPlanId: number): Promise<{ meal: typeof mealPlans.$inferSelect | undefined; plans: ListPlan[] }> {
  const [meal, affected] = await Promise.all([
    ctx.db.query.mealPlans.findFirst({ where: and(eq(mealPlans.id, mealPlanId), eq(mealPlans.userId, ctx.user.id)) }),
    itemsFromMeal(ctx, mealPlanId),
  ]);
  if (!meal && affected.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: GROCERY_MESSAGES.mealPlanNotFound });
  const listIds = [...new Set(affected.map((i) => i.listId))];
  if (listIds.length === 0) return { meal, plans: [] };

  let needs: GroceryNeed[] = [];
  if (meal?.recipeId) {
    const cooking: Cooking = { recipeId: meal.recipeId, servings: meal.servings, mealPlanId: meal.id, date: meal.date };
    needs = needsOf([cooking], await readableRecipes(ctx, ctx.user.id, [meal.recipeId], "skip"));
  }
  const stock = await pantryStock(ctx, ctx.user.id);
  const plans: ListPlan[] = [];
  for (const listId of listIds) {
    const list = await ctx.db.query.groceryLists.findFirst({ where: and(eq(groceryLists.id, listId), eq(groceryLists.userId, ctx.user.id)) });
    if (!list) continue;
    const rows = await ctx.db.select().from(groceryListItems).where(and(eq(groceryListItems.listId, listId), eq(groceryListItems.userId, ctx.user.id)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const generated = rows.filter((r) => r.sources !== null).map(lineOf);
    const { kept } = removeMealFromLines(generated, mealPlanId);
    const after = addNeedsToLines(kept, needs, stock);
    plans.push(listPlanFrom({ id: list.id, name: list.name }, after, byId, (source) => source.mealPlanId === mealPlanId));
  }
  return { meal, plans };
}

/**
 * How a list's stored items become its new lines: items no source needs any more are deleted (unless bought),
 * new lines added, changed ones updated; a bought item that now needs more gets a line for the difference, from
 * the sources `isNew` picks.
 */
function listPlanFrom(list: ListPlan["list"], after: readonly GroceryLine[], byId: ReadonlyMap<number, GroceryItemRow>, isNew: (source: GroceryLine["sources"][number]) => boolean): ListPlan {
  const plan: ListPlan = { list, changes: [], updates: [], deletions: [], additions: [] };
  for (const line of after) {
    const row = line.ref ? byId.get(line.ref) : undefined;
    if (row && line.sources.length === 0) {
      // Nothing needs it any more; a bought one stays.
      if (row.checked) continue;
      plan.deletions.push(row.id);
      plan.changes.push({ itemId: row.id, name: row.name, unit: row.unit, before: row.quantity, after: null, kind: "removed" });
      continue;
    }
    if (!row) {
      plan.additions.push(line);
      if (!line.coveredByPantry) plan.changes.push({ itemId: null, name: line.name, unit: line.unit, before: null, after: line.quantity, kind: "added" });
      continue;
    }
    const sameSources = JSON.stringify(row.sources) === JSON.stringify(line.sources);
    if (sameSources && row.quantity === line.quantity) continue;
    if (row.checked) {
      // Bought already: only more of it is news, as a line of its own.
      const extra = (line.quantity ?? 0) - (row.quantity ?? 0);
      if (extra > 0) {
        const addition: GroceryLine = { ...line, ref: null, quantity: extra, needed: extra, fromPantry: 0, coveredByPantry: false, sources: line.sources.filter(isNew) };
        plan.additions.push(addition);
        plan.changes.push({ itemId: null, name: line.name, unit: line.unit, before: null, after: extra, kind: "added" });
      }
      continue;
    }
    plan.updates.push({ id: row.id, line });
    if (row.quantity !== line.quantity) plan.changes.push({ itemId: row.id, name: row.name, unit: row.unit, before: row.quantity, after: line.quantity, kind: "changed" });
  }
  return plan;
}

/** Editing or deleting a planned meal: which lists it produced and how each would change. */
export async function planChangeImpact(ctx: SignedIn, mealPlanId: number) {
  const { meal, plans } = await planListChanges(ctx, mealPlanId);
  return {
    mealPlanId,
    mealRemoved: !meal || meal.recipeId === null,
    lists: plans.filter((p) => p.changes.length > 0 || p.updates.length > 0).map((p) => ({ id: p.list.id, name: p.list.name, changes: p.changes })),
  };
}

/** Writes one list's plan in one batch, raising its version (and replacing its notes when given). */
async function writeListPlan(ctx: SignedIn, plan: ListPlan, notes?: string) {
  const userId = ctx.user.id;
  const statements = [];
  for (const id of plan.deletions) statements.push(ctx.db.delete(groceryListItems).where(and(eq(groceryListItems.id, id), eq(groceryListItems.userId, userId))));
  for (const { id, line } of plan.updates) {
    statements.push(
      ctx.db
        .update(groceryListItems)
        .set({ quantity: line.quantity, sources: line.sources, fromPantry: line.fromPantry > 0 ? line.fromPantry : null, coveredByPantry: line.coveredByPantry, updatedAt: new Date() })
        .where(and(eq(groceryListItems.id, id), eq(groceryListItems.userId, userId))),
    );
  }
  if (plan.additions.length > 0) {
    const [last] = await ctx.db
      .select({ max: sql<number>`coalesce(max(${groceryListItems.position}), -1)` })
      .from(groceryListItems)
      .where(eq(groceryListItems.listId, plan.list.id));
    statements.push(appendItems(ctx.db, userId, plan.list.id, plan.additions.map(itemFromLine), Number(last?.max ?? -1) + 1));
  }
  if (notes !== undefined) statements.push(ctx.db.update(groceryLists).set({ notes }).where(and(eq(groceryLists.id, plan.list.id), eq(groceryLists.userId, userId))));
  const [first, ...rest] = [...statements, bumpVersion(ctx.db, userId, plan.list.id)];
  await ctx.db.batch([first!, ...rest]);
}

/** Applies a planned meal's change to the lists it produced (all of them, or those named), one batch per list. */
export async function applyPlanChange(ctx: SignedIn, input: { mealPlanId: number; listIds?: number[] }) {
  // Every list named must be the user's (anyone else's is not found, as everywhere).
  for (const listId of new Set(input.listIds ?? [])) await findList(ctx, ctx.user.id, listId);
  const { plans } = await planListChanges(ctx, input.mealPlanId);
  const chosen = input.listIds ? plans.filter((p) => input.listIds!.includes(p.list.id)) : plans;
  const updated: { id: number; name: string; changes: number }[] = [];
  for (const plan of chosen) {
    await writeListPlan(ctx, plan);
    updated.push({ id: plan.list.id, name: plan.list.name, changes: plan.changes.length });
  }
  return { mealPlanId: input.mealPlanId, lists: updated };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. From a free-text request (AI)

/** The recipes the Your Recipes panel offers: the user's own and the ones they saved, by title. */
export async function recipeChoices(ctx: SignedIn) {
  const rows = await ctx.db
    .select({ id: recipes.id, title: recipes.title, servings: recipes.servings, userId: recipes.userId })
    .from(recipes)
    .where(
      or(
        eq(recipes.userId, ctx.user.id),
        sql`${recipes.id} IN (SELECT ${savedRecipes.recipeId} FROM ${savedRecipes} WHERE ${savedRecipes.userId} = ${ctx.user.id})`,
      ),
    )
    .orderBy(sql`${recipes.title} COLLATE NOCASE`, asc(recipes.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, title: r.title, servings: r.servings, own: r.userId === ctx.user.id }));
}

/** An answer's items the user's allergies, dislikes and diets allow: a model can slip, the filter cannot. */
function allowedItems(items: AiListOutput["items"], preferences: ReturnType<typeof preferencesOf>) {
  const diets = preferences.dietaryRestrictions.map(toDietTag).filter((d): d is NonNullable<typeof d> => d !== null);
  return items.filter((item) => {
    const text = [item.name, item.note].filter(Boolean).join(", ");
    if (allergensIn(text, preferences.allergies).length > 0) return false;
    if (preferences.dislikedFoods.some((food) => mentionsFood(item.name, food))) return false;
    return diets.every((diet) => meetsDiet(diet, [{ name: item.name, original: text }]));
  });
}

/**
 * The AI list: the request, the selected recipes, the pantry and the preferences go through the AI seam (Workers
 * AI or the offline engine); the zod-checked answer is filtered by the preferences, merged and reduced by the
 * pantry like any generated list.
 */
export async function generateWithAi(ctx: SignedIn & Pick<AppContext, "ai" | "env">, input: { prompt: string; recipeIds: number[] }) {
  const selectedById = await readableRecipes(ctx, ctx.user.id, input.recipeIds);
  const selected = input.recipeIds.filter((id, i, all) => all.indexOf(id) === i).map((id) => selectedById.get(id)!);
  await ensureLibrarySeeded(ctx.db);
  const preferences = preferencesOf(ctx.user);
  const stock = await pantryStock(ctx, ctx.user.id);
  let output: AiListOutput;
  let provider: string;
  try {
    const result = await ctx.ai.run(
      groceryListTask,
      {
        prompt: input.prompt,
        selected,
        pantry: stock.map((s) => ({ name: s.name, expirationDate: s.expirationDate })),
        preferences: { allergies: preferences.allergies, dislikedFoods: preferences.dislikedFoods, dietaryRestrictions: preferences.dietaryRestrictions },
        householdSize: householdSizeOf(ctx.user),
        today: todayIn(ctx.user.timeZone),
      },
      { id: ctx.user.id, premium: isPremiumUser(ctx.env, ctx.user) },
    );
    output = result.output;
    provider = result.provider;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE") {
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: `${GROCERY_MESSAGES.generateFailed}: the AI service is busy. Please try again in a few minutes.`, cause: error });
    }
    throw error;
  }

  const byTitle = new Map(selected.map((r) => [r.title.toLowerCase(), r]));
  const libraryIds = new Map<string, number | null>();
  for (const key of new Set(output.items.map((i) => i.libraryKey).filter((k): k is string => k !== null))) libraryIds.set(key, await libraryIdForKey(ctx, key));
  const needs: GroceryNeed[] = allowedItems(output.items, preferences).map((item) => {
    const picked = (item.recipeId !== null ? selectedById.get(item.recipeId) : undefined) ?? (item.recipeTitle ? byTitle.get(item.recipeTitle.toLowerCase()) : undefined);
    const recipeId = picked?.id ?? (item.libraryKey ? (libraryIds.get(item.libraryKey) ?? null) : null);
    return { name: item.name, quantity: item.quantity, unit: item.unit, note: item.note, recipeId, recipeTitle: picked?.title ?? item.recipeTitle, mealPlanId: null, date: null };
  });
  const lines = mergeGroceryNeeds(needs, stock);
  if (lines.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: GROCERY_MESSAGES.aiApology });
  const saved = await saveGeneratedList(ctx, { name: output.name, notes: input.prompt.slice(0, 500), origin: "ai" }, lines);
  const items = await listItems(ctx, saved.list.id);
  return {
    list: saved.list,
    items,
    itemsAdded: saved.itemsAdded,
    message: [output.message, saved.message].filter(Boolean).join(" "),
    provider,
  };
}
