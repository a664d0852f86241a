/**
 * The smart insights panel's rules: recipe recommendations from the pantry (soon-expiring items weighted up),
 * shopping suggestions from what was used up, cooking tips chosen from the pantry's state, and the cooking
 * profile. Pure: worker/services/smart.ts reads the rows and calls these. Everything is computed from the
 * user's own data; nothing is a canned sample. A preference nobody stored is null, except difficulty, which
 * falls back to Medium and says that it is the default.
 */
import { EXPIRING_SOON_DAYS, pantryExpiry } from "./expiry";
import { foodNameKey } from "./foodNames";
import { isAlwaysAvailable, rankRecipesForPantry } from "./matching";
import { withDislikePenalty } from "./preferences";
import { readCookingProfile } from "./cookingProfile";
import { DEFAULT_DIFFICULTY_PREFERENCE } from "./constants";

export const RECOMMENDATIONS_SHOWN = 3;
export const TIPS_SHOWN = 4;
export const SHOPPING_SUGGESTIONS_MAX = 12;
export const SHOPPING_LOOKBACK_DAYS = 60;
export const PLANNING_LOOKBACK_DAYS = 30;
/** Expired discards in the last month from which a planning tip is worth giving. */
const PLANNING_TIP_THRESHOLD = 3;
/** At or below this share of one container left, an item is running low. */
const RUNNING_LOW_SHARE = 0.25;
export const SKILL_THRESHOLDS = { intermediate: 5, advanced: 20 } as const;
/** A recipe the user liked moves up a little, never past a clearly better match. */
const LIKED_BONUS = 0.05;

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

/** A pantry item as the panel reads it; `daysLeft` is daysUntil(expirationDate, today). */
export type SmartPantryItem = {
  id: number;
  name: string;
  category: string;
  storageLocation: string;
  quantity: number;
  isOpened: boolean;
  amountPerUnit: number | null;
  maxAmountPerUnit: number | null;
  expirationDate: string | null;
  daysLeft: number | null;
};

function expiryPhrase(days: number): string {
  if (days < 0) return days === -1 ? "expired yesterday" : `expired ${-days} days ago`;
  if (days === 0) return "expires today";
  if (days === 1) return "expires tomorrow";
  return `expires in ${days} days`;
}

const lowerFirst = (name: string) => name.trim().toLowerCase();
const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

// ---------------------------------------------------------------------------------------------------------------
// Recommendations

/** `dislikes`: how many of the cook's disliked foods the recipe uses (each takes DISLIKE_PENALTY off). */
export type RecipeCandidate = { id: number; title: string; tags: string[]; ingredients: { name: string }[]; liked: boolean; dislikes?: number };

export type Recommendation = {
  id: number;
  title: string;
  confidenceScore: number;
  reasoning: string;
  recommendationData: { tags: string[]; recipeId: number; matched: string[]; missing: string[] };
};

/**
 * Ranks recipes for a pantry with rankRecipesForPantry (domain/matching.ts): coverage weighted by match quality,
 * ingredients that use up items expiring soon counting extra (most for 0-2 days). Expired items are left out: a
 * recommendation should not suggest cooking them. A recipe must use at least one item. confidenceScore is that
 * score capped at 1 (plus a small bonus for liked recipes); the reasoning names up to two items expiring soon.
 */
