/**
 * Plan my week: reads everything the planner needs in one D1 round trip (the week and the one before, the pantry,
 * every recipe the user can read with its ingredients and saved flag), runs the pure planner
 * (domain/mealPlanning.ts) and writes the result in one batch. Locked meals and meals the user chose are kept;
 * a reshuffle replaces the unlocked ones Plan my week chose before.
 */
import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import { mealPlans, pantryItems, recipeIngredients, recipes, savedRecipes } from "../../db/schema";
import type { UserRow } from "../context";
import { addDays, todayIn } from "../domain/dates";
import { planMeals, type PlanRecipe, type PlanSlot } from "../domain/mealPlanning";
import { isMealType, localDateOf, type DailySlot } from "../domain/mealSlots";
import { ensureLibrarySeeded, preferencesOf } from "./recipes";
import { listEntries, type MealPlansDb } from "./mealPlans";
import { visiblePantryItem } from "./pantry";

/** D1 refuses statements with more than 100 bound parameters. */
const MAX_BOUND_PARAMETERS = 100;

export type PlanWeekRequest = { weekStart: string; reshuffle: boolean; mealTypes: readonly DailySlot[] };

/** The reads, exported so a test can count the round trips and check their query plans. */
export function plannerQueries(ctx: MealPlansDb, userId: string, weekStart: string) {
  const readable = or(isNull(recipes.userId), eq(recipes.userId, userId))!;
  return [
    ctx.db
      .select({ id: mealPlans.id, date: mealPlans.date, mealType: mealPlans.mealType, recipeId: mealPlans.recipeId, source: mealPlans.source, locked: mealPlans.locked })
      .from(mealPlans)
      .where(and(eq(mealPlans.userId, userId), gte(mealPlans.date, addDays(weekStart, -7)), lte(mealPlans.date, addDays(weekStart, 6)))),
    ctx.db
      .select({ id: pantryItems.id, name: pantryItems.name, expirationDate: pantryItems.expirationDate })
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, userId), visiblePantryItem)),
    ctx.db
      .select({
        id: recipes.id,
        title: recipes.title,
        mealType: recipes.mealType,
        tags: recipes.tags,
        servings: recipes.servings,
        userId: recipes.userId,
        // Not saved_recipes.user_id: a batch maps columns by name, and that one would shadow recipes.user_id.
        savedRecipeId: savedRecipes.recipeId,
      })
      .from(recipes)
      .leftJoin(savedRecipes, and(eq(savedRecipes.recipeId, recipes.id), eq(savedRecipes.userId, userId)))
      .where(readable),
    ctx.db
      .select({
        recipeId: recipeIngredients.recipeId,
        name: recipeIngredients.name,
        original: recipeIngredients.original,
        quantity: recipeIngredients.quantity,
        unit: recipeIngredients.unit,
        preparation: recipeIngredients.preparation,
        comment: recipeIngredients.comment,
      })
      .from(recipeIngredients)
      .innerJoin(recipes, eq(recipes.id, recipeIngredients.recipeId))
      .where(readable)
      .orderBy(asc(recipeIngredients.recipeId), asc(recipeIngredients.position)),
  ] as const;
}

/**
 * Fills the empty breakfast, lunch and dinner slots of the week from today on (past days are history), or with
 * `reshuffle` also refills the unlocked meals it chose before, avoiding the recipes they had.
 */
