/**
 * Suggestions for the grocery item name field: the built-in list of common grocery items plus the names the user
 * has put on lists before. Pure; shared by the client (the combobox) and the server.
 */

/** At most this many suggestions show under the field. */
export const MAX_SUGGESTIONS = 8;

/** Everyday grocery items offered to everyone (about 80). */
export const COMMON_GROCERY_ITEMS: readonly string[] = [
  // produce
  "Apples", "Avocados", "Bananas", "Bell peppers", "Blueberries", "Broccoli", "Carrots", "Celery", "Cucumbers",
  "Garlic", "Grapes", "Green onions", "Lemons", "Lettuce", "Limes", "Mushrooms", "Onions", "Oranges", "Potatoes",
  "Spinach", "Strawberries", "Sweet potatoes", "Tomatoes", "Zucchini", "Fresh herbs",
  // bakery, meat, fish
  "Bread", "Bagels", "Tortillas", "Chicken breast", "Chicken thighs", "Ground beef", "Ground turkey", "Bacon",
  "Salmon", "Shrimp", "Tofu", "Deli turkey",
  // dairy and eggs
  "Milk", "Eggs", "Butter", "Cheddar cheese", "Mozzarella", "Parmesan", "Greek yogurt", "Yogurt", "Sour cream",
  "Cream cheese", "Heavy cream",
  // dry goods and cans
  "Rice", "Pasta", "Spaghetti", "Oats", "Cereal", "Flour", "Sugar", "Brown sugar", "Black beans", "Chickpeas",
  "Lentils", "Canned tomatoes", "Tomato sauce", "Chicken broth", "Peanut butter", "Honey", "Coffee", "Tea",
  // condiments, spices, snacks, drinks
  "Olive oil", "Vegetable oil", "Salt", "Black pepper", "Soy sauce", "Ketchup", "Mustard", "Mayonnaise",
  "Vinegar", "Salsa", "Crackers", "Chips", "Nuts", "Orange juice", "Sparkling water",
  // frozen and household
  "Frozen peas", "Frozen berries", "Frozen vegetables", "Ice cream", "Paper towels", "Dish soap",
];

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Names containing the typed text (case aside), those starting with it first, then alphabetical; each name once
 * (the first spelling given wins); at most `limit`. Empty text suggests nothing.
 */
export function rankSuggestions(typed: string, names: Iterable<string>, limit = MAX_SUGGESTIONS): string[] {
  const query = fold(String(typed ?? ""));
  if (!query || limit <= 0) return [];
  const seen = new Set<string>();
  const hits: { name: string; folded: string }[] = [];
  for (const name of names) {
    const folded = fold(name);
    if (!folded || seen.has(folded) || !folded.includes(query)) continue;
    seen.add(folded);
    hits.push({ name: name.trim().replace(/\s+/g, " "), folded });
  }
  hits.sort((a, b) => Number(!a.folded.startsWith(query)) - Number(!b.folded.startsWith(query)) || a.folded.localeCompare(b.folded, "en"));
  return hits.slice(0, limit).map((h) => h.name);
}

/** The field's suggestions: the built-in items first (their spelling wins), then the user's history. */
export function grocerySuggestions(typed: string, history: readonly string[], limit = MAX_SUGGESTIONS): string[] {
  return rankSuggestions(typed, [...COMMON_GROCERY_ITEMS, ...history], limit);
}
