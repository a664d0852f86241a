/**
 * Grocery lines from recipe needs: the same food merged across spellings and plurals (foodNameKey), amounts
 * converted and summed across mass, volume and counts where the data is good (units.ts densities, the piece
 * weights below, package sizes written in the line), what the pantry holds subtracted in date order, and the
 * lines grouped by category in store order. Pure; no I/O.
 *
 * A conversion without good data is never guessed: those amounts stay on a line of their own ("3 cloves garlic"
 * beside "1 head garlic").
 */
import type { PantryCategory } from "./constants";
import { compareStoreOrder } from "./storeOrder";
import { foodNameKey, parseFoodSize } from "./foodNames";
import { categorizeGroceryName } from "./groceryNames";
import { isAlwaysAvailable, matchScore } from "./matching";
import { convert, normalizeUnit, unitKind } from "./units";

/** Where a generated line's amount came from: one planned meal or recipe, in the line's unit. */
export type GroceryItemSource = {
  recipeId: number | null;
  recipeTitle: string | null;
  mealPlanId: number | null;
  /** yyyy-MM-dd of the planned meal, when it came from the plan. */
  date: string | null;
  /** This source's share of the need, in the line's unit (null when the recipe gives no amount). */
  quantity: number | null;
};

/** One ingredient a recipe (or a planned meal of it) needs, already scaled to the servings cooked. */
export type GroceryNeed = {
  name: string;
  quantity: number | null;
  unit: string | null;
  /** The parser's comment ("14 oz", "15 oz each"): where a package's size is written. */
  note?: string | null;
  recipeId: number | null;
  recipeTitle: string | null;
  mealPlanId: number | null;
  /** When it will be cooked (yyyy-MM-dd); stock expiring before then does not count for it. */
  date: string | null;
};

/** A pantry item with something left: `amount` is what is left in `unit` (a count when unit is null). */
export type PantryStock = { id: number; name: string; amount: number; unit: string | null; expirationDate: string | null };

export type GroceryLine = {
  /** The merge key (foodNameKey plus a canned or frozen form). */
  key: string;
  name: string;
  category: PantryCategory;
  /** The line's unit; null counts whole items. */
  unit: string | null;
  /** What the recipes need in `unit` (null when none gives an amount). */
  needed: number | null;
  /** How much of the need the pantry covers, in `unit`. */
  fromPantry: number;
  /** What to buy, rounded up to what a shop sells (null: no amount given). 0 when the pantry covers it. */
  quantity: number | null;
  coveredByPantry: boolean;
  sources: GroceryItemSource[];
  /** The stored item this line is (kept through changes, so callers can update it). */
  ref?: number | null;
  /**
   * Already bought and put in the pantry, in `unit`: that stock is earmarked for this line, so it is not counted
   * again for other needs.
   */
  bought?: number;
};

// ---------------------------------------------------------------------------------------------------------------
// 1. Store order and keys

type Form = "canned" | "frozen" | null;

/** Canned and frozen foods are other products than fresh ones: foodNameKey drops those words, the key keeps them. */
function formOf(name: string, unit: string | null, note: string | null | undefined): Form {
  const text = `${name} ${note ?? ""}`.toLowerCase();
  if (/\b(?:canned|tinned)\b/.test(text) || normalizeUnit(unit ?? "") === "can") return "canned";
  if (/\bfrozen\b/.test(text)) return "frozen";
  return null;
}

function formOfKey(key: string): Form {
  return key.startsWith("canned ") ? "canned" : key.startsWith("frozen ") ? "frozen" : null;
}

/** The key under which two lines are the same product: "Tomatoes" and "tomato" share one; canned ones another. */
export function groceryKey(name: string, unit: string | null = null, note: string | null = null): string {
  const base = foodNameKey(name);
  const form = formOf(name, unit, note);
  return form ? `${form} ${base}` : base;
}

/** Canned and frozen lines belong to their aisles; other foods to the category their name reads as. */
function categoryOf(name: string, key: string): PantryCategory {
  const form = formOfKey(key);
  if (form === "canned") return "Canned Goods";
  if (form === "frozen") return "Frozen Foods";
  return categorizeGroceryName(name);
}

