/**
 * What an ingredient name must never be, checked by npm run eval:ingredients and test/unit/ingredients.test.ts:
 * a number ("8" from "1 8- to 10-pound goose"), an adverb ("reasonably" from "8 cups reasonably packed romaine")
 * or a bare preparation or size word ("chopped", "packed", "large"). Kept apart from the parser on purpose, so the
 * check does not share the parser's word lists.
 */

const PREPARATION_OR_SIZE = new Set([
  "chopped", "minced", "diced", "sliced", "grated", "shredded", "crushed", "ground", "peeled", "seeded", "pitted",
  "cored", "halved", "quartered", "trimmed", "rinsed", "drained", "melted", "softened", "beaten", "sifted", "packed",
  "toasted", "roasted", "cooked", "thawed", "cubed", "mashed", "crumbled", "torn", "cut", "cleaned", "divided",
  "optional", "fresh", "large", "medium", "small", "whole", "heaping", "level", "scant", "to", "taste", "or", "and",
  "of", "about", "plus", "inch", "inches", "pound", "pounds", "ounce", "ounces", "cup", "cups",
  // Adverbs of degree without the -ly ending ("1/2 cup somewhat coarsely chopped walnuts").
  "somewhat", "quite", "rather", "very", "too", "well",
]);
/** Food words that end in -ly (and a common misspelling of parsley). */
const LY_FOODS = new Set(["jelly", "belly", "lily", "ugli", "parsely"]);

export function isBadIngredientName(name: string): boolean {
  const text = name.trim().toLowerCase();
  if (!text) return false;
  if (!/\p{L}/u.test(text)) return true;
  const words = text.split(/\s+/);
  if (words.length !== 1) return false;
  const word = words[0]!.replace(/[^a-z-]/g, "");
  if (PREPARATION_OR_SIZE.has(word)) return true;
  return /ly$/.test(word) && !LY_FOODS.has(word);
}
