/**
 * Food names: the one place that says how a food's name is read. Folding (case, accents, apostrophes), singular
 * and plural, other names for the same food (synonyms), brand names, and package sizes printed in names
 * ("WHOLE MILK 1 GAL", "BABY SPINACH 5OZ"). Recipe matching, shelf life, receipt names, diet tags and grocery
 * list merging all read names through here, so they agree on what a food is called. Pure: Worker and browser.
 */
import { lookupTable } from "./lookup";
import { normalizeUnit } from "./units";

// ---------------------------------------------------------------------------------------------------------------
// Folding

/** Lower case, accents removed ("jalapeño" -> "jalapeno"), "&" read as "and", apostrophes dropped. */
export function foldFoodText(text: string): string {
  return String(text ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "");
}

/** The words of a name: folded, anything but letters and digits is a separator ("extra-virgin" is two words). */
export function foodWords(text: string): string[] {
  return foldFoodText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------------------------
// Singular and plural

/** Plurals that do not follow the rules below (and -ies words whose singular ends in -ie). */
const IRREGULAR_SINGULARS: Readonly<Record<string, string>> = lookupTable({
  leaves: "leaf",
  loaves: "loaf",
  halves: "half",
  knives: "knife",
  shelves: "shelf",
  calves: "calf",
  geese: "goose",
  mice: "mouse",
  teeth: "tooth",
  feet: "foot",
  children: "child",
  oxen: "ox",
  cookies: "cookie",
  brownies: "brownie",
  pies: "pie",
  ties: "tie",
  veggies: "veggie",
  smoothies: "smoothie",
  hoagies: "hoagie",
  calories: "calorie",
  chillies: "chilli",
  chilies: "chili",
  rotisseries: "rotisserie",
  charcuteries: "charcuterie",
  prairies: "prairie",
  capercaillies: "capercaillie",
  quiches: "quiche",
  brioches: "brioche",
  mousses: "mousse",
  saucisses: "saucisse",
  roes: "roe",
  peekytoes: "peekytoe",
  sloes: "sloe",
});

const IRREGULAR_PLURALS: Readonly<Record<string, string>> = lookupTable(
  Object.fromEntries(Object.entries(IRREGULAR_SINGULARS).map(([plural, singular]) => [singular, plural])),
);

/** Words that end in "s" but are not plurals (mass nouns and names). */
const NOT_PLURAL = new Set([
  "molasses", "series", "species", "gras", "christmas", "pancreas", "bitters", "schnapps", "swiss", "haggis",
  "pastis", "anis", "chablis", "iris", "hummus", "asparagus", "couscous", "citrus", "octopus", "lotus", "grits", "ras",
]);

/** Plurals in -oes (the other -o words take a plain s: avocados, tacos). */
const O_ES = new Set(["tomato", "potato", "mango", "hero", "echo", "volcano"]);

/**
 * Singular of one lower-case word: "tomatoes" -> tomato, "berries" -> berry, "peaches" -> peach, "kiwis" ->
 * kiwi, "leaves" -> leaf. Words of three letters or fewer and words that are not plurals stay as they are.
 */
export function singularFood(word: string): string {
  if (word.length < 4) return word;
  const irregular = IRREGULAR_SINGULARS[word];
  if (irregular) return irregular;
  if (NOT_PLURAL.has(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("oes")) return word.slice(0, -2);
  if (/(?:ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("ss") || word.endsWith("us")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Plural of one lower-case singular word: berry -> berries, peach -> peaches, tomato -> tomatoes, leaf -> leaves. */
export function pluralFood(word: string): string {
  if (!word) return word;
  const irregular = IRREGULAR_PLURALS[word];
  if (irregular) return irregular;
  // Mass nouns: hummus, asparagus, tofu, tiramisu.
  if (NOT_PLURAL.has(word) || word.endsWith("us") || word.endsWith("u")) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:ch|sh|x|z|s)$/.test(word)) return `${word}es`;
  if (O_ES.has(word)) return `${word}es`;
  return `${word}s`;
}

/** Singular of a phrase: its last word (the head noun) is made singular, "cherry tomatoes" -> cherry tomato. */
export function singularPhrase(phrase: string): string {
  const words = phrase.trim().split(/\s+/);
  const last = words.pop();
  return last === undefined ? "" : [...words, singularFood(last)].join(" ");
}

/** The singular and plural spellings of a phrase's head noun, for whole-word patterns. */
export function phraseForms(phrase: string): string[] {
  const singular = singularPhrase(phrase);
  const words = singular.split(" ");
  const last = words.pop() ?? "";
  const plural = [...words, pluralFood(last)].join(" ");
  return [...new Set([phrase.trim(), singular, plural])].filter(Boolean);
}

// ---------------------------------------------------------------------------------------------------------------
// Word sequences (brands and synonyms are phrases matched on singular words)

type PhraseTable<T> = { byFirstWord: Map<string, { words: string[]; value: T }[]> };

function phraseTable<T>(entries: [phrase: string, value: T][]): PhraseTable<T> {
  const byFirstWord = new Map<string, { words: string[]; value: T }[]>();
  for (const [phrase, value] of entries) {
    const words = foodWords(phrase).map(singularFood);
    const first = words[0];
    if (!first) continue;
    const list = byFirstWord.get(first) ?? [];
    list.push({ words, value });
    byFirstWord.set(first, list);
  }
  // Longest phrase first, so "kirkland signature" wins over "kirkland".
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  return { byFirstWord };
}

/** A word as phrase tables compare it: folded, letters and digits only, singular ("Joe's" -> joe). */
function phraseKey(word: string): string {
  return singularFood(foldFoodText(word).replace(/[^a-z0-9]+/g, ""));
}

/** The longest phrase of `table` starting at words[at] (compared by phraseKey), or null. */
function phraseAt<T>(table: PhraseTable<T>, singular: string[], at: number): { length: number; value: T } | null {
  for (const entry of table.byFirstWord.get(singular[at] ?? "") ?? []) {
    if (entry.words.every((word, i) => singular[at + i] === word)) return { length: entry.words.length, value: entry.value };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Brands

/**
 * Store and product brands printed before food names on receipts and labels. Removing one leaves the food
 * ("Kirkland Signature Organic Eggs" -> organic eggs). Phrases are whole words, so "green giant" goes but
 * "green" stays.
 */
const BRAND_NAMES = [
  // store brands
  "kirkland signature", "kirkland", "great value", "trader joes", "market pantry", "good and gather", "365 everyday value",
  "whole foods market", "whole foods", "o organics", "simple truth", "signature select", "private selection", "open nature",
  "members mark", "presidents choice", "no name", "store brand", "marketside", "up and up", "lucerne",
  "kroger", "publix", "wegmans", "aldi", "lidl", "heb", "h e b", "meijer", "safeway", "costco", "tesco finest", "tesco",
  "sainsburys", "asda", "waitrose", "morrisons",
  // product brands
  "heinz", "kraft", "nestle", "dole", "chiquita", "tyson", "perdue", "oscar mayer", "philadelphia", "chobani", "fage",
  "yoplait", "dannon", "danone", "activia", "tropicana", "horizon organic", "horizon", "kerrygold", "barilla", "hellmanns",
  "kikkoman", "quaker", "kelloggs", "general mills", "nabisco", "lays", "doritos", "pringles", "pepsi", "nature valley",
  "starbucks", "folgers", "lipton", "twinings", "warburtons", "hovis", "kingsmill", "campbells", "progresso", "del monte",
  "green giant", "birds eye", "stouffers", "digiorno", "hormel", "boars head", "hillshire farms", "applegate",
  "jimmy dean", "johnsonville", "smuckers", "jif", "skippy", "sabra", "tostitos", "ragu", "prego", "bertolli", "crisco",
  "morton", "mccormick", "domino", "pillsbury", "betty crocker", "silk", "oatly", "daiya", "tofurky",
  "morningstar farms", "morningstar", "gardein", "quorn", "amys", "annies", "velveeta", "tillamook", "cabot", "sargento",
  "babybel", "fairlife", "lactaid", "stonyfield", "siggis", "oikos", "goya", "lurpak", "arla", "muller", "cathedral city",
  "yeo valley", "alpro", "hartleys", "bonne maman", "mccain", "ore ida", "land o lakes", "great taste", "sara lee",
  "clover sonoma",
];

const BRANDS = /* @__PURE__ */ phraseTable(BRAND_NAMES.map((name) => [name, true] as [string, boolean]));

/**
 * The words without brand names (phrases compared in singular form). A name that is nothing but a brand
 * ("Velveeta") keeps its words: the brand is then what the food is called.
 */
export function stripBrands(words: readonly string[]): string[] {
  const singular = words.map(phraseKey);
  const kept: string[] = [];
  for (let i = 0; i < words.length; ) {
    const brand = phraseAt(BRANDS, singular, i);
    if (brand) {
      i += brand.length;
      continue;
    }
    kept.push(words[i]!);
    i += 1;
  }
  return kept.length > 0 ? kept : [...words];
}

/** Whether these words start with a brand name (for cleaning receipt lines). */
export function brandLength(words: readonly string[], at = 0): number {
  return phraseAt(BRANDS, words.map(phraseKey), at)?.length ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Synonyms

/**
 * Other names for the same food, mapped to one (US) spelling. Keys are matched as whole singular words, so
 * plurals are covered ("scallions" -> green onion). An entry mapping a phrase to itself protects a different
 * food that shares a word: ground coriander and coriander seed are the spice, not fresh coriander (cilantro).
 */
const SYNONYM_ENTRIES: [string, string][] = [
  ["scallion", "green onion"],
  ["spring onion", "green onion"],
  ["salad onion", "green onion"],
  ["coriander", "cilantro"],
  ["fresh coriander", "cilantro"],
  ["coriander leaf", "cilantro"],
  ["ground coriander", "ground coriander"],
  ["coriander seed", "coriander seed"],
  ["coriander powder", "coriander powder"],
  ["garbanzo bean", "chickpea"],
  ["garbanzo", "chickpea"],
  ["chick pea", "chickpea"],
  ["confectioner sugar", "powdered sugar"],
  ["icing sugar", "powdered sugar"],
  ["caster sugar", "superfine sugar"],
  ["castor sugar", "superfine sugar"],
  ["courgette", "zucchini"],
  ["aubergine", "eggplant"],
  ["capsicum", "bell pepper"],
  ["sweet pepper", "bell pepper"],
  ["bicarbonate of soda", "baking soda"],
  ["bicarb soda", "baking soda"],
  ["bicarb", "baking soda"],
  ["sodium bicarbonate", "baking soda"],
  ["cornflour", "cornstarch"],
  ["corn starch", "cornstarch"],
  ["plain flour", "all purpose flour"],
  ["ap flour", "all purpose flour"],
  ["self raising flour", "self rising flour"],
  ["wholemeal", "whole wheat"],
  ["double cream", "heavy cream"],
  ["heavy whipping cream", "heavy cream"],
  ["whipping cream", "heavy cream"],
  ["single cream", "light cream"],
  ["beef mince", "ground beef"],
  ["minced beef", "ground beef"],
  ["pork mince", "ground pork"],
  ["prawn", "shrimp"],
  ["rocket", "arugula"],
  ["yoghurt", "yogurt"],
  ["chilli pepper", "chile pepper"],
  ["chili pepper", "chile pepper"],
  ["chilli", "chili"],
  ["french bean", "green bean"],
  ["string bean", "green bean"],
  ["sultana", "golden raisin"],
  ["beetroot", "beet"],
  ["swede", "rutabaga"],
  ["mangetout", "snow pea"],
  ["mange tout", "snow pea"],
  ["maize", "corn"],
  ["jalapeno pepper", "jalapeno"],
  ["bread crumb", "breadcrumb"],
  ["panko bread crumb", "panko"],
  ["tomato puree", "tomato paste"],
  ["soya sauce", "soy sauce"],
  ["soy bean", "soybean"],
  ["mayo", "mayonnaise"],
  ["catsup", "ketchup"],
  ["tomato ketchup", "ketchup"],
  ["bbq", "barbecue"],
];

const SYNONYMS = /* @__PURE__ */ phraseTable(SYNONYM_ENTRIES.map(([from, to]) => [from, foodWords(to)] as [string, string[]]));

/**
 * The words with other names for a food replaced by its usual one ("spring onions" -> green onion). Words that
 * are not part of a synonym are returned as they were (not made singular).
 */
export function applyFoodSynonyms(words: readonly string[]): string[] {
  const singular = words.map(phraseKey);
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    const synonym = phraseAt(SYNONYMS, singular, i);
    if (synonym) {
      out.push(...synonym.value);
      i += synonym.length;
      continue;
    }
    out.push(words[i]!);
    i += 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Normalised names and the canonical key

/** Words that say how a food is prepared, sized, packed or sold: not part of what it is (singular forms). */
const NOISE_WORDS = new Set([
  "fresh", "freshly", "chopped", "minced", "diced", "sliced", "grated", "shredded", "crushed", "peeled", "seeded",
  "pitted", "cored", "halved", "quartered", "trimmed", "rinsed", "drained", "melted", "softened", "beaten",
  "sifted", "packed", "cubed", "mashed", "pureed", "crumbled", "shaved", "slivered", "torn", "finely", "thinly",
  "coarsely", "roughly", "lightly", "large", "medium", "small", "big", "jumbo", "ripe", "organic",
  "raw", "whole", "boneless", "skinless", "frozen", "canned", "tinned", "dried", "dry", "plain", "pure",
  "natural", "premium", "quality", "good", "best", "homemade", "prepared", "cooked", "uncooked",
  "unsalted", "salted", "optional", "about", "approximately", "extra", "virgin", "kosher", "sea",
  "coarse", "fine", "flaky", "iodized", "table", "room", "temperature", "lukewarm", "chilled", "of", "the", "a", "an",
  "and", "to", "taste", "for", "garnish", "serving", "package", "pkg", "can", "jar", "bottle", "bag", "box",
  "container", "bunch", "head", "clove", "piece", "stick", "slice", "leaf", "sprig",
]);

/**
 * The words that name the food, singular and without brands: what follows a comma or sits in brackets is a
 * note ("Potatoes (Yukon Gold)", "onion, diced").
 */
export function foodNameWords(name: string): string[] {
  const head = foldFoodText(name)
    .replace(/\([^)]*\)?/g, " ")
    .split(/[,;]/)[0];
  return stripBrands(foodWords(head ?? "").map(singularFood));
}

function normalizeOnce(words: string[]): string[] {
  const singular = stripBrands(words.map(singularFood));
  // Numbers ("2% milk", "12 eggs") say how much or how fat, not what the food is.
  const kept = singular.filter((w) => !NOISE_WORDS.has(w) && !/^\d+$/.test(w));
  // Never normalise a name away entirely ("Fresh" alone stays "fresh").
  return applyFoodSynonyms(kept.length ? kept : singular);
}

/**
 * Comparable form of a food name: lower case, no accents or punctuation, singular words, without brand,
 * preparation, size and packaging words, with other names unified ("Fresh Scallions, chopped" -> "green
 * onion"). What follows a comma or sits in brackets is a note, not the name. Normalising twice changes nothing.
 */
export function normalizeFoodName(name: string): string {
  let words = foodNameWords(name);
  // Removing one word can bring two others together ("great fresh value"); repeat until nothing changes.
  for (let pass = 0; pass < 4; pass++) {
    const next = normalizeOnce(words);
    if (next.join(" ") === words.join(" ")) break;
    words = next;
  }
  return words.join(" ");
}

/**
 * The key under which two written names are the same food, whatever the spelling, plural, brand, size or other
 * name: "Tomatoes", "tomato" and "2 lb tomatoes" share "tomato"; "Roma tomatoes" keeps its variety ("roma
 * tomato"). Grocery lists merge lines with the same key.
 */
export function foodNameKey(name: string): string {
  return normalizeFoodName(stripFoodSizes(name));
}

// ---------------------------------------------------------------------------------------------------------------
// Sizes printed in names

export type FoodSize = {
  /** Amount in one package, in `unit`. */
  amount: number;
  /** A pantry unit: gallon, quart, pint, l, ml, fl oz, oz, lb, g, kg, or count. */
  unit: string;
  /** Packages in a multi-pack ("6PK 12OZ", "12 x 330ml"), else 1. */
  packCount: number;
  /** The text that held the size, as found in the folded name. */
  text: string;
};

const SIZE_UNIT_WORDS =
  "fl\\.?\\s*oz|fluid\\s+ounces?|oz|ounces?|lbs?|pounds?|kgs?|kilos?|kilograms?|grams?|gr|g|mls?|millilit(?:er|re)s?|ltrs?|lit(?:er|re)s?|l|gal(?:lon)?s?|qts?|quarts?|pts?|pints?";
const NUMBER = "\\d+(?:[.,]\\d+)?|\\.\\d+|\\d+\\s*/\\s*\\d+";
const COUNT_WORDS = "ct|count|pk|pack|pcs?|pieces?";
const SIZE_PATTERNS = {
  multiPack: new RegExp(`(?<![a-z0-9./])(\\d+)\\s*(?:x|×|pk|pack|ct)\\s*(${NUMBER})\\s*(${SIZE_UNIT_WORDS})(?![a-z])`),
  measure: new RegExp(`(?<![a-z0-9./])(${NUMBER})\\s*(${SIZE_UNIT_WORDS})(?![a-z])`),
  half: /(?<![a-z])(half|1\/2)\s*(gal(?:lon)?|dozen|doz|dz)(?![a-z])/,
  dozen: /(?<![a-z0-9./])(?:(\d+)\s*)?(dozen|doz|dz)(?![a-z])/,
  count: new RegExp(`(?<![a-z0-9./])(\\d+)\\s*(?:${COUNT_WORDS})(?![a-z])`),
} as const;

function readNumber(text: string): number | null {
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(text);
  if (fraction) {
    const denominator = Number(fraction[2]);
    return denominator > 0 ? Number(fraction[1]) / denominator : null;
  }
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** A pantry unit for a size word ("GAL" -> gallon, "LBS" -> lb, "FL OZ" -> fl oz). */
function sizeUnit(word: string): string | null {
  const unit = normalizeUnit(word.replace(/\s+/g, " "));
  if (unit === "cl" || unit === "dl") return null;
  return unit;
}

/** A lean-to-fat ratio ("80/20", "93/7") names the meat, it is not a size. */
function isLeanRatio(a: number, b: number): boolean {
  return Number.isInteger(a) && Number.isInteger(b) && a + b === 100 && a >= 50;
}

/**
 * The package size printed in a name: "WHOLE MILK 1 GAL" -> 1 gallon; "BABY SPINACH 5OZ" -> 5 oz; "GRND BEEF
 * 80/20 1LB" -> 1 lb (80/20 is the lean ratio); "COLA 12 x 330ML" -> 12 packages of 330 ml; "EGGS 18CT" -> 18
 * count; "EGGS DOZEN" -> 12 count. Null when the name holds no size. Percentages (2% milk) are not sizes.
 */
export function parseFoodSize(name: string): FoodSize | null {
  const text = foldFoodText(name)
    .replace(/(\d+)\s*\/\s*(\d+)/g, (match, a: string, b: string) => (isLeanRatio(Number(a), Number(b)) ? " " : match))
    // Receipt OCR reads the O of "5OZ" as a zero ("50Z"): no unit is called "z".
    .replace(/(\d)0z(?![a-z])/g, "$1 oz");

  const multi = SIZE_PATTERNS.multiPack.exec(text);
  if (multi) {
    const packCount = Number(multi[1]);
    const amount = readNumber(multi[2]!);
    const unit = sizeUnit(multi[3]!);
    if (packCount > 0 && amount !== null && unit) return { amount, unit, packCount, text: multi[0].trim() };
  }
  const half = SIZE_PATTERNS.half.exec(text);
  if (half) {
    const dozen = !half[2]!.startsWith("gal");
    return { amount: dozen ? 6 : 0.5, unit: dozen ? "count" : "gallon", packCount: 1, text: half[0].trim() };
  }
  const measure = SIZE_PATTERNS.measure.exec(text);
  if (measure) {
    const amount = readNumber(measure[1]!);
    const unit = sizeUnit(measure[2]!);
    if (amount !== null && unit) {
      // "6PK 12OZ": a pack count elsewhere in the name.
      const pack = SIZE_PATTERNS.count.exec(text.replace(measure[0], " "));
      return { amount, unit, packCount: pack ? Math.max(1, Number(pack[1])) : 1, text: measure[0].trim() };
    }
  }
  const dozen = SIZE_PATTERNS.dozen.exec(text);
  if (dozen) return { amount: 12 * (dozen[1] ? Number(dozen[1]) : 1), unit: "count", packCount: 1, text: dozen[0].trim() };
  const count = SIZE_PATTERNS.count.exec(text);
  if (count && Number(count[1]) > 0) return { amount: Number(count[1]), unit: "count", packCount: 1, text: count[0].trim() };
  return null;
}

const STRIP_SIZES = [
  new RegExp(`(?<![a-z0-9./])\\d+\\s*(?:x|×)\\s*(?:${NUMBER})\\s*(?:${SIZE_UNIT_WORDS}|${COUNT_WORDS})?(?![a-z])`, "g"),
  new RegExp(`(?<![a-z0-9./])(?:${NUMBER})\\s*(?:${SIZE_UNIT_WORDS}|${COUNT_WORDS}|mg|cl|dl|dozen|doz|dz|cans?|bottles?|bags?|boxes?|ea)(?![a-z])`, "g"),
  /(?<![a-z0-9])\d+\s*\/\s*\d+(?![0-9])/g,
  /(?<![a-z])(?:half\s+)?(?:gallon|dozen|quart|pint|litre|liter)s?(?![a-z])/g,
];

/** The name without sizes, counts and ratios ("2 lb", "500g", "12 x 330ml", "1/2 gallon", "80/20"); folded. */
export function stripFoodSizes(name: string): string {
  let text = foldFoodText(name);
  for (const pattern of STRIP_SIZES) text = text.replace(pattern, " ");
  return text.replace(/\s+/g, " ").trim();
}

// ---------------------------------------------------------------------------------------------------------------
// Receipt lines -> pantry measures

/** Container words on receipt lines and labels, as the pantry's container types. */
const CONTAINER_WORDS: Readonly<Record<string, string>> = /* @__PURE__ */ lookupTable({
  btl: "bottle", bottle: "bottle", jar: "jar", can: "can", cn: "can", box: "box", bx: "box", bag: "bag",
  pkg: "package", package: "package", pack: "package", bunch: "bunch", bnch: "bunch", tub: "container",
  ctn: "container", carton: "container", container: "container", head: "head",
});

function containerTypeIn(name: string): string | null {
  for (const word of foodWords(name)) {
    const type = CONTAINER_WORDS[word] ?? CONTAINER_WORDS[singularFood(word)];
    if (type) return type;
  }
  return null;
}

/**
 * Quantity and unit for a receipt line from the size in its name. A line sold by weight keeps its weight. A
 * multi-pack counts its packages; a count ("18CT") counts items. Otherwise the quantity counts packages and the
 * unit is the size's ("WHOLE MILK 1 GAL" x2 -> 2, gallon).
 */
export function receiptLineMeasure(rawName: string, quantity: number, unit: string | null): { quantity: number; unit: string | null } {
  if (unit) return { quantity, unit };
  const size = parseFoodSize(rawName);
  if (!size) return { quantity, unit };
  if (size.unit === "count") return { quantity: quantity * size.amount * size.packCount, unit: null };
  return { quantity: quantity * size.packCount, unit: size.unit };
}

/**
 * What one package of a receipt item holds, for the pantry's container fields: "BABY SPINACH 5OZ" with unit oz
 * -> 5 of 5 oz per container. Nothing when the name has no size or the unit was changed since (then the
 * quantity no longer counts packages of that size).
 */
export function receiptContainerAmounts(rawName: string, unit: string | null): { amountPerUnit: number | null; maxAmountPerUnit: number | null; size: string | null } {
  const none = { amountPerUnit: null, maxAmountPerUnit: null, size: null };
  const size = parseFoodSize(rawName);
  if (!size || size.unit === "count" || !unit || sizeUnit(unit) !== size.unit) return none;
  return { amountPerUnit: size.amount, maxAmountPerUnit: size.amount, size: containerTypeIn(rawName) ?? "container" };
}
