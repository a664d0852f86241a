/**
 * Plan my week: fills empty meal slots from the recipes a user can read, around what is about to expire. Pure; no
 * I/O (services/mealPlanner.ts loads the inputs and writes the result).
 *
 * 1. Hard filters: the user's diets (meetsDiet) and allergies (allergenViolations) from recipeTags.ts, so a better
 *    allergen rule there applies here at once; building blocks (sauces, doughs, spice mixes) and recipes without
 *    ingredients are never a meal. Diets the rules do not know (kosher, halal...) are reported, not guessed.
 * 2. Each recipe is matched to the pantry once (rankRecipesForPantry in matching.ts).
 * 3. Slots are filled greedily, best (slot, recipe) pair first, so the strongest reasons win and an item that expires
 *    tomorrow goes to the earliest slot that can use it. A pair's score, strongest term first:
 *    - expiring pantry items it uses, while they are still good on the slot's day: expired and due within 2 days
 *      weigh most (expiryBonus), later ones less; an item a chosen meal already uses counts half as much again;
 *    - meal type: breakfasts for breakfast, dinners (or lunches) for dinner...; a course that does not belong in a
 *      slot (dessert for breakfast) is never put there;
 *    - the share of its ingredients the pantry has, less a little per missing one; saved recipes (and the user's
 *      own) up, enough to beat a recipe that is only as good otherwise;
 *    - variety: never twice in a week nor a recipe the week already has; last week's recipes, the ones a reshuffle
 *      replaces and ones with a disliked food only when nothing else fits; fewer shared tags with the day before
 *      and after;
 *    - a small seeded jitter, so a reshuffle with another seed gives another plan among near-equals.
 */
import type { MealType } from "./constants";
import { addDays } from "./dates";
import { daysUntil } from "./expiry";
import { expiryBonus, MAX_EXPIRY_BONUS, rankRecipesForPantry, type PantryItemLike } from "./matching";
import { allergenViolations, isComponentRecipe, meetsDiet, mentionsFood, normalizeFoodText, toDietTag, type DietTag, type TagIngredient, ingredientText } from "./recipeTags";

export type PlanSlot = { date: string; mealType: MealType };

export type PlanRecipe = {
  id: number;
  title: string;
  mealType: MealType | null;
  tags: string[];
  ingredients: TagIngredient[];
  servings: number | null;
  saved: boolean;
  own: boolean;
};

export type PlanPreferences = { allergies: readonly string[]; dietaryRestrictions: readonly string[]; dislikedFoods: readonly string[] };

/** Why a recipe was chosen, as facts (see MealPlanReason in db/schema/mealPlans.ts). */
export type PlanReason = {
  expiring: { name: string; expirationDate: string }[];
  matched: number;
  total: number;
  missing: string[];
  saved: boolean;
  disliked: string[];
};

export type PlanInput = {
  slots: readonly PlanSlot[];
  recipes: readonly PlanRecipe[];
  pantry: readonly PantryItemLike[];
  /** The user's today (their time zone). */
  today: string;
  preferences: PlanPreferences;
  /** Meals the week keeps (locked, chosen by hand): their recipes are not chosen again, and they count for variety. */
  kept: readonly { date: string; recipeId: number | null }[];
  /** Recipes planned in the week before. */
  lastWeekRecipeIds: readonly number[];
  /** Recipes a reshuffle is replacing. */
  avoidRecipeIds?: readonly number[];
  seed?: number;
};

export type PlanChoice = { slot: PlanSlot; recipeId: number; score: number; reason: PlanReason };

export type PlanResult = {
  choices: PlanChoice[];
  /** Slots nothing could fill, with why. */
  unfilled: { slot: PlanSlot; why: string }[];
  /** Diets the profile names that the rules cannot check. */
  uncheckedDiets: string[];
  /** How many recipes each hard filter removed. */
  excluded: { diet: number; allergy: number };
};

// ---------------------------------------------------------------------------------------------------------------
// Weights

/** Per expiring item at full urgency: more than everything else a recipe can score, so using it up comes first. */
export const EXPIRING_WEIGHT = 3;
export const COVERAGE_WEIGHT = 1;
export const MISSING_PENALTY = 0.05;
export const MISSING_PENALTY_MAX = 0.4;
export const SAVED_BONUS = 0.75;
export const OWN_BONUS = 0.25;
export const TAG_OVERLAP_PENALTY = 0.15;
export const TAG_OVERLAP_MAX = 0.45;
/** Last week's, replaced and disliked recipes sink below every other choice. */
export const LAST_RESORT_PENALTY = 20;
export const JITTER = 0.2;

