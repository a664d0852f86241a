/**
 * Rules every recipe of the offline engine must keep (npm run eval:generation, test/unit/recipeGeneration.test.ts),
 * and a seeded generator of requests from random pantry combinations. The rules read the output only, the way a
 * cook would, so they do not share the engine's own word lists:
 * - step-mid-sentence: every step ends a sentence (. ! ? or a closing quote or bracket after one), and not on
 *   "the", "and", "with"...;
 * - title-repeats-ingredient: no food is named twice in the title ("Chicken and Chicken Thigh Stew");
 * - title-tacked-on: the title is not the library title with " with <food>" stuck on the end;
 * - metadata-leak: no "author:", "source:", "prep time:", "servings:" or web address in the title, description,
 *   steps or ingredients;
 * - equipment-ingredient: no ingredient is a pot, pan, bowl, sheet, foil and the like ("Pot of water");
 * - label-in-ingredient: no ingredient keeps a list label ("Condiments of your choice: Parsley");
 * - claimed-not-in-ingredients / claimed-not-in-steps: every chosen item the description says is used is in the
 *   ingredient list and named in a step;
 * - difficulty-band: with prep or cook time given, difficulty is easy up to 30 minutes, medium to 60, hard above;
 * - bad-ingredient-name: no ingredient is named by a number, an adverb or a preparation word.
 */
import { MEAL_TYPES, type MealType } from "../../worker/domain/constants";
import { matchScore } from "../../worker/domain/matching";
import { difficultyFromMinutes } from "../../worker/domain/recipeTags";
import type { RecipeGenerationInput, RecipeGenerationOutput } from "../../worker/ai/tasks/recipeGeneration";
import { isBadIngredientName } from "./ingredientChecks";
import { requiredIngredientCount } from "../../worker/schemas/recipes";
import { seededRandom } from "./random";

export type Violation = { rule: string; detail: string };

const DANGLING_END = /\b(?:the|a|an|and|or|your)\s*[.!?]$/i;
const SENTENCE_END = /[.!?…][)"'’”]*$/;
const METADATA = /\b(?:author|source|credits?|prep(?:aration)?\s+time|cook(?:ing)?\s+time|total\s+time|servings|yields?|tags|date)\s*:|https?:\/\/|\bwww\./i;
const EQUIPMENT =
  /^(?:(?:large|small|medium|big|deep|heavy|non-?stick|cast[- ]iron|oven-?proof|sauce|stock|frying|baking|roasting|mixing|serving)\s+)*(?:pot|pan|saucepan|skillet|wok|dutch oven|oven|bowl|baking sheet|sheet pan|tray|tin|dish|casserole dish|ramekins?|rack|grill|blender|food processor|mixer|whisk|spatula|knife|cutting board|thermometer|skewers?|toothpicks?|kitchen twine|string|parchment(?: paper)?|baking paper|aluminium foil|aluminum foil|foil|plastic wrap|cling film|paper towels?|muffin tin|loaf pan|cake pan|pie dish|springform pan|sieve|colander|strainer|ladle|tongs|mould|mold|jar|jars)s?(?:\s+of\s+.+)?$/i;

const fold = (text: string) => ` ${text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, " ").trim()} `;
const singular = (word: string) => word.replace(/(?:ies)$/, "y").replace(/(?:oes|ches|shes|xes|sses)$/, (m) => m.slice(0, -2)).replace(/([^s])s$/, "$1");
const foldSingular = (text: string) => ` ${fold(text).trim().split(" ").map(singular).join(" ")} `;

/** How many times a food (its words in order, plurals folded) appears in a text. */
function occurrences(text: string, food: string): number {
  const haystack = foldSingular(text);
  const needle = foldSingular(food);
  if (needle.trim().length < 3) return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length - 1)) count++;
  return count;
}

const GENERIC_WORDS = new Set(["sauce", "powder", "fresh", "large", "small", "medium", "dried", "ground", "whole", "leaves", "paste", "pieces", "sliced", "chopped", "extra", "light", "dark"]);

