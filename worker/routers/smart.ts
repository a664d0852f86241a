/**
 * The smart insights panel (spec part 1, sections 2, 3, 4 and 7): recipe recommendations from the pantry with
 * soon-expiring items weighted up, shopping suggestions from what the user used up, cooking tips chosen from the
 * pantry's state, and learning data from feedback and cooking history. Everything is computed from the user's
 * own rows; nothing is a canned sample.
 */
import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { router, protectedProcedure } from "../trpc";
import type { Db } from "../../db";
import { pantryItems, recipeFeedback, recipeIngredients, recipes, trackedActions, wasteEvents } from "../../db/schema";
import { isVisible } from "../domain/containers";
import { daysBetween, todayIn } from "../domain/dates";
import { isAlwaysAvailable, rankRecipesForPantry } from "../domain/matching";
import { trackActionInput } from "../schemas/insights";

const DAY_MS = 86_400_000;
export const RECOMMENDATIONS_SHOWN = 3;
export const TIPS_SHOWN = 4;
const SHOPPING_SUGGESTIONS_MAX = 12;
const SHOPPING_LOOKBACK_DAYS = 60;
const PLANNING_LOOKBACK_DAYS = 30;
/** Expired discards in the last month from which a planning tip is worth giving. */
const PLANNING_TIP_THRESHOLD = 3;
/** At or below this share of one container left, an item is running low. */
const RUNNING_LOW_SHARE = 0.25;
/** Days ahead within which an item counts as expiring soon for tips (the critical band, 0-2 days). */
const EXPIRING_SOON_DAYS = 2;
export const SKILL_THRESHOLDS = { intermediate: 5, advanced: 20 } as const;

/** Categories bought again and again; running low on one of them earns a shopping suggestion. */
const STAPLE_CATEGORIES = new Set([
  "Milk & Eggs",
  "Bread & Bakery",
  "Dry Goods",
  "Spices & Seasonings",
  "Condiments & Sauces",
  "Canned Goods",
  "Beverages",
  "Cheese & Yogurt",
]);

type PantryRow = {
  id: number;
  name: string;
  category: string;
  storageLocation: string;
  quantity: number;
  isOpened: boolean;
  amountPerUnit: number | null;
  maxAmountPerUnit: number | null;
  expirationDate: string | null;
};

/** Share of one container left when only the last (open) one remains; null when more than one is left. */
function lastContainerShare(item: PantryRow): number | null {
  const full = item.maxAmountPerUnit ?? null;
  if (full !== null && full > 0 && item.amountPerUnit !== null) {
    if (item.quantity > 1) return null;
    return Math.max(0, item.amountPerUnit) / full;
  }
  return item.quantity <= 1 ? item.quantity : null;
}

function expiryPhrase(days: number): string {
  if (days < 0) return days === -1 ? "expired yesterday" : `expired ${-days} days ago`;
  if (days === 0) return "expires today";
  if (days === 1) return "expires tomorrow";
  return `expires in ${days} days`;
}

const lowerFirst = (name: string) => name.trim().toLowerCase();
const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

type Candidate = { id: number; title: string; tags: string[]; ingredients: { name: string }[]; liked: boolean };

export type Recommendation = {
  id: number;
  title: string;
  confidenceScore: number;
  reasoning: string;
  recommendationData: { tags: string[]; recipeId: number; matched: string[]; missing: string[] };
};

/** A recipe the user liked moves up a little, never past a clearly better match. */
const LIKED_BONUS = 0.05;

/**
 * Ranks recipes for a pantry with rankRecipesForPantry (worker/domain/matching.ts): coverage weighted by match
 * quality, ingredients that use up items expiring within a week counting extra (most for 0-2 days). Expired
 * items are left out: a recommendation should not suggest cooking them. A recipe must use at least one item.
 * confidenceScore is that score capped at 1 (plus a small bonus for liked recipes).
 */