/** How well a recipe's course fits a slot: 0.5 its own course, 0 a good stand-in, -0.5 a weak one; absent never. */
const MEAL_FIT: Readonly<Record<MealType, Partial<Record<MealType, number>>>> = {
  breakfast: { breakfast: 0.5, snack: -0.5 },
  lunch: { lunch: 0.5, dinner: 0, appetizer: -0.5, breakfast: -0.5 },
  dinner: { dinner: 0.5, lunch: 0 },
  snack: { snack: 0.5, appetizer: 0, dessert: -0.5, breakfast: -0.5 },
  dessert: { dessert: 0.5 },
  appetizer: { appetizer: 0.5, snack: 0 },
};

/** The fit of a recipe's course to a slot, or null when it does not belong there. Untyped recipes count as dinners. */
export function mealFit(slot: MealType, recipe: MealType | null): number | null {
  return MEAL_FIT[slot][recipe ?? "dinner"] ?? null;
}

/** How urgently an item wants using, 1 (expired or due within 2 days) down to 0 past the expiring-soon window. */
export function expiryUrgency(daysLeft: number): number {
  return expiryBonus(daysLeft) / MAX_EXPIRY_BONUS;
}

/**
 * The last day a meal can still use an item: its date, or for an item already past it, tomorrow at the latest
 * (it is worth using now, not planning around next week).
 */
export function usableThrough(expirationDate: string, today: string): string {
  return expirationDate < today ? addDays(today, 1) : expirationDate;
}

/** Tags that say nothing about what a dish is like. */
const PLAIN_TAGS = new Set(["", "easy", "quick", "main", "mains", "main course", "dinner", "lunch", "breakfast", "side", "vegetarian", "vegan", "healthy"]);

