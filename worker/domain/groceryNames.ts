/**
 * Grocery names: receipt abbreviations -> pantry names, categories, and autocomplete. Pure (Worker and browser).
 *
 * The name list is worker/data/groceryNames.json (built by scripts/build-grocery-names.ts from the CC0 and USDA
 * FoodKeeper lists). Receipt names are cleaned (brands, sizes, codes, marketing words), abbreviations expanded
 * from a table of common US receipt spellings, and the rest matched against the list by whole words, prefixes
 * ("STRW"), consonant skeletons ("BNNA", "CHKN") and small spelling slips.
 */
import groceryNamesData from "../data/groceryNames.json";
import { rankSuggestions } from "./groceryAutocomplete";
import { PANTRY_CATEGORIES, type PantryCategory, type StorageLocation } from "./constants";
import { brandLength, singularFood, stripBrands } from "./foodNames";
import { lookupTable } from "./lookup";

export type NormalizedReceiptName = { name: string; category: PantryCategory; isFood: boolean; confidence: number };

type Entry = { name: string; category: PantryCategory; tokens: string[]; rank: number };

// ---------------------------------------------------------------------------------------------------------
// Tables

/** Receipt abbreviations -> words. Multi-word keys are matched before single words. */
const ABBREVIATIONS: Readonly<Record<string, string>> = lookupTable({
  org: "organic", orgn: "organic", orgnc: "organic", og: "organic",
  bnna: "banana", bnn: "banana", bana: "banana", banan: "banana", bnnas: "bananas",
  grnd: "ground", grd: "ground", gr: "ground", gnd: "ground",
  bf: "beef", bef: "beef", gb: "ground beef",
  chkn: "chicken", chk: "chicken", ckn: "chicken", chic: "chicken", chix: "chicken",
  brst: "breast", brest: "breast", bst: "breast", brsts: "breasts",
  thgh: "thigh", thghs: "thighs", thi: "thigh", wng: "wing", wngs: "wings",
  mlk: "milk", mk: "milk", whl: "whole", whle: "whole", wh: "whole",
  bnls: "boneless", bnlss: "boneless", bls: "boneless", sknls: "skinless", sknlss: "skinless", skls: "skinless",
  ygrt: "yogurt", yog: "yogurt", yogrt: "yogurt", ygt: "yogurt", yoghurt: "yogurt",
  chs: "cheese", chse: "cheese", chees: "cheese", shrd: "shredded", shred: "shredded", shrdd: "shredded",
  chdr: "cheddar", ched: "cheddar", chedr: "cheddar", mozz: "mozzarella", moz: "mozzarella", mozza: "mozzarella",
  parm: "parmesan", prmsn: "parmesan", swss: "swiss", ctg: "cottage", cott: "cottage", crm: "cream",
  tom: "tomato", toms: "tomatoes", tmto: "tomato", tmt: "tomato", tomat: "tomato",
  pot: "potato", pots: "potatoes", pto: "potato", ptato: "potato", potat: "potato", swt: "sweet", sw: "sweet",
  oni: "onion", onin: "onion", onn: "onion", onns: "onions", yel: "yellow", ylw: "yellow", yllw: "yellow",
  grn: "green", gn: "green", rd: "red", wht: "white", blk: "black", brn: "brown", brwn: "brown",
  lg: "large", lrg: "large", lge: "large", sm: "small", sml: "small", med: "medium", xl: "extra large", jmb: "jumbo",
  strwbry: "strawberry", strwbrys: "strawberries", strwb: "strawberry", strw: "strawberry", strawb: "strawberry", stwbry: "strawberry",
  blubry: "blueberry", blueb: "blueberry", blbry: "blueberry", bluebry: "blueberry", blubrys: "blueberries",
  rasp: "raspberry", rspbry: "raspberry", rspb: "raspberry", blkbry: "blackberry",
  avo: "avocado", avoc: "avocado", avcdo: "avocado", avos: "avocados",
  lett: "lettuce", ltc: "lettuce", rom: "romaine", romn: "romaine", spin: "spinach", spnch: "spinach", spnc: "spinach",
  brocc: "broccoli", broc: "broccoli", brcl: "broccoli", brccli: "broccoli", caul: "cauliflower", caulif: "cauliflower",
  carr: "carrot", crrt: "carrot", crrts: "carrots", carrt: "carrot", cel: "celery", clry: "celery",
  cuc: "cucumber", cuke: "cucumber", cucmbr: "cucumber", pep: "pepper", ppr: "pepper", pepr: "pepper", peppr: "pepper",
  grlc: "garlic", garl: "garlic", mush: "mushroom", mshrm: "mushroom", mshrms: "mushrooms",
  appl: "apple", apl: "apple", apls: "apples", orng: "orange", orgs: "oranges", grp: "grape", grps: "grapes",
  lem: "lemon", lmn: "lemon", lmns: "lemons", lim: "lime", lme: "lime", pch: "peach", pchs: "peaches", pnapl: "pineapple", pineapl: "pineapple",
  wtrmln: "watermelon", wmelon: "watermelon", cant: "cantaloupe", cntlp: "cantaloupe",
  slmn: "salmon", salmn: "salmon", shrmp: "shrimp", shrp: "shrimp", tlpia: "tilapia",
  trky: "turkey", tky: "turkey", trk: "turkey", hm: "ham", bcn: "bacon", bac: "bacon", saus: "sausage", ssg: "sausage", sausg: "sausage",
  stk: "steak", stks: "steaks", prk: "pork", chp: "chop", chps: "chips", rst: "roast", rstd: "roasted", rotis: "rotisserie", rtss: "rotisserie",
  crkr: "crackers", crkrs: "crackers", ckie: "cookies", cky: "cookies", cks: "cookies", cookie: "cookies",
  cer: "cereal", cerl: "cereal", crl: "cereal", oj: "orange juice", jce: "juice", juc: "juice", jc: "juice",
  sda: "soda", wtr: "water", watr: "water", spkl: "sparkling", sprkl: "sparkling", sprk: "sparkling", spk: "sparkling",
  bttr: "butter", btr: "butter", buttr: "butter", mrg: "margarine", marg: "margarine", sr: "sour", hlf: "half", hnh: "half and half",
  pnut: "peanut", pnt: "peanut", pb: "peanut butter", jly: "jelly", jel: "jelly", prsrv: "preserves", prsv: "preserves", pres: "preserves",
  sce: "sauce", sauc: "sauce", spag: "spaghetti", spgh: "spaghetti", spgt: "spaghetti", mac: "macaroni", pst: "pasta",
  rce: "rice", bns: "beans", frz: "frozen", frzn: "frozen", fz: "frozen", veg: "vegetables", vgtbl: "vegetables", vegs: "vegetables",
  sld: "salad", drsg: "dressing", drsng: "dressing", dress: "dressing", mayo: "mayonnaise", mayon: "mayonnaise", ktchp: "ketchup", ktch: "ketchup",
  mstrd: "mustard", must: "mustard", hny: "honey", sug: "sugar", sgr: "sugar", flr: "flour", oat: "oats", otml: "oatmeal",
  tort: "tortilla", trtl: "tortilla", tortla: "tortilla", trtla: "tortilla", bgl: "bagel", bgls: "bagels", muf: "muffin", mfn: "muffin",
  crsnt: "croissant", crois: "croissant", hmbrgr: "hamburger", hmbg: "hamburger", brd: "bread", bred: "bread",
  icecrm: "ice cream", icrm: "ice cream", crmr: "creamer", cof: "coffee", cofe: "coffee", coff: "coffee", kcup: "coffee",
  bvg: "beverage", bev: "beverage", drnk: "drink", drk: "drink", spt: "sports", choc: "chocolate", choco: "chocolate",
  pntbtr: "peanut butter", grnla: "granola", gran: "granola", alm: "almond", almd: "almond", almnd: "almond", csh: "cashew", cshw: "cashew",
  pcn: "pecan", wlnt: "walnut", pstch: "pistachio", hmms: "hummus", hum: "hummus", salsa: "salsa", slsa: "salsa", guac: "guacamole",
  bby: "baby", bb: "baby", ckd: "cooked", frsh: "fresh", nat: "natural", natl: "natural", ff: "fat free", lf: "low fat", rf: "reduced fat",
  nf: "nonfat", pln: "plain", coke: "cola", pepsi: "cola", sprite: "soda", doritos: "tortilla chips", tostitos: "tortilla chips",
  lays: "potato chips", "lay's": "potato chips", pringles: "potato chips", cheerios: "cereal", oreo: "cookies", oreos: "cookies", van: "vanilla", vnl: "vanilla", vnla: "vanilla",
});

