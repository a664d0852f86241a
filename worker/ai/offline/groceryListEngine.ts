/**
 * The offline grocery-list engine (the default without a Workers AI binding). It reads what the request is for
 * (a family week, vegetarian dinners, budget meals, meal-prep lunches, how many meals and for how many people),
 * keeps the recipes the user selected, fills the remaining meals from the built-in library (meal type, diets,
 * allergies and dislikes respected; recipes that use what the pantry holds, soonest-expiring first, preferred;
 * cheap staples preferred on a budget), and lists their ingredients scaled to the servings. Merging and the
 * pantry subtraction happen afterwards, in the service, for both providers alike. Pure.
 */
import type { MealType } from "../../domain/constants";
import { addDays } from "../../domain/dates";
import { isAlwaysAvailable, matchScore } from "../../domain/matching";
import { allergenViolations, isComponentRecipe, meetsDiet, mentionsFood, toDietTag, type DietTag, type TagIngredient } from "../../domain/recipeTags";
import { scaleIngredients } from "../../domain/scale";
import type { LibraryRecipe } from "./recipeEngine";

export type GroceryIntentKind = "family" | "vegetarian" | "vegan" | "budget" | "meal-prep";

export type GroceryIntent = {
  kinds: GroceryIntentKind[];
  mealType: MealType;
  /** How many different recipes to shop for. */
  meals: number;
  /** Servings each recipe is cooked for. */
  servings: number;
  /** The list's name. */
  name: string;
};

/** A recipe the user chose in the Your Recipes panel, with its ingredients. */
export type ListRecipe = {
  id: number;
  title: string;
  servings: number | null;
  ingredients: { name: string; quantity: number | null; quantityMax: number | null; unit: string | null; comment?: string | null; original?: string | null }[];
};

export type EnginePreferences = { allergies: string[]; dislikedFoods: string[]; dietaryRestrictions: string[] };

export type EngineInput = {
  prompt: string;
  selected: ListRecipe[];
  pantry: { name: string; expirationDate: string | null }[];
  preferences: EnginePreferences;
  householdSize: number;
  today: string;
};

export type EngineItem = { name: string; quantity: number | null; unit: string | null; note: string | null; recipeTitle: string | null; libraryKey: string | null; recipeId: number | null };

export type EngineOutput = { name: string; message: string; items: EngineItem[] };

const NUMBER_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

function numberIn(text: string): number | null {
  const n = NUMBER_WORDS[text] ?? Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
}

const NUM = "(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)";

/** What a free-text request asks for. The four quick chips read as their intents; anything else as dinners. */
export function groceryIntent(prompt: string, householdSize = 1): GroceryIntent {
  const text = ` ${prompt.toLowerCase().replace(/[^a-z0-9\s-]/g, " ").replace(/\s+/g, " ")} `;
  const kinds: GroceryIntentKind[] = [];
  if (/\b(famil(y|ies)|kids|children)\b/.test(text)) kinds.push("family");
  if (/\bvegan\b/.test(text)) kinds.push("vegan");
  else if (/\b(vegetarian|veggie|meatless|meat-free|plant-based|plant based)\b/.test(text)) kinds.push("vegetarian");
  if (/\b(budget|cheap|cheaper|affordable|inexpensive|frugal|save money|low-cost|low cost)\b/.test(text)) kinds.push("budget");
  if (/\b(meal[- ]?prep|prep|batch)\b/.test(text)) kinds.push("meal-prep");

  let mealType: MealType = "dinner";
  if (/\blunch(es)?\b/.test(text) || kinds.includes("meal-prep")) mealType = "lunch";
  if (/\bbreakfasts?\b/.test(text)) mealType = "breakfast";
  if (/\b(dinners?|suppers?)\b/.test(text)) mealType = "dinner";

  const people = new RegExp(`\\b(?:for|family of|feeds?|serves?)\\s+${NUM}(?:\\s+(?:people|persons|of us|adults|servings))?\\b`).exec(text);
  const family = kinds.includes("family");
  const servings = Math.min(12, (people && numberIn(people[1]!)) ?? (family ? Math.max(4, householdSize) : Math.max(1, householdSize)));

  const count = new RegExp(`\\b${NUM}\\s+(?:\\w+\\s+)?(?:dinners|meals|lunches|recipes|days|breakfasts|suppers)\\b`).exec(text);
  const week = /\b(week|weekly|7 days|seven days)\b/.test(text);
  const prep = kinds.includes("meal-prep");
  // Meal prep cooks a couple of recipes in bulk for the working week; a week of dinners is five cooked meals
  // (leftovers and a night out fill the rest).
  const meals = Math.min(7, (count && numberIn(count[1]!)) ?? (prep ? 2 : week || family ? 5 : 3));
  const prepServings = prep ? Math.max(servings, 5) : servings;

  const name = family
    ? "Weekly Family Plan"
    : prep
      ? "Meal Prep Lunches"
      : kinds.includes("vegan")
        ? "Vegan Meals"
        : kinds.includes("vegetarian")
          ? "Vegetarian Dinners"
          : kinds.includes("budget")
            ? "Budget Meals"
            : mealType === "lunch"
              ? "Lunches"
              : mealType === "breakfast"
                ? "Breakfasts"
                : "Shopping List";
  return { kinds, mealType, meals, servings: prepServings, name };
}