export function rankRecommendations(candidates: Candidate[], pantry: (PantryRow & { daysLeft: number | null })[], today: string, limit: number): Recommendation[] {
  const usable = pantry.filter((item) => item.daysLeft === null || item.daysLeft >= 0);
  const ranked = rankRecipesForPantry(candidates, usable, today)
    .filter((r) => r.matched > 0)
    .map((r) => ({ ...r, adjusted: Math.min(1, r.score + (r.recipe.liked ? LIKED_BONUS : 0)) }))
    .sort((a, b) => b.adjusted - a.adjusted || b.coverage - a.coverage || a.missing.length - b.missing.length);
  return ranked.slice(0, limit).map(({ recipe, matched, total, missing, usesExpiring, adjusted }) => {
    const missingSet = new Set(missing);
    const matchedNames = recipe.ingredients.map((i) => i.name).filter((name) => !missingSet.has(name) && !isAlwaysAvailable(name));
    const expiring = usesExpiring.filter((e) => e.daysLeft >= 0 && e.daysLeft <= 3).slice(0, 2);
    const have = `${matched} of ${total} ingredients you have`;
    const reasoning = expiring.length
      ? `Uses your ${expiring.map((e) => `${lowerFirst(e.name)} (${expiryPhrase(e.daysLeft)})`).join(" and your ")} and ${have}`
      : `Uses ${have}`;
    return {
      id: recipe.id,
      title: recipe.title,
      confidenceScore: Math.round(adjusted * 100) / 100,
      reasoning,
      recommendationData: { tags: recipe.tags, recipeId: recipe.id, matched: matchedNames, missing },
    };
  });
}

// ---------- cooking tips ----------

export type CookingTip = { id: string; title: string; tip: string; category: string };

/** What to do with an item that expires soon, by pantry category. */
const EXPIRING_TIPS: Record<string, string> = {
  "Fresh Vegetables": "Roast, stir-fry or blend them into soup tonight. Leafy greens blanched for a minute freeze well for soups and smoothies.",
  "Fresh Fruits": "Slice and freeze ripe fruit on a tray for smoothies, or bake it into a crumble or quick bread.",
  "Milk & Eggs": "Use milk in pancakes, sauces or custard, or freeze it for up to 3 months. Hard-boiled eggs keep another week in the fridge.",
  "Cheese & Yogurt": "Grate hard cheese and freeze it for cooking. Yogurt works in marinades, dressings and baking.",
  "Fresh Meat": "Cook it today or freeze it now: frozen raw meat keeps for months. Thaw it in the fridge, never on the counter.",
  "Deli & Prepared": "Eat prepared food within the day or freeze deli meat in portions for up to 2 months.",
  "Bread & Bakery": "Freeze sliced bread and toast it straight from frozen. Stale bread makes croutons, breadcrumbs or bread pudding.",
  "Frozen Foods": "Frozen food stays safe at 0°F (-18°C) but loses quality: cook the oldest packs first.",
  "Canned Goods": "Once opened, move canned food into a covered container in the fridge and use it within 3 to 4 days.",
  "Dry Goods": "Cook a big batch of grains or pasta and freeze portions for quick meals.",
  "Condiments & Sauces": "Stir sauces into pasta, grain bowls or marinades to use them up.",
  Beverages: "Freeze juice in ice-cube trays for smoothies and sauces.",
  Snacks: "Crush crackers or chips into a crunchy topping for casseroles.",
};
const FREEZER_TIP = "Cook it straight from frozen or thaw it overnight in the fridge, then use it within a day or two.";
const GENERIC_EXPIRING_TIP = "Plan tonight's meal around it, or freeze it now if it freezes well.";

const GENERAL_TIPS: CookingTip[] = [
  {
    id: "general-first-in-first-out",
    title: "First in, first out",
    tip: "Put newly bought food behind older food in the fridge and cupboard so the oldest gets used first.",
    category: "Storage",
  },
  {
    id: "general-fridge-temperature",
    title: "Keep the fridge cold",
    tip: "Keep the fridge at or below 40°F (4°C) and the freezer at 0°F (-18°C) so food lasts as long as it can.",
    category: "Storage",
  },
];