export async function planWeek(ctx: MealPlansDb, user: UserRow, request: PlanWeekRequest) {
  const weekStart = localDateOf(request.weekStart, user.timeZone);
  const weekEnd = addDays(weekStart, 6);
  const today = todayIn(user.timeZone);
  await ensureLibrarySeeded(ctx.db);
  const [entries, pantry, recipeRows, ingredientRows] = await ctx.db.batch(plannerQueries(ctx, user.id, weekStart));

  const thisWeek = entries.filter((e) => e.date >= weekStart);
  const lastWeek = entries.filter((e) => e.date < weekStart);
  const replaced = request.reshuffle ? thisWeek.filter((e) => e.source === "auto" && !e.locked && e.date >= today) : [];
  const replacedIds = new Set(replaced.map((e) => e.id));
  const kept = thisWeek.filter((e) => !replacedIds.has(e.id));
  const filled = new Set(kept.map((e) => `${e.date}|${e.mealType}`));

  const slots: PlanSlot[] = [];
  for (let day = 0; day < 7; day++) {
    const date = addDays(weekStart, day);
    if (date < today) continue;
    for (const mealType of request.mealTypes) if (!filled.has(`${date}|${mealType}`)) slots.push({ date, mealType });
  }

  const ingredientsByRecipe = new Map<number, PlanRecipe["ingredients"][number][]>();
  for (const row of ingredientRows) {
    const list = ingredientsByRecipe.get(row.recipeId) ?? ingredientsByRecipe.set(row.recipeId, []).get(row.recipeId)!;
    list.push({ name: row.name, original: row.original, quantity: row.quantity, unit: row.unit, preparation: row.preparation, comment: row.comment });
  }
  const planRecipes: PlanRecipe[] = recipeRows.map((row) => ({
    id: row.id,
    title: row.title,
    mealType: row.mealType && isMealType(row.mealType) ? row.mealType : null,
    tags: row.tags ?? [],
    ingredients: ingredientsByRecipe.get(row.id) ?? [],
    servings: row.servings,
    // A batch answers an unmatched LEFT JOIN column as undefined, not null.
    saved: Boolean(row.savedRecipeId),
    own: row.userId === user.id,
  }));

  const result = planMeals({
    slots,
    recipes: planRecipes,
    pantry,
    today,
    preferences: preferencesOf(user),
    kept: kept.map((e) => ({ date: e.date, recipeId: e.recipeId })),
    lastWeekRecipeIds: lastWeek.map((e) => e.recipeId).filter((id): id is number => id !== null),
    avoidRecipeIds: replaced.map((e) => e.recipeId).filter((id): id is number => id !== null),
    // A first plan is repeatable; each reshuffle draws anew among near-equal choices.
    seed: request.reshuffle ? crypto.getRandomValues(new Uint32Array(1))[0]! : 0,
  });

  const now = new Date();
  const rows = result.choices.map((choice) => ({
    userId: user.id,
    date: choice.slot.date,
    mealType: choice.slot.mealType,
    recipeId: choice.recipeId,
    source: "auto",
    reason: choice.reason,
    updatedAt: now,
  }));
  const statements = [];
  if (replaced.length > 0) {
    statements.push(ctx.db.delete(mealPlans).where(and(eq(mealPlans.userId, user.id), inArray(mealPlans.id, [...replacedIds]))));
  }
  const perStatement = Math.floor(MAX_BOUND_PARAMETERS / 8);
  for (let i = 0; i < rows.length; i += perStatement) statements.push(ctx.db.insert(mealPlans).values(rows.slice(i, i + perStatement)));
  if (statements.length > 0) {
    const [first, ...rest] = statements;
    await ctx.db.batch([first!, ...rest]);
  }

  const { entries: week } = await listEntries(ctx, user, { start: weekStart, end: weekEnd });
  const filledCount = result.choices.length;
  return {
    weekStart,
    entries: week,
    filled: filledCount,
    replaced: replaced.length,
    kept: kept.length,
    unfilled: result.unfilled.map((u) => ({ date: u.slot.date, mealType: u.slot.mealType, why: u.why })),
    uncheckedDiets: result.uncheckedDiets,
    excluded: result.excluded,
    candidates: planRecipes.length,
    message:
      weekEnd < today
        ? "This week is over: Plan my week fills today and the days after."
        : slots.length === 0
        ? "Every slot from today on is already planned. Unlock or remove a meal to let Plan my week choose again."
        : `Planned ${filledCount} meal${filledCount === 1 ? "" : "s"}${result.unfilled.length ? `; ${result.unfilled.length} slot${result.unfilled.length === 1 ? "" : "s"} left open` : ""}.`,
  };
}
