/**
 * How recipes read on screen: times, difficulty, diets, sources, amounts, expiry chips, and the toasts a failed
 * generation shows. Pure; the screens import these.
 */
import { errorDetails, errorMessage } from "../../lib/api";
import type { RouterOutputs } from "../../lib/trpc";
import { DIFFICULTIES, FILTER_DIETS, GENERATOR_DIETS, MEAL_TYPES, OBSCURITY_LEVELS } from "../../../worker/domain/constants";
import { selectionExpiry, type SelectionBand } from "../../../worker/domain/expiry";
import { formatQuantity } from "../../../worker/domain/scale";
import { unitLabel } from "../../../worker/domain/units";

export type RecipeCardData = RouterOutputs["recipes"]["list"]["recipes"][number];
export type RecipeDetailData = RouterOutputs["recipes"]["get"];
export type RecipeIngredient = RecipeDetailData["ingredients"][number];
export type Difficulty = (typeof DIFFICULTIES)[number];

const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** "45 min", "1 hr", "1 hr 15 min"; null for no time. */
export function formatMinutes(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return null;
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** The generate dialog's difficulty labels: a time range says more than a word. */
export const DIFFICULTY_TIME_LABELS: Record<Difficulty, string> = {
  easy: "15-30 min",
  medium: "30-60 min",
  hard: "60+ min",
  expert: "90+ min",
};

export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((value) => ({ value, label: `${capitalize(value)} (${DIFFICULTY_TIME_LABELS[value]})` }));
export const DIFFICULTY_FILTER_OPTIONS = DIFFICULTIES.map((value) => ({ value, label: capitalize(value) }));

export function difficultyLabel(difficulty: string | null | undefined): string | null {
  return difficulty ? capitalize(difficulty) : null;
}

/** Badge colour per difficulty: easy green, medium amber, hard red, expert purple. */
export function difficultyVariant(difficulty: string | null | undefined): "success" | "warning" | "danger" | "premium" | "outline" {
  switch (difficulty) {
    case "easy":
      return "success";
    case "medium":
      return "warning";
    case "hard":
      return "danger";
    case "expert":
      return "premium";
    default:
      return "outline";
  }
}

const DIET_NAMES: Record<string, string> = {
  none: "No restrictions",
  vegetarian: "Vegetarian",
  vegan: "Vegan",
  "gluten-free": "Gluten-free",
  "dairy-free": "Dairy-free",
  keto: "Keto",
  paleo: "Paleo",
  "nut-free": "Nut-free",
  "low-sodium": "Low-sodium",
};

export function dietLabel(diet: string): string {
  return DIET_NAMES[diet] ?? capitalize(diet.replace(/-/g, " "));
}

export const GENERATOR_DIET_OPTIONS = GENERATOR_DIETS.map((value) => ({ value, label: dietLabel(value) }));
export const FILTER_DIET_OPTIONS = FILTER_DIETS.map((value) => ({ value, label: dietLabel(value) }));
export const MEAL_TYPE_OPTIONS = MEAL_TYPES.map((value) => ({ value, label: capitalize(value) }));
export const OBSCURITY_OPTIONS = OBSCURITY_LEVELS.map((value) => ({ value, label: capitalize(value) }));

export function mealTypeLabel(mealType: string | null | undefined): string | null {
  return mealType ? capitalize(mealType) : null;
}

/** Source filter choices: the four named sources, then what the server adds (its library and other imports). */
export const SOURCE_FILTER_OPTIONS = [
  { value: "generated", label: "AI generated" },
  { value: "nyt", label: "NYT Cooking" },
  { value: "saved", label: "Saved" },
  { value: "substack", label: "Substack" },
  { value: "library", label: "Plantry library" },
  { value: "imported", label: "Imported from the web" },
] as const;
export type SourceFilter = (typeof SOURCE_FILTER_OPTIONS)[number]["value"];

/** The pantry usage filter: at least 2 to at least 6 pantry items. */
export const PANTRY_USAGE_OPTIONS = [2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `${n}+ pantry items` }));

/** Where a recipe came from, in a few words. */
export function sourceLabel(recipe: Pick<RecipeCardData, "sourceType" | "source">): string {
  switch (recipe.sourceType) {
    case "library":
      return "Plantry library";
    case "generated":
      return "AI generated";
    case "imported":
      return recipe.source ? `From ${recipe.source}` : "Imported";
    default:
      return "Your recipe";
  }
}

/** "2 cups", "1 1/2-2 tbsp", "3"; empty when the ingredient has no amount. Units the app does not know stay as written. */
export function amountText(quantity: number | null, quantityMax: number | null, unit: string | null): string {
  if (quantity === null || !Number.isFinite(quantity)) return unit ? unitLabel(unit, 2) : "";
  const hasRange = quantityMax !== null && Number.isFinite(quantityMax) && quantityMax > quantity;
  const amount = hasRange ? `${formatQuantity(quantity, unit)}-${formatQuantity(quantityMax, unit)}` : formatQuantity(quantity, unit);
  return unit ? `${amount} ${unitLabel(unit, hasRange ? quantityMax : quantity)}` : amount;
}

/** Day-count text for a pantry chip (colour is never the only signal). */
export function selectionChipText(band: SelectionBand, days: number | null): string {
  if (band === "none" || days === null) return "No date";
  if (days < 0) return `Expired ${-days}d ago`;
  if (days === 0) return "Expires today";
  if (days === 1) return "1 day left";
  return `${days} days left`;
}

/** The band and text for one chip in the pantry picker (its own expiry bands, see selectionExpiry). */
export function selectionChip(expirationDate: string | null, today: string): { band: SelectionBand; text: string } {
  const { band, days } = selectionExpiry(expirationDate, today);
  return { band, text: selectionChipText(band, days) };
}

// ---------------------------------------------------------------------------------------------------------------
// Generation failures

export type ToastText = { title: string; description?: string };

/**
 * The toast for a failed pantry generation, chosen from the error's message and `type`. The specific messages are
 * checked first, so a refusal the server also marks as a validation error still gets its own advice.
 */
export function pantryGenerationErrorToast(error: unknown): ToastText {
  const message = errorMessage(error, "");
  const details = errorDetails(error);
  if (/not found in your pantry/i.test(message)) {
    return { title: "Ingredients Not Found", description: /refresh/i.test(message) ? message : `${message} Refresh the page and try again.` };
  }
  if (/must select at least/i.test(message)) return { title: "Select More Ingredients", description: message };
  if (/percent|%/i.test(message)) {
    return { title: "Ingredient Requirements", description: `${message}${/lower the fridge percentage/i.test(message) ? "" : " Try lowering the fridge percentage."}` };
  }
  if (details.type === "validation_error") {
    const joined = details.errors && details.errors.length > 0 ? details.errors.join(", ") : message;
    return { title: "Validation Error", description: joined || "Please check your choices and try again." };
  }
  if (details.type === "service_error") {
    return { title: "Service Temporarily Unavailable", description: "The recipe service is busy right now. Please try again in a few minutes." };
  }
  if (message) return { title: message, description: "Try different ingredients." };
  return { title: "Failed to generate recipe", description: "Try different ingredients." };
}

/** The toast for a failed generation or import from the generate form: the server's message, else general advice. */
export function generateFormErrorToast(error: unknown): ToastText {
  const message = errorMessage(error, "");
  return { title: "Recipe Generation Failed", description: message || "Please check your ingredients and try again." };
}

/** Typed ingredients: comma-separated, trimmed, empty ones dropped (a trailing comma is harmless). */
export function splitIngredients(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** "Mar 4, 2025": the one date format recipe screens use. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
