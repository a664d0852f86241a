import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  expiryBonus,
  ingredientAvailability,
  isAlwaysAvailable,
  matchScore,
  normalizeIngredientName,
  rankRecipesForPantry,
  singularize,
  type PantryItemLike,
} from "../../worker/domain/matching";
import { addDays } from "../../worker/domain/dates";

describe("normalizeIngredientName", () => {
  it.each([
    ["Tomatoes", "tomato"],
    ["Fresh Scallions, chopped", "green onion"],
    ["2 Large Eggs", "egg"],
    ["Milk 2%", "milk"],
    ["Kirkland Signature Organic Eggs", "egg"],
    ["Extra-Virgin Olive Oil", "olive oil"],
    ["jalapeño peppers", "jalapeno"],
    ["Confectioners' Sugar", "powdered sugar"],
    ["cherries", "cherry"],
    ["bay leaves", "bay"],
    ["Potatoes (Yukon Gold)", "potato"],
    ["Fresh", "fresh"],
  ])("%s -> %s", (name, normalized) => expect(normalizeIngredientName(name)).toBe(normalized));

  it("keeps words that are not plurals", () => {
    for (const word of ["hummus", "asparagus", "couscous", "molasses", "swiss", "bass", "ice"]) expect(singularize(word)).toBe(word);
    expect(singularize("tomatoes")).toBe("tomato");
    expect(singularize("berries")).toBe("berry");
    expect(singularize("peaches")).toBe("peach");
    expect(singularize("cookies")).toBe("cookie");
    expect(singularize("leaves")).toBe("leaf");
  });
});

describe("matchScore", () => {
  it("scores an exact name 1, ignoring case and spacing", () => {
    expect(matchScore("Honey", "honey")).toBe(1);
    expect(matchScore("olive  oil", "Olive Oil ")).toBe(1);
  });

  it("scores the same food after normalising common variants 0.9", () => {
    expect(matchScore("tomatoes", "Tomato")).toBe(0.9);
    expect(matchScore("scallions", "green onions")).toBe(0.9);
    expect(matchScore("extra virgin olive oil", "olive oil")).toBe(0.9);
    expect(matchScore("fresh cilantro", "coriander")).toBe(0.9);
    expect(matchScore("eggs", "Kirkland Signature Organic Eggs")).toBe(0.9);
    expect(matchScore("milk", "2% Milk")).toBe(0.9);
  });

  it("scores containment on word boundaries 0.8", () => {
    expect(matchScore("green onion", "onion")).toBe(0.8);
    expect(matchScore("onion", "red onions")).toBe(0.8);
    expect(matchScore("chicken breasts", "chicken")).toBe(0.8);
    expect(matchScore("parmesan", "Parmesan cheese")).toBe(0.8);
    expect(matchScore("flour", "all-purpose flour")).toBe(0.8);
    expect(matchScore("egg whites", "eggs")).toBe(0.8);
  });

  it("does not match honey with honeycrisp", () => {
    expect(matchScore("honey", "honeycrisp")).toBe(0);
    expect(matchScore("honey", "Honeycrisp apples")).toBe(0);
    expect(matchScore("Honeycrisp apples", "honey")).toBe(0);
  });

  it("does not match a different product that shares a word", () => {
    expect(matchScore("butter", "peanut butter")).toBe(0);
    expect(matchScore("garlic", "garlic powder")).toBe(0);
    expect(matchScore("chicken", "chicken broth")).toBe(0);
    expect(matchScore("cream", "sour cream")).toBe(0);
    expect(matchScore("milk", "coconut milk")).toBe(0);
    expect(matchScore("pepper", "bell pepper")).toBe(0);
    expect(matchScore("hot sauce", "soy sauce")).toBe(0);
    expect(matchScore("apples", "pears")).toBe(0);
    expect(matchScore("", "pears")).toBe(0);
  });

  it("only ever gives 0, 0.8, 0.9 or 1 and is symmetric (property)", () => {
    const names = fc.constantFrom("honey", "honeycrisp apples", "green onion", "onion", "scallions", "eggs", "egg whites", "butter", "peanut butter", "garlic", "garlic powder", "Chicken Breast", "chicken", "tomatoes", "Tomato", "olive oil");
    fc.assert(
      fc.property(fc.oneof(names, fc.string({ maxLength: 20 })), fc.oneof(names, fc.string({ maxLength: 20 })), (a, b) => {
        const score = matchScore(a, b);
        expect([0, 0.8, 0.9, 1]).toContain(score);
        expect(matchScore(b, a)).toBe(score);
      }),
    );
  });
});

