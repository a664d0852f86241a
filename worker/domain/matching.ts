/**
 * Recipe ingredients against pantry items: availability, match scores and "what can I make" ranking. Pure; no I/O.
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

if ([...DISTINCT_COMPOUNDS].some((compound) => compound.split(" ").length !== 2)) throw new Error("DISTINCT_COMPOUNDS holds two-word names only");

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
  // A compound in the longer name that the shorter one lacks makes it another food ("sour cream" vs "cream").
  // Every compound is two words, so the longer name's neighbouring pairs are all there is to look at.
  for (let i = 0; i + 1 < longer.length; i++) {
    const pair = `${longer[i]} ${longer[i + 1]}`;
    if (DISTINCT_COMPOUNDS.has(pair) && !hasPair(shorter, longer[i]!, longer[i + 1]!)) return false;
  }
  return true;
}

function hasPair(words: string[], first: string, second: string): boolean {
  for (let i = 0; i + 1 < words.length; i++) if (words[i] === first && words[i + 1] === second) return true;
  return false;
}

type ComparableName = { exact: string; normalized: string };

/**
 * Names seen before, read once per isolate: a pantry of thousands and a library of hundreds repeat the same
 * names on every request, and normalising is the costly part. Cleared when full, so memory stays bounded.
 */
const MEMO_LIMIT = 50_000;
const comparableMemo = new Map<string, ComparableName>();
const stapleMemo = new Map<string, boolean>();
const runsMemo = new Map<string, string[]>();
const keysMemo = new Map<string, string[]>();

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
  return memoized(keysMemo, name, computeMatchKeys);
}

