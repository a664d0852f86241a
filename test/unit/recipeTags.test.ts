import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  allergenFamiliesOf,
  allergenViolations,
  allergensIn,
  DERIVED_ALLERGEN_FOODS,
  deriveDietary,
  deriveDifficulty,
  deriveMealType,
  deriveRecipeTags,
  dietViolations,
  difficultyFromMinutes,
  isComponentRecipe,
  meetsDiet,
  type DietTag,
  type TagIngredient,
} from "../../worker/domain/recipeTags";
import { parseIngredientLine } from "../../worker/domain/ingredients";
import { bundledLibrary } from "../../worker/ai/offline/recipeEngine";

const lines = (...texts: string[]): TagIngredient[] => texts.map((t) => ({ ...parseIngredientLine(t), original: t }));
const diets = (...texts: string[]) => deriveDietary(lines(...texts), 4);

describe("difficulty", () => {
  it.each([
    [0, "easy"],
    [30, "easy"],
    [31, "medium"],
    [60, "medium"],
    [61, "hard"],
    [930, "hard"],
  ] as const)("%i minutes is %s", (minutes, band) => {
    expect(difficultyFromMinutes(minutes)).toBe(band);
  });

  it("adds prep and cook time, and uses one when the other is unknown", () => {
    expect(deriveDifficulty({ prepTime: 20, cookTime: 15, stepCount: 3 })).toEqual({ difficulty: "medium", basis: "time", totalMinutes: 35 });
    expect(deriveDifficulty({ prepTime: null, cookTime: 90, stepCount: 1 })).toEqual({ difficulty: "hard", basis: "time", totalMinutes: 90 });
  });

  it("estimates from the step count when no time is given, and says so", () => {
    expect(deriveDifficulty({ prepTime: null, cookTime: null, stepCount: 3 })).toEqual({ difficulty: "easy", basis: "steps", totalMinutes: null });
    expect(deriveDifficulty({ prepTime: null, cookTime: null, stepCount: 6 }).difficulty).toBe("medium");
    expect(deriveDifficulty({ prepTime: null, cookTime: null, stepCount: 12 }).difficulty).toBe("hard");
  });
});

