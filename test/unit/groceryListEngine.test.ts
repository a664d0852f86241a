import { describe, expect, it } from "vitest";
import { composeGroceryList, groceryIntent, recipeFits } from "../../worker/ai/offline/groceryListEngine";
import { bundledLibrary } from "../../worker/ai/offline/recipeEngine";
import { meetsDiet } from "../../worker/domain/recipeTags";

describe("groceryIntent (table)", () => {
  const cases: { prompt: string; household?: number; expected: Record<string, unknown> }[] = [
    { prompt: "Weekly family plan", expected: { kinds: ["family"], mealType: "dinner", meals: 5, servings: 4, name: "Weekly Family Plan" } },
    { prompt: "Vegetarian dinners", expected: { kinds: ["vegetarian"], mealType: "dinner", meals: 3, servings: 1, name: "Vegetarian Dinners" } },
    { prompt: "Budget meals", expected: { kinds: ["budget"], mealType: "dinner", meals: 3, name: "Budget Meals" } },
    { prompt: "Meal prep lunches", expected: { kinds: ["meal-prep"], mealType: "lunch", meals: 2, servings: 5, name: "Meal Prep Lunches" } },
    { prompt: "4 vegan dinners for two people", expected: { kinds: ["vegan"], meals: 4, servings: 2, name: "Vegan Meals" } },
    { prompt: "cheap meatless meals for a family of 5 this week", expected: { kinds: ["family", "vegetarian", "budget"], meals: 5, servings: 5 } },
    { prompt: "something nice", household: 2, expected: { kinds: [], mealType: "dinner", meals: 3, servings: 2, name: "Shopping List" } },
  ];
  for (const c of cases) {
    it(c.prompt, () => {
      expect(groceryIntent(c.prompt, c.household ?? 1)).toMatchObject(c.expected);
    });
  }
});

describe("composeGroceryList", () => {
  const library = bundledLibrary();
  const base = { selected: [], pantry: [], preferences: { allergies: [], dislikedFoods: [], dietaryRestrictions: [] }, householdSize: 1, today: "2026-03-02" };

  it("keeps the selected recipes and fills the other meals from the library, repeatably", () => {
    const selected = [{ id: 9, title: "My Soup", servings: 2, ingredients: [{ name: "leeks", quantity: 2, quantityMax: null, unit: null }] }];
    const first = composeGroceryList({ ...base, prompt: "Vegetarian dinners", selected }, library);
    expect(first.name).toBe("Vegetarian Dinners");
    // Two leeks for two servings, scaled to one.
    expect(first.items.filter((i) => i.recipeTitle === "My Soup")).toEqual([{ name: "leeks", quantity: 1, unit: null, note: null, recipeTitle: "My Soup", recipeId: 9, libraryKey: null }]);
    const titles = new Set(first.items.map((i) => i.recipeTitle));
    expect(titles.size).toBe(3);
    expect(composeGroceryList({ ...base, prompt: "Vegetarian dinners", selected }, library)).toEqual(first);
    for (const key of new Set(first.items.map((i) => i.libraryKey).filter(Boolean))) {
      const recipe = library.find((r) => r.key === key)!;
      expect(meetsDiet("vegetarian", recipe.ingredients), recipe.title).toBe(true);
    }
  });

  it("respects allergies, dislikes and the profile's diets", () => {
    const preferences = { allergies: ["peanuts", "shellfish"], dislikedFoods: ["mushrooms"], dietaryRestrictions: ["Gluten-Free"] };
    const list = composeGroceryList({ ...base, prompt: "Weekly family plan", preferences }, library);
    const keys = new Set(list.items.map((i) => i.libraryKey));
    expect(keys.size).toBe(5);
    for (const key of keys) {
      const recipe = library.find((r) => r.key === key)!;
      expect(recipeFits(recipe, ["gluten-free"], preferences), recipe.title).toBe(true);
    }
  });

  it("prefers recipes that use what the pantry holds, soonest-expiring first", () => {
    const without = composeGroceryList({ ...base, prompt: "dinners" }, library);
    const withPantry = composeGroceryList({ ...base, prompt: "dinners", pantry: [{ name: "zucchini", expirationDate: "2026-03-03" }, { name: "feta", expirationDate: "2026-03-04" }] }, library);
    expect(withPantry.items.map((i) => i.libraryKey)).not.toEqual(without.items.map((i) => i.libraryKey));
    expect(withPantry.items.some((i) => /zucchini|feta/i.test(i.name))).toBe(true);
  });

  it("on a budget avoids pricey ingredients", () => {
    const list = composeGroceryList({ ...base, prompt: "Budget meals" }, library);
    expect(list.items.some((i) => /\b(?:steak|salmon|shrimp|lamb|saffron)\b/i.test(i.name))).toBe(false);
  });

  it("says so when nothing fits", () => {
    const list = composeGroceryList({ ...base, prompt: "dinners" }, []);
    expect(list.items).toEqual([]);
    expect(list.message).toMatch(/^I couldn't find recipes that fit/);
  });
});
