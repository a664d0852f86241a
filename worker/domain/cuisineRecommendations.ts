/**
 * Personalised cuisine recommendations for the profile: which cuisines to cook next, and a recipe or two from
 * each, built only from the user's own data: their favourite cuisines, the recipes they saved, cooked and liked,
 * and what is in their pantry (soon-expiring items weighted up). Allergens and profile diets are respected,
 * disliked foods rank down. Nothing here is a sample: with no data the answer is empty. Pure; no I/O.
 */
import { CUISINES } from "./constants";
import { rankRecipesForPantry, type PantryItemLike } from "./matching";
import { recipeFit, withDislikePenalty, type FoodPreferenceLists } from "./preferences";
import { isComponentRecipe, type TagIngredient } from "./recipeTags";

export type Cuisine = (typeof CUISINES)[number];

export type CuisineRecipe = {
  id: number;
  title: string;
  tags: readonly string[];
  dietary: readonly string[];
  servings: number | null;
  ingredients: (TagIngredient & { name: string })[];
};

export type CuisineSignals = {
  favoriteCuisines: readonly string[];
  savedIds: ReadonlySet<number>;
  cookedIds: ReadonlySet<number>;
  likedIds: ReadonlySet<number>;
  pantry: PantryItemLike[];
  today: string;
};

export type CuisineRecommendation = {
  cuisine: Cuisine;
  reasons: string[];
  recipes: { id: number; title: string; uses: string[] }[];
  score: number;
};

/** Recipe tags that place a recipe in one of the profile's cuisines. */
const CUISINE_TAGS: Record<Exclude<Cuisine, "Vegetarian">, readonly string[]> = {
  Italian: ["italian", "pasta", "pizza", "risotto"],
  Mexican: ["mexican", "tex-mex", "taco", "tacos"],
  Chinese: ["chinese", "cantonese", "sichuan", "szechuan"],
  Japanese: ["japanese", "sushi", "ramen"],
  Indian: ["indian", "curry"],
  Thai: ["thai"],
  Mediterranean: ["mediterranean", "greek", "turkish", "spanish", "portuguese", "lebanese", "middle eastern", "moroccan"],
  French: ["french"],
  American: ["american", "bbq", "southern", "cajun"],
  Korean: ["korean"],
};

export function cuisinesOf(recipe: Pick<CuisineRecipe, "tags" | "dietary">): Cuisine[] {
  const tags = new Set(recipe.tags.map((t) => t.trim().toLowerCase()));
  const found = (Object.keys(CUISINE_TAGS) as Exclude<Cuisine, "Vegetarian">[]).filter((cuisine) => CUISINE_TAGS[cuisine].some((t) => tags.has(t)));
  return recipe.dietary.includes("vegetarian") ? [...found, "Vegetarian"] : found;
}

const RECIPES_PER_CUISINE = 2;
const NOT_A_DISH = new Set(["drink", "drinks", "tea", "beverage", "cocktail", "sauce", "spice", "seasoning", "dressing", "condiment"]);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function expiryWords(days: number): string {
  if (days <= 0) return "expires today";
  if (days === 1) return "expires tomorrow";
  return `expires in ${days} days`;
}

/**
 * Up to `limit` cuisines, strongest first. A cuisine is offered only when the user's data points to it (a
 * favourite, a saved, cooked or liked recipe, or pantry items its recipes use) and it has a recipe the user can
 * eat (no allergen, profile diets met).
 */
export function recommendCuisines(recipes: CuisineRecipe[], preferences: FoodPreferenceLists, signals: CuisineSignals, limit = 3): CuisineRecommendation[] {
  const favorites = new Set(signals.favoriteCuisines.map((c) => c.toLowerCase()));
  const byCuisine = new Map<Cuisine, CuisineRecipe[]>();
  for (const recipe of recipes) for (const cuisine of cuisinesOf(recipe)) (byCuisine.get(cuisine) ?? byCuisine.set(cuisine, []).get(cuisine)!).push(recipe);

  const usable = signals.pantry;
  const out: CuisineRecommendation[] = [];
  for (const cuisine of CUISINES) {
    const all = byCuisine.get(cuisine) ?? [];
    const eatable = all
      .map((recipe) => ({ recipe, fit: recipeFit(recipe.ingredients, preferences, recipe.servings) }))
      .filter((r) => r.fit.fits);
    if (eatable.length === 0) continue;

    const saved = all.filter((r) => signals.savedIds.has(r.id)).length;
    const cooked = all.filter((r) => signals.cookedIds.has(r.id)).length;
    const liked = all.filter((r) => signals.likedIds.has(r.id)).length;
    const favorite = favorites.has(cuisine.toLowerCase());

    const fitById = new Map(eatable.map((r) => [r.recipe.id, r.fit]));
    const ranked = rankRecipesForPantry(eatable.map((r) => r.recipe), usable, signals.today)
      .map((r) => ({ ...r, adjusted: withDislikePenalty(r.score, fitById.get(r.recipe.id)!.dislikes.length) }))
      .sort((a, b) => b.adjusted - a.adjusted || b.coverage - a.coverage);
    const withPantry = ranked.filter((r) => r.matched > 0);
    const best = withPantry[0];

    const score = (favorite ? 3 : 0) + Math.min(saved, 3) + Math.min(cooked, 3) + 0.5 * Math.min(liked, 3) + (best ? 2 * Math.min(1, best.adjusted) : 0);
    if (score <= 0) continue;

    const reasons: string[] = [];
    if (favorite) reasons.push("One of your favorite cuisines");
    if (saved) reasons.push(`You saved ${plural(saved, `${cuisine} recipe`)}`);
    if (cooked) reasons.push(`You've cooked ${plural(cooked, `${cuisine} recipe`)}`);
    if (liked && !saved && !cooked) reasons.push(`You liked ${plural(liked, `${cuisine} recipe`)}`);
    const expiring = best?.usesExpiring.find((e) => e.daysLeft >= 0);
    if (expiring) reasons.push(`Uses your ${expiring.name.trim().toLowerCase()} (${expiryWords(expiring.daysLeft)})`);
    else if (best) reasons.push(`Uses ${plural(best.matched, "item")} from your pantry`);

    // Dishes, not drinks or sauces; from the pantry when any use it.
    const dishes = (list: typeof ranked) => list.filter((r) => !r.recipe.tags.some((t) => NOT_A_DISH.has(t.toLowerCase())) && !isComponentRecipe(r.recipe));
    const picks = (withPantry.length ? dishes(withPantry) : dishes(ranked)).slice(0, RECIPES_PER_CUISINE);
    if (picks.length === 0) continue;
    out.push({
      cuisine,
      reasons,
      score: Math.round(score * 100) / 100,
      recipes: picks.map((r) => ({
        id: r.recipe.id,
        title: r.recipe.title,
        uses: r.usesExpiring.length ? r.usesExpiring.map((e) => e.name) : [],
      })),
    });
  }
  return out.sort((a, b) => b.score - a.score || CUISINES.indexOf(a.cuisine) - CUISINES.indexOf(b.cuisine)).slice(0, limit);
}
