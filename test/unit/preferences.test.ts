import { describe, expect, it } from "vitest";
import { preferencesCanRuleOut, recipeFit, type FoodPreferenceLists } from "../../worker/domain/preferences";

const none: FoodPreferenceLists = { allergies: [], dislikedFoods: [], dietaryRestrictions: [] };
const ingredients = [
  { name: "chicken breast", original: "2 chicken breasts" },
  { name: "peanuts", original: "1/2 cup roasted peanuts", quantity: 0.5, unit: "cup" },
  { name: "butter", original: null },
];

describe("preferencesCanRuleOut", () => {
  it("is false for no preferences, blank dislikes and diets the rules cannot check, and then every recipe fits", () => {
    for (const preferences of [none, { ...none, dislikedFoods: ["  ", ""] }, { ...none, dietaryRestrictions: ["Kosher"] }, { ...none, favoriteFoods: ["peanuts"] }]) {
      expect(preferencesCanRuleOut(preferences)).toBe(false);
      const fit = recipeFit(ingredients, preferences, 4);
      expect(fit).toMatchObject({ allergens: [], brokenDiets: [], dislikes: [], safe: true, fits: true });
    }
  });

  it("is true for an allergy, a checkable diet or a disliked food, each of which can judge a recipe", () => {
    const allergy = { ...none, allergies: ["peanuts"] };
    const diet = { ...none, dietaryRestrictions: ["Vegetarian"] };
    const dislike = { ...none, dislikedFoods: ["butter"] };
    expect([allergy, diet, dislike].map(preferencesCanRuleOut)).toEqual([true, true, true]);
    expect(recipeFit(ingredients, allergy).safe).toBe(false);
    expect(recipeFit(ingredients, diet).fits).toBe(false);
    expect(recipeFit(ingredients, dislike).dislikes).toEqual(["butter"]);
  });
});