describe("dietary labels from forbidden words", () => {
  it("a recipe with bacon is not vegetarian, vegan or low-sodium", () => {
    const tags = diets("200 g spaghetti", "100 g bacon, diced", "2 eggs");
    expect(tags).not.toContain("vegetarian");
    expect(tags).not.toContain("vegan");
    expect(tags).not.toContain("low-sodium");
    expect(tags).toContain("nut-free");
  });

  it("vegetable stock is vegetarian; plain stock or a meat alternative is not", () => {
    expect(diets("1 l vegetable stock", "2 carrots")).toContain("vegan");
    expect(diets("1 l stock", "2 carrots")).not.toContain("vegetarian");
    expect(diets("1 l chicken or vegetable stock")).not.toContain("vegetarian");
  });

  it("eggs and dairy keep a recipe vegetarian but not vegan", () => {
    const tags = diets("2 eggs", "1 cup milk", "1 cup flour");
    expect(tags).toContain("vegetarian");
    expect(tags).not.toContain("vegan");
    expect(tags).not.toContain("dairy-free");
    expect(tags).not.toContain("gluten-free");
  });

  it("honey is not vegan", () => {
    expect(diets("2 tbsp honey", "1 cup oats")).toContain("vegetarian");
    expect(diets("2 tbsp honey", "1 cup oats")).not.toContain("vegan");
  });

  it("reads compounds as the food they name", () => {
    const peanut = diets("2 tbsp peanut butter", "1 can coconut milk", "1 eggplant");
    expect(peanut).toContain("dairy-free");
    expect(peanut).toContain("vegan");
    expect(peanut).not.toContain("nut-free");
    expect(diets("1 butternut squash", "1 tsp nutmeg", "1 cup water chestnuts")).toContain("nut-free");
    expect(diets("2 tbsp unsalted butter")).not.toContain("dairy-free");
    expect(diets("1/2 tsp cream of tartar", "3 egg whites")).toContain("dairy-free");
  });

  it("knows gluten-free flours and sauces", () => {
    expect(diets("200 g buckwheat flour", "1 tbsp tamari")).toContain("gluten-free");
    expect(diets("200 g gluten-free pasta")).toContain("gluten-free");
    expect(diets("1 tbsp soy sauce")).not.toContain("gluten-free");
    expect(diets("1 tbsp soy sauce")).not.toContain("low-sodium");
    expect(diets("200 g rice flour", "1 cup oats")).not.toContain("gluten-free");
  });

  it("keto and paleo follow their documented lists", () => {
    expect(diets("2 cups green beans", "2 tbsp olive oil", "1 lb salmon")).toEqual(expect.arrayContaining(["keto", "paleo", "gluten-free", "dairy-free"]));
    expect(diets("1 cup sugar")).not.toContain("keto");
    expect(diets("1 cup rice")).not.toContain("paleo");
    expect(diets("1 tbsp ghee", "2 sweet potatoes")).toContain("paleo");
  });

  it("low-sodium allows salt to taste but not a measured tablespoon", () => {
    expect(diets("salt to taste", "2 tomatoes")).toContain("low-sodium");
    expect(diets("1 tbsp salt", "2 tomatoes")).not.toContain("low-sodium");
    expect(deriveDietary(lines("1/4 tsp salt", "2 tomatoes"), 8)).toContain("low-sodium");
  });

  it("a recipe without ingredients gets no label", () => {
    expect(deriveDietary([], 4)).toEqual([]);
  });

  it("names the offending line", () => {
    expect(dietViolations("vegetarian", lines("1 onion", "4 rashers smoked bacon"))).toEqual([{ line: "4 rashers smoked bacon", word: "bacon" }]);
  });

  it("adding an ingredient never adds a label (property)", () => {
    const pool = [
      "1 onion", "200 g bacon", "2 eggs", "1 cup milk", "2 cups flour", "1 tbsp honey", "1 tbsp soy sauce", "100 g walnuts",
      "1 cup rice", "2 tbsp olive oil", "1 l vegetable stock", "1 lb chicken breast", "1 tbsp salt", "2 tomatoes",
      "1 cup sugar", "200 g cheddar", "1 can coconut milk", "1 tbsp tamari", "2 tbsp peanut butter", "1 bunch kale",
    ];
    fc.assert(
      fc.property(fc.subarray(pool), fc.constantFrom(...pool), (base, extra) => {
        const before = new Set(deriveDietary(lines(...base), 4));
        const after = deriveDietary(lines(...base, extra), 4);
        return base.length === 0 || after.every((d) => before.has(d));
      }),
    );
  });
});

describe("allergens", () => {
  it("matches allergy families and named foods, not look-alikes", () => {
    expect(allergensIn("2 tbsp peanut butter", ["peanuts"])).toEqual(["peanuts"]);
    expect(allergensIn("100 g walnuts", ["nuts"])).toEqual(["nuts"]);
    expect(allergensIn("1 tsp nutmeg", ["nuts"])).toEqual([]);
    expect(allergensIn("2 tbsp butter", ["dairy"])).toEqual(["dairy"]);
    expect(allergensIn("2 tbsp peanut butter", ["dairy"])).toEqual([]);
    expect(allergensIn("200 g shrimp", ["shellfish"])).toEqual(["shellfish"]);
    expect(allergensIn("1 cup strawberry jam", ["Strawberries"])).toEqual(["Strawberries"]);
    expect(allergensIn("1 eggplant", ["eggs"])).toEqual([]);
    expect(allergensIn("2 eggs", ["eggs"])).toEqual(["eggs"]);
  });

  it("lists every allergen line of a recipe", () => {
    expect(allergenViolations(lines("2 eggs", "1 cup milk", "1 onion"), ["egg", "milk"])).toEqual([
      { allergy: "egg", line: "2 eggs" },
      { allergy: "milk", line: "1 cup milk" },
    ]);
  });
});