/** Two-word receipt spellings. */
const PHRASES: Readonly<Record<string, string>> = lookupTable({
  "whl wht": "whole wheat", "wh wht": "whole wheat", "whl wheat": "whole wheat",
  "hlf hlf": "half and half", "half half": "half and half", "h&h": "half and half", "h & h": "half and half",
  "ice crm": "ice cream", "ic crm": "ice cream", "crm chs": "cream cheese", "cream chs": "cream cheese", "sr crm": "sour cream",
  "pnut btr": "peanut butter", "pb&j": "peanut butter", "grn onion": "green onions", "grn onions": "green onions",
  "tort chps": "tortilla chips", "tortilla chps": "tortilla chips", "pot chps": "potato chips", "eng muf": "english muffins",
  "hot dog": "hot dogs", "chkn brst": "chicken breasts", "chicken brst": "chicken breasts",
});

/**
 * Receipt codes for store brands ("GV" Great Value, "KS" Kirkland Signature). Brands written out are found by
 * foodNames.ts (one brand list for every name the app reads).
 */
const BRAND_CODES = new Set([
  "gv", "ks", "ksig", "tj", "tjs", "tj's", "wfm", "kro", "mm", "sig", "gg", "good&gather", "up&up", "pc", "ht", "smpl",
  "trth", "pvt", "mkt", "pntry",
]);

