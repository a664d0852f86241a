/**
 * Units of measure: canonical names, aliases, kinds and conversion. Pure; no I/O.
 *
 * Canonical names follow the unit picker's list (constants.ts UNITS: "cups", "slices", "fl oz", ...) so that
 * recipe units and pantry units compare directly; the other count units ("clove", "can", ...) are singular.
 */
import { UNITS } from "./constants";
import { lookupTable } from "./lookup";

export type UnitKind = "volume" | "weight" | "count";
export type BaseUnit = "ml" | "g" | "count";

type UnitInfo = {
  kind: UnitKind;
  /** Size of one unit in the base unit of its kind (ml, g or count). */
  toBase: number;
  /** How it reads next to 1 and next to other amounts. */
  singular: string;
  plural: string;
};

const TSP_ML = 4.92892;

const UNIT_TABLE = {
  // volume
  ml: { kind: "volume", toBase: 1, singular: "ml", plural: "ml" },
  cl: { kind: "volume", toBase: 10, singular: "cl", plural: "cl" },
  dl: { kind: "volume", toBase: 100, singular: "dl", plural: "dl" },
  l: { kind: "volume", toBase: 1000, singular: "l", plural: "l" },
  tsp: { kind: "volume", toBase: TSP_ML, singular: "tsp", plural: "tsp" },
  tbsp: { kind: "volume", toBase: TSP_ML * 3, singular: "tbsp", plural: "tbsp" },
  "fl oz": { kind: "volume", toBase: TSP_ML * 6, singular: "fl oz", plural: "fl oz" },
  cups: { kind: "volume", toBase: TSP_ML * 48, singular: "cup", plural: "cups" },
  pint: { kind: "volume", toBase: TSP_ML * 96, singular: "pint", plural: "pints" },
  quart: { kind: "volume", toBase: TSP_ML * 192, singular: "quart", plural: "quarts" },
  gallon: { kind: "volume", toBase: TSP_ML * 768, singular: "gallon", plural: "gallons" },
  // Conventional kitchen sizes: a dash is 1/8 tsp and a pinch 1/16 tsp.
  dash: { kind: "volume", toBase: TSP_ML / 8, singular: "dash", plural: "dashes" },
  pinch: { kind: "volume", toBase: TSP_ML / 16, singular: "pinch", plural: "pinches" },
  // Bar measures: a jigger is 1.5 fl oz; a shot is taken as 1 fl oz (a single espresso, a small pour).
  jigger: { kind: "volume", toBase: TSP_ML * 9, singular: "jigger", plural: "jiggers" },
  shot: { kind: "volume", toBase: TSP_ML * 6, singular: "shot", plural: "shots" },
  // weight
  mg: { kind: "weight", toBase: 0.001, singular: "mg", plural: "mg" },
  g: { kind: "weight", toBase: 1, singular: "g", plural: "g" },
  kg: { kind: "weight", toBase: 1000, singular: "kg", plural: "kg" },
  oz: { kind: "weight", toBase: 28.349523125, singular: "oz", plural: "oz" },
  lb: { kind: "weight", toBase: 453.59237, singular: "lb", plural: "lb" },
  // count
  each: { kind: "count", toBase: 1, singular: "each", plural: "each" },
  count: { kind: "count", toBase: 1, singular: "count", plural: "count" },
  dozen: { kind: "count", toBase: 12, singular: "dozen", plural: "dozen" },
  slices: { kind: "count", toBase: 1, singular: "slice", plural: "slices" },
  clove: { kind: "count", toBase: 1, singular: "clove", plural: "cloves" },
  can: { kind: "count", toBase: 1, singular: "can", plural: "cans" },
  package: { kind: "count", toBase: 1, singular: "package", plural: "packages" },
  stick: { kind: "count", toBase: 1, singular: "stick", plural: "sticks" },
  bunch: { kind: "count", toBase: 1, singular: "bunch", plural: "bunches" },
  sprig: { kind: "count", toBase: 1, singular: "sprig", plural: "sprigs" },
  head: { kind: "count", toBase: 1, singular: "head", plural: "heads" },
  handful: { kind: "count", toBase: 1, singular: "handful", plural: "handfuls" },
  piece: { kind: "count", toBase: 1, singular: "piece", plural: "pieces" },
  jar: { kind: "count", toBase: 1, singular: "jar", plural: "jars" },
  bottle: { kind: "count", toBase: 1, singular: "bottle", plural: "bottles" },
  box: { kind: "count", toBase: 1, singular: "box", plural: "boxes" },
  bag: { kind: "count", toBase: 1, singular: "bag", plural: "bags" },
  container: { kind: "count", toBase: 1, singular: "container", plural: "containers" },
  stalk: { kind: "count", toBase: 1, singular: "stalk", plural: "stalks" },
  sheet: { kind: "count", toBase: 1, singular: "sheet", plural: "sheets" },
  fillet: { kind: "count", toBase: 1, singular: "fillet", plural: "fillets" },
  loaf: { kind: "count", toBase: 1, singular: "loaf", plural: "loaves" },
  ear: { kind: "count", toBase: 1, singular: "ear", plural: "ears" },
  cube: { kind: "count", toBase: 1, singular: "cube", plural: "cubes" },
  knob: { kind: "count", toBase: 1, singular: "knob", plural: "knobs" },
  thumb: { kind: "count", toBase: 1, singular: "thumb", plural: "thumbs" },
  splash: { kind: "count", toBase: 1, singular: "splash", plural: "splashes" },
  drop: { kind: "count", toBase: 1, singular: "drop", plural: "drops" },
  scoop: { kind: "count", toBase: 1, singular: "scoop", plural: "scoops" },
  strip: { kind: "count", toBase: 1, singular: "strip", plural: "strips" },
  envelope: { kind: "count", toBase: 1, singular: "envelope", plural: "envelopes" },
  tube: { kind: "count", toBase: 1, singular: "tube", plural: "tubes" },
  block: { kind: "count", toBase: 1, singular: "block", plural: "blocks" },
  glass: { kind: "count", toBase: 1, singular: "glass", plural: "glasses" },
  mug: { kind: "count", toBase: 1, singular: "mug", plural: "mugs" },
  bowl: { kind: "count", toBase: 1, singular: "bowl", plural: "bowls" },
} as const satisfies Record<string, UnitInfo>;