/** Fewer ingredients than this is a side, a pickle or a sauce rather than a meal. */
const MIN_MEAL_INGREDIENTS = 4;

/** Ingredients that make a meal expensive, and the staples that keep it cheap. */
const PRICEY = ["beef", "steak", "lamb", "veal", "salmon", "shrimp", "prawn", "lobster", "crab", "scallop", "duck", "venison", "pine nut", "saffron", "truffle", "prosciutto", "parmesan", "cashew", "wine"];
const THRIFTY = ["bean", "lentil", "chickpea", "rice", "pasta", "noodle", "potato", "egg", "oat", "cabbage", "carrot", "onion", "flour", "tomato", "tofu", "split pea"];
/** Dishes that keep in the fridge for a few days of lunches. */
const PREP_FRIENDLY = ["soup", "stew", "chili", "curry", "bowl", "salad", "bake", "casserole", "pasta", "rice", "lentil", "bean", "dal"];

function tagIngredients(recipe: Pick<LibraryRecipe, "ingredients">): TagIngredient[] {
  return recipe.ingredients.map((i) => ({ name: i.name, original: i.original, preparation: i.preparation, comment: i.comment, quantity: i.quantity, unit: i.unit }));
}

function dietsFor(intent: GroceryIntent, preferences: EnginePreferences): DietTag[] {
  const diets = new Set<DietTag>();
  if (intent.kinds.includes("vegan")) diets.add("vegan");
  if (intent.kinds.includes("vegetarian")) diets.add("vegetarian");
  for (const restriction of preferences.dietaryRestrictions) {
    const tag = toDietTag(restriction);
    if (tag) diets.add(tag);
  }
  return [...diets];
}

/** Whether a recipe is one the user may be offered: no allergen, nothing disliked, every diet met. */
export function recipeFits(recipe: Pick<LibraryRecipe, "ingredients" | "servings">, diets: readonly DietTag[], preferences: EnginePreferences): boolean {
  const ingredients = tagIngredients(recipe);
  if (allergenViolations(ingredients, preferences.allergies).length > 0) return false;
  if (preferences.dislikedFoods.some((food) => ingredients.some((i) => mentionsFood(i.original ?? i.name, food)))) return false;
  return diets.every((diet) => meetsDiet(diet, ingredients, recipe.servings));
}

function scoreRecipe(recipe: LibraryRecipe, intent: GroceryIntent, input: EngineInput): number {
  const names = recipe.ingredients.filter((i) => !isAlwaysAvailable(i.name)).map((i) => i.name.toLowerCase());
  const soon = addDays(input.today, 3);
  let score = 0;
  for (const item of input.pantry) {
    if (!names.some((n) => matchScore(n, item.name) >= 0.8)) continue;
    score += item.expirationDate && item.expirationDate <= soon ? 3 : 1.5;
  }
  if (intent.kinds.includes("budget")) {
    // Fewer things to buy keeps the bill down.
    score -= Math.max(0, names.length - 6) * 0.5;
    score -= 2 * names.filter((n) => PRICEY.some((p) => n.includes(p))).length;
    score += names.filter((n) => THRIFTY.some((t) => n.includes(t))).length;
  }
  if (intent.kinds.includes("meal-prep")) {
    const title = recipe.title.toLowerCase();
    if (PREP_FRIENDLY.some((word) => title.includes(word))) score += 3;
    if ((recipe.servings ?? 0) >= 4) score += 1;
  }
  if (intent.kinds.includes("family") && (recipe.servings ?? 0) >= 4) score += 1;
  return score;
}