/**
 * A step names a food when it names it whole (also run together: "porkchops"), or by one of its own words
 * ("chicken" for "chicken breast", "cheese" for "cheddar cheese", "tamari" for "tamari soy sauce").
 */
export function stepsMention(steps: string[], food: string): boolean {
  const text = steps.join(" ");
  if (occurrences(text, food) > 0 || fold(text).replace(/ /g, "").includes(fold(food).replace(/ /g, ""))) return true;
  const words = fold(food).trim().split(" ").filter((w) => w.length >= 4 && !GENERIC_WORDS.has(w));
  return words.some((word) => occurrences(text, word) > 0);
}

/** Kinds of food a cook names by their kind: "pasta" is used by a recipe with rigatoni. */
const KINDS: Record<string, string[]> = {
  pasta: ["spaghetti", "penne", "rigatoni", "macaroni", "fusilli", "linguine", "fettuccine", "tagliatelle", "farfalle", "ziti", "orzo", "lasagne", "lasagna", "noodle"],
  noodles: ["noodle", "ramen", "udon", "soba", "vermicelli"],
  rice: ["rice", "basmati", "jasmine", "arborio"],
  cheese: ["cheese", "cheddar", "mozzarella", "parmesan", "parmigiano", "pecorino", "gruyere", "feta", "gouda", "ricotta", "emmental", "provolone"],
  beans: ["bean", "chickpea", "lentil"],
  oil: ["oil"],
  stock: ["stock", "broth", "bouillon"],
  broth: ["stock", "broth", "bouillon"],
  berries: ["berry", "berries"],
  bread: ["bread", "baguette", "ciabatta", "sourdough", "loaf", "roll", "bun"],
  mushrooms: ["mushroom", "champignon", "portobello", "shiitake", "cremini"],
  tomatoes: ["tomato"],
  potatoes: ["potato"],
  milk: ["milk"],
  cream: ["cream"],
  fish: ["fish", "cod", "haddock", "salmon", "trout", "tilapia", "pollock", "hake"],
  tortillas: ["tortilla", "wrap"],
  yogurt: ["yogurt", "yoghurt"],
};

function listsFood(ingredients: string[], name: string): boolean {
  if (ingredients.some((i) => matchScore(i, name) >= 0.8)) return true;
  const kind = KINDS[fold(name).trim()];
  return kind !== undefined && ingredients.some((i) => kind.some((member) => foldSingular(i).includes(` ${singular(member)}`)));
}

/** The chosen items the description says the recipe uses ("Uses 2 of your 3 chosen ingredients (a and b)."). */
export function claimedItems(description: string, chosen: string[]): string[] {
  const claim = /Uses \d+ of your \d+ chosen ingredients \((.+?)\)\./.exec(description)?.[1];
  if (!claim) return [];
  const listed = new Set(claim.split(/,\s*|\s+and\s+/).map(fold));
  return chosen.filter((name) => listed.has(fold(name)));
}