/** Marketing words, grades and package sizes: never part of a pantry name. */
const MARKETING = new Set([
  "organic", "natural", "fresh", "premium", "classic", "original", "new", "the", "of", "family", "value", "pack", "size", "each", "ea",
  "grade", "a", "aa", "lb", "lbs", "oz", "ct", "count", "pk", "gal", "gallon", "qt", "quart", "pt", "pint", "dz", "doz", "dozen", "bag", "box",
  "jar", "can", "btl", "bottle", "bunch", "loose", "wt", "net", "approx", "assorted", "asst", "variety", "pkg", "package", "tray", "bulk", "per",
  "fl", "regular", "reg", "wild", "farm", "raised", "deal", "member", "prime",
]);

/** Qualifiers that tell variants apart ("baby spinach", "large eggs"); dropped only when the exact variant is unknown. */
const QUALIFIERS = new Set([
  "large", "small", "medium", "jumbo", "extra", "boneless", "skinless", "plain", "hass", "roma", "vine", "on", "baby", "mini", "sliced", "cut",
  "fillet", "fillets", "fil", "fat", "free", "low", "reduced", "nonfat", "with", "and", "in", "&", "sockeye", "atlantic", "seedless", "navel",
  "gala", "fuji", "honeycrisp", "granny", "smith", "russet", "idaho", "vidalia", "iceberg", "english", "persian", "cage", "brown", "white",
]);
/** Things on grocery receipts that do not belong in a pantry. */
const NON_FOOD =
  /\b(?:bags?\s+(?:fee|charge)|bag\s*fee|checkout\s+bags?|paper\s+bags?|plastic\s+bags?|reusable\s+bags?|shopping\s+bags?|crv|deposit|btl\s+dep|redemp\w*|tax|fee|surcharge|batter(?:y|ies)|duracell|energizer|paper\s+towels?|towels?|tissues?|toilet|bath\s+tissue|kleenex|napkins?|detergent|tide|bleach|clorox|cleaner|lysol|soap|dish\s+(?:soap|liquid|detergent)|dishwasher|sponges?|shampoo|conditioner|toothpaste|toothbrush|floss|deodorant|razors?|lotion|sunscreen|foil|plastic\s+wrap|cling\s+wrap|trash|garbage|ziploc|sandwich\s+bags?|freezer\s+bags?|storage\s+bags?|light\s+bulbs?|charcoal|lighter|diapers?|baby\s+wipes|wipes|tampons|vitamins?|supplements?|ibuprofen|advil|tylenol|aspirin|medicine|bandages?|band-aid|gift\s+card|greeting\s+card|magazine|newspaper|lottery|cigarettes?|tobacco|vape|paper\s+(?:cups|plates)|plastic\s+(?:cups|plates|forks|spoons)|utensils|candles?|dog\s+(?:food|treats)|cat\s+(?:food|treats|litter)|pet\s+food|litter|flowers?|bouquet|coupon|discount|savings|rebate|refund)\b/i;