/** A small stable hash (FNV-1a), to break ties without always favouring the start of the alphabet. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Library recipes for the request: fitting ones, best first. Ties are broken by a hash of the day, the request
 * and the recipe, so the same request gives the same list on a day and a different mix another week.
 */
function candidates(library: readonly LibraryRecipe[], intent: GroceryIntent, input: EngineInput): LibraryRecipe[] {
  const diets = dietsFor(intent, input.preferences);
  const mealTypes: MealType[] = intent.mealType === "lunch" ? ["lunch", "dinner"] : [intent.mealType];
  const fitting = library.filter(
    (r) =>
      !r.component &&
      !isComponentRecipe(r) &&
      // A meal, not a side or a pickle: a few real ingredients beyond salt, pepper and water.
      r.ingredients.filter((i) => !isAlwaysAvailable(i.name)).length >= MIN_MEAL_INGREDIENTS &&
      r.instructions.length > 0 &&
      mealTypes.includes(r.mealType) &&
      recipeFits(r, diets, input.preferences),
  );
  const salt = `${input.today}|${input.prompt.trim().toLowerCase()}|`;
  const scored = fitting.map((recipe) => ({ recipe, score: scoreRecipe(recipe, intent, input) + (recipe.mealType === intent.mealType ? 1 : 0), tie: stableHash(salt + recipe.key) }));
  scored.sort((a, b) => b.score - a.score || a.tie - b.tie || a.recipe.key.localeCompare(b.recipe.key));
  return scored.map((s) => s.recipe);
}

function scaledItems(recipe: { title: string; servings: number | null; ingredients: ListRecipe["ingredients"] }, servings: number, ids: { recipeId: number | null; libraryKey: string | null }): EngineItem[] {
  const list = recipe.ingredients.map((i) => ({ ...i, quantity: i.quantityMax ?? i.quantity, quantityMax: null }));
  const scaled = recipe.servings && recipe.servings > 0 ? scaleIngredients(list, recipe.servings, servings) : list;
  return scaled.map((i) => ({ name: i.name, quantity: i.quantity, unit: i.unit, note: i.comment ?? null, recipeTitle: recipe.title, ...ids }));
}

/**
 * The list for a request: the selected recipes as chosen (for the request's servings), then library recipes up
 * to the number of meals asked for. Refuses nothing: with no fitting library recipe the list holds the selected
 * recipes only, and the message says so.
 */
export function composeGroceryList(input: EngineInput, library: readonly LibraryRecipe[]): EngineOutput {
  const intent = groceryIntent(input.prompt, input.householdSize);
  const items: EngineItem[] = [];
  const titles: string[] = [];
  for (const recipe of input.selected) {
    items.push(...scaledItems(recipe, intent.servings, { recipeId: recipe.id, libraryKey: null }));
    titles.push(recipe.title);
  }
  const wanted = Math.max(0, intent.meals - input.selected.length);
  const chosen = candidates(library, intent, input)
    .filter((r) => !titles.some((t) => t.toLowerCase() === r.title.toLowerCase()))
    .slice(0, wanted);
  for (const recipe of chosen) {
    items.push(...scaledItems(recipe, intent.servings, { recipeId: null, libraryKey: recipe.key }));
    titles.push(recipe.title);
  }
  const who = intent.servings === 1 ? "one" : String(intent.servings);
  const what = intent.mealType === "lunch" ? "lunches" : intent.mealType === "breakfast" ? "breakfasts" : "dinners";
  const message =
    titles.length === 0
      ? "I couldn't find recipes that fit those requirements. Try different requirements, or select some of your recipes."
      : `I planned ${titles.length} ${titles.length === 1 ? what.replace(/es$|s$/, "") : what} for ${who}: ${titles.join(", ")}. Anything your pantry already covers is left off the list.`;
  return { name: intent.name, message, items };
}
