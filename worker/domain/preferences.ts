/**
 * How a recipe fits someone's food preferences: allergens (never proposed), diets from the profile that the rules
 * know (vegetarian, gluten-free...), disliked foods (ranked down, not hidden) and favourite foods. One function so
 * recipe lists, smart recommendations, cuisine recommendations and the companion judge a recipe the same way.
 * Pure; no I/O.
 */
import { allergenViolations, dietViolations, mentionsFood, ingredientText, toDietTag, type DietTag, type TagIngredient } from "./recipeTags";

export type FoodPreferenceLists = {
  allergies: readonly string[];
  dislikedFoods: readonly string[];
  dietaryRestrictions: readonly string[];
  favoriteFoods?: readonly string[];
};

export type RecipeFit = {
  /** Allergies (as the user wrote them) the recipe contains: such a recipe is never proposed. */
  allergens: string[];
  /** Profile diets the recipe breaks (only diets the rules can check). */
  brokenDiets: DietTag[];
  dislikes: string[];
  favorites: string[];
  /** No allergen. */
  safe: boolean;
  /** No allergen and every checkable diet met. */
  fits: boolean;
};

/** Score taken off a ranked recipe for each disliked food it uses (scores run 0 to 1.5). */
export const DISLIKE_PENALTY = 0.3;

/** The profile's diets that the forbidden-word rules can check; others (Kosher, Halal, Low-FODMAP...) are not judged. */
export function checkableDiets(dietaryRestrictions: readonly string[]): DietTag[] {
  return [...new Set(dietaryRestrictions.map(toDietTag).filter((d): d is DietTag => d !== null))];
}

export function recipeFit(ingredients: readonly TagIngredient[], preferences: FoodPreferenceLists, servings?: number | null): RecipeFit {
  const allergens = [...new Set(allergenViolations(ingredients, preferences.allergies).map((v) => v.allergy))];
  const brokenDiets = checkableDiets(preferences.dietaryRestrictions).filter((diet) => dietViolations(diet, ingredients, servings).length > 0);
  const lines = ingredients.map(ingredientText);
  const uses = (food: string) => food.trim() !== "" && lines.some((line) => mentionsFood(line, food));
  const dislikes = preferences.dislikedFoods.filter(uses);
  const favorites = (preferences.favoriteFoods ?? []).filter(uses);
  const safe = allergens.length === 0;
  return { allergens, brokenDiets, dislikes, favorites, safe, fits: safe && brokenDiets.length === 0 };
}

/**
 * Whether recipeFit can find anything against a recipe for these preferences: an allergy, a diet the rules check
 * or a disliked food. When not, every recipe is safe, fits and has no dislikes, so lists need not judge each one.
 */
export function preferencesCanRuleOut(preferences: FoodPreferenceLists): boolean {
  return preferences.allergies.length > 0 || checkableDiets(preferences.dietaryRestrictions).length > 0 || preferences.dislikedFoods.some((food) => food.trim() !== "");
}

/** A ranking score with DISLIKE_PENALTY taken off per disliked food the recipe uses (never below 0). */
export function withDislikePenalty(score: number, dislikedFoodsUsed: number): number {
  return Math.max(0, score - DISLIKE_PENALTY * dislikedFoodsUsed);
}