export type CanonicalUnit = keyof typeof UNIT_TABLE;

const UNIT_INFO: Record<string, UnitInfo> = UNIT_TABLE;

/** Every canonical unit, the picker's list (constants.ts UNITS) first. */
export const CANONICAL_UNITS: readonly string[] = [...new Set<string>([...UNITS, ...Object.keys(UNIT_TABLE)])];

/**
 * Case-sensitive aliases: "T" is a tablespoon and "t" a teaspoon in American recipes, so single letters are
 * only read in the case they are written. Everything else is matched lower-cased.
 */
const CASE_SENSITIVE_ALIASES: Readonly<Record<string, CanonicalUnit>> = lookupTable({
  T: "tbsp",
  Tb: "tbsp",
  TB: "tbsp",
  t: "tsp",
  // German recipes: Esslöffel and Teelöffel.
  EL: "tbsp",
  TL: "tsp",
  c: "cups",
  C: "cups",
  l: "l",
  L: "l",
  g: "g",
  G: "g",
});

const ALIAS_GROUPS: Record<CanonicalUnit, string[]> = {
  ml: ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc"],
  cl: ["cl", "centilitre", "centilitres", "centiliter", "centiliters"],
  dl: ["dl", "decilitre", "decilitres", "deciliter", "deciliters"],
  l: ["l", "litre", "litres", "liter", "liters", "ltr", "ltrs", "lt"],
  tsp: ["tsp", "tsps", "tspn", "tspns", "teaspoon", "teaspoons", "teaspoonful", "teaspoonfuls", "ts", "tea spoon", "tea spoons", "tea spoonful", "tea spoonfuls", "cucharadita", "cucharaditas", "cdta", "cdtas", "cucchiaino", "cucchiaini"],
  // A plain "spoon" in home recipes is a tablespoon.
  tbsp: ["tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tblspn", "tablespoon", "tablespoons", "tablespoonful", "tablespoonfuls", "table spoon", "table spoons", "table spoonful", "table spoonfuls", "spoon", "spoons", "spoonful", "spoonfuls", "cucharada", "cucharadas", "cda", "cdas", "cucchiaio", "cucchiai"],
  "fl oz": ["fl oz", "fl. oz", "fl.oz", "floz", "fluid ounce", "fluid ounces", "fl ounce", "fl ounces", "fl. ounces"],
  cups: ["cup", "cups", "cupful", "cupfuls", "taza", "tazas", "tazza", "tazze", "tasse", "tassen"],
  pint: ["pint", "pints", "pt", "pts"],
  quart: ["quart", "quarts", "qt", "qts"],
  gallon: ["gallon", "gallons", "gal", "gals"],
  dash: ["dash", "dashes"],
  pinch: ["pinch", "pinches", "pizca", "pizcas", "pizzico", "pizzichi", "prise", "prisen"],
  jigger: ["jigger", "jiggers"],
  shot: ["shot", "shots"],
  mg: ["mg", "milligram", "milligrams", "milligramme", "milligrammes"],
  g: ["g", "gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes"],
  kg: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
  oz: ["oz", "ozs", "ounce", "ounces"],
  lb: ["lb", "lbs", "pound", "pounds"],
  each: ["each", "ea"],
  count: ["count", "ct"],
  dozen: ["dozen", "doz"],
  slices: ["slice", "slices"],
  clove: ["clove", "cloves", "gousse", "gousses", "spicchio", "spicchi", "diente", "dientes", "dente", "dentes", "zehe", "zehen"],
  can: ["can", "cans", "tin", "tins", "lata", "latas"],
  package: ["package", "packages", "pkg", "pkgs", "packet", "packets", "pack", "packs", "pkt", "pkts", "pck", "pcks"],
  stick: ["stick", "sticks"],
  bunch: ["bunch", "bunches"],
  sprig: ["sprig", "sprigs"],
  head: ["head", "heads"],
  handful: ["handful", "handfuls", "handfull", "handfulls"],
  piece: ["piece", "pieces", "pc", "pcs", "chunk", "chunks"],
  jar: ["jar", "jars"],
  bottle: ["bottle", "bottles"],
  box: ["box", "boxes"],
  bag: ["bag", "bags"],
  container: ["container", "containers", "tub", "tubs", "carton", "cartons"],
  stalk: ["stalk", "stalks", "rib", "ribs"],
  sheet: ["sheet", "sheets"],
  fillet: ["fillet", "fillets", "filet", "filets"],
  loaf: ["loaf", "loaves"],
  ear: ["ear", "ears"],
  cube: ["cube", "cubes"],
  knob: ["knob", "knobs"],
  thumb: ["thumb", "thumbs"],
  splash: ["splash", "splashes"],
  drop: ["drop", "drops"],
  scoop: ["scoop", "scoops"],
  tube: ["tube", "tubes"],
  strip: ["strip", "strips"],
  envelope: ["envelope", "envelopes", "sachet", "sachets"],
  block: ["block", "blocks"],
  glass: ["glass", "glasses", "wineglass", "wineglasses", "wine-glass", "wine-glasses", "wine glass", "wine glasses", "glassful", "glassfuls"],
  mug: ["mug", "mugs", "mugful"],
  bowl: ["bowl", "bowls", "bowlful"],
};

