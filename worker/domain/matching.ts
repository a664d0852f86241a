/**
 * Recipe ingredients against pantry items (spec part 2 section 4): availability, match scores and "what can I
 * make" ranking. Pure; no I/O.
 *
 * Scores: exact name (case and spacing aside) 1; the same after normalising common variants (plurals, preparation
 * and size words, brand names, synonyms such as scallion/green onion) 0.9; one name contained in the other on word
 * boundaries 0.8 ("green onion" and "onion"; "honey" never matches "honeycrisp"); otherwise 0.
 *
 * Containment is limited so a different product does not count as a match: the words after the shared part
 * may only name a part or form of the same food ("chicken" matches "chicken breast", "parmesan" matches
 * "parmesan cheese"), never a product made from it ("garlic" does not match "garlic powder", "chicken" does
 * not match "chicken broth"); and a few compounds that name another food ("peanut butter", "coconut milk") do
 * not match their last word.
 *
 * Always available: water, ice, salt and black/white pepper in their usual forms. Bell peppers, chilies, red
 * pepper flakes, cayenne, seasoned salts (garlic salt) and sparkling or coconut water are foods in their own
 * right, so they are not.
 */
import { EXPIRING_SOON_DAYS, daysUntil } from "./expiry";
import { foodNameWords, normalizeFoodName, singularFood } from "./foodNames";

// Names are read by worker/domain/foodNames.ts (singular, brands, synonyms); these re-exports keep the names
// this module's callers already use.
export { normalizeFoodName as normalizeIngredientName, singularFood as singularize };

// ---------------------------------------------------------------------------------------------------------------
// Scores

/** Words after a shared name that still describe the same food: its parts, cuts and forms. */
const SAME_FOOD_SUFFIXES = new Set([
  "breast", "thigh", "leg", "wing", "drumstick", "tender", "tenderloin", "fillet", "filet", "steak", "chop",
  "loin", "shoulder", "rib", "cutlet", "mince", "cheese", "leaf", "head", "bulb", "stalk", "stem", "root",
  "floret", "kernel", "clove", "sprig", "spear", "heart", "white", "yolk", "half", "piece", "chunk", "cube",
  "wedge", "segment", "slice", "round", "roast", "ear", "pod", "bean", "seed", "shrimp", "fruit", "green",
  "tip", "crown", "rind", "zest", "peel", "meat",
]);

/** "X Y" pairs where X Y is its own food, so it does not stand in for Y. */
const DISTINCT_COMPOUNDS = new Set([
  "peanut butter", "almond butter", "apple butter", "cashew butter", "cocoa butter", "shea butter",
  "coconut milk", "almond milk", "oat milk", "soy milk", "rice milk", "condensed milk", "evaporated milk",
  "coconut cream", "ice cream", "sour cream", "cream cheese", "coconut water", "rose water", "tonic water",
  "sparkling water", "soda water", "coconut oil", "egg noodle", "rice noodle", "rice vinegar", "corn syrup",
  "maple syrup", "brown sugar", "powdered sugar", "corn flour", "rice flour", "almond flour", "coconut flour",
  "sweet potato", "bell pepper", "green bean", "hot dog", "hot sauce", "soy sauce", "fish sauce",
  "pine nut", "coconut sugar", "garlic salt", "celery salt", "onion salt", "celery seed", "mustard seed",
  "baking soda", "baking powder", "chili powder", "curry powder", "garlic powder", "onion powder",
]);

