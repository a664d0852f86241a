/**
 * Where a food goes when it enters the pantry by name (a grocery list check-off, a recipe's missing ingredient):
 * its category and the place it keeps best. Pure; the expiry then follows from these through estimateExpiry.
 */
import type { PantryCategory, StorageLocation } from "./constants";
import { categorizeGroceryName, knownGroceryName } from "./groceryNames";
import { suggestStorageLocation } from "./shelfLife";
import { toPantryCategory } from "./storeOrder";

export type PantryPlacement = { category: PantryCategory; storageLocation: StorageLocation };

/** The category given (else the grocery list's for the name) and where FoodKeeper says the food keeps. */
export function pantryPlacement(name: string, category?: string | null): PantryPlacement {
  const resolved = category ? toPantryCategory(category) : categorizeGroceryName(name);
  return { category: resolved, storageLocation: suggestStorageLocation(name, resolved) };
}

/**
 * A recipe ingredient as a pantry item: the grocery list's name for a food it knows ("zucchinis" -> zucchini,
 * capitalised as the recipe wrote it), otherwise the name as written; then its category and place.
 */
export function pantryItemForIngredient(ingredientName: string): PantryPlacement & { name: string } {
  const written = ingredientName.trim();
  const known = knownGroceryName(written);
  const name = known === null ? written : /^\p{Lu}/u.test(written) ? known.charAt(0).toUpperCase() + known.slice(1) : known;
  return { name, ...pantryPlacement(name) };
}
