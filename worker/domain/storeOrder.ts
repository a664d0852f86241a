/**
 * The order a shop is walked, for grocery lines and list sections. Tiny and pure, so the list screen can sort
 * without loading the merging module's name tables.
 */
import { PANTRY_CATEGORIES, type PantryCategory } from "./constants";

/** Categories in the order a shop is walked: produce first, frozen last (so it thaws least on the way home). */
export const STORE_ORDER: readonly PantryCategory[] = [
  "Fresh Fruits",
  "Fresh Vegetables",
  "Bread & Bakery",
  "Deli & Prepared",
  "Fresh Meat",
  "Cheese & Yogurt",
  "Milk & Eggs",
  "Canned Goods",
  "Dry Goods",
  "Spices & Seasonings",
  "Condiments & Sauces",
  "Snacks",
  "Beverages",
  "Other",
  "Frozen Foods",
];

export function storeRank(category: string | null | undefined): number {
  const index = STORE_ORDER.indexOf((category ?? "Other") as PantryCategory);
  return index < 0 ? STORE_ORDER.indexOf("Other") : index;
}

/** Orders anything with a category and a name the way a shop is walked. */
export function compareStoreOrder(a: { category: string | null; name: string }, b: { category: string | null; name: string }): number {
  return storeRank(a.category) - storeRank(b.category) || a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}

export function toPantryCategory(value: string | null | undefined): PantryCategory {
  return (PANTRY_CATEGORIES as readonly string[]).includes(value ?? "") ? (value as PantryCategory) : "Other";
}