export function rankRecommendations(candidates: RecipeCandidate[], pantry: SmartPantryItem[], today: string, limit: number): Recommendation[] {
  const usable = pantry.filter((item) => item.daysLeft === null || item.daysLeft >= 0);
  const ranked = rankRecipesForPantry(candidates, usable, today)
    .filter((r) => r.matched > 0)
    .map((r) => ({ ...r, adjusted: Math.min(1, withDislikePenalty(r.score, r.recipe.dislikes ?? 0) + (r.recipe.liked ? LIKED_BONUS : 0)) }))
    .sort((a, b) => b.adjusted - a.adjusted || b.coverage - a.coverage || a.missing.length - b.missing.length);
  return ranked.slice(0, limit).map(({ recipe, matched, total, missing, usesExpiring, adjusted }) => {
    const missingSet = new Set(missing);
    const matchedNames = recipe.ingredients.map((i) => i.name).filter((name) => !missingSet.has(name) && !isAlwaysAvailable(name));
    const expiring = usesExpiring.filter((e) => e.daysLeft >= 0 && e.daysLeft <= EXPIRING_SOON_DAYS).slice(0, 2);
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

// ---------------------------------------------------------------------------------------------------------------
// Shopping suggestions

/** Consumption events grouped by name (in SQL), the latest spelling and category of each group. */
export type ConsumedGroup = { name: string; category: string; times: number; lastAt: number };

export type ShoppingSuggestion = { name: string; reason: string; category: string; priority: "high" | "medium" | "low" };

/** Share of one container left when only the last (open) one remains; null when more than one is left. */
export function lastContainerShare(item: Pick<SmartPantryItem, "quantity" | "amountPerUnit" | "maxAmountPerUnit">): number | null {
  const full = item.maxAmountPerUnit ?? null;
  if (full !== null && full > 0 && item.amountPerUnit !== null) {
    if (item.quantity > 1) return null;
    return Math.max(0, item.amountPerUnit) / full;
  }
  return item.quantity <= 1 ? item.quantity : null;
}

/**
 * What to buy: foods used up in the lookback window that the pantry no longer holds (the same food under any
 * spelling or plural, by foodNameKey), and items running low that are staples or bought again and again.
 */
export function shoppingSuggestions(consumed: ConsumedGroup[], pantry: SmartPantryItem[]): ShoppingSuggestion[] {
  // Groups that are the same food ("Tomato", "tomatoes") become one, keeping the latest spelling.
  const byFood = new Map<string, ConsumedGroup>();
  for (const group of consumed) {
    const key = foodNameKey(group.name);
    const seen = byFood.get(key);
    if (!seen) byFood.set(key, { ...group });
    else byFood.set(key, { ...(group.lastAt > seen.lastAt ? group : seen), times: seen.times + group.times, lastAt: Math.max(seen.lastAt, group.lastAt) });
  }
  const inPantry = new Set(pantry.map((item) => foodNameKey(item.name)));
  const suggestions: (ShoppingSuggestion & { rank: number })[] = [];

  for (const [key, group] of byFood) {
    if (inPantry.has(key)) continue;
    const times = group.times;
    suggestions.push({
      name: group.name.trim(),
      reason: times > 1 ? `You used it up ${times} times in the last ${SHOPPING_LOOKBACK_DAYS} days` : "You used it up recently and have none left",
      category: group.category,
      priority: times >= 3 ? "high" : times === 2 ? "medium" : "low",
      rank: group.lastAt,
    });
  }
  for (const item of pantry) {
    const share = lastContainerShare(item);
    if (share === null || share > RUNNING_LOW_SHARE) continue;
    const repeat = (byFood.get(foodNameKey(item.name))?.times ?? 0) >= 2;
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
}

// ---------------------------------------------------------------------------------------------------------------
// Cooking tips

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

/** In the badge's critical band (0-2 days left): what a tip says to use first. */
const isCritical = (item: SmartPantryItem, today: string) => pantryExpiry(item.expirationDate, today).band === "critical";
const isCriticalOrExpired = (item: SmartPantryItem, today: string) => ["critical", "expired"].includes(pantryExpiry(item.expirationDate, today).band);

/**
 * Up to four tips from the user's situation: items in the critical band (0-2 days) by category, opened items,
 * recent expired waste. General storage tips only when nothing in the situation calls for one.
 */
export type SkillLevel = "Beginner" | "Intermediate" | "Advanced";

/** One technique tip per skill level, shown when the pantry leaves room, so tips suit the cook's experience. */
const SKILL_TIPS: Record<SkillLevel, CookingTip> = {
  Beginner: {
    id: "skill-beginner",
    title: "Prep before you cook",
    tip: "Read the whole recipe first, then measure and chop everything before the pan goes on: cooking is calmer and nothing burns while you chop.",
    category: "Beginner",
  },
  Intermediate: {
    id: "skill-intermediate",
    title: "Deglaze for flavour",
    tip: "After browning meat or vegetables, add a splash of stock, wine or water and scrape up the browned bits: they make the base of a quick pan sauce.",
    category: "Intermediate",
  },
  Advanced: {
    id: "skill-advanced",
    title: "Dry-brine ahead",
    tip: "Salt meat a day ahead and leave it uncovered in the fridge: it seasons all the way through and browns better.",
    category: "Advanced",
  },
};

export type TipOptions = {
  skillLevel?: SkillLevel;
  /** FoodKeeper's storage tip for an item in its place, when it has one. */
  storageTip?: (item: SmartPantryItem) => string | null;
};

export function chooseCookingTips(pantry: SmartPantryItem[], today: string, expiredDiscardsLastMonth: number, topWastedCategory: string | null, options: TipOptions = {}): CookingTip[] {
  const tips: CookingTip[] = [];
  const critical = pantry.filter((item) => isCritical(item, today)).sort((a, b) => a.daysLeft! - b.daysLeft!);
  const groups = new Map<string, SmartPantryItem[]>();
  for (const item of critical) {
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
    const foodKeeper = options.storageTip?.(first) ?? null;
    const base = key === "freezer" ? FREEZER_TIP : (EXPIRING_TIPS[key] ?? GENERIC_EXPIRING_TIP);
    tips.push({
      id: tipId("expiring", key),
      title,
      tip: foodKeeper ? `${base} USDA FoodKeeper: ${foodKeeper}` : base,
      category: key === "freezer" ? "Frozen Foods" : key,
    });
  }

  const opened = pantry.filter((item) => item.isOpened && !isCriticalOrExpired(item, today));
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
  const expiringTips = tips.filter((t) => t.id.startsWith("expiring-"));
  const situational = [...expiringTips.slice(0, 2), ...tips.filter((t) => !t.id.startsWith("expiring-")), ...expiringTips.slice(2)];
  const skill = options.skillLevel ? [SKILL_TIPS[options.skillLevel]] : [];
  if (situational.length === 0) return [...skill, ...GENERAL_TIPS].slice(0, TIPS_SHOWN);
  return [...situational.slice(0, TIPS_SHOWN - skill.length), ...skill, ...situational.slice(TIPS_SHOWN - skill.length)].slice(0, TIPS_SHOWN);
}

// ---------------------------------------------------------------------------------------------------------------
// Learning data and the cooking profile

export function skillLevelFor(recipesCooked: number): "Beginner" | "Intermediate" | "Advanced" {
  if (recipesCooked >= SKILL_THRESHOLDS.advanced) return "Advanced";
  if (recipesCooked >= SKILL_THRESHOLDS.intermediate) return "Intermediate";
  return "Beginner";
}

/** liked / (liked + disliked) as a whole percentage; 0 without any feedback. */
export function learningScoreFor(liked: number, disliked: number): number {
  return liked + disliked === 0 ? 0 : Math.round((liked / (liked + disliked)) * 100);
}

/**
 * The cooking profile from what the user stored: cuisines from their food preferences, difficulty and time
 * from their cooking profile. Difficulty falls back to Medium, flagged as the default so it never reads as the
 * user's own choice; an unset cooking time stays null (the panel then points to the field on /profile).
 */
export function cookingProfileFrom(input: {
  recipesCooked: number;
  favoriteIngredients: string[];
  favoriteCuisines: readonly string[] | null | undefined;
  stored: Record<string, unknown> | null | undefined;
}) {
  const chosen = readCookingProfile(input.stored);
  return {
    recipesCooked: input.recipesCooked,
    favoriteIngredients: input.favoriteIngredients,
    preferredCuisines: (input.favoriteCuisines ?? []).filter((c) => typeof c === "string" && c.trim()).slice(0, 3),
    difficultyPreference: chosen.difficultyPreference ?? DEFAULT_DIFFICULTY_PREFERENCE,
    difficultyIsDefault: chosen.difficultyPreference === null,
    cookingTimePreference: chosen.cookingTimePreference,
  };
}
