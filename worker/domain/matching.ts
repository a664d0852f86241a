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
import { daysBetween } from "./dates";
import { lookupTable } from "./lookup";

// ---------------------------------------------------------------------------------------------------------------
// Normalising names

/** Words that say how a food is prepared, sized or sold: not part of what it is. */
const NOISE_WORDS = new Set([
  "fresh", "freshly", "chopped", "minced", "diced", "sliced", "grated", "shredded", "crushed", "peeled", "seeded",
  "pitted", "cored", "halved", "quartered", "trimmed", "rinsed", "drained", "melted", "softened", "beaten",
  "sifted", "packed", "cubed", "mashed", "pureed", "crumbled", "shaved", "slivered", "torn", "finely", "thinly",
  "coarsely", "roughly", "lightly", "large", "medium", "small", "big", "jumbo", "extra-large", "ripe", "organic",
  "raw", "whole", "boneless", "skinless", "frozen", "canned", "tinned", "dried", "dry", "plain", "pure",
  "natural", "premium", "quality", "good", "best", "homemade", "store-bought", "prepared", "cooked", "uncooked",
  "unsalted", "salted", "optional", "about", "approximately", "extra", "virgin", "extra-virgin", "kosher", "sea",
  "coarse", "fine", "flaky", "iodized", "table", "room", "temperature", "lukewarm", "chilled", "of", "the", "a", "an", "and", "to", "taste", "for", "garnish",
  "serving", "package", "pkg", "can", "jar", "bottle", "bag", "box", "container", "bunch", "head", "clove",
  "cloves", "piece", "pieces", "stick", "sticks", "slice", "slices", "leaves", "leaf", "sprig", "sprigs",
]);

/** Store and brand names that say nothing about the food. */
const BRAND_WORDS = [
  "kirkland signature", "kirkland", "great value", "trader joe's", "trader joes", "market pantry", "good & gather",
  "good and gather", "365 everyday value", "365", "whole foods", "o organics", "simple truth", "signature select",
  "kroger", "publix", "wegmans", "aldi", "heb", "h-e-b", "member's mark", "sainsbury's", "tesco", "waitrose",
  "president's choice", "no name", "store brand",
];

/** Other names for the same food, mapped to one spelling. */
const SYNONYMS: Readonly<Record<string, string>> = lookupTable({
  scallion: "green onion",
  "spring onion": "green onion",
  coriander: "cilantro",
  "garbanzo bean": "chickpea",
  garbanzo: "chickpea",
  "confectioner sugar": "powdered sugar",
  "confectioners sugar": "powdered sugar",
  "icing sugar": "powdered sugar",
  "caster sugar": "superfine sugar",
  courgette: "zucchini",
  aubergine: "eggplant",
  capsicum: "bell pepper",
  "sweet pepper": "bell pepper",
  "bicarbonate of soda": "baking soda",
  "bicarb soda": "baking soda",
  "sodium bicarbonate": "baking soda",
  cornflour: "cornstarch",
  "corn starch": "cornstarch",
  "plain flour": "all purpose flour",
  "all-purpose flour": "all purpose flour",
  "ap flour": "all purpose flour",
  "self raising flour": "self rising flour",
  "double cream": "heavy cream",
  "heavy whipping cream": "heavy cream",
  "whipping cream": "heavy cream",
  "single cream": "light cream",
  "beef mince": "ground beef",
  "pork mince": "ground pork",
  prawn: "shrimp",
  rocket: "arugula",
  yoghurt: "yogurt",
  "greek yoghurt": "greek yogurt",
  "chili pepper": "chile pepper",
  chilli: "chili",
  "chilli pepper": "chile pepper",
  "french bean": "green bean",
  "string bean": "green bean",
  "sultana": "golden raisin",
  beetroot: "beet",
  "swede": "rutabaga",
  "mangetout": "snow pea",
  "maize": "corn",
  "jalapeno pepper": "jalapeno",
  "bread crumb": "breadcrumb",
  "panko bread crumb": "panko",
  "tomato puree": "tomato paste",
  "soya sauce": "soy sauce",
  "soy bean": "soybean",
});

/** Plurals that do not follow the simple rules. */
const IRREGULAR_SINGULARS: Readonly<Record<string, string>> = lookupTable({
  leaves: "leaf",
  loaves: "loaf",
  halves: "half",
  knives: "knife",
  calves: "calf",
  geese: "goose",
  mice: "mouse",
  teeth: "tooth",
  feet: "foot",
  children: "child",
  cookies: "cookie",
  brownies: "brownie",
  pies: "pie",
  veggies: "veggie",
  smoothies: "smoothie",
  calories: "calorie",
  ties: "tie",
  oxen: "ox",
  dice: "die",
});

/** Words that end in "s" but are not plurals. */
const NOT_PLURAL = new Set(["molasses", "series", "species", "gras", "christmas", "pancreas", "bitters", "schnapps"]);