describe("isAlwaysAvailable", () => {
  it.each(["water", "Water", "cold water", "boiling water", "ice", "Ice cubes", "crushed ice", "salt", "sea salt", "kosher salt", "Salt to taste", "pepper", "black pepper", "freshly ground black pepper", "Salt and freshly ground black pepper", "salt & pepper", "white pepper", "black peppercorns"])(
    "%s is always available",
    (name) => expect(isAlwaysAvailable(name)).toBe(true),
  );

  it.each(["bell pepper", "red bell pepper", "red pepper flakes", "cayenne pepper", "jalapeno pepper", "garlic salt", "celery salt", "salt pork", "coconut water", "sparkling water", "ice cream", "lemon pepper", "flour", ""])(
    "%s is not",
    (name) => expect(isAlwaysAvailable(name)).toBe(false),
  );
});

const pantryItem = (id: number, name: string, expirationDate: string | null = null): PantryItemLike => ({ id, name, expirationDate });

describe("ingredientAvailability", () => {
  it("marks each ingredient available or missing with its best pantry match", () => {
    const pantry = [pantryItem(1, "Honeycrisp apples"), pantryItem(2, "Green onions"), pantryItem(3, "Eggs")];
    const result = ingredientAvailability([{ name: "honey" }, { name: "scallions" }, { name: "egg" }, { name: "water" }, { name: "flour" }], pantry);
    expect(result).toEqual([
      { name: "honey", available: false, score: 0, pantryItemId: null, alwaysAvailable: false },
      { name: "scallions", available: true, score: 0.9, pantryItemId: 2, alwaysAvailable: false },
      { name: "egg", available: true, score: 0.9, pantryItemId: 3, alwaysAvailable: false },
      { name: "water", available: true, score: 1, pantryItemId: null, alwaysAvailable: true },
      { name: "flour", available: false, score: 0, pantryItemId: null, alwaysAvailable: false },
    ]);
  });

  it("prefers the better match, then the item that expires first", () => {
    const pantry = [pantryItem(1, "onion", "2030-01-10"), pantryItem(2, "red onion", "2030-01-01"), pantryItem(3, "onions", "2030-01-05"), pantryItem(4, "onions", "2030-01-02")];
    expect(ingredientAvailability([{ name: "onion" }], pantry)[0]?.pantryItemId).toBe(1);
    expect(ingredientAvailability([{ name: "onions" }], pantry)[0]?.pantryItemId).toBe(4);
    expect(ingredientAvailability([{ name: "Onion" }], pantry.slice(1))[0]).toMatchObject({ pantryItemId: 4, score: 0.9 });
  });

  it("between equal matches on the same day, takes the lower id whatever order the pantry came in", () => {
    const pantry = [pantryItem(9, "leeks", "2030-01-03"), pantryItem(5, "leeks", "2030-01-03"), pantryItem(7, "leek", "2030-01-03"), pantryItem(2, "leeks", null)];
    expect(ingredientAvailability([{ name: "leeks" }], pantry)[0]?.pantryItemId).toBe(5);
    expect(ingredientAvailability([{ name: "leeks" }], [...pantry].reverse())[0]?.pantryItemId).toBe(5);
    expect(ingredientAvailability([{ name: "Leek" }], pantry.slice(0, 2))[0]).toMatchObject({ pantryItemId: 5, score: 0.9 });
  });
});