describe("meal type and components", () => {
  it("reads tags first, then the title, then sweet ingredients", () => {
    expect(deriveMealType({ title: "Banana Pancakes", tags: ["breakfast", "sweet"] })).toBe("breakfast");
    expect(deriveMealType({ title: "Chocolate Chip Cookies" })).toBe("dessert");
    expect(deriveMealType({ title: "Greek Salad" })).toBe("lunch");
    expect(deriveMealType({ title: "Hummus" })).toBe("appetizer");
    expect(deriveMealType({ title: "Beef Goulash", tags: ["beef", "stew"] })).toBe("dinner");
    expect(deriveMealType({ title: "Grandma's surprise", ingredients: lines("200 g dark chocolate", "2 eggs") })).toBe("dessert");
    expect(deriveMealType({ title: "Grandma's surprise", ingredients: lines("1 onion", "200 g chocolate") })).toBe("dinner");
  });

  it("tells building blocks from dishes by the title's head word", () => {
    expect(isComponentRecipe({ title: "Bolognese Sauce" })).toBe(true);
    expect(isComponentRecipe({ title: "Pizza Dough" })).toBe(true);
    expect(isComponentRecipe({ title: "Broccoli with Ginger and Garlic Sauce" })).toBe(false);
    expect(isComponentRecipe({ title: "Chicken Tikka Masala" })).toBe(false);
    expect(isComponentRecipe({ title: "Garam Masala", tags: ["indian", "spice"] })).toBe(true);
  });

  it("derives everything at once", () => {
    const tags = deriveRecipeTags({ title: "Omelet", tags: ["eggs"], ingredients: lines("3 eggs", "1 tbsp butter"), stepCount: 3, prepTime: 5, cookTime: 5, servings: 1 });
    expect(tags).toMatchObject({ difficulty: "easy", difficultyBasis: "time", mealType: "breakfast", component: false });
    expect(tags.dietary).toEqual(expect.arrayContaining(["vegetarian", "gluten-free", "keto"]));
  });
});

describe("the shipped library", () => {
  const library = bundledLibrary();
  const MEAT = /\b(?:bacon|chicken|beef|pork|ham|sausages?|lamb|fish|salmon|tuna|shrimps?|anchov(?:y|ies))\b/i;

  it("holds the 410 public-domain recipes with parsed ingredients", () => {
    expect(library).toHaveLength(410);
    // 3,350 source lines less the headings ("Dough:"), kitchen tools ("Tin foil") and cook's tips the build takes out.
    expect(library.reduce((n, r) => n + r.ingredients.length, 0)).toBe(3308);
    expect(new Set(library.map((r) => r.key)).size).toBe(410);
  });

  it("never calls a recipe with a meat or fish line vegetarian", () => {
    const wrong = library.filter((r) => r.dietary.includes("vegetarian") && r.ingredients.some((i) => MEAT.test(i.original) && !/vegetable|veggie/i.test(i.original)));
    expect(wrong.map((r) => r.title)).toEqual([]);
  });

  it("stores labels that the rules give for its own ingredients", () => {
    for (const recipe of library.filter((r) => r.links.length === 0).slice(0, 80)) {
      const own = deriveDietary(recipe.ingredients, recipe.servings);
      expect(recipe.dietary, recipe.title).toEqual(own);
    }
  });

  it("a recipe that links to another library recipe inherits its ingredients for the labels", () => {
    const crostata = library.find((r) => r.key === "pdr:crostata");
    expect(crostata?.links).toContain("pdr:shortcrust-pastry");
    expect(crostata?.dietary).not.toContain("vegan");
  });

  it("says when difficulty was estimated from steps", () => {
    const estimated = library.filter((r) => r.difficultyBasis === "steps");
    expect(estimated.length).toBeGreaterThan(0);
    for (const r of estimated) expect(r.prepTime === null && r.cookTime === null).toBe(true);
    for (const r of library.filter((x) => x.difficultyBasis === "time")) {
      expect(r.difficulty).toBe(difficultyFromMinutes((r.prepTime ?? 0) + (r.cookTime ?? 0)));
    }
  });

  it("meets every diet it claims (rechecked with meetsDiet)", () => {
    for (const recipe of library.filter((r) => r.links.length === 0)) {
      for (const diet of recipe.dietary as DietTag[]) expect(meetsDiet(diet, recipe.ingredients, recipe.servings), `${recipe.title} ${diet}`).toBe(true);
    }
  });
});