function computeMatchKeys(name: string): string[] {
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

/**
 * The pantry filed so an ingredient meets only the items it can match: by written name (exact), by normalised
 * name, and by every run of consecutive words in a normalised name (a contained match is exactly one name being
 * such a run of the other). Every list holds pantry positions in the order the tie-break wants (soonest expiry
 * first, undated last, then the lower id, whatever order the items came in), so the best item of a list is the
 * first one that matches at all.
 * Answers per ingredient name are kept, since recipes repeat their staples.
 */
type PantryIndex = {
  items: ComparablePantryItem[];
  /** Each position's place in the tie-break order. */
  rank: number[];
  byExact: Map<string, number[]>;
  byNormalized: Map<string, number[]>;
  bySpan: Map<string, number[]>;
  best: Map<string, { item: PantryItemLike; score: number } | null>;
};

function fileUnder(map: Map<string, number[]>, key: string, position: number) {
  const list = map.get(key);
  if (!list) map.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/**
 * The runs of consecutive words a contained match can use: those followed only by words naming a part or form of
 * the same food ("chicken breast": chicken breast, chicken, breast; "garlic salt": garlic salt, salt, but not
 * garlic). partialMatch accepts nothing else, so filing only these loses no match.
 */
function matchableRuns(normalized: string): string[] {
  return memoized(runsMemo, normalized, computeMatchableRuns);
}

function computeMatchableRuns(normalized: string): string[] {
  const words = normalized.split(" ");
  const runs: string[] = [];
  let end = words.length;
  // Runs may end at the last word, or before a tail made only of same-food words.
  while (end > 0) {
    for (let start = 0; start < end; start++) runs.push(words.slice(start, end).join(" "));
    if (!SAME_FOOD_SUFFIXES.has(words[end - 1]!)) break;
    end -= 1;
  }
  return runs;
}

function indexPantry(pantry: readonly PantryItemLike[]): PantryIndex {
  const items = pantry.map((item) => ({ item, name: comparable(item.name) }));
  const order = items.map((_, position) => position).sort((a, b) => tieOrder(pantry[a]!, pantry[b]!) || pantry[a]!.id - pantry[b]!.id);
  const index: PantryIndex = { items, rank: new Array<number>(pantry.length), byExact: new Map(), byNormalized: new Map(), bySpan: new Map(), best: new Map() };
  order.forEach((position, place) => {
    index.rank[position] = place;
    const { name } = items[position]!;
    if (name.exact) fileUnder(index.byExact, name.exact, position);
    if (!name.normalized) return;
    fileUnder(index.byNormalized, name.normalized, position);
    for (const run of matchableRuns(name.normalized)) fileUnder(index.bySpan, run, position);
  });
  return index;
}

/** Soonest expiry first, undated last: the item to use up first. */
function tieOrder(a: PantryItemLike, b: PantryItemLike): number {
  if (a.expirationDate === b.expirationDate) return 0;
  if (a.expirationDate === null) return 1;
  if (b.expirationDate === null) return -1;
  return a.expirationDate < b.expirationDate ? -1 : 1;
}

/**
 * Best-matching pantry item; ties go to the one that expires first, so it gets used up. Scores come in tiers: the
 * same written name (1) beats the same normalised name (0.9), which beats a contained name (0.8). A tier's lists
 * are in tie-break order, so the answer is the first item of the best tier that has one, and a contained match
 * stops at the first item of each list that passes.
 */
function bestPantryMatch(name: string, pantry: PantryIndex): { item: PantryItemLike; score: number } | null {
  const known = pantry.best.get(name);
  if (known !== undefined) return known;
  const best = findBest(comparable(name), pantry);
  pantry.best.set(name, best);
  return best;
}

function findBest(ingredient: ComparableName, pantry: PantryIndex): { item: PantryItemLike; score: number } | null {
  if (!ingredient.exact) return null;
  const exact = pantry.byExact.get(ingredient.exact);
  if (exact) return { item: pantry.items[exact[0]!]!.item, score: 1 };
  if (!ingredient.normalized) return null;
  const same = pantry.byNormalized.get(ingredient.normalized);
  if (same) return { item: pantry.items[same[0]!]!.item, score: 0.9 };
  // Contained matches: names holding this one as a run of words, and names that are a run of this one's words.
  const lists: number[][] = [];
  const containing = pantry.bySpan.get(ingredient.normalized);
  if (containing) lists.push(containing);
  for (const run of matchableRuns(ingredient.normalized)) {
    const contained = pantry.byNormalized.get(run);
    if (contained) lists.push(contained);
  }
  let found = -1;
  for (const list of lists) {
    for (const position of list) {
      if (found >= 0 && pantry.rank[position]! >= pantry.rank[found]!) break;
      const itemName = pantry.items[position]!.name;
      if (itemName.exact && partialMatch(ingredient.normalized, itemName.normalized)) {
        found = position;
        break;
      }
    }
  }
  return found >= 0 ? { item: pantry.items[found]!.item, score: 0.8 } : null;
}

/** For each ingredient: whether it is available, from which pantry item and how well it matched. */
export function ingredientAvailability(ingredients: { name: string }[], pantry: PantryItemLike[]): IngredientAvailability[] {
  return availabilityAgainst(ingredients, indexPantry(pantry));
}

/**
 * Ingredient availability for many recipes against one pantry: the pantry is indexed once, so each recipe costs
 * a few look-ups per ingredient, not a pass over the pantry.
 */
export function pantryMatcher(pantry: PantryItemLike[]) {
  const index = indexPantry(pantry);
  // A list counts matches and then ranks the same ingredient lists: each list is answered once.
  const answers = new WeakMap<readonly { name: string }[], IngredientAvailability[]>();
  const availability = (ingredients: { name: string }[]): IngredientAvailability[] => {
    let answer = answers.get(ingredients);
    if (!answer) answers.set(ingredients, (answer = availabilityAgainst(ingredients, index)));
    return answer;
  };
  return {
    availability,
    /** rankRecipesForPantry with this pantry's index (built once for both). */
    rank: <R extends { id: number; ingredients: { name: string }[] }>(recipes: R[], today: string) => rankAgainst(recipes, pantry, availability, today),
  };
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
  const indexed = indexPantry(pantry);
  return rankAgainst(recipes, pantry, (ingredients) => availabilityAgainst(ingredients, indexed), today);
}

function rankAgainst<R extends { id: number; ingredients: { name: string }[] }>(
  recipes: R[],
  pantry: PantryItemLike[],
  availabilityOf: (ingredients: { name: string }[]) => IngredientAvailability[],
  today: string,
): RecipeRanking<R>[] {
  const pantryById = new Map(pantry.map((item) => [item.id, item]));
  // Days left per date, worked out once (dates are parsed, and items and recipes share them).
  const daysLeftOf = new Map<string | null, number | null>();
  const daysLeftFor = (item: PantryItemLike) => {
    if (!daysLeftOf.has(item.expirationDate)) daysLeftOf.set(item.expirationDate, daysUntil(item.expirationDate, today));
    return daysLeftOf.get(item.expirationDate)!;
  };
  const ranked = recipes.map((recipe, index) => {
    // One pass over the recipe's rows: counted (not always-available), matched, missing and the weighted score.
    let total = 0;
    let matched = 0;
    let weighted = 0;
    const missing: string[] = [];
    let usesExpiring: Map<number, { pantryItemId: number; name: string; daysLeft: number }> | null = null;
    for (const row of availabilityOf(recipe.ingredients)) {
      if (row.alwaysAvailable) continue;
      total += 1;
      if (!row.available) {
        missing.push(row.name);
        continue;
      }
      matched += 1;
      const item = row.pantryItemId !== null ? pantryById.get(row.pantryItemId) : undefined;
      const daysLeft = item ? daysLeftFor(item) : null;
      const dated = daysLeft !== null && Number.isFinite(daysLeft);
      weighted += row.score * (1 + (dated ? expiryBonus(daysLeft) : 0));
      if (item && dated && daysLeft <= EXPIRING_SOON_DAYS) {
        (usesExpiring ??= new Map()).set(item.id, { pantryItemId: item.id, name: item.name, daysLeft });
      }
    }
    return {
      index,
      ranking: {
        recipe,
        coverage: total === 0 ? 0 : matched / total,
        matched,
        total,
        missing,
        usesExpiring: usesExpiring ? [...usesExpiring.values()].sort((x, y) => x.daysLeft - y.daysLeft) : [],
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