function tipId(...parts: string[]): string {
  return parts
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Up to four tips from the user's situation: soon-expiring items by category, opened items, recent waste. */
export function chooseCookingTips(
  pantry: (PantryRow & { daysLeft: number | null })[],
  expiredDiscardsLastMonth: number,
  topWastedCategory: string | null,
): CookingTip[] {
  const tips: CookingTip[] = [];
  const expiring = pantry
    .filter((item) => item.daysLeft !== null && item.daysLeft >= 0 && item.daysLeft <= EXPIRING_SOON_DAYS)
    .sort((a, b) => a.daysLeft! - b.daysLeft!);
  const groups = new Map<string, typeof expiring>();
  for (const item of expiring) {
    const key = item.storageLocation === "freezer" ? "freezer" : item.category;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  for (const [key, items] of groups) {
    const first = items[0]!;
    const names = items.slice(0, 2).map((item) => item.name.trim());
    const title =
      items.length === 1 ? `${capitalize(names[0]!)} ${expiryPhrase(first.daysLeft!)}` : `${names.join(" and ")}${items.length > 2 ? " and more" : ""} expire soon`;
    tips.push({
      id: tipId("expiring", key),
      title,
      tip: key === "freezer" ? FREEZER_TIP : (EXPIRING_TIPS[key] ?? GENERIC_EXPIRING_TIP),
      category: key === "freezer" ? "Frozen Foods" : key,
    });
  }

  const opened = pantry.filter((item) => item.isOpened && !(item.daysLeft !== null && item.daysLeft <= EXPIRING_SOON_DAYS));
  if (opened.length > 0) {
    const names = opened.slice(0, 2).map((item) => lowerFirst(item.name));
    tips.push({
      id: "opened-items",
      title: "Use opened items first",
      tip: `Opened food spoils faster than sealed: reach for your opened ${names.join(" and ")} before opening anything new, and keep opened jars and cartons sealed in the fridge.`,
      category: "Opened items",
    });
  }

  if (expiredDiscardsLastMonth >= PLANNING_TIP_THRESHOLD) {
    tips.push({
      id: "planning-expired-waste",
      title: "Plan around what expires first",
      tip: `You threw away ${expiredDiscardsLastMonth} expired items in the last month. Plan the week's meals around the items that expire first${
        topWastedCategory ? ` and buy smaller amounts of ${topWastedCategory.toLowerCase()}` : ""
      }.`,
      category: "Planning",
    });
  }

  // Planning and opened-item tips matter more than a third expiring-category tip.
  const situational = [...tips.filter((t) => t.id.startsWith("expiring-")).slice(0, 2), ...tips.filter((t) => !t.id.startsWith("expiring-")), ...tips.filter((t) => t.id.startsWith("expiring-")).slice(2)];
  if (situational.length === 0) return GENERAL_TIPS.slice(0, TIPS_SHOWN);
  return situational.slice(0, TIPS_SHOWN);
}

// ---------- learning data ----------

export function skillLevelFor(recipesCooked: number): "Beginner" | "Intermediate" | "Advanced" {
  if (recipesCooked >= SKILL_THRESHOLDS.advanced) return "Advanced";
  if (recipesCooked >= SKILL_THRESHOLDS.intermediate) return "Intermediate";
  return "Beginner";
}

/** liked / (liked + disliked) as a whole percentage; 0 without any feedback. */
export function learningScoreFor(liked: number, disliked: number): number {
  return liked + disliked === 0 ? 0 : Math.round((liked / (liked + disliked)) * 100);
}

// ---------- queries ----------

async function loadPantry(db: Db, userId: string, today: string) {
  const rows = await db
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
    .where(eq(pantryItems.userId, userId))
    .orderBy(pantryItems.expirationDate);
  // Used-up items (nothing left) are hidden everywhere in the app.
  return rows.filter((row) => isVisible(row)).map((row) => ({ ...row, daysLeft: row.expirationDate ? daysBetween(today, row.expirationDate) : null }));
}

async function loadRecipeCandidates(db: Db, userId: string): Promise<Candidate[]> {
  const [rows, feedback] = await Promise.all([
    db
      .select({ id: recipes.id, title: recipes.title, tags: recipes.tags, name: recipeIngredients.name })
      .from(recipes)
      .innerJoin(recipeIngredients, eq(recipeIngredients.recipeId, recipes.id))
      .where(or(isNull(recipes.userId), eq(recipes.userId, userId)))
      .orderBy(recipeIngredients.recipeId, recipeIngredients.position),
    db.select({ recipeId: recipeFeedback.recipeId, type: recipeFeedback.feedbackType }).from(recipeFeedback).where(eq(recipeFeedback.userId, userId)),
  ]);
  const disliked = new Set(feedback.filter((f) => f.type === "thumbs_down").map((f) => f.recipeId));
  const liked = new Set(feedback.filter((f) => f.type === "thumbs_up").map((f) => f.recipeId));
  const byId = new Map<number, Candidate>();
  for (const row of rows) {
    if (disliked.has(row.id)) continue;
    let candidate = byId.get(row.id);
    if (!candidate) {
      candidate = { id: row.id, title: row.title, tags: Array.isArray(row.tags) ? row.tags.slice(0, 6) : [], ingredients: [], liked: liked.has(row.id) };
      byId.set(row.id, candidate);
    }
    candidate.ingredients.push({ name: row.name });
  }
  return [...byId.values()];
}

export const smartRouter = router({
  /** Up to 3 recipes for what is in the pantry, soonest-expiring items weighted up. */
  recommendations: protectedProcedure.query(async ({ ctx }) => {
    const today = todayIn(ctx.user.timeZone);
    const pantry = await loadPantry(ctx.db, ctx.user.id, today);
    if (pantry.length === 0) return [];
    const candidates = await loadRecipeCandidates(ctx.db, ctx.user.id);
    return rankRecommendations(candidates, pantry, today, RECOMMENDATIONS_SHOWN);
  }),

  /** Things the user used up in the last 60 days and has no more of, and staples running low. */
  shoppingSuggestions: protectedProcedure.query(async ({ ctx }) => {
    const today = todayIn(ctx.user.timeZone);
    const since = new Date(Date.now() - SHOPPING_LOOKBACK_DAYS * DAY_MS);
    const [pantry, consumed] = await Promise.all([
      loadPantry(ctx.db, ctx.user.id, today),
      ctx.db
        .select({
          key: sql<string>`lower(trim(${wasteEvents.name}))`.as("name_key"),
          // SQLite takes bare columns from the row holding max(): the latest spelling and category win.
          lastAt: sql<number>`max(${wasteEvents.occurredAt})`,
          name: wasteEvents.name,
          category: wasteEvents.category,
          times: sql<number>`count(*)`,
        })
        .from(wasteEvents)
        .where(and(eq(wasteEvents.userId, ctx.user.id), gte(wasteEvents.occurredAt, since), eq(wasteEvents.kind, "consumed")))
        .groupBy(sql`name_key`),
    ]);
    const inPantry = new Set(pantry.map((item) => lowerFirst(item.name)));
    const timesUsed = new Map(consumed.map((row) => [row.key, Number(row.times)]));
    type Suggestion = { name: string; reason: string; category: string; priority: "high" | "medium" | "low" };
    const suggestions: (Suggestion & { rank: number })[] = [];

    for (const row of consumed) {
      if (inPantry.has(row.key)) continue;
      const times = Number(row.times);
      suggestions.push({
        name: row.name.trim(),
        reason: times > 1 ? `You used it up ${times} times in the last ${SHOPPING_LOOKBACK_DAYS} days` : "You used it up recently and have none left",
        category: row.category,
        priority: times >= 3 ? "high" : times === 2 ? "medium" : "low",
        rank: Number(row.lastAt),
      });
    }
    for (const item of pantry) {
      const share = lastContainerShare(item);
      if (share === null || share > RUNNING_LOW_SHARE) continue;
      const repeat = (timesUsed.get(lowerFirst(item.name)) ?? 0) >= 2;
      if (!repeat && !STAPLE_CATEGORIES.has(item.category)) continue;
      suggestions.push({
        name: item.name.trim(),
        reason: `Running low (about ${Math.round(share * 100)}% left)`,
        category: item.category,
        priority: repeat || share <= 0.1 ? "high" : "medium",
        rank: Number.MAX_SAFE_INTEGER,
      });
    }
    const order = { high: 0, medium: 1, low: 2 } as const;
    return suggestions
      .sort((a, b) => order[a.priority] - order[b.priority] || b.rank - a.rank || a.name.localeCompare(b.name))
      .slice(0, SHOPPING_SUGGESTIONS_MAX)
      .map(({ name, reason, category, priority }) => ({ name, reason, category, priority }));
  }),

  /** Up to 4 tips chosen from the pantry and the last month's waste. */
  cookingTips: protectedProcedure.query(async ({ ctx }) => {
    const today = todayIn(ctx.user.timeZone);
    const since = new Date(Date.now() - PLANNING_LOOKBACK_DAYS * DAY_MS);
    const [pantry, wasted] = await Promise.all([
      loadPantry(ctx.db, ctx.user.id, today),
      ctx.db
        .select({ category: wasteEvents.category, count: sql<number>`count(*)` })
        .from(wasteEvents)
        .where(and(eq(wasteEvents.userId, ctx.user.id), gte(wasteEvents.occurredAt, since), eq(wasteEvents.kind, "discarded"), eq(wasteEvents.wasExpired, true)))
        .groupBy(wasteEvents.category)
        .orderBy(desc(sql`count(*)`)),
    ]);
    const expiredDiscards = wasted.reduce((sum, row) => sum + Number(row.count), 0);
    return chooseCookingTips(pantry, expiredDiscards, wasted[0]?.category ?? null);
  }),

  /**
   * Feedback and cooking history. recipesCooked counts distinct (recipe, day) pairs from two sources: tracked
   * actions of type "recipe_cooked" (actionData.recipeId) and pantry items used for a recipe
   * (recipe_pantry_items), so cooking one recipe once is counted once even when both were recorded.
   */
  learningData: protectedProcedure.query(async ({ ctx }) => {
    const userId = ctx.user.id;
    const [feedback, cooked, favorites] = await Promise.all([
      ctx.db
        .select({ type: recipeFeedback.feedbackType, count: sql<number>`count(*)` })
        .from(recipeFeedback)
        .where(eq(recipeFeedback.userId, userId))
        .groupBy(recipeFeedback.feedbackType),
      ctx.db.all<{ count: number }>(sql`
        select count(*) as count from (
          select coalesce(cast(json_extract(action_data, '$.recipeId') as text), 'action-' || id) as recipe,
                 date(created_at / 1000, 'unixepoch') as day
          from tracked_actions where user_id = ${userId} and action_type = 'recipe_cooked'
          union
          select cast(recipe_id as text), date(created_at / 1000, 'unixepoch')
          from recipe_pantry_items where user_id = ${userId}
        )`),
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
        .limit(5),
    ]);
    const recipesLiked = Number(feedback.find((f) => f.type === "thumbs_up")?.count ?? 0);
    const recipesDisliked = Number(feedback.find((f) => f.type === "thumbs_down")?.count ?? 0);
    const recipesCooked = Number(cooked[0]?.count ?? 0);
    const preferences = ctx.user.foodPreferences;
    const profile = (ctx.user.cookingProfile ?? {}) as Record<string, unknown>;
    return {
      recipesLiked,
      recipesDisliked,
      learningScore: learningScoreFor(recipesLiked, recipesDisliked),
      recipesCooked,
      skillLevel: skillLevelFor(recipesCooked),
      cookingProfile: {
        recipesCooked,
        favoriteIngredients: favorites.map((f) => f.name.trim()),
        preferredCuisines: (preferences?.favoriteCuisines ?? []).slice(0, 3),
        difficultyPreference: typeof profile.difficultyPreference === "string" ? profile.difficultyPreference : "Medium",
        cookingTimePreference: typeof profile.cookingTimePreference === "string" ? profile.cookingTimePreference : null,
      },
    };
  }),

  trackAction: protectedProcedure.input(trackActionInput).mutation(async ({ ctx, input }) => {
    await ctx.db.insert(trackedActions).values({
      userId: ctx.user.id,
      actionType: input.actionType,
      actionData: input.actionData,
      context: input.context ?? null,
    });
    return { ok: true as const };
  }),
});