function containsOnWordBoundary(haystack: string[], needle: string[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function partialMatch(a: string, b: string): boolean {
  const wa = a.split(" ");
  const wb = b.split(" ");
  const [shorter, longer] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (shorter.length === longer.length) return false;
  const at = containsOnWordBoundary(longer, shorter);
  if (at < 0) return false;
  const after = longer.slice(at + shorter.length);
  const before = longer.slice(0, at);
  if (!after.every((w) => SAME_FOOD_SUFFIXES.has(w))) return false;
  // "peanut butter" is not "butter"; "sour cream" is not "cream".
  const lastBefore = before[before.length - 1];
  const firstShared = shorter[0];
  if (lastBefore && firstShared && DISTINCT_COMPOUNDS.has(`${lastBefore} ${firstShared}`)) return false;
  const longerText = longer.join(" ");
  for (const compound of DISTINCT_COMPOUNDS) {
    if (` ${longerText} `.includes(` ${compound} `) && !` ${shorter.join(" ")} `.includes(` ${compound} `)) return false;
  }
  return true;
}

type ComparableName = { exact: string; normalized: string };

/**
 * Names seen before, read once per isolate: a pantry of thousands and a library of hundreds repeat the same
 * names on every request, and normalising is the costly part. Cleared when full, so memory stays bounded.
 */
const MEMO_LIMIT = 50_000;
const comparableMemo = new Map<string, ComparableName>();
const stapleMemo = new Map<string, boolean>();

function memoized<T>(memo: Map<string, T>, key: string, compute: (key: string) => T): T {
  const known = memo.get(key);
  if (known !== undefined) return known;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const value = compute(key);
  memo.set(key, value);
  return value;
}

function comparable(name: string): ComparableName {
  return memoized(comparableMemo, name, (text) => ({ exact: text.trim().toLowerCase().replace(/\s+/g, " "), normalized: normalizeFoodName(text) }));
}

/**
 * The index keys of a name: the words of its normalised form, or (when nothing is left after normalising) the
 * whole written name. Two names can only score above 0 when they share a key (exact, normalised and contained
 * matches all share a word), so looking names up by key finds every match scanning would.
 */
export function matchKeys(name: string): string[] {
  const { exact, normalized } = comparable(name);
  if (normalized) return [...new Set(normalized.split(" "))];
  return exact ? [`=${exact}`] : [];
}

/**
 * A recipe's rows in the ingredient index (recipe_ingredient_keys): the keys of its ingredients that count
 * (always-available ones never do), sorted.
 */
export function recipeIndexKeys(ingredients: readonly { name: string }[]): string[] {
  const keys = new Set<string>();
  for (const { name } of ingredients) if (!isAlwaysAvailable(name)) for (const key of matchKeys(name)) keys.add(key);
  return [...keys].sort();
}

/** Every key of a pantry's items: what to look up in the ingredient index. */
export function pantryIndexKeys(pantry: readonly { name: string }[]): string[] {
  const keys = new Set<string>();
  for (const { name } of pantry) for (const key of matchKeys(name)) keys.add(key);
  return [...keys].sort();
}

function scoreComparable(a: ComparableName, b: ComparableName): number {
  if (!a.exact || !b.exact) return 0;
  if (a.exact === b.exact) return 1;
  if (!a.normalized || !b.normalized) return 0;
  if (a.normalized === b.normalized) return 0.9;
  if (partialMatch(a.normalized, b.normalized)) return 0.8;
  return 0;
}

/** How well a recipe ingredient matches a pantry item: 1, 0.9, 0.8 or 0 (see the module comment). */
export function matchScore(ingredientName: string, pantryItemName: string): number {
  return scoreComparable(comparable(ingredientName), comparable(pantryItemName));
}

// ---------------------------------------------------------------------------------------------------------------
// Always available

const SALT_PEPPER_MODIFIERS = new Set([
  "sea", "kosher", "table", "flaky", "flake", "coarse", "fine", "coarsely", "finely", "iodized", "black", "white",
  "ground", "freshly", "fresh", "cracked", "crushed", "rock", "himalayan", "pink", "maldon", "whole", "grinder",
  "to", "taste", "some", "more", "pinch", "of", "a", "dash", "plus", "extra", "salt", "pepper", "peppercorn",
  "and", "or", "as", "needed", "for", "seasoning", "season", "the", "mill",
]);
const WATER_MODIFIERS = new Set([
  "cold", "warm", "hot", "boiling", "lukewarm", "ice", "iced", "tap", "filtered", "tepid", "cool", "very",
  "room", "temperature", "plain", "fresh", "cup", "of", "water", "to", "cover", "as", "needed", "more", "some",
  "plus", "for", "the", "a", "and", "or", "cube", "crushed", "bottled", "drinking",
]);

/** Water, ice, salt and pepper (sea salt, kosher salt, black pepper, freshly ground pepper, "salt and pepper"). */
export function isAlwaysAvailable(ingredientName: string): boolean {
  return memoized(stapleMemo, ingredientName, computeAlwaysAvailable);
}

function computeAlwaysAvailable(ingredientName: string): boolean {
  const words = foodNameWords(ingredientName);
  if (words.length === 0) return false;
  const text = words.join(" ");
  const parts = text.split(/\s+(?:and|or)\s+/).filter(Boolean);
  return parts.length > 0 && parts.every(isStaplePart);
}

function isStaplePart(part: string): boolean {
  const words = part.split(" ");
  const head = words.filter((w) => ["salt", "pepper", "peppercorn", "water", "ice"].includes(w));
  if (head.length === 0) return false;
  if (words.includes("water")) return words.every((w) => WATER_MODIFIERS.has(w));
  if (words.every((w) => w === "ice" || w === "cube" || w === "crushed" || w === "cubed")) return true;
  return words.every((w) => SALT_PEPPER_MODIFIERS.has(w));
}

// ---------------------------------------------------------------------------------------------------------------
// Availability and ranking

export type PantryItemLike = { id: number; name: string; expirationDate: string | null };

export type IngredientAvailability = {
  name: string;
  available: boolean;
  score: number;
  pantryItemId: number | null;
  alwaysAvailable: boolean;
};

type ComparablePantryItem = { item: PantryItemLike; name: ComparableName };

/** The pantry with its items filed under their keys, so an ingredient is compared only with items sharing one. */
type PantryIndex = { items: ComparablePantryItem[]; byKey: Map<string, number[]> };

function indexPantry(pantry: readonly PantryItemLike[]): PantryIndex {
  const items = pantry.map((item) => ({ item, name: comparable(item.name) }));
  const byKey = new Map<string, number[]>();
  items.forEach(({ item }, position) => {
    for (const key of matchKeys(item.name)) {
      const list = byKey.get(key);
      if (list) list.push(position);
      else byKey.set(key, [position]);
    }
  });
  return { items, byKey };
}

/** Positions of the items sharing a key with the name, in pantry order (so ties fall as a full scan's would). */
function candidatesFor(name: string, pantry: PantryIndex): number[] {
  const keys = matchKeys(name);
  if (keys.length === 1) return pantry.byKey.get(keys[0]!) ?? [];
  const positions = new Set<number>();
  for (const key of keys) for (const position of pantry.byKey.get(key) ?? []) positions.add(position);
  return [...positions].sort((a, b) => a - b);
}

/** Best-matching pantry item; ties go to the one that expires first, so it gets used up. */
function bestPantryMatch(name: string, pantry: PantryIndex): { item: PantryItemLike; score: number } | null {
  let best: { item: PantryItemLike; score: number } | null = null;
  const ingredient = comparable(name);
  for (const position of candidatesFor(name, pantry)) {
    const { item, name: itemName } = pantry.items[position]!;
    const score = scoreComparable(ingredient, itemName);
    if (score <= 0) continue;
    if (!best || score > best.score || (score === best.score && expiresBefore(item, best.item))) best = { item, score };
  }
  return best;
}

function expiresBefore(a: PantryItemLike, b: PantryItemLike): boolean {
  if (!a.expirationDate) return false;
  if (!b.expirationDate) return true;
  return a.expirationDate < b.expirationDate;
}

/** For each ingredient: whether it is available, from which pantry item and how well it matched. */
export function ingredientAvailability(ingredients: { name: string }[], pantry: PantryItemLike[]): IngredientAvailability[] {
  return availabilityAgainst(ingredients, indexPantry(pantry));
}

/**
 * Ingredient availability for many recipes against one pantry: the pantry is indexed once, so each recipe costs
 * a few look-ups per ingredient, not a pass over the pantry.
 */
export function pantryMatcher(pantry: PantryItemLike[]): (ingredients: { name: string }[]) => IngredientAvailability[] {
  const index = indexPantry(pantry);
  return (ingredients) => availabilityAgainst(ingredients, index);
}

function availabilityAgainst(ingredients: { name: string }[], pantry: PantryIndex): IngredientAvailability[] {
  return ingredients.map(({ name }) => {
    const alwaysAvailable = isAlwaysAvailable(name);
    const match = bestPantryMatch(name, pantry);
    return {
      name,
      available: alwaysAvailable || match !== null,
      score: match?.score ?? (alwaysAvailable ? 1 : 0),
      pantryItemId: match?.item.id ?? null,
      alwaysAvailable,
    };
  });
}

/** Extra weight for an ingredient that uses up an item expiring today, already expired, or within 2 days. */
export const MAX_EXPIRY_BONUS = 0.5;

/**
 * Bonus weight for using an item with `daysLeft` days to go: strongest when expired or 0-2 days, falling over
 * the rest of the expiring-soon window (domain/expiry.ts), none after it.
 */
export function expiryBonus(daysLeft: number): number {
  if (daysLeft <= 2) return MAX_EXPIRY_BONUS;
  if (daysLeft > EXPIRING_SOON_DAYS) return 0;
  return (MAX_EXPIRY_BONUS * (EXPIRING_SOON_DAYS + 1 - daysLeft)) / (EXPIRING_SOON_DAYS - 1);
}

export type RecipeRanking<R> = {
  recipe: R;
  /** Share of the counted ingredients (always-available ones excluded) found in the pantry, 0-1. */
  coverage: number;
  matched: number;
  total: number;
  missing: string[];
  usesExpiring: { pantryItemId: number; name: string; daysLeft: number }[];
  /** Coverage weighted by match quality, with ingredients that use up expiring items counting extra (0-1.5). */
  score: number;
};

/**
 * "What can I make": every recipe with its pantry coverage, sorted by score (descending), then coverage, then
 * fewer missing ingredients, then the input order. A recipe whose ingredients are all always-available (or
 * which has none) has coverage 0: it says nothing about the pantry.
 */
export function rankRecipesForPantry<R extends { id: number; ingredients: { name: string }[] }>(
  recipes: R[],
  pantry: PantryItemLike[],
  today: string,
): RecipeRanking<R>[] {
  const pantryById = new Map(pantry.map((item) => [item.id, item]));
  const indexed = indexPantry(pantry);
  const ranked = recipes.map((recipe, index) => {
    const availability = availabilityAgainst(recipe.ingredients, indexed);
    const counted = availability.filter((a) => !a.alwaysAvailable);
    const matchedRows = counted.filter((a) => a.available);
    const usesExpiring = new Map<number, { pantryItemId: number; name: string; daysLeft: number }>();
    let weighted = 0;
    for (const row of matchedRows) {
      const item = row.pantryItemId !== null ? pantryById.get(row.pantryItemId) : undefined;
      const daysLeft = item ? daysUntil(item.expirationDate, today) : null;
      const bonus = daysLeft !== null && Number.isFinite(daysLeft) ? expiryBonus(daysLeft) : 0;
      weighted += row.score * (1 + bonus);
      if (item && daysLeft !== null && Number.isFinite(daysLeft) && daysLeft <= EXPIRING_SOON_DAYS) {
        usesExpiring.set(item.id, { pantryItemId: item.id, name: item.name, daysLeft });
      }
    }
    const total = counted.length;
    const matched = matchedRows.length;
    return {
      index,
      ranking: {
        recipe,
        coverage: total === 0 ? 0 : matched / total,
        matched,
        total,
        missing: counted.filter((a) => !a.available).map((a) => a.name),
        usesExpiring: [...usesExpiring.values()].sort((x, y) => x.daysLeft - y.daysLeft),
        score: total === 0 ? 0 : Math.round((weighted / total) * 1e6) / 1e6,
      },
    };
  });
  ranked.sort(
    (x, y) =>
      y.ranking.score - x.ranking.score ||
      y.ranking.coverage - x.ranking.coverage ||
      x.ranking.missing.length - y.ranking.missing.length ||
      x.index - y.index,
  );
  return ranked.map((r) => r.ranking);
}