const ALIASES = new Map<string, CanonicalUnit>();
for (const [unit, aliases] of Object.entries(ALIAS_GROUPS) as [CanonicalUnit, string[]][]) {
  for (const alias of aliases) ALIASES.set(alias, unit);
  ALIASES.set(unit, unit);
}

/** Canonical unit for a written unit ("Tablespoons", "tbsp.", "T", "fl. oz", "g"), or null when it is not one. */
export function normalizeUnit(raw: string): string | null {
  const trimmed = raw.trim().replace(/\.$/, "").trim();
  if (!trimmed) return null;
  const exact = CASE_SENSITIVE_ALIASES[trimmed];
  if (exact) return exact;
  const key = trimmed.toLowerCase().replace(/[.-]/g, " ").replace(/\s+/g, " ").trim();
  return ALIASES.get(key) ?? null;
}

function infoOf(unit: string | null | undefined): UnitInfo | null {
  if (unit == null) return null;
  const canonical = UNIT_INFO[unit] ? unit : normalizeUnit(unit);
  return canonical ? (UNIT_INFO[canonical] ?? null) : null;
}

export function unitKind(unit: string | null | undefined): UnitKind | null {
  return infoOf(unit)?.kind ?? null;
}

/** How a unit reads next to a quantity: "cup" for 1, "cups" for 2, "tbsp" for any. */
export function unitLabel(unit: string, quantity: number | null): string {
  const info = infoOf(unit);
  if (!info) return unit;
  const one = quantity !== null && quantity > 0 && quantity <= 1;
  return one ? info.singular : info.plural;
}

/**
 * Grams per millilitre for common foods, so volume and weight convert for them. Keys are matched as whole words
 * in the food name, longest first ("brown sugar" before "sugar").
 */