const CATEGORY_KEYWORDS: [RegExp, PantryCategory][] = [
  [/\b(?:frozen|ice cream|popsicle|sherbet|gelato)\b/, "Frozen Foods"],
  [/\b(?:yogurt|cheese|cheddar|mozzarella|parmesan|brie|feta|ricotta|kefir)\b/, "Cheese & Yogurt"],
  [/\b(?:milk|eggs?|butter|cream|creamer|half and half)\b/, "Milk & Eggs"],
  [/\b(?:bread|bagels?|buns?|rolls?|tortillas?|muffins?|croissants?|donuts?|cake|pie|pastry|baguette)\b/, "Bread & Bakery"],
  [/\b(?:canned|can|soup|broth|beans)\b/, "Canned Goods"],
  [/\b(?:chips|crackers|cookies|pretzels|popcorn|candy|chocolate|nuts|almonds|cashews|peanuts|bars?|jerky|snacks?)\b/, "Snacks"],
  [/\b(?:water|soda|juice|coffee|tea|beer|wine|drink|lemonade|kombucha|cola|seltzer)\b/, "Beverages"],
  [/\b(?:sauce|ketchup|mustard|mayonnaise|dressing|salsa|oil|vinegar|syrup|honey|jam|jelly|preserves|pickles?)\b/, "Condiments & Sauces"],
  [/\b(?:salt|pepper|spice|seasoning|powder|cinnamon|paprika|cumin|oregano|extract)\b/, "Spices & Seasonings"],
  [/\b(?:pasta|spaghetti|rice|oats|oatmeal|cereal|flour|sugar|quinoa|lentils|granola|noodles|macaroni|mix)\b/, "Dry Goods"],
  [/\b(?:beef|chicken|pork|turkey|lamb|steak|salmon|shrimp|fish|tilapia|cod|sausage|wings|thighs|breasts?|ground)\b/, "Fresh Meat"],
  [/\b(?:deli|ham|salami|bacon|hot dogs?|rotisserie|hummus|sushi|prepared)\b/, "Deli & Prepared"],
  [/\b(?:apples?|bananas?|berries|strawberr\w+|blueberr\w+|grapes?|oranges?|lemons?|limes?|avocados?|peaches|pears?|mangoe?s?|melon|pineapple|cherries|kiwis?|fruit)\b/, "Fresh Fruits"],
  [/\b(?:lettuce|spinach|kale|tomato\w*|potato\w*|onions?|garlic|carrots?|celery|broccoli|peppers?|cucumbers?|mushrooms?|zucchini|squash|cabbage|greens|salad|herbs?|vegetables?)\b/, "Fresh Vegetables"],
];