describe("rankRecipesForPantry", () => {
  const today = "2030-03-10";
  const recipe = (id: number, ...names: string[]) => ({ id, title: `Recipe ${id}`, ingredients: names.map((name) => ({ name })) });

  it("ranks by coverage and ignores always-available ingredients in the counts", () => {
    const pantry = [pantryItem(1, "pasta"), pantryItem(2, "tomatoes"), pantryItem(3, "garlic")];
    const ranked = rankRecipesForPantry(
      [recipe(1, "pasta", "cream", "bacon", "salt"), recipe(2, "pasta", "tomato", "garlic", "water", "salt", "black pepper"), recipe(3, "rice", "beans")],
      pantry,
      today,
    );
    expect(ranked.map((r) => r.recipe.id)).toEqual([2, 1, 3]);
    expect(ranked[0]).toMatchObject({ coverage: 1, matched: 3, total: 3, missing: [], usesExpiring: [] });
    expect(ranked[1]).toMatchObject({ matched: 1, total: 3, missing: ["cream", "bacon"] });
    expect(ranked[1]?.coverage).toBeCloseTo(1 / 3, 9);
    expect(ranked[2]).toMatchObject({ coverage: 0, matched: 0, total: 2, score: 0 });
  });

  it("weights up recipes that use items about to expire", () => {
    const pantry = [pantryItem(1, "spinach", addDays(today, 1)), pantryItem(2, "rice", null), pantryItem(3, "feta", addDays(today, 30))];
    const ranked = rankRecipesForPantry([recipe(1, "rice", "feta"), recipe(2, "spinach", "feta")], pantry, today);
    expect(ranked.map((r) => r.recipe.id)).toEqual([2, 1]);
    expect(ranked[0]?.coverage).toBe(1);
    expect(ranked[1]?.coverage).toBe(1);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? 0);
    expect(ranked[0]?.usesExpiring).toEqual([{ pantryItemId: 1, name: "spinach", daysLeft: 1 }]);
  });

  it("lets an expired or nearly expired item lift a partly covered recipe above a covered one only partly", () => {
    const pantry = [pantryItem(1, "milk", addDays(today, -1)), pantryItem(2, "flour"), pantryItem(3, "sugar")];
    const ranked = rankRecipesForPantry([recipe(1, "flour", "sugar"), recipe(2, "milk", "eggs")], pantry, today);
    // Full coverage still wins over half coverage, even with an expired item.
    expect(ranked.map((r) => r.recipe.id)).toEqual([1, 2]);
    expect(ranked[1]?.score).toBeCloseTo(0.75, 9);
    expect(ranked[1]?.usesExpiring).toEqual([{ pantryItemId: 1, name: "milk", daysLeft: -1 }]);
  });

  it("weights sooner expiry more than later", () => {
    const pantry = [pantryItem(1, "yogurt", addDays(today, 2)), pantryItem(2, "kale", addDays(today, 6)), pantryItem(3, "oats", addDays(today, 20))];
    const ranked = rankRecipesForPantry([recipe(1, "oats"), recipe(2, "kale"), recipe(3, "yogurt")], pantry, today);
    expect(ranked.map((r) => r.recipe.id)).toEqual([3, 2, 1]);
    expect(expiryBonus(-3)).toBe(expiryBonus(0));
    expect(expiryBonus(2)).toBeGreaterThan(expiryBonus(3));
    expect(expiryBonus(3)).toBeGreaterThan(expiryBonus(7));
    expect(expiryBonus(8)).toBe(0);
  });

  it("breaks ties by coverage, then fewer missing ingredients, then input order", () => {
    const pantry = [pantryItem(1, "bread")];
    const ranked = rankRecipesForPantry([recipe(1, "bread", "ham", "cheese", "mustard"), recipe(2, "bread", "jam"), recipe(3, "water"), recipe(4, "bread", "butter")], pantry, today);
    expect(ranked.map((r) => r.recipe.id)).toEqual([2, 4, 1, 3]);
    expect(ranked[3]).toMatchObject({ total: 0, coverage: 0, score: 0 });
  });
});
