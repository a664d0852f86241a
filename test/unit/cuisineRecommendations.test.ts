import { describe, expect, it } from "vitest";
import { cuisinesOf, recommendCuisines, type CuisineRecipe } from "../../worker/domain/cuisineRecommendations";

const r = (id: number, title: string, tags: string[], lines: string[], dietary: string[] = []): CuisineRecipe => ({
  id,
  title,
  tags,
  dietary,
  servings: 4,
  ingredients: lines.map((line) => ({ name: line.replace(/^[\d/ ]+(?:g|cups?|tbsp)?\s*/, ""), original: line })),
});

const RECIPES = [
  r(1, "Pesto Spaghetti", ["italian", "pasta"], ["200 g spaghetti", "3 tbsp pesto"]),
  r(2, "Tomato Bruschetta", ["italian"], ["4 tomatoes", "1 baguette"], ["vegetarian"]),
  r(3, "Beef Tacos", ["mexican"], ["500 g beef", "8 tortillas"]),
  r(4, "Chana Masala", ["indian", "curry"], ["2 cups chickpeas", "2 tomatoes"], ["vegetarian", "vegan"]),
];

const none = { favoriteCuisines: [], savedIds: new Set<number>(), cookedIds: new Set<number>(), likedIds: new Set<number>(), pantry: [], today: "2026-03-10" };
const noPrefs = { allergies: [], dislikedFoods: [], dietaryRestrictions: [] };

describe("cuisine recommendations", () => {
  it("places recipes in cuisines by their tags", () => {
    expect(cuisinesOf(RECIPES[3]!)).toEqual(["Indian", "Vegetarian"]);
    expect(cuisinesOf(RECIPES[0]!)).toEqual(["Italian"]);
  });

  it("offers nothing without the user's own data", () => {
    expect(recommendCuisines(RECIPES, noPrefs, none)).toEqual([]);
  });

  it("ranks a favourite first, says why, and picks recipes that use the pantry", () => {
    const recs = recommendCuisines(RECIPES, noPrefs, { ...none, favoriteCuisines: ["Italian"], pantry: [{ id: 1, name: "Tomatoes", expirationDate: "2026-03-11" }] });
    expect(recs[0]).toMatchObject({ cuisine: "Italian" });
    expect(recs[0]!.reasons).toEqual(["One of your favorite cuisines", "Uses your tomatoes (expires tomorrow)"]);
    expect(recs[0]!.recipes[0]!.title).toBe("Tomato Bruschetta");
  });

  it("counts saved and cooked recipes", () => {
    const recs = recommendCuisines(RECIPES, noPrefs, { ...none, savedIds: new Set([3]), cookedIds: new Set([3]) });
    expect(recs.map((c) => c.cuisine)).toEqual(["Mexican"]);
    expect(recs[0]!.reasons).toEqual(["You saved 1 Mexican recipe", "You've cooked 1 Mexican recipe"]);
  });

  it("never offers a recipe with an allergen, and drops a cuisine left with none", () => {
    const recs = recommendCuisines(RECIPES, { ...noPrefs, allergies: ["tree nuts", "wheat"] }, { ...none, favoriteCuisines: ["Italian", "Indian"] });
    expect(recs.map((c) => c.cuisine)).toEqual(["Indian"]);
    expect(recs[0]!.recipes.map((x) => x.title)).toEqual(["Chana Masala"]);
  });
});