// ---------------------------------------------------------------------------------------------------------
// Index (built once from the shipped JSON; pure data, no I/O)

const tokensOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean)
    .map(singularFood);

let entriesCache: Entry[] | null = null;
let byNameCache: Map<string, Entry> | null = null;

function entries(): Entry[] {
  if (entriesCache) return entriesCache;
  const categories = groceryNamesData.categories as readonly string[];
  entriesCache = (groceryNamesData.names as [string, number][]).map(([name, categoryIndex], rank) => {
    const category = categories[categoryIndex];
    const known = (PANTRY_CATEGORIES as readonly string[]).includes(category ?? "") ? (category as PantryCategory) : "Other";
    return { name, category: known, tokens: tokensOf(name), rank };
  });
  return entriesCache;
}

function byName(): Map<string, Entry> {
  if (byNameCache) return byNameCache;
  byNameCache = new Map();
  for (const entry of entries()) {
    const key = entry.tokens.join(" ");
    if (!byNameCache.has(key)) byNameCache.set(key, entry);
  }
  return byNameCache;
}

// ---------------------------------------------------------------------------------------------------------
// Matching

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** "bnna" in "banana", "chkn" in "chicken": same first letter, letters in order, most consonants kept. */
function isSkeletonOf(short: string, word: string): boolean {
  if (short.length < 3 || short[0] !== word[0] || short.length >= word.length) return false;
  let at = 0;
  for (const ch of word) if (ch === short[at]) at++;
  return at === short.length && short.length / word.length >= 0.4;
}

/** How well a receipt word stands for a dictionary word (0..1). */
function wordScore(query: string, word: string): number {
  if (query === word) return 1;
  if (query.length >= 3 && word.startsWith(query)) return 0.85;
  if (word.length >= 4 && query.startsWith(word) && query.length - word.length <= 3) return 0.8;
  if (query.length >= 5 && editDistance(query, word, 1) <= 1) return 0.75;
  if (query.length >= 8 && editDistance(query, word, 2) <= 2) return 0.6;
  if (isSkeletonOf(query, word)) return 0.65;
  return 0;
}

type Match = { entry: Entry; score: number; coversQuery: boolean };

let vocabularyCache: Set<string> | null = null;
function vocabulary(): Set<string> {
  vocabularyCache ??= new Set(entries().flatMap((e) => e.tokens));
  return vocabularyCache;
}