export function checkGeneratedRecipe(input: RecipeGenerationInput, output: RecipeGenerationOutput, libraryTitle: string | null): Violation[] {
  const violations: Violation[] = [];
  const add = (rule: string, detail: string) => violations.push({ rule, detail });

  for (const step of output.instructions) {
    const text = step.trim();
    if (!SENTENCE_END.test(text) || DANGLING_END.test(text)) add("step-mid-sentence", text.slice(-60));
  }

  const foods = [...new Set([...output.ingredients.map((i) => i.name), ...input.ingredients.map((i) => i.name)])];
  for (const food of foods) if (occurrences(output.title, food) > 1) add("title-repeats-ingredient", `${output.title} (${food})`);
  const titleWords = output.title.toLowerCase().split(/\s+/);
  if (titleWords.some((w, i) => i > 0 && w === titleWords[i - 1])) add("title-repeats-ingredient", output.title);
  if (libraryTitle && fold(output.title).startsWith(`${fold(libraryTitle).trimEnd()} with `)) add("title-tacked-on", output.title);

  const texts = [output.title, output.description, ...output.instructions, ...output.ingredients.flatMap((i) => [i.name, i.preparation ?? ""])];
  for (const text of texts) if (METADATA.test(text)) add("metadata-leak", text.slice(0, 80));

  for (const ingredient of output.ingredients) {
    if (EQUIPMENT.test(ingredient.name.trim())) add("equipment-ingredient", ingredient.name);
    if (/:/.test(ingredient.name)) add("label-in-ingredient", ingredient.name);
    if (isBadIngredientName(ingredient.name)) add("bad-ingredient-name", ingredient.name);
  }

  for (const name of claimedItems(output.description, input.ingredients.map((i) => i.name))) {
    const names = output.ingredients.map((i) => i.name);
    if (!listsFood(names, name)) add("claimed-not-in-ingredients", `${name} in ${output.title}`);
    else if (!stepsMention(output.instructions, name) && !names.some((i) => listsFood([i], name) && stepsMention(output.instructions, i))) {
      add("claimed-not-in-steps", `${name} in ${output.title}`);
    }
  }

  const known = [output.prepTime, output.cookTime].filter((m): m is number => typeof m === "number");
  if (known.length > 0) {
    const band = difficultyFromMinutes(known.reduce((a, b) => a + b, 0));
    if (output.difficulty !== band) add("difficulty-band", `${output.title}: ${output.difficulty} for ${known.join("+")} minutes`);
  }
  return violations;
}

// ---------------------------------------------------------------------------------------------------------------
// Random requests

/** What people keep in a pantry and fridge (written for Plantry). */
export const PANTRY_ITEMS = [
  "chicken breast", "chicken thighs", "ground beef", "pork chops", "bacon", "salmon", "cod", "shrimp", "eggs", "milk",
  "butter", "cheddar cheese", "parmesan", "mozzarella", "yogurt", "heavy cream", "sour cream", "tofu", "spinach",
  "kale", "lettuce", "tomatoes", "cherry tomatoes", "onion", "red onion", "garlic", "potatoes", "sweet potato",
  "carrots", "celery", "bell pepper", "zucchini", "broccoli", "cauliflower", "mushrooms", "cabbage", "cucumber",
  "green beans", "peas", "corn", "avocado", "lemon", "lime", "apples", "bananas", "strawberries", "blueberries",
  "rice", "pasta", "spaghetti", "bread", "tortillas", "oats", "flour", "black beans", "chickpeas", "lentils",
  "canned tomatoes", "chicken stock", "coconut milk", "peanut butter", "honey", "soy sauce", "olive oil", "ginger",
  "cilantro", "basil", "parsley", "quinoa", "noodles", "ham", "sausage", "feta", "eggplant", "leek", "pumpkin",
];

const DIETS = ["vegetarian", "vegan", "gluten-free", "dairy-free"] as const;
const DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;

/** A seeded pantry-mode request: 2 to 6 random items, a random meal type, servings, difficulty, sometimes a diet. */
export function randomPantryRequest(seed: number): RecipeGenerationInput {
  const random = seededRandom(seed * 2654435761);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const count = 2 + Math.floor(random() * 5);
  const items = new Set<string>();
  while (items.size < count) items.add(pick(PANTRY_ITEMS));
  const fridgePercentage = pick([0, 25, 34, 50]);
  const chosen = [...items];
  const day = 1 + Math.floor(random() * 20);
  return {
    mode: "pantry",
    ingredients: chosen.map((name, i) => ({ name, expirationDate: i % 2 === 0 ? `2026-03-${String(10 + (day % 15)).padStart(2, "0")}` : null })),
    mealType: pick(MEAL_TYPES) as MealType,
    dietary: random() < 0.15 ? [pick(DIETS)] : [],
    servings: pick([1, 2, 2, 4, 4, 6]),
    difficulty: pick(DIFFICULTIES),
    obscurity: "moderate",
    request: null,
    minimumUsed: requiredIngredientCount(chosen.length, fridgePercentage),
    fridgePercentage,
    preferences: { allergies: [], dislikedFoods: [], dietaryRestrictions: [], favoriteCuisines: [], favoriteFoods: [], spiceLevel: null },
    today: "2026-03-10",
  };
}