/** Singular form of one lower-case word ("tomatoes" -> "tomato", "berries" -> "berry"). */
export function singularize(word: string): string {
  if (word.length < 4) return word;
  const irregular = IRREGULAR_SINGULARS[word];
  if (irregular) return irregular;
  if (NOT_PLURAL.has(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("oes")) return word.slice(0, -2);
  if (/(?:ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

const stripAccents = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const BRAND_PATTERN = new RegExp(`(?:^|\\s)(?:${[...BRAND_WORDS].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|")})(?=\\s|$)`, "g");
const SYNONYM_KEYS = Object.keys(SYNONYMS).sort((a, b) => b.length - a.length);

function basicWords(name: string): string[] {
  let s = stripAccents(name.toLowerCase());
  s = s.replace(/\([^)]*\)?/g, " ").split(/[,;]/)[0] ?? "";
  s = s.replace(BRAND_PATTERN, " ");
  s = s.replace(/&/g, " and ").replace(/['’]/g, "").replace(/[^a-z0-9\s-]/g, " ").replace(/-/g, " ");
  return s.split(/\s+/).filter(Boolean);
}

function applySynonyms(words: string[]): string[] {
  let text = ` ${words.join(" ")} `;
  for (const key of SYNONYM_KEYS) {
    const from = ` ${key.replace(/-/g, " ")} `;
    if (text.includes(from)) text = text.split(from).join(` ${SYNONYMS[key]?.replace(/-/g, " ")} `);
  }
  return text.trim().split(/\s+/).filter(Boolean);
}

/**
 * Comparable form of an ingredient or pantry name: lower case, no accents or punctuation, singular words,
 * without preparation, size, packaging and brand words, with common synonyms unified ("Fresh Scallions,
 * chopped" -> "green onion").
 */
export function normalizeIngredientName(name: string): string {
  const words = basicWords(name).map(singularize);
  // Numbers ("2% milk", "12 eggs") say how much or how fat, not what the food is.
  const kept = words.filter((w) => !NOISE_WORDS.has(w) && !/^\d+$/.test(w));
  // Never normalise a name away entirely ("Fresh" alone stays "fresh").
  return applySynonyms(kept.length ? kept : words).join(" ");
}

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

function comparable(name: string): ComparableName {
  return { exact: name.trim().toLowerCase().replace(/\s+/g, " "), normalized: normalizeIngredientName(name) };
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
  const words = basicWords(ingredientName).map(singularize);
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

/** Best-matching pantry item; ties go to the one that expires first, so it gets used up. */
function bestPantryMatch(name: string, pantry: ComparablePantryItem[]): { item: PantryItemLike; score: number } | null {
  let best: { item: PantryItemLike; score: number } | null = null;
  const ingredient = comparable(name);
  for (const { item, name: itemName } of pantry) {
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
  return availabilityAgainst(ingredients, pantry.map((item) => ({ item, name: comparable(item.name) })));
}

function availabilityAgainst(ingredients: { name: string }[], pantry: ComparablePantryItem[]): IngredientAvailability[] {
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

/** Days within which an item counts as expiring (spec: warning band, 7 days). */
export const EXPIRING_WITHIN_DAYS = 7;
/** Extra weight for an ingredient that uses up an item expiring today, already expired, or within 2 days. */
export const MAX_EXPIRY_BONUS = 0.5;

/** Bonus weight for using an item with `daysLeft` days to go: strongest when expired or 0-2 days, none after 7. */
export function expiryBonus(daysLeft: number): number {
  if (daysLeft <= 2) return MAX_EXPIRY_BONUS;
  if (daysLeft > EXPIRING_WITHIN_DAYS) return 0;
  return (MAX_EXPIRY_BONUS * (EXPIRING_WITHIN_DAYS + 1 - daysLeft)) / (EXPIRING_WITHIN_DAYS - 1);
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
  const comparablePantry = pantry.map((item) => ({ item, name: comparable(item.name) }));
  const ranked = recipes.map((recipe, index) => {
    const availability = availabilityAgainst(recipe.ingredients, comparablePantry);
    const counted = availability.filter((a) => !a.alwaysAvailable);
    const matchedRows = counted.filter((a) => a.available);
    const usesExpiring = new Map<number, { pantryItemId: number; name: string; daysLeft: number }>();
    let weighted = 0;
    for (const row of matchedRows) {
      const item = row.pantryItemId !== null ? pantryById.get(row.pantryItemId) : undefined;
      const daysLeft = item?.expirationDate ? daysBetween(today, item.expirationDate) : null;
      const bonus = daysLeft !== null && Number.isFinite(daysLeft) ? expiryBonus(daysLeft) : 0;
      weighted += row.score * (1 + bonus);
      if (item && daysLeft !== null && Number.isFinite(daysLeft) && daysLeft <= EXPIRING_WITHIN_DAYS) {
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
