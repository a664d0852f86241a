/**
 * Food safety answers from USDA FoodKeeper (worker/data/cookingSafety.json, built by
 * scripts/build-cooking-safety.ts): safe minimum internal temperatures with rest times and cooking tips, and the
 * storage tips FoodKeeper gives per product and place. Plus oven-temperature conversion. Pure; no I/O.
 */
import table from "../data/cookingSafety.json";
import { foodWords, singularFood } from "./foodNames";
import type { StorageLocation } from "./constants";

type TemperatureRow = { productId: number; name: string; subtitle?: string; keywords?: string[]; tempF: number | null; restMinutes: number | null; tip: string | null };
type StorageTips = Partial<Record<StorageLocation, string>>;

const DATA = table as unknown as { temperatures: TemperatureRow[]; storageTips: Record<string, { pantry?: string; fridge?: string; freezer?: string }> };

export type SafeTemperature = {
  /** FoodKeeper's product name with its detail: "Chicken parts (breast halves, boneless)". */
  food: string;
  tempF: number | null;
  tempC: number | null;
  restMinutes: number | null;
  tip: string | null;
  /** Other cuts of the same food with another temperature ("Lamb (ground)" 160 °F beside chops at 145 °F). */
  otherCuts: { food: string; tempF: number; restMinutes: number | null }[];
};

/** Leftovers are not a FoodKeeper product; USDA's chart gives 165 °F for reheating them. */
const EXTRA_ROWS: TemperatureRow[] = [
  { productId: -1, name: "Leftovers", subtitle: "reheated", keywords: ["leftover", "leftovers", "reheat", "reheated", "reheating"], tempF: 165, restMinutes: null, tip: "Reheat sauces, soups and gravies to a rolling boil." },
];

/** What people call a food that FoodKeeper files under another name. */
const SYNONYMS: Readonly<Record<string, string>> = {
  burger: "ground beef",
  hamburger: "ground beef",
  mince: "ground",
  minced: "ground",
  meatball: "ground beef",
  meatloaf: "ground beef",
  steak: "beef steaks",
  chop: "chops",
  salmon: "fatty fish salmon",
  tuna: "fatty fish tuna",
  cod: "lean fish cod",
  prawn: "shrimp",
  duck: "duckling",
  poultry: "chicken",
  casserole: "casseroles",
  egg: "eggs egg dishes",
};

const rowWords = (row: TemperatureRow) => new Set(foodWords(`${row.name} ${row.subtitle ?? ""} ${(row.keywords ?? []).join(" ")}`).map(singularFood));

const ROWS = [...DATA.temperatures, ...EXTRA_ROWS].map((row) => ({ row, words: rowWords(row), nameWords: new Set(foodWords(row.name).map(singularFood)) }));

const QUESTION_WORDS = new Set(["what", "temperature", "temp", "internal", "safe", "minimum", "cook", "cooked", "cooking", "done", "is", "to", "the", "a", "an", "of", "for", "should", "be", "my", "how", "do", "i", "know", "when", "it", "at", "degree", "reach", "need"]);

export function fahrenheitToCelsius(f: number): number {
  return Math.round(((f - 32) * 5) / 9);
}

export function celsiusToFahrenheit(c: number): number {
  return Math.round((c * 9) / 5 + 32);
}

/**
 * The FoodKeeper row for a food ("chicken breast", "pork chops", "burgers", "salmon"), or null when FoodKeeper
 * has no cooking guidance for it. The row whose name and detail share the most words wins; ties prefer a row
 * with a temperature.
 */
export function safeTemperatureFor(food: string): SafeTemperature | null {
  const raw = foodWords(food).map(singularFood).filter((w) => !QUESTION_WORDS.has(w));
  const words = raw.flatMap((w) => (SYNONYMS[w] ? foodWords(SYNONYMS[w]).map(singularFood) : [w]));
  if (words.length === 0) return null;
  let best: { row: TemperatureRow; score: number } | null = null;
  for (const { row, words: known, nameWords } of ROWS) {
    const hits = words.filter((w) => known.has(w)).length;
    // The food itself must be named: "breast" alone is not chicken.
    if (hits === 0 || !words.some((w) => nameWords.has(w) || (row.keywords ?? []).includes(w))) continue;
    const score = hits + (row.tempF !== null ? 0.5 : 0) - 0.01 * known.size;
    if (!best || score > best.score) best = { row, score };
  }
  if (!best) return null;
  const { row } = best;
  const label = (r: TemperatureRow) => (r.subtitle ? `${r.name} (${r.subtitle})` : r.name);
  const otherCuts: SafeTemperature["otherCuts"] = [];
  for (const { row: other } of ROWS) {
    if (other.name !== row.name || other.tempF === null || other.tempF === row.tempF) continue;
    if (otherCuts.some((o) => o.tempF === other.tempF)) continue;
    otherCuts.push({ food: label(other), tempF: other.tempF, restMinutes: other.restMinutes });
  }
  return {
    food: label(row),
    tempF: row.tempF,
    tempC: row.tempF === null ? null : fahrenheitToCelsius(row.tempF),
    restMinutes: row.restMinutes,
    tip: row.tip,
    otherCuts,
  };
}

/** FoodKeeper's storage tips for a product id (from matchShelfLifeProduct), per place. */
export function storageTipsFor(productId: number): StorageTips {
  return DATA.storageTips[String(productId)] ?? {};
}
