/**
 * Scaling ingredient amounts between servings and writing amounts the way cooks read them. Pure; no I/O.
 */
import { convert, unitKind, unitLabel } from "./units";

export type ScalableIngredient = { quantity: number | null; quantityMax: number | null; unit: string | null; name: string };

/** Spoon and cup units from largest to smallest, each with the step its amounts are usually written in. */
const US_VOLUME_STEPS: { unit: string; min: number; step: number }[] = [
  { unit: "cups", min: 0.25, step: 0.25 },
  { unit: "tbsp", min: 1, step: 0.5 },
  { unit: "tsp", min: 0, step: 0 },
];

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Whether `value` sits on a multiple of `step` (within 2 percent of the step). */
function onStep(value: number, step: number): boolean {
  if (step <= 0) return true;
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) <= 0.02;
}

/** The friendliest unit for a scaled amount: 24 tsp becomes 1/2 cup, 1500 g becomes 1.5 kg. */
function friendlierUnit(quantity: number, quantityMax: number | null, unit: string): { quantity: number; quantityMax: number | null; unit: string } {
  const same = { quantity, quantityMax, unit };
  if (unit === "tsp" || unit === "tbsp" || unit === "cups") {
    const original = US_VOLUME_STEPS.findIndex((s) => s.unit === unit);
    for (const [index, candidate] of US_VOLUME_STEPS.entries()) {
      // Move to a smaller unit only when the amount is too small to write in its own (2 3/16 cups stays cups,
      // it does not become 35 tbsp); a larger unit is always welcome when it reads exactly.
      if (index > original && quantity >= US_VOLUME_STEPS[original]!.min) continue;
      const low = convert(quantity, unit, candidate.unit);
      const high = quantityMax === null ? null : convert(quantityMax, unit, candidate.unit);
      if (low === null) return same;
      if (low >= candidate.min && onStep(low, candidate.step) && (high === null || onStep(high, candidate.step))) {
        return { quantity: round6(low), quantityMax: high === null ? null : round6(high), unit: candidate.unit };
      }
    }
    return same;
  }
  const metric: Record<string, { up?: string; down?: string }> = { g: { up: "kg" }, kg: { down: "g" }, ml: { up: "l" }, l: { down: "ml" } };
  const rule = metric[unit];
  if (rule?.up && quantity >= 1000) {
    return { quantity: round6(quantity / 1000), quantityMax: quantityMax === null ? null : round6(quantityMax / 1000), unit: rule.up };
  }
  if (rule?.down && (quantityMax ?? quantity) < 1) {
    return { quantity: round6(quantity * 1000), quantityMax: quantityMax === null ? null : round6(quantityMax * 1000), unit: rule.down };
  }
  return same;
}

/**
 * Copies of `list` with amounts scaled from `fromServings` to `toServings`. Amounts without a number ("salt to
 * taste") stay as they are; spoon, cup and metric amounts move to a friendlier unit when that reads better
 * (3 tsp -> 1 tbsp, 1200 g -> 1.2 kg). With a missing or non-positive serving count nothing is scaled.
 */
export function scaleIngredients<T extends ScalableIngredient>(list: T[], fromServings: number, toServings: number): T[] {
  const factor = toServings / fromServings;
  if (!Number.isFinite(factor) || factor <= 0 || fromServings <= 0) return list.map((item) => ({ ...item }));
  return list.map((item) => {
    if (item.quantity === null || factor === 1) return { ...item };
    const quantity = round6(item.quantity * factor);
    const quantityMax = item.quantityMax === null ? null : round6(item.quantityMax * factor);
    if (!item.unit) return { ...item, quantity, quantityMax };
    return { ...item, ...friendlierUnit(quantity, quantityMax, item.unit) };
  });
}

const NICE_DENOMINATORS = [2, 3, 4, 8];
const DECIMAL_UNITS = new Set(["kg", "l", "cl", "dl"]);
const SMALL_METRIC_UNITS = new Set(["g", "ml", "mg"]);

function trimDecimals(n: number, places: number): string {
  return n.toFixed(places).replace(/\.?0+$/, "");
}

/**
 * An amount as cooks write it: 0.333 -> "1/3", 1.5 -> "1 1/2", 12.4 -> "12 1/2". Grams and millilitres are
 * rounded to what a scale shows (1234 -> "1230", 152 -> "150", 7.25 -> "7.3"); kilograms and litres keep up to two
 * decimals. Amounts too small for a kitchen fraction keep two decimals ("0.05").
 */
export function formatQuantity(n: number, unit?: string | null): string {
  if (!Number.isFinite(n)) return "";
  if (n < 0) return `-${formatQuantity(-n, unit)}`;
  if (unit && SMALL_METRIC_UNITS.has(unit)) {
    if (n >= 1000) return String(Math.round(n / 10) * 10);
    if (n >= 100) return String(Math.round(n / 5) * 5);
    if (n >= 10) return String(Math.round(n));
    return trimDecimals(n, 1) || "0";
  }
  if (unit && DECIMAL_UNITS.has(unit)) return trimDecimals(n, 2) || "0";
  if (n >= 100) return String(Math.round(n));
  if (n >= 10) {
    const halves = Math.round(n * 2) / 2;
    return Number.isInteger(halves) ? String(halves) : `${Math.floor(halves)} 1/2`;
  }
  let whole = Math.floor(n);
  const fraction = n - whole;
  let best: { num: number; den: number; error: number } | null = null;
  for (const den of NICE_DENOMINATORS) {
    const num = Math.round(fraction * den);
    const error = Math.abs(fraction - num / den);
    if (!best || error < best.error - 1e-12) best = { num, den, error };
  }
  if (!best || best.error > 0.03 || (whole === 0 && best.num === 0 && n > 0)) {
    return whole === 0 ? trimDecimals(n, 2) || "0" : trimDecimals(n, 2);
  }
  let { num, den } = best;
  if (num === den) {
    whole += 1;
    num = 0;
  }
  if (num === 0) return String(whole);
  const g = gcd(num, den);
  num /= g;
  den /= g;
  return whole > 0 ? `${whole} ${num}/${den}` : `${num}/${den}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "1 1/2-2 cups": an amount or range with its unit, for display after scaling. */
export function formatAmount(quantity: number | null, quantityMax: number | null, unit: string | null): string {
  if (quantity === null) return "";
  const range = quantityMax !== null && quantityMax > quantity ? `${formatQuantity(quantity, unit)}-${formatQuantity(quantityMax, unit)}` : formatQuantity(quantity, unit);
  return unit && unitKind(unit) !== null ? `${range} ${unitLabel(unit, quantityMax ?? quantity)}` : range;
}
