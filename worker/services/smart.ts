/**
 * The smart insights panel's reads: the pantry (visible items only, through the partial index), recipe candidates
 * with the user's feedback, consumption and waste history, and cooking history. The rules that turn them into
 * recommendations, suggestions, tips and the profile live in domain/smartInsights.ts.
 */
import { and, asc, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { pantryItems, recipeFeedback, recipeIngredients, recipes, trackedActions, wasteEvents } from "../../db/schema";
import type { UserRow } from "../context";
import { daysUntil } from "../domain/expiry";
import {
  PLANNING_LOOKBACK_DAYS,
  RECOMMENDATIONS_SHOWN,
  SHOPPING_LOOKBACK_DAYS,
  chooseCookingTips,
  cookingProfileFrom,
  learningScoreFor,
  rankRecommendations,
  shoppingSuggestions,
  skillLevelFor,
  type RecipeCandidate,
  type SmartPantryItem,
} from "../domain/smartInsights";
import type { TrackActionInput } from "../schemas/insights";
import { visiblePantryItem } from "./pantry";
import { preferencesOf } from "./recipes";
import { recipeFit } from "../domain/preferences";
import { matchShelfLifeProduct } from "../domain/shelfLife";
import { storageTipsFor } from "../domain/foodSafety";
import { STORAGE_LOCATIONS, type StorageLocation } from "../domain/constants";

type SmartDb = { db: Db };

const DAY_MS = 86_400_000;
const FAVORITE_INGREDIENTS = 5;

/** The pantry query (exported so a test can read its plan): visible items only, soonest expiry first. */
export function smartPantryQuery(db: Db, userId: string) {
  return db
    .select({
      id: pantryItems.id,
      name: pantryItems.name,
      category: pantryItems.category,
      storageLocation: pantryItems.storageLocation,
      quantity: pantryItems.quantity,
      isOpened: pantryItems.isOpened,
      amountPerUnit: pantryItems.amountPerUnit,
      maxAmountPerUnit: pantryItems.maxAmountPerUnit,
      expirationDate: pantryItems.expirationDate,
    })
    .from(pantryItems)
    .where(and(eq(pantryItems.userId, userId), visiblePantryItem))
    // The name tie-break is the visible index's own order (db/schema/pantry.ts), so the planner reads that index.
    .orderBy(asc(pantryItems.expirationDate), sql`${pantryItems.name} COLLATE NOCASE`);
}

async function loadPantry(ctx: SmartDb, userId: string, today: string): Promise<SmartPantryItem[]> {
  const rows = await smartPantryQuery(ctx.db, userId);
  return rows.map((row) => ({ ...row, daysLeft: daysUntil(row.expirationDate, today) }));
}

/**
 * Recipes the cook could be offered: readable, not thumbed down, without their allergens and meeting their
 * profile diets; each carries how many disliked foods it uses (ranked down, not hidden).
 */
async function loadRecipeCandidates(ctx: SmartDb, user: Pick<UserRow, "id" | "foodPreferences">): Promise<RecipeCandidate[]> {
  const userId = user.id;
  const [rows, feedback] = await Promise.all([
    ctx.db
      .select({ id: recipes.id, title: recipes.title, tags: recipes.tags, servings: recipes.servings, name: recipeIngredients.name, original: recipeIngredients.original })
      .from(recipes)
      .innerJoin(recipeIngredients, eq(recipeIngredients.recipeId, recipes.id))
      .where(or(isNull(recipes.userId), eq(recipes.userId, userId)))
      .orderBy(recipeIngredients.recipeId, recipeIngredients.position),
    ctx.db.select({ recipeId: recipeFeedback.recipeId, type: recipeFeedback.feedbackType }).from(recipeFeedback).where(eq(recipeFeedback.userId, userId)),
  ]);
  const disliked = new Set(feedback.filter((f) => f.type === "thumbs_down").map((f) => f.recipeId));
  const liked = new Set(feedback.filter((f) => f.type === "thumbs_up").map((f) => f.recipeId));
  const byId = new Map<number, RecipeCandidate & { lines: { name: string; original: string | null }[]; servings: number | null }>();
  for (const row of rows) {
    if (disliked.has(row.id)) continue;
    let candidate = byId.get(row.id);
    if (!candidate) {
      candidate = { id: row.id, title: row.title, tags: Array.isArray(row.tags) ? row.tags.slice(0, 6) : [], ingredients: [], liked: liked.has(row.id), lines: [], servings: row.servings };
      byId.set(row.id, candidate);
    }
    candidate.ingredients.push({ name: row.name });
    candidate.lines.push({ name: row.name, original: row.original });
  }
  const preferences = preferencesOf(user);
  const out: RecipeCandidate[] = [];
  for (const { lines, servings, ...candidate } of byId.values()) {
    const fit = recipeFit(lines, preferences, servings);
    if (fit.fits) out.push({ ...candidate, dislikes: fit.dislikes.length });
  }
  return out;
}

/** Up to 3 recipes for what is in the pantry, soonest-expiring items weighted up; never one with an allergen. */
export async function getRecommendations(ctx: SmartDb, user: Pick<UserRow, "id" | "foodPreferences">, today: string) {
  const pantry = await loadPantry(ctx, user.id, today);
  if (pantry.length === 0) return [];
  return rankRecommendations(await loadRecipeCandidates(ctx, user), pantry, today, RECOMMENDATIONS_SHOWN);
}

/** Consumption events of the lookback window grouped by written name (case and spacing aside). */
function consumedSince(ctx: SmartDb, userId: string, since: Date) {
  return ctx.db
    .select({
      key: sql<string>`lower(trim(${wasteEvents.name}))`.as("name_key"),
      // SQLite takes bare columns from the row holding max(): the latest spelling and category win.
      lastAt: sql<number>`max(${wasteEvents.occurredAt})`,
      name: wasteEvents.name,
      category: wasteEvents.category,
      times: sql<number>`count(*)`,
    })
    .from(wasteEvents)
    .where(and(eq(wasteEvents.userId, userId), gte(wasteEvents.occurredAt, since), eq(wasteEvents.kind, "consumed")))
    .groupBy(sql`name_key`);
}

/** Things the user used up in the last 60 days and has no more of, and staples running low. */
export async function getShoppingSuggestions(ctx: SmartDb, userId: string, today: string, now = Date.now()) {
  const [pantry, consumed] = await Promise.all([loadPantry(ctx, userId, today), consumedSince(ctx, userId, new Date(now - SHOPPING_LOOKBACK_DAYS * DAY_MS))]);
  return shoppingSuggestions(
    consumed.map((row) => ({ name: row.name, category: row.category, times: Number(row.times), lastAt: Number(row.lastAt) })),
    pantry,
  );
}

/** FoodKeeper's storage tip for a pantry item in its place (freezer tips for frozen items). */
function foodKeeperTip(item: SmartPantryItem): string | null {
  const product = matchShelfLifeProduct(item.name);
  if (!product) return null;
  const place = (STORAGE_LOCATIONS as readonly string[]).includes(item.storageLocation) ? (item.storageLocation as StorageLocation) : "fridge";
  return storageTipsFor(product.id)[place] ?? null;
}

/** Up to 4 tips chosen from the pantry, the last month's waste, FoodKeeper's storage tips and the cook's skill level. */
export async function getCookingTips(ctx: SmartDb, userId: string, today: string, now = Date.now()) {
  const since = new Date(now - PLANNING_LOOKBACK_DAYS * DAY_MS);
  const [pantry, wasted, cooked] = await Promise.all([
    loadPantry(ctx, userId, today),
    ctx.db
      .select({ category: wasteEvents.category, count: sql<number>`count(*)` })
      .from(wasteEvents)
      .where(and(eq(wasteEvents.userId, userId), gte(wasteEvents.occurredAt, since), eq(wasteEvents.kind, "discarded"), eq(wasteEvents.wasExpired, true)))
      .groupBy(wasteEvents.category)
      .orderBy(desc(sql`count(*)`)),
    recipesCookedCount(ctx, userId),
  ]);
  const expiredDiscards = wasted.reduce((sum, row) => sum + Number(row.count), 0);
  return chooseCookingTips(pantry, today, expiredDiscards, wasted[0]?.category ?? null, { skillLevel: skillLevelFor(cooked), storageTip: foodKeeperTip });
}

/**
 * Recipes cooked: distinct (recipe, day) pairs from tracked "recipe_cooked" actions (actionData.recipeId) and
 * pantry items used for a recipe (recipe_pantry_items), so cooking one recipe once counts once even when both
 * were recorded. The skill level reads it.
 */
export async function recipesCookedCount(ctx: SmartDb, userId: string): Promise<number> {
  const rows = await ctx.db.all<{ count: number }>(sql`
    select count(*) as count from (
      select coalesce(cast(json_extract(action_data, '$.recipeId') as text), 'action-' || id) as recipe,
             date(created_at / 1000, 'unixepoch') as day
      from tracked_actions where user_id = ${userId} and action_type = 'recipe_cooked'
      union
      select cast(recipe_id as text), date(created_at / 1000, 'unixepoch')
      from recipe_pantry_items where user_id = ${userId}
    )`);
  return Number(rows[0]?.count ?? 0);
}

/**
 * Feedback and cooking history. recipesCooked counts distinct (recipe, day) pairs from two sources: tracked
 * actions of type "recipe_cooked" (actionData.recipeId) and pantry items used for a recipe
 * (recipe_pantry_items), so cooking one recipe once is counted once even when both were recorded.
 */
export async function getLearningData(ctx: SmartDb, user: Pick<UserRow, "id" | "foodPreferences" | "cookingProfile">) {
  const userId = user.id;
  const [feedback, cooked, favorites] = await Promise.all([
    ctx.db
      .select({ type: recipeFeedback.feedbackType, count: sql<number>`count(*)` })
      .from(recipeFeedback)
      .where(eq(recipeFeedback.userId, userId))
      .groupBy(recipeFeedback.feedbackType),
    recipesCookedCount(ctx, userId),
    ctx.db
      .select({
        key: sql<string>`lower(trim(${wasteEvents.name}))`.as("fav_key"),
        // The latest spelling (bare column next to max()).
        lastAt: sql<number>`max(${wasteEvents.occurredAt})`,
        name: wasteEvents.name,
        times: sql<number>`count(*)`,
      })
      .from(wasteEvents)
      .where(and(eq(wasteEvents.userId, userId), eq(wasteEvents.kind, "consumed")))
      .groupBy(sql`fav_key`)
      .orderBy(desc(sql`count(*)`))
      .limit(FAVORITE_INGREDIENTS),
  ]);
  const recipesLiked = Number(feedback.find((f) => f.type === "thumbs_up")?.count ?? 0);
  const recipesDisliked = Number(feedback.find((f) => f.type === "thumbs_down")?.count ?? 0);
  const recipesCooked = cooked;
  return {
    recipesLiked,
    recipesDisliked,
    learningScore: learningScoreFor(recipesLiked, recipesDisliked),
    recipesCooked,
    skillLevel: skillLevelFor(recipesCooked),
    cookingProfile: cookingProfileFrom({
      recipesCooked,
      favoriteIngredients: favorites.map((f) => f.name.trim()),
      favoriteCuisines: user.foodPreferences?.favoriteCuisines,
      stored: user.cookingProfile,
    }),
  };
}

export async function trackAction(ctx: SmartDb, userId: string, input: TrackActionInput) {
  await ctx.db.insert(trackedActions).values({ userId, actionType: input.actionType, actionData: input.actionData, context: input.context ?? null });
}