function sentenceCase(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return trimmed ? trimmed[0]!.toUpperCase() + trimmed.slice(1) : trimmed;
}

/** The name a line shows: the recipe's wording, with the form named when the key has one ("Canned tomatoes"). */
function lineName(need: GroceryNeed, key: string): string {
  const name = sentenceCase(need.name);
  const form = formOfKey(key);
  if (form && !new RegExp(`\\b${form}\\b`, "i").test(name)) return sentenceCase(`${form} ${need.name.trim()}`);
  return name;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Measures and conversion

/** Grams per piece for foods bought by the piece, so "1 onion" and "200 g onion" can be one line. */
const PIECE_WEIGHT_G: Readonly<Record<string, number>> = {
  onion: 150,
  "green onion": 15,
  shallot: 40,
  "bell pepper": 150,
  tomato: 120,
  "cherry tomato": 15,
  potato: 200,
  "sweet potato": 250,
  carrot: 60,
  zucchini: 200,
  cucumber: 300,
  eggplant: 450,
  avocado: 170,
  lemon: 100,
  lime: 65,
  orange: 150,
  apple: 180,
  banana: 120,
  pear: 180,
  egg: 50,
  "chicken breast": 200,
  "chicken thigh": 110,
  leek: 200,
  cauliflower: 600,
  mango: 300,
};
const PIECE_KEYS = Object.keys(PIECE_WEIGHT_G).sort((a, b) => b.length - a.length);

/** Grams in one piece of a food, matched on the key's last words ("red bell pepper" is a bell pepper). */
export function pieceWeightOf(key: string): number | null {
  const words = ` ${key.replace(/^(?:canned|frozen) /, "")}`;
  for (const piece of PIECE_KEYS) {
    if (words.endsWith(` ${piece}`)) return PIECE_WEIGHT_G[piece] ?? null;
  }
  return null;
}

/** How an amount is measured: by weight, by volume, in whole items, or in a package unit of its own ("can"). */
type Measure = "weight" | "volume" | "count" | `package:${string}`;

const PLAIN_COUNT = new Set(["each", "count", "dozen"]);

function canonicalUnit(unit: string | null | undefined): string | null {
  if (unit == null || unit.trim() === "") return null;
  return normalizeUnit(unit) ?? unit.trim().toLowerCase();
}

function measureOfUnit(unit: string | null): Measure {
  const canonical = canonicalUnit(unit);
  if (canonical === null || PLAIN_COUNT.has(canonical)) return "count";
  const kind = unitKind(canonical);
  if (kind === "weight") return "weight";
  if (kind === "volume") return "volume";
  return `package:${canonical}`;
}

/** The base unit a measure is summed in. */
function baseUnitOf(measure: Measure): string | null {
  if (measure === "weight") return "g";
  if (measure === "volume") return "ml";
  if (measure === "count") return null;
  return measure.slice("package:".length);
}

/** An amount in the base unit of its measure, and the unit it was written in (a package's size unit). */
type Amount = { measure: Measure; value: number; written: string | null };

/**
 * A need's amount in its base unit: a package with its size written ("1 (14 oz) can", "2 x 400 g tins") counts
 * as what it holds; a butter stick as its weight; everything else as written.
 */
function amountOf(quantity: number, unit: string | null, food: string, note: string | null | undefined): Amount | null {
  const measure = measureOfUnit(unit);
  if (measure.startsWith("package:")) {
    const size = parseFoodSize(note ?? "") ?? parseFoodSize(food);
    if (size) {
      const inner = quantity * size.amount * size.packCount;
      return size.unit === "count" ? { measure: "count", value: inner, written: null } : amountOf(inner, size.unit, food, null);
    }
    const asWeight = convert(quantity, unit ?? "", "g", food);
    if (asWeight !== null) return { measure: "weight", value: asWeight, written: canonicalUnit(unit) };
    return { measure, value: quantity, written: canonicalUnit(unit) };
  }
  if (measure === "count") {
    const canonical = canonicalUnit(unit);
    return { measure, value: canonical ? (convert(quantity, canonical, "each") ?? quantity) : quantity, written: null };
  }
  const base = baseUnitOf(measure)!;
  const value = convert(quantity, unit ?? base, base, food);
  return value === null ? null : { measure, value, written: canonicalUnit(unit) };
}

/** The same amount measured another way, when the food's density or piece weight says how; null otherwise. */
function convertAmount(amount: Amount, to: Measure, food: string, key: string): number | null {
  if (amount.measure === to) return amount.value;
  const piece = pieceWeightOf(key);
  const grams = amount.measure === "weight" ? amount.value : amount.measure === "volume" ? convert(amount.value, "ml", "g", food) : amount.measure === "count" && piece ? amount.value * piece : null;
  if (grams === null) return null;
  if (to === "weight") return grams;
  if (to === "volume") return convert(grams, "g", "ml", food);
  if (to === "count") return piece ? grams / piece : null;
  return null;
}

const IMPERIAL = new Set(["oz", "lb", "cups", "tbsp", "tsp", "fl oz", "pint", "quart", "gallon", "stick"]);

/** The unit a line is written in: metric unless every amount was written in US units; kg and l from 1000 up. */
function lineUnitFor(measure: Measure, total: number, writtenUnits: (string | null)[]): string | null {
  if (measure === "count") return null;
  if (measure.startsWith("package:")) return baseUnitOf(measure);
  const units = writtenUnits.filter((u): u is string => u !== null && unitKind(u) !== "count");
  const imperial = units.length > 0 && units.every((u) => IMPERIAL.has(u));
  if (measure === "weight") {
    if (imperial) return total >= convert(1, "lb", "g")! ? "lb" : "oz";
    return total >= 1000 ? "kg" : "g";
  }
  if (imperial) {
    if (total >= convert(0.25, "cups", "ml")!) return "cups";
    return total >= convert(1, "tbsp", "ml")! ? "tbsp" : "tsp";
  }
  return total >= 1000 ? "l" : "ml";
}

/** From the base unit of a measure into a line's unit. */
function fromBase(value: number, measure: Measure, unit: string | null): number {
  if (measure === "count" || measure.startsWith("package:") || unit === null) return value;
  return convert(value, baseUnitOf(measure)!, unit) ?? value;
}

/** Into the base unit of the line's measure from its unit. */
function toBase(value: number, unit: string | null): number {
  const measure = measureOfUnit(unit);
  if (measure === "count" || measure.startsWith("package:") || unit === null) return value;
  return convert(value, unit, baseUnitOf(measure)!) ?? value;
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Rounding for the shop

const EPSILON = 1e-6;

/**
 * What to buy of an amount: whole items and packages rounded up; spoons and cups up to the next quarter or half;
 * grams and millilitres up to the gram; kilograms and litres to 10 g. Never less than the amount.
 */
export function roundForShopping(quantity: number, unit: string | null): number {
  if (!(quantity > EPSILON)) return 0;
  const up = (step: number) => Math.round(Math.ceil(quantity / step - EPSILON) * step * 1e6) / 1e6;
  const canonical = canonicalUnit(unit);
  if (canonical === null || unitKind(canonical) === "count" || unitKind(canonical) === null) return up(1);
  if (canonical === "g" || canonical === "ml" || canonical === "mg") return up(1);
  if (canonical === "kg" || canonical === "l") return up(0.01);
  if (canonical === "cups") return up(0.25);
  if (canonical === "tbsp" || canonical === "tsp") return up(0.5);
  return up(0.25);
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Pantry lots

type Lot = { stock: PantryStock; key: string; form: Form; left: number /* in the lot's own unit */ };

function lotsFrom(stock: readonly PantryStock[]): Lot[] {
  // Soonest-expiring first; undated stock (it keeps) last.
  return [...stock]
    .filter((s) => s.amount > EPSILON)
    .sort((a, b) => (a.expirationDate ?? "9999-99-99").localeCompare(b.expirationDate ?? "9999-99-99") || a.id - b.id)
    .map((s) => ({ stock: s, key: groceryKey(s.name, s.unit), form: formOf(s.name, s.unit, null), left: s.amount }));
}

/**
 * Stock that counts for a line: the same food by key, or by the recipe-to-pantry match rule (matchScore: "Yellow
 * onions" in the pantry count for "onion"), in the same form (canned tomatoes never stand in for fresh ones).
 */
function lotServes(lot: Lot, line: { key: string; food: string }): boolean {
  if (lot.key === line.key) return true;
  return lot.form === formOfKey(line.key) && matchScore(line.food, lot.stock.name) >= 0.8;
}

/** A lot's remaining amount in a measure, or null when it cannot be compared. */
function lotIn(lot: Lot, measure: Measure, food: string): number | null {
  const amount = amountOf(lot.left, lot.stock.unit, lot.stock.name, null);
  return amount ? convertAmount(amount, measure, food, lot.key) : null;
}

/** Takes up to `wanted` (in the measure's base unit) from the lot; returns what was taken. */
function takeFromLot(lot: Lot, measure: Measure, food: string, wanted: number): number {
  const available = lotIn(lot, measure, food);
  if (available === null || available <= EPSILON || wanted <= EPSILON) return 0;
  const taken = Math.min(available, wanted);
  lot.left = taken >= available - EPSILON ? 0 : lot.left * (1 - taken / available);
  return taken;
}

/** Stock usable on `date`: not past its date by then (undated needs and undated stock always count). */
function usableOn(lot: Lot, date: string | null): boolean {
  return !date || !lot.stock.expirationDate || lot.stock.expirationDate >= date;
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Building and changing lines

const tidy = (n: number) => Math.round(n * 1e6) / 1e6;

type WorkLine = GroceryLine & { measure: Measure; food: string; neededBase: number | null; pantryBase: number };

function finish(line: WorkLine): GroceryLine {
  const needed = line.neededBase === null ? null : fromBase(line.neededBase, line.measure, line.unit);
  const fromPantry = fromBase(line.pantryBase, line.measure, line.unit);
  const toBuy = needed === null ? null : roundForShopping(Math.max(0, needed - fromPantry), line.unit);
  const coveredByPantry = needed === null ? line.pantryBase > 0 || line.coveredByPantry : toBuy === 0;
  return {
    key: line.key,
    name: line.name,
    category: line.category,
    unit: line.unit,
    needed: needed === null ? null : tidy(needed),
    fromPantry: tidy(fromPantry),
    quantity: toBuy,
    coveredByPantry,
    sources: line.sources,
    ref: line.ref ?? null,
    bought: line.bought ?? 0,
  };
}

function workLineFrom(line: GroceryLine): WorkLine {
  const measure = measureOfUnit(line.unit);
  return {
    ...line,
    measure,
    food: line.name,
    neededBase: line.needed === null ? null : toBase(line.needed, line.unit),
    pantryBase: toBase(line.fromPantry, line.unit),
  };
}

/** Needs in cooking order: dated ones by date, undated after. */
function byDate(a: GroceryNeed, b: GroceryNeed): number {
  return (a.date ?? "9999-99-99").localeCompare(b.date ?? "9999-99-99");
}

type PlacedNeed = { need: GroceryNeed; key: string; amount: Amount | null };

/**
 * Picks the measure that takes in most of a food's amounts (whole items, then weight, then volume, then the
 * first package unit, on ties); the amounts it cannot take in are left for another line.
 */
function chooseMeasure(placed: PlacedNeed[], key: string): Measure | null {
  const present = [...new Set(placed.map((p) => p.amount?.measure).filter((m): m is Measure => m !== undefined))];
  if (present.length === 0) return null;
  const preference = (m: Measure) => (m === "count" ? 0 : m === "weight" ? 1 : m === "volume" ? 2 : 3);
  let best: { measure: Measure; takes: number } | null = null;
  for (const measure of present.sort((a, b) => preference(a) - preference(b))) {
    const takes = placed.filter((p) => p.amount && convertAmount(p.amount, measure, p.need.name, key) !== null).length;
    if (!best || takes > best.takes) best = { measure, takes };
  }
  return best?.measure ?? null;
}

/** New lines for one food's needs, pantry lots taken in date order. */
function linesForKey(key: string, placed: PlacedNeed[], lots: Lot[]): WorkLine[] {
  const out: WorkLine[] = [];
  let remaining = placed;
  while (remaining.length > 0) {
    const measure = chooseMeasure(remaining, key);
    const food = remaining[0]!.need.name;
    const takes = (p: PlacedNeed) => (measure === null ? p.amount === null : p.amount === null || convertAmount(p.amount, measure, p.need.name, key) !== null);
    // Amount-less needs ("olive oil") join the first line of their food.
    const mine = out.length === 0 ? remaining.filter(takes) : remaining.filter((p) => p.amount !== null && takes(p));
    remaining = remaining.filter((p) => !mine.includes(p));
    const line: WorkLine = {
      key,
      name: lineName(mine[0]!.need, key),
      category: categoryOf(lineName(mine[0]!.need, key), key),
      unit: null,
      needed: null,
      fromPantry: 0,
      quantity: null,
      coveredByPantry: false,
      sources: [],
      measure: measure ?? "count",
      food,
      neededBase: null,
      pantryBase: 0,
    };
    const amounts = mine.map((p) => (p.amount && measure ? (convertAmount(p.amount, measure, p.need.name, key) ?? 0) : null));
    const total = amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0);
    line.unit = measure ? lineUnitFor(measure, total, mine.map((p) => p.amount?.written ?? null)) : null;
    mine.forEach((p, i) => addNeed(line, p.need, amounts[i] ?? null, lots));
    if (measure === null && lots.some((lot) => lot.left > EPSILON && lotServes(lot, line))) line.coveredByPantry = true;
    out.push(line);
  }
  return out;
}

/** Adds one need (already in the line's base unit) to a line, covering what it can from usable pantry lots. */
function addNeed(line: WorkLine, need: GroceryNeed, base: number | null, lots: Lot[]) {
  let fromPantry = 0;
  if (base !== null && base > 0) {
    for (const lot of lots) {
      if (!lotServes(lot, line) || !usableOn(lot, need.date)) continue;
      fromPantry += takeFromLot(lot, line.measure, line.food, base - fromPantry);
      if (base - fromPantry <= EPSILON) break;
    }
    line.neededBase = (line.neededBase ?? 0) + base;
    line.pantryBase += fromPantry;
  }
  line.sources.push({
    recipeId: need.recipeId,
    recipeTitle: need.recipeTitle,
    mealPlanId: need.mealPlanId,
    date: need.date,
    quantity: base === null ? null : tidy(fromBase(base, line.measure, line.unit)),
  });
}

/** Pantry stock already counted for existing lines is not counted again: it is taken from the lots first. */
function reserveExisting(lines: WorkLine[], lots: Lot[]) {
  for (const line of lines) {
    let left = line.pantryBase + toBase(line.bought ?? 0, line.unit);
    for (const lot of lots) {
      if (left <= EPSILON) break;
      if (lotServes(lot, line)) left -= takeFromLot(lot, line.measure, line.food, left);
    }
  }
}

/**
 * Adds needs to a list's lines: each need joins the line of the same food whose unit it converts into, or
 * starts a new one; the pantry stock not yet counted for a line covers what it can, soonest-expiring first and
 * never stock that expires before the meal. Returns every line (existing first, new ones after) in store order.
 * Water, salt and pepper (always at hand) are left out.
 */
export function addNeedsToLines(existing: readonly GroceryLine[], needs: readonly GroceryNeed[], stock: readonly PantryStock[]): GroceryLine[] {
  const lines = existing.map(workLineFrom);
  const lots = lotsFrom(stock);
  reserveExisting(lines, lots);

  const fresh = new Map<string, PlacedNeed[]>();
  for (const need of [...needs].filter((n) => n.name.trim() && !isAlwaysAvailable(n.name)).sort(byDate)) {
    const key = groceryKey(need.name, need.unit, need.note ?? null);
    if (!key) continue;
    const quantity = need.quantity !== null && need.quantity > 0 ? need.quantity : null;
    const amount = quantity === null ? null : amountOf(quantity, need.unit, need.name, need.note);
    const line = lines.find((l) => l.key === key && (amount === null || convertAmount(amount, l.measure, need.name, key) !== null));
    if (line) {
      addNeed(line, need, amount === null ? null : convertAmount(amount, line.measure, need.name, key), lots);
      continue;
    }
    (fresh.get(key) ?? fresh.set(key, []).get(key)!).push({ need, key, amount });
  }
  for (const [key, placed] of fresh) lines.push(...linesForKey(key, placed, lots));
  return lines.map(finish).sort(compareStoreOrder);
}

/** Lines for a set of needs (a list made from recipes or the plan). */
export function mergeGroceryNeeds(needs: readonly GroceryNeed[], stock: readonly PantryStock[]): GroceryLine[] {
  return addNeedsToLines([], needs, stock);
}

/**
 * Takes one planned meal's share out of lines: each line loses that meal's sources and the amount they needed;
 * pantry stock counted for it is released. Every line is kept (a line left without sources keeps its place, so
 * the meal's new needs can refill it); `emptied` names those left without any source.
 */
export function removeMealFromLines(lines: readonly GroceryLine[], mealPlanId: number): { kept: GroceryLine[]; emptied: GroceryLine[]; changed: GroceryLine[] } {
  const kept: GroceryLine[] = [];
  const emptied: GroceryLine[] = [];
  const changed: GroceryLine[] = [];
  for (const line of lines) {
    if (!line.sources.some((s) => s.mealPlanId === mealPlanId)) {
      kept.push(line);
      continue;
    }
    const sources = line.sources.filter((s) => s.mealPlanId !== mealPlanId);
    if (sources.length === 0) {
      const empty: GroceryLine = { ...line, sources: [], needed: null, fromPantry: 0, quantity: null, coveredByPantry: false };
      kept.push(empty);
      emptied.push(empty);
      continue;
    }
    const quantified = sources.filter((s) => s.quantity !== null);
    const needed = quantified.length ? tidy(quantified.reduce((sum, s) => sum + (s.quantity ?? 0), 0)) : null;
    const fromPantry = needed === null ? 0 : Math.min(line.fromPantry, needed);
    const quantity = needed === null ? null : roundForShopping(needed - fromPantry, line.unit);
    const next: GroceryLine = { ...line, sources, needed, fromPantry, quantity, coveredByPantry: needed === null ? line.coveredByPantry : quantity === 0 };
    kept.push(next);
    changed.push(next);
  }
  return { kept, emptied, changed };
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Items added by name (the Add New Item form, the cooking companion, smart insights)

/** A line already on a list that an added item may join: one still to buy (not checked, bought or covered). */
export type ListedLine = {
  ref: number;
  name: string;
  quantity: number | null;
  unit: string | null;
  /** A generated line's sources; null for a line added by name. */
  sources: GroceryItemSource[] | null;
  fromPantry: number | null;
};

/** An item added by its name, with or without an amount. */
export type PlainItem = { name: string; quantity: number | null; unit: string | null; recipeId?: number | null };

export type PlainPlacement = {
  /** Existing lines whose amount changed. */
  changed: { ref: number; quantity: number | null; unit: string | null; sources: GroceryItemSource[] | null }[];
  /** New lines: the first item of a food, with the amounts of the items that joined it. */
  added: { name: string; quantity: number | null; unit: string | null; recipeId: number | null }[];
  /** Where each item went, in the order given: a listed line (ref) or a new one (index into `added`). */
  placed: ({ ref: number } | { added: number })[];
};

/** An amount in the base unit of a measure, written in a line's unit (whole items in dozens when the line counts so). */
function inLineUnit(base: number, measure: Measure, unit: string | null): number {
  if (measure === "count") {
    const canonical = canonicalUnit(unit);
    return canonical ? (convert(base, "each", canonical) ?? base) : base;
  }
  return fromBase(base, measure, unit);
}

/**
 * An item's amount joined to a line of the same food: the sum in the line's unit (rounded up to what a shop sells
 * when a conversion was needed), or null when the amounts cannot be summed without a guess. An item without an
 * amount joins as it is; a line without an amount takes the item's.
 */
function joinAmount(line: { quantity: number | null; unit: string | null }, item: PlainItem, key: string): { quantity: number | null; unit: string | null; added: number | null } | null {
  if (item.quantity === null || !(item.quantity > 0)) return { quantity: line.quantity, unit: line.unit, added: null };
  if (line.quantity === null) return { quantity: item.quantity, unit: item.unit, added: item.quantity };
  const amount = amountOf(item.quantity, item.unit, item.name, null);
  if (!amount) return null;
  const measure = measureOfUnit(line.unit);
  const base = convertAmount(amount, measure, item.name, key);
  if (base === null) return null;
  const sameUnit = canonicalUnit(item.unit) === canonicalUnit(line.unit);
  const added = sameUnit ? item.quantity : inLineUnit(base, measure, line.unit);
  const sum = line.quantity + added;
  return { quantity: sameUnit ? tidy(sum) : roundForShopping(sum, line.unit), unit: line.unit, added: tidy(added) };
}

/**
 * Items added by name, placed the way generated lines merge: each joins the first line of the same product
 * (groceryKey: "Tomatoes" and "tomato") whose unit its amount converts into, listed lines first, then lines the
 * earlier items started; otherwise it starts a line of its own. A generated line gains a source for the amount
 * (so a later change of the plan keeps it) and its amount to buy is worked out again from its sources and the
 * pantry's share. Amounts that would need a guess stay on lines of their own, as everywhere in this module.
 */
export function placePlainItems(lines: readonly ListedLine[], items: readonly PlainItem[]): PlainPlacement {
  type Working = { ref: number | null; key: string; name: string; quantity: number | null; unit: string | null; sources: GroceryItemSource[] | null; fromPantry: number; recipeId: number | null; changed: boolean };
  const working: Working[] = lines.map((l) => ({ ...l, key: groceryKey(l.name, l.unit), fromPantry: l.fromPantry ?? 0, sources: l.sources ? [...l.sources] : null, recipeId: null, changed: false }));
  const fresh: Working[] = [];
  const placed: PlainPlacement["placed"] = [];
  for (const item of items) {
    const key = groceryKey(item.name, item.unit);
    let joined: Working | undefined;
    for (const line of key ? working : []) {
      if (line.key !== key) continue;
      const join = joinAmount(line, item, key);
      if (!join) continue;
      joined = line;
      if (join.added !== null) {
        line.changed = true;
        line.unit = join.unit;
        if (line.sources) {
          line.sources.push({ recipeId: item.recipeId ?? null, recipeTitle: null, mealPlanId: null, date: null, quantity: join.added });
          const needed = line.sources.reduce((sum, s) => sum + (s.quantity ?? 0), 0);
          line.quantity = roundForShopping(Math.max(0, needed - line.fromPantry), line.unit);
        } else {
          line.quantity = join.quantity;
        }
      }
      break;
    }
    if (joined) {
      placed.push(joined.ref !== null ? { ref: joined.ref } : { added: fresh.indexOf(joined) });
      continue;
    }
    const line: Working = { ref: null, key, name: item.name, quantity: item.quantity, unit: item.unit, sources: null, fromPantry: 0, recipeId: item.recipeId ?? null, changed: false };
    working.push(line);
    fresh.push(line);
    placed.push({ added: fresh.length - 1 });
  }
  return {
    changed: working.filter((l) => l.ref !== null && l.changed).map((l) => ({ ref: l.ref!, quantity: l.quantity, unit: l.unit, sources: l.sources })),
    added: fresh.map((l) => ({ name: l.name, quantity: l.quantity, unit: l.unit, recipeId: l.recipeId })),
    placed,
  };
}