/** A deterministic number in [0, 1) for (seed, recipe, slot): the same inputs always plan the same week. */
export function jitter(seed: number, recipeId: number, slot: PlanSlot): number {
  let h = 2166136261 ^ seed;
  const text = `${recipeId}|${slot.date}|${slot.mealType}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

// ---------------------------------------------------------------------------------------------------------------
// Filters

export type Eligibility = { eligible: PlanRecipe[]; uncheckedDiets: string[]; excluded: { diet: number; allergy: number } };

/** The recipes that may be planned at all: dishes with ingredients that meet every known diet and no allergy. */
export function eligibleRecipes(recipes: readonly PlanRecipe[], preferences: Pick<PlanPreferences, "allergies" | "dietaryRestrictions">): Eligibility {
  const diets: DietTag[] = [];
  const uncheckedDiets: string[] = [];
  for (const restriction of preferences.dietaryRestrictions) {
    const tag = toDietTag(restriction);
    if (tag) {
      if (!diets.includes(tag)) diets.push(tag);
    } else if (!uncheckedDiets.includes(restriction)) uncheckedDiets.push(restriction);
  }
  const excluded = { diet: 0, allergy: 0 };
  const eligible = recipes.filter((recipe) => {
    if (recipe.ingredients.length === 0 || isComponentRecipe({ title: recipe.title, tags: recipe.tags })) return false;
    if (diets.some((diet) => !meetsDiet(diet, recipe.ingredients, recipe.servings))) {
      excluded.diet += 1;
      return false;
    }
    if (allergenViolations(recipe.ingredients, preferences.allergies).length > 0) {
      excluded.allergy += 1;
      return false;
    }
    return true;
  });
  return { eligible, uncheckedDiets, excluded };
}

/** The disliked foods a recipe contains, in its title or any ingredient line. */
export function dislikedIn(recipe: Pick<PlanRecipe, "title" | "ingredients">, dislikedFoods: readonly string[]): string[] {
  if (dislikedFoods.length === 0) return [];
  const texts = [recipe.title, ...recipe.ingredients.map(ingredientText)];
  return dislikedFoods.filter((food) => texts.some((text) => mentionsFood(text, food)));
}

// ---------------------------------------------------------------------------------------------------------------
// Planning

type Candidate = {
  recipe: PlanRecipe;
  coverageScore: number;
  matched: number;
  total: number;
  missing: string[];
  expiring: { pantryItemId: number; name: string; expirationDate: string; urgency: number; usableThrough: string }[];
  tags: Set<string>;
  disliked: string[];
  lastResort: boolean;
};

function prepareCandidates(input: PlanInput, eligible: PlanRecipe[]): Candidate[] {
  const pantryById = new Map(input.pantry.map((item) => [item.id, item]));
  const lastWeek = new Set(input.lastWeekRecipeIds);
  const avoid = new Set(input.avoidRecipeIds ?? []);
  return rankRecipesForPantry(eligible, [...input.pantry], input.today).map((ranking) => {
    const recipe = ranking.recipe;
    const expiring = ranking.usesExpiring.flatMap((use) => {
      const item = pantryById.get(use.pantryItemId);
      if (!item?.expirationDate) return [];
      const days = daysUntil(item.expirationDate, input.today) ?? use.daysLeft;
      return [{ pantryItemId: item.id, name: item.name, expirationDate: item.expirationDate, urgency: expiryUrgency(days), usableThrough: usableThrough(item.expirationDate, input.today) }];
    });
    const disliked = dislikedIn(recipe, input.preferences.dislikedFoods);
    return {
      recipe,
      coverageScore: COVERAGE_WEIGHT * ranking.coverage - Math.min(MISSING_PENALTY_MAX, MISSING_PENALTY * ranking.missing.length) + (recipe.saved ? SAVED_BONUS : 0) + (recipe.own ? OWN_BONUS : 0),
      matched: ranking.matched,
      total: ranking.total,
      missing: ranking.missing,
      expiring,
      tags: new Set(recipe.tags.map((t) => normalizeFoodText(t).trim()).filter((t) => !PLAIN_TAGS.has(t))),
      disliked,
      lastResort: lastWeek.has(recipe.id) || avoid.has(recipe.id) || disliked.length > 0,
    };
  });
}

/** Tags a candidate shares with the meals of the day before, the day itself and the day after. */
function tagOverlap(candidate: Candidate, days: readonly string[], tagsByDate: Map<string, Set<string>[]>): number {
  if (candidate.tags.size === 0) return 0;
  let shared = 0;
  for (const day of days) {
    for (const tags of tagsByDate.get(day) ?? []) for (const tag of candidate.tags) if (tags.has(tag)) shared += 1;
  }
  return Math.min(TAG_OVERLAP_MAX, TAG_OVERLAP_PENALTY * shared);
}

/** The part of a pair's score that changes as slots fill: expiring items (claimed ones count less) and tag overlap. */
function changingScore(candidate: Candidate, slot: OpenSlot, claims: Map<number, number>, tagsByDate: Map<string, Set<string>[]>): number {
  let expiring = 0;
  for (const item of candidate.expiring) {
    if (slot.slot.date > item.usableThrough) continue;
    expiring += (EXPIRING_WEIGHT * item.urgency) / (1 + (claims.get(item.pantryItemId) ?? 0));
  }
  return expiring - tagOverlap(candidate, slot.neighbours, tagsByDate);
}

type OpenSlot = { slot: PlanSlot; neighbours: string[]; /** Per candidate: fit, coverage, bonuses, penalty and jitter, or NaN when it does not fit. */ fixed: Float64Array };

function reasonFor(candidate: Candidate, slot: PlanSlot): PlanReason {
  return {
    expiring: candidate.expiring
      .filter((item) => slot.date <= item.usableThrough)
      .sort((a, b) => a.expirationDate.localeCompare(b.expirationDate) || a.name.localeCompare(b.name))
      .map(({ name, expirationDate }) => ({ name, expirationDate })),
    matched: candidate.matched,
    total: candidate.total,
    missing: candidate.missing.slice(0, 5),
    saved: candidate.recipe.saved,
    disliked: candidate.disliked,
  };
}

/** Fills `slots` (see the module comment). Slots come back in date and meal order. */
export function planMeals(input: PlanInput): PlanResult {
  const seed = input.seed ?? 0;
  const { eligible, uncheckedDiets, excluded } = eligibleRecipes(input.recipes, input.preferences);
  const keptIds = new Set(input.kept.map((k) => k.recipeId).filter((id): id is number => id !== null));
  const candidates = prepareCandidates(input, eligible).filter((c) => !keptIds.has(c.recipe.id));
  const byId = new Map(input.recipes.map((r) => [r.id, r]));

  const tagsByDate = new Map<string, Set<string>[]>();
  const addTags = (date: string, tags: Set<string>) => (tagsByDate.get(date) ?? tagsByDate.set(date, []).get(date)!).push(tags);
  for (const kept of input.kept) {
    const recipe = kept.recipeId !== null ? byId.get(kept.recipeId) : undefined;
    if (recipe) addTags(kept.date, new Set(recipe.tags.map((t) => normalizeFoodText(t).trim()).filter((t) => !PLAIN_TAGS.has(t))));
  }

  const open: OpenSlot[] = input.slots.map((slot) => ({
    slot,
    neighbours: [addDays(slot.date, -1), slot.date, addDays(slot.date, 1)],
    fixed: Float64Array.from(candidates, (candidate) => {
      const fit = mealFit(slot.mealType, candidate.recipe.mealType);
      if (fit === null) return Number.NaN;
      return fit + candidate.coverageScore - (candidate.lastResort ? LAST_RESORT_PENALTY : 0) + JITTER * jitter(seed, candidate.recipe.id, slot);
    }),
  }));
  const used = new Uint8Array(candidates.length);
  const claims = new Map<number, number>();
  const choices: PlanChoice[] = [];
  const unfilled: PlanResult["unfilled"] = [];

  while (open.length > 0) {
    let best: { slotIndex: number; candidateIndex: number; score: number } | null = null;
    for (let s = 0; s < open.length; s++) {
      const slot = open[s]!;
      for (let c = 0; c < candidates.length; c++) {
        const fixed = slot.fixed[c]!;
        if (used[c] || Number.isNaN(fixed)) continue;
        const score = fixed + changingScore(candidates[c]!, slot, claims, tagsByDate);
        // Ties go to the earlier slot, then the lower recipe id: the same inputs give the same plan.
        if (
          !best ||
          score > best.score ||
          (score === best.score &&
            (slot.slot.date < open[best.slotIndex]!.slot.date ||
              (slot.slot.date === open[best.slotIndex]!.slot.date && candidates[c]!.recipe.id < candidates[best.candidateIndex]!.recipe.id)))
        ) {
          best = { slotIndex: s, candidateIndex: c, score };
        }
      }
    }
    if (!best) {
      for (const { slot } of open) unfilled.push({ slot, why: `No recipe left that fits ${slot.mealType} and your food preferences.` });
      break;
    }
    const { slot } = open.splice(best.slotIndex, 1)[0]!;
    const candidate = candidates[best.candidateIndex]!;
    used[best.candidateIndex] = 1;
    const reason = reasonFor(candidate, slot);
    for (const item of candidate.expiring) if (slot.date <= item.usableThrough) claims.set(item.pantryItemId, (claims.get(item.pantryItemId) ?? 0) + 1);
    addTags(slot.date, candidate.tags);
    choices.push({ slot, recipeId: candidate.recipe.id, score: Math.round(best.score * 1e4) / 1e4, reason });
  }

  const order = (a: PlanSlot, b: PlanSlot) => a.date.localeCompare(b.date) || SLOT_ORDER.indexOf(a.mealType) - SLOT_ORDER.indexOf(b.mealType);
  choices.sort((a, b) => order(a.slot, b.slot));
  unfilled.sort((a, b) => order(a.slot, b.slot));
  return { choices, unfilled, uncheckedDiets, excluded };
}

const SLOT_ORDER: readonly MealType[] = ["breakfast", "lunch", "dinner", "snack", "dessert", "appetizer"];

// ---------------------------------------------------------------------------------------------------------------
// Words

function expiryPhrase(expirationDate: string, today: string): string {
  const days = daysUntil(expirationDate, today) ?? 0;
  if (days < -1) return `expired ${-days} days ago`;
  if (days === -1) return "expired yesterday";
  if (days === 0) return "expires today";
  if (days === 1) return "expires tomorrow";
  return `expires in ${days} days`;
}

/** "spinach", "milk and eggs", "milk, eggs and spinach". */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

const lower = (name: string) => name.trim().toLowerCase();

/**
 * The sentence a filled slot shows, worded against the reader's `today`: "Uses your spinach, which expires
 * tomorrow. You have 5 of its 7 ingredients." Expiring items come first, then what the pantry has, then the rest.
 */
export function describeReason(reason: PlanReason, today: string): string {
  const parts: string[] = [];
  const [first, ...others] = reason.expiring;
  if (first) {
    let sentence = `Uses your ${lower(first.name)}, which ${expiryPhrase(first.expirationDate, today)}`;
    if (others.length === 1) sentence += `, and your ${lower(others[0]!.name)} (${expiryPhrase(others[0]!.expirationDate, today)})`;
    else if (others.length > 1) sentence += `, and ${others.length} more items that expire soon (${listWords(others.map((o) => lower(o.name)))})`;
    parts.push(`${sentence}.`);
  }
  if (reason.total > 0 && reason.matched === reason.total) parts.push("You have everything it needs.");
  else if (reason.matched > 0) parts.push(`You have ${reason.matched} of its ${reason.total} ingredients.`);
  if (!first && reason.saved) parts.push("One of your saved recipes.");
  if (!first && reason.matched === 0) {
    parts.push(reason.missing.length > 0 ? `Something new for variety; you'd shop for ${listWords(reason.missing.slice(0, 3))}.` : "Something new for variety.");
  }
  if (reason.disliked.length > 0) parts.push(`It has ${listWords(reason.disliked)}, which you dislike; nothing else fitted this slot.`);
  return parts.join(" ");
}