const DENSITY_G_PER_ML: Readonly<Record<string, number>> = lookupTable({
  water: 1,
  milk: 1.03,
  buttermilk: 1.03,
  cream: 1.0,
  "heavy cream": 1.0,
  "sour cream": 1.0,
  yogurt: 1.03,
  yoghurt: 1.03,
  flour: 0.53,
  "bread flour": 0.55,
  "whole wheat flour": 0.51,
  "almond flour": 0.41,
  cornstarch: 0.54,
  cornflour: 0.54,
  "cocoa powder": 0.42,
  cocoa: 0.42,
  sugar: 0.85,
  "granulated sugar": 0.85,
  "brown sugar": 0.93,
  "powdered sugar": 0.51,
  "confectioners sugar": 0.51,
  "icing sugar": 0.51,
  butter: 0.96,
  rice: 0.85,
  oats: 0.38,
  oat: 0.38,
  honey: 1.42,
  "maple syrup": 1.32,
  syrup: 1.32,
  molasses: 1.45,
  oil: 0.92,
  "olive oil": 0.91,
  salt: 1.2,
  "kosher salt": 0.6,
  "sea salt": 1.2,
  "baking soda": 1.0,
  "baking powder": 0.9,
  "peanut butter": 1.08,
  "grated cheese": 0.42,
  "chocolate chips": 0.72,
});

const DENSITY_KEYS = Object.keys(DENSITY_G_PER_ML).sort((a, b) => b.length - a.length);

/** Grams per millilitre for a food name, or null when the table does not know it. */
export function densityOf(food: string): number | null {
  const text = ` ${food.toLowerCase().replace(/[^a-z]+/g, " ").trim()} `;
  for (const key of DENSITY_KEYS) {
    if (text.includes(` ${key} `) || text.includes(` ${key}s `)) return DENSITY_G_PER_ML[key] ?? null;
  }
  return null;
}

/** A US stick of butter is half a cup (113 g); other sticks (cinnamon) do not convert. */
const BUTTER_STICK_G = 113.4;

/**
 * Converts a quantity between units of the same kind, or between volume and weight when `food` names something
 * in the density table. Returns null when the units cannot be converted.
 */
export function convert(quantity: number, from: string, to: string, food?: string): number | null {
  if (!Number.isFinite(quantity)) return null;
  const fromUnit = UNIT_INFO[from] ? from : normalizeUnit(from);
  const toUnit = UNIT_INFO[to] ? to : normalizeUnit(to);
  if (!fromUnit || !toUnit) return null;
  if (fromUnit === toUnit) return quantity;
  if (food && /\bbutter\b/i.test(food) && !/\bpeanut|almond|apple|cashew\b/i.test(food)) {
    // By definition a stick is 8 tablespoons by volume and 113.4 g by weight.
    if (fromUnit === "stick") {
      return unitKind(toUnit) === "volume" ? convert(quantity * 8, "tbsp", toUnit) : convert(quantity * BUTTER_STICK_G, "g", toUnit, food);
    }
    if (toUnit === "stick") {
      const volume = unitKind(fromUnit) === "volume";
      const amount = volume ? convert(quantity, fromUnit, "tbsp") : convert(quantity, fromUnit, "g", food);
      return amount === null ? null : amount / (volume ? 8 : BUTTER_STICK_G);
    }
  }
  const fromInfo = UNIT_INFO[fromUnit];
  const toInfo = UNIT_INFO[toUnit];
  if (!fromInfo || !toInfo) return null;
  const base = quantity * fromInfo.toBase;
  if (fromInfo.kind === toInfo.kind) {
    // Different count units ("can" and "clove") are not interchangeable; only dozen/each/count are.
    if (fromInfo.kind === "count" && (!isPlainCount(fromUnit) || !isPlainCount(toUnit))) return null;
    return base / toInfo.toBase;
  }
  const density = food ? densityOf(food) : null;
  if (density === null) return null;
  if (fromInfo.kind === "volume" && toInfo.kind === "weight") return (base * density) / toInfo.toBase;
  if (fromInfo.kind === "weight" && toInfo.kind === "volume") return base / density / toInfo.toBase;
  return null;
}

function isPlainCount(unit: string): boolean {
  return unit === "each" || unit === "count" || unit === "dozen";
}

/**
 * The amount in the base unit of its kind: millilitres, grams, or a count (a null unit is a count of items).
 * Returns null for an unknown unit.
 */
export function toBaseUnit(quantity: number, unit: string | null): { quantity: number; unit: BaseUnit } | null {
  if (unit === null || unit.trim() === "") return { quantity, unit: "count" };
  const info = infoOf(unit);
  if (!info) return null;
  const base: BaseUnit = info.kind === "volume" ? "ml" : info.kind === "weight" ? "g" : "count";
  return { quantity: quantity * info.toBase, unit: base };
}