function bestMatch(queryTokens: string[]): Match | null {
  if (queryTokens.length === 0) return null;
  // A receipt word that is itself a known word only matches that word ("chips" is not "chipolata").
  const known = queryTokens.map((q) => vocabulary().has(q));
  const head = queryTokens[queryTokens.length - 1] ?? "";
  let best: Match | null = null;
  for (const entry of entries()) {
    let entryWeight = 0;
    const usedQuery = new Set<number>();
    let allEntryTokens = true;
    for (const word of entry.tokens) {
      let wordBest = 0;
      let wordBestAt = -1;
      queryTokens.forEach((q, i) => {
        if (usedQuery.has(i)) return;
        const s = known[i] ? (q === word ? 1 : 0) : wordScore(q, word);
        if (s > wordBest) {
          wordBest = s;
          wordBestAt = i;
        }
      });
      if (wordBestAt >= 0) usedQuery.add(wordBestAt);
      else allEntryTokens = false;
      entryWeight += wordBest;
    }
    if (entryWeight === 0) continue;
    // Dice-style overlap: matched weight counted from both sides.
    let score = (2 * entryWeight) / (entry.tokens.length + queryTokens.length);
    const headMatched = [...usedQuery].some((i) => queryTokens[i] === head) || entry.tokens.some((w) => wordScore(head, w) >= 0.65);
    if (headMatched) score += 0.1;
    if (!allEntryTokens) score -= 0.1;
    score -= entry.rank * 1e-6; // earlier (more common) names win ties
    if (!best || score > best.score) best = { entry, score, coversQuery: usedQuery.size === queryTokens.length && allEntryTokens };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Cleaning

function expandAbbreviations(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const pair = `${word} ${words[i + 1] ?? ""}`;
    const phrase = PHRASES[pair];
    if (phrase) {
      out.push(...phrase.split(" "));
      i++;
      continue;
    }
    const expanded = ABBREVIATIONS[word];
    out.push(...(expanded ? expanded.split(" ") : [word]));
  }
  return out;
}

const SIZE_TOKEN = /^(?:\d+(?:[.,]\d+)?(?:%|oz|fl|floz|lbs?|ct|pk|pack|gal|qt|pt|l|ml|g|gr|kg|dz|doz|in|ft|sq|rolls?|cans?|pc|pcs)?|\d+\/\d+|\d+x\d+|#\d+|\d+[a-z]{1,2})$/;

/** Receipt words that name the product: lowercased, codes and sizes dropped, abbreviations expanded, brands dropped. */
function productWords(raw: string): string[] {
  const lowered = raw
    .toLowerCase()
    .replace(/[*#"=~_|<>[\]{}()]/g, " ")
    .replace(/(\d)\s+(oz|lbs?|ct|pk|gal|ml|kg|g)\b/g, "$1$2");
  const words = lowered
    .split(/[\s,;:/\\]+|(?<=[a-z])-(?=[a-z])/)
    .map((w) => w.replace(/^[.'-]+|[.'-]+$/g, ""))
    .filter((w) => w.length > 0 && !SIZE_TOKEN.test(w) && /[a-z]/.test(w));
  // Abbreviations first: some are product brands that stand for a food ("LAYS" -> potato chips).
  const expanded = expandAbbreviations(words);
  // Brands lead the name; drop them while they do ("GV 2% MLK", "KS ORG EGGS").
  let start = 0;
  while (start < expanded.length - 1) {
    const length = BRAND_CODES.has(expanded[start] ?? "") ? 1 : brandLength(expanded, start);
    if (length === 0 || start + length >= expanded.length) break;
    start += length;
  }
  return expanded.slice(start).filter((w) => !/^\d/.test(w));
}

/** Brand codes and written-out brands anywhere in the name. */
function withoutBrands(words: string[]): string[] {
  return stripBrands(words.filter((w) => !BRAND_CODES.has(w)));
}

function titleForm(words: string[]): string {
  return words.join(" ").replace(/\s+/g, " ").trim();
}

function categoryByKeywords(text: string): PantryCategory | null {
  const t = text.toLowerCase();
  for (const [pattern, category] of CATEGORY_KEYWORDS) if (pattern.test(t)) return category;
  return null;
}

/** "FRZ PEAS" is frozen peas wherever the list files plain peas; likewise canned goods. */
function storageFormOf(words: string[]): { word: string; category: PantryCategory } | null {
  if (words.includes("frozen")) return { word: "frozen", category: "Frozen Foods" };
  if (words.includes("canned")) return { word: "canned", category: "Canned Goods" };
  return null;
}

function withStorageForm(words: string[], result: NormalizedReceiptName): NormalizedReceiptName {
  const form = storageFormOf(words);
  if (!form || result.category === form.category) return result;
  const name = result.name.includes(form.word) ? result.name : `${form.word} ${result.name}`;
  return { ...result, name, category: form.category };
}

// ---------------------------------------------------------------------------------------------------------
// Public API

/**
 * "ORG BNNA" -> bananas (Fresh Fruits); "GRND BF 80/20" -> ground beef (Fresh Meat); "GV 2% MLK GAL" -> milk
 * (Milk & Eggs). Bags, deposits, fees, tax and household goods come back with isFood false.
 */
export function normalizeReceiptName(raw: string): NormalizedReceiptName {
  const text = String(raw ?? "").slice(0, 200);
  const words = productWords(text);
  const spelled = titleForm(words);
  if (NON_FOOD.test(`${text.toLowerCase()} ${spelled}`)) {
    return { name: spelled || text.trim().toLowerCase(), category: "Other", isFood: false, confidence: 0.9 };
  }
  const named = withoutBrands(words).filter((w) => !MARKETING.has(w));
  const meaningful = named.filter((w) => !QUALIFIERS.has(w));
  // Qualifiers decide between entries ("whole milk", "baby spinach"); try with them first, then without.
  const candidates = [named, meaningful].map((list) => list.map(singularFood)).filter((list) => list.length > 0);
  let best: Match | null = null;
  for (const queryTokens of candidates) {
    const exact = byName().get(queryTokens.join(" "));
    if (exact) return withStorageForm(named, { name: exact.name, category: exact.category, isFood: true, confidence: 1 });
    const match = bestMatch(queryTokens);
    if (match && (!best || match.score > best.score)) best = match;
  }
  if (best && best.score >= 0.45) {
    const confidence = Math.min(0.95, Math.round(best.score * 100) / 100);
    return withStorageForm(named, { name: best.entry.name, category: best.entry.category, isFood: true, confidence });
  }
  const fallbackName = titleForm(named.length > 0 ? named : words) || text.trim().toLowerCase();
  return { name: fallbackName, category: categoryByKeywords(fallbackName) ?? "Other", isFood: true, confidence: best ? Math.round(Math.max(0.1, best.score * 0.5) * 100) / 100 : 0.1 };
}

/** The list's entry for a name that is exactly one of its foods, singular or plural ("zucchinis", "egg"). */
function exactEntry(words: readonly string[]): Entry | undefined {
  return byName().get(words.map(singularFood).join(" "));
}

/** Maps any grocery name onto one of the 15 pantry categories. */
export function categorizeGroceryName(name: string): PantryCategory {
  const words = productWords(String(name ?? ""));
  if (words.length === 0 || NON_FOOD.test(String(name ?? ""))) return "Other";
  const exact = exactEntry(words);
  if (exact) return exact.category;
  const storageForm = storageFormOf(words);
  if (storageForm) return storageForm.category;
  const keywordCategory = categoryByKeywords(words.join(" "));
  const match = bestMatch(withoutBrands(words).filter((w) => !MARKETING.has(w)).map(singularFood));
  if (match && match.score >= 0.75) return match.entry.category;
  if (keywordCategory) return keywordCategory;
  if (match && match.score >= 0.5) return match.entry.category;
  return "Other";
}

/**
 * The list's own spelling of a food named exactly ("zucchinis" -> zucchini, "egg" -> eggs), so the same food
 * reads the same wherever it was added; null for anything the list does not hold as such.
 */
export function knownGroceryName(name: string): string | null {
  const words = productWords(String(name ?? ""));
  if (words.length === 0 || NON_FOOD.test(String(name ?? ""))) return null;
  return exactEntry(words)?.name ?? null;
}

/** Autocomplete over the known names: the one suggestion rule (rankSuggestions in groceryAutocomplete.ts). */
export function searchGroceryNames(prefix: string, limit = 10): string[] {
  return rankSuggestions(prefix, entries().map((entry) => entry.name), limit);
}

/** Where a newly bought item usually goes; frozen goods to the freezer, shelf-stable ones to the pantry. */
export function defaultStorageFor(category: PantryCategory): StorageLocation {
  if (category === "Frozen Foods") return "freezer";
  if (["Canned Goods", "Dry Goods", "Spices & Seasonings", "Condiments & Sauces", "Beverages", "Snacks", "Bread & Bakery", "Other"].includes(category)) return "pantry";
  return "fridge";
}