describe("derived allergen foods", () => {
  it.each([
    ["dairy", "1/2 cup grated parmesan"],
    ["milk", "2 tbsp butter"],
    ["dairy", "100 ml double cream"],
    ["dairy", "1 tbsp ghee"],
    ["dairy", "1 scoop whey protein"],
    ["dairy", "3 tbsp basil pesto"],
    ["dairy", "1 cup tzatziki"],
    ["dairy", "2 brioche buns"],
    ["nuts", "3 tbsp basil pesto"],
    ["nuts", "1 cup almond flour"],
    ["tree nuts", "50 g hazelnut praline"],
    ["nuts", "200 g marzipan"],
    ["nuts", "2 tbsp cashew butter"],
    ["peanuts", "1/2 cup satay sauce"],
    ["gluten", "2 cups all-purpose flour"],
    ["wheat", "200 g penne pasta"],
    ["gluten", "2 slices sourdough bread"],
    ["wheat", "2 tbsp soy sauce"],
    ["gluten", "1 cup panko breadcrumbs"],
    ["fish", "1/4 cup caesar dressing"],
    ["fish", "1 tsp worcestershire sauce"],
    ["fish", "2 tbsp fish sauce"],
    ["shellfish", "1 tbsp oyster sauce"],
    ["shellfish", "1 tsp shrimp paste"],
    ["egg", "3 tbsp mayonnaise"],
    ["eggs", "2 tbsp aioli"],
    ["egg", "1/4 cup caesar dressing"],
    ["soy", "200 g firm tofu"],
    ["soy", "1 tbsp white miso"],
    ["soy", "2 tbsp soy sauce"],
    ["sesame", "2 tbsp tahini"],
    ["sesame", "1 cup hummus"],
  ])("an allergy to %s catches %s", (allergy, line) => {
    expect(allergensIn(line, [allergy])).toEqual([allergy]);
  });

  it.each([
    ["dairy", "2 tbsp peanut butter"],
    ["dairy", "1 can coconut milk"],
    ["dairy", "3 tbsp vegan pesto"],
    ["nuts", "1 tsp ground nutmeg"],
    ["nuts", "1 butternut squash"],
    ["tree nuts", "2 tbsp peanut butter"],
    ["gluten", "1 cup rice flour"],
    ["gluten", "2 tbsp tamari"],
    ["gluten", "200 g gluten-free pasta"],
    ["egg", "1 eggplant"],
    ["fish", "1 lb shrimp"],
    ["shellfish", "2 salmon fillets"],
    ["shellfish", "200 g oyster mushrooms"],
    ["sesame", "2 tbsp olive oil"],
  ])("an allergy to %s does not flag %s", (allergy, line) => {
    expect(allergensIn(line, [allergy])).toEqual([]);
  });

  it("vegan pesto is still nuts", () => {
    expect(allergensIn("3 tbsp vegan pesto", ["nuts"])).toEqual(["nuts"]);
  });

  it("every derived food is caught by an allergy to its family", () => {
    const names: Record<string, string> = {
      dairy: "dairy", egg: "egg", "tree-nuts": "tree nuts", peanuts: "peanuts", gluten: "gluten", fish: "fish",
      shellfish: "shellfish", soy: "soy", sesame: "sesame", mustard: "mustard", celery: "celery", sulphites: "sulphites",
    };
    for (const [family, foods] of Object.entries(DERIVED_ALLERGEN_FOODS)) {
      for (const food of foods) expect(allergensIn(`1 cup ${food}`, [names[family]!]), `${food} for ${family}`).toEqual([names[family]]);
    }
  });

  it("knows which family an allergy names", () => {
    expect(allergenFamiliesOf("Nuts")).toEqual(["tree-nuts", "peanuts"]);
    expect(allergenFamiliesOf("milk")).toEqual(["dairy"]);
    expect(allergenFamiliesOf("Celiac")).toEqual(["gluten"]);
    expect(allergenFamiliesOf("kiwi")).toEqual([]);
  });

  it("the signature stays (ingredients, allergies) -> { allergy, line }[]", () => {
    expect(allergenViolations(lines("3 tbsp pesto", "1 cup rice"), ["Dairy", "Nuts"])).toEqual([
      { allergy: "Dairy", line: "3 tbsp pesto" },
      { allergy: "Nuts", line: "3 tbsp pesto" },
    ]);
  });
});
