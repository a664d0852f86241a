/**
 * "Cooked it": how much of a pantry item one recipe ingredient uses, in the item's own terms (the amount unit of
 * an item with container amounts, otherwise its quantity's unit or a count of items), so the review can offer it
 * and the pantry's use rule (containers.ts useAmount) can take it. Pure; no I/O.
 */
import { fullAmount, isCountUnit, remainingTotal, type ContainerState } from "./containers";
import { convert, normalizeUnit, unitKind } from "./units";

export type CookIngredient = { name: string; quantity: number | null; unit: string | null };
export type CookPantryItem = ContainerState & { name: string; unit: string | null };

/** Servings asked for over the recipe's own; 1 when either is unknown. */
export function servingsScale(servings: number | null, recipeServings: number | null): number {
  if (!servings || !recipeServings || servings <= 0 || recipeServings <= 0) return 1;
  return servings / recipeServings;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The amount of `item` that `ingredient` (scaled by `scale`) uses, never more than is left; null when the recipe
 * gives no amount or its unit cannot be turned into the item's (the review then asks).
 */
export function suggestedUse(ingredient: CookIngredient, item: CookPantryItem, scale = 1): number | null {
  if (ingredient.quantity === null || !Number.isFinite(ingredient.quantity) || ingredient.quantity <= 0) return null;
  const wanted = ingredient.quantity * scale;
  const left = remainingTotal(item);
  if (left <= 0) return null;
  const recipeUnit = ingredient.unit ? (normalizeUnit(ingredient.unit) ?? ingredient.unit) : null;
  const measuredInAmount = fullAmount(item) !== null;
  const itemCounts = !measuredInAmount && isCountUnit(item.unit);
  let amount: number | null;
  if (itemCounts) {
    // An item counted in pieces takes a count ("2 eggs", "1 each"); a measured recipe amount says nothing of pieces.
    if (recipeUnit === null) amount = wanted;
    else amount = unitKind(recipeUnit) === "count" ? convert(wanted, recipeUnit, "each") : null;
  } else if (item.unit) {
    amount = recipeUnit === null ? null : convert(wanted, recipeUnit, item.unit, item.name);
  } else {
    amount = null;
  }
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return null;
  return round(Math.min(amount, left));
}
