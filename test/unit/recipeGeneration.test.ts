import { describe, expect, it } from "vitest";
import { bundledLibrary, composeRecipe, RecipeEngineError } from "../../worker/ai/offline/recipeEngine";
import { checkGeneratedRecipe, claimedItems, randomPantryRequest, stepsMention } from "../../scripts/lib/generationChecks";
import { runGenerations } from "../../scripts/eval-generation";
import { cleanDescription, cleanDirections, cleanIngredientLines } from "../../scripts/build-recipe-library";
import type { RecipeGenerationOutput } from "../../worker/ai/tasks/recipeGeneration";

describe("offline engine: seeded random pantry requests keep every rule", () => {
  // 60 generations in all, in three seeded batches of 20 (npm run eval:generation runs 300 and more).
  it.each([11, 12, 13])("20 generations from seed %i break no rule", (seed) => {
    const run = runGenerations(20, seed);
    expect(run.generated).toBe(20);
    expect(Object.fromEntries([...run.byRule].map(([rule, list]) => [rule, list.map((v) => v.detail)]))).toEqual({});
  });

  it("answers the same request the same way", () => {
    const library = bundledLibrary();
    const input = randomPantryRequest(4242);
    const first = (() => {
      try {
        return composeRecipe(input, library);
      } catch (error) {
        return error instanceof RecipeEngineError ? error.message : error;
      }
    })();
    const second = (() => {
      try {
        return composeRecipe(input, library);
      } catch (error) {
        return error instanceof RecipeEngineError ? error.message : error;
      }
    })();
    expect(second).toEqual(first);
  });
});

describe("generation checks catch what they describe", () => {
  const base: RecipeGenerationOutput = {
    title: "Beef Stew",
    description: "Adapted from \"Beef Stew\". Uses 1 of your 1 chosen ingredients (chicken thighs).",
    servings: 4,
    prepTime: 10,
    cookTime: 15,
    difficulty: "easy",
    mealType: "dinner",
    dietary: [],
    ingredients: [{ name: "chicken thighs", quantity: 500, unit: "g", preparation: null }],
    instructions: ["Brown the chicken thighs.", "Simmer for an hour."],
    adaptedFromKey: "pdr:beef-stew",
  };
  const input = { ...randomPantryRequest(1), ingredients: [{ name: "chicken thighs" }] };
  const rules = (output: Partial<RecipeGenerationOutput>, libraryTitle = "Beef Stew") =>
    checkGeneratedRecipe(input, { ...base, ...output }, libraryTitle).map((v) => v.rule);

  it("passes a sound recipe", () => {
    expect(rules({})).toEqual([]);
  });

  it.each([
    [{ instructions: ["Brown the chicken thighs and", "Simmer."] }, "step-mid-sentence"],
    [{ instructions: ["Brown the chicken thighs in the.", "Simmer."] }, "step-mid-sentence"],
    [{ title: "Beef Stew with chicken thighs" }, "title-tacked-on"],
    [{ title: "Chicken Thighs and Chicken Thigh Stew" }, "title-repeats-ingredient"],
    [{ description: "author: someone. Uses 1 of your 1 chosen ingredients (chicken thighs)." }, "metadata-leak"],
    [{ instructions: ["Prep time: 10 min. Brown the chicken thighs."] }, "metadata-leak"],
    [{ ingredients: [...base.ingredients, { name: "Pot of water", quantity: null, unit: null, preparation: null }] }, "equipment-ingredient"],
    [{ ingredients: [...base.ingredients, { name: "Condiments of your choice: Parsley", quantity: null, unit: null, preparation: null }] }, "label-in-ingredient"],
    [{ ingredients: [{ name: "beef", quantity: 500, unit: "g", preparation: null }] }, "claimed-not-in-ingredients"],
    [{ instructions: ["Brown the meat.", "Simmer for an hour."] }, "claimed-not-in-steps"],
    [{ prepTime: 30, cookTime: 60, difficulty: "easy" }, "difficulty-band"],
    [{ ingredients: [...base.ingredients, { name: "reasonably", quantity: 8, unit: "cup", preparation: null }] }, "bad-ingredient-name"],
  ] as [Partial<RecipeGenerationOutput>, string][])("flags %j as %s", (output, rule) => {
    expect(rules(output)).toContain(rule);
  });

  it("reads the claimed items and step mentions as a cook would", () => {
    expect(claimedItems("Uses 2 of your 3 chosen ingredients (peanut butter and oats).", ["butter", "peanut butter", "oats"])).toEqual(["peanut butter", "oats"]);
    expect(stepsMention(["Place your porkchops in the dish."], "pork chops")).toBe(true);
    expect(stepsMention(["Cut the chicken into strips."], "chicken breast")).toBe(true);
    expect(stepsMention(["Add the sauce."], "soy sauce")).toBe(false);
  });
});

describe("library build: cleaning the source text", () => {
  it("joins a step split mid-sentence, turns headings into the start of the next step and ends steps as sentences", () => {
    expect(cleanDirections(["Cut the onion and", "fry it in the butter", "Sauce:", "melt the butter,", "Serve"])).toEqual({
      steps: ["Cut the onion and fry it in the butter.", "Sauce: melt the butter.", "Serve."],
      truncated: false,
    });
  });

  it("marks a recipe whose step lost its end", () => {
    expect(cleanDirections(["Fry the potatoes, then add the onions to the", "Serve."]).truncated).toBe(true);
  });

  it("cleans labelled lists, headings and tools out of the ingredient lines", () => {
    const { lines, equipment, tips } = cleanIngredientLines([
      { group: null, text: "Condiments of your choice: Parsley, origan or cumin" },
      { group: null, text: "Dough:" },
      { group: null, text: "350 g flour" },
      { group: null, text: "Pot of water" },
      { group: null, text: "Tin foil" },
      { group: null, text: "thermometer" },
      { group: null, text: "gerkins: a dozen medium sized ones" },
      { group: null, text: "Spaghetti: 320 g | 11 oz" },
      { group: null, text: "I've found that pre-shredded cheese melts less well." },
      { group: null, text: "(Optional) Instead of chicken broth, you can use shrimp stock" },
      { group: null, text: "As much bacon as you want to garnish" },
      { group: null, text: '2x 2 quart (8") baking dishes or 1 large baking dish (see picture below)' },
      { group: null, text: "2 thermos, ½l capacity each" },
      { group: null, text: "1 cheesecloth" },
      { group: null, text: "For the topping" },
      { group: null, text: "2 tbsp sugar" },
      { group: null, text: "...really whatever you like (optional)" },
    ]);
    expect(lines).toEqual([
      { group: "Condiments of your choice", text: "Parsley, origan or cumin" },
      { group: "Dough", text: "350 g flour" },
      { group: "Dough", text: "water" },
      { group: "Dough", text: "gerkins (a dozen medium sized ones)" },
      { group: "Dough", text: "Spaghetti: 320 g | 11 oz" },
      { group: "Dough", text: "As much bacon as you want to garnish" },
      { group: "For the topping", text: "2 tbsp sugar" },
    ]);
    expect(equipment).toEqual(["Tin foil", "thermometer", '2x 2 quart (8") baking dishes or 1 large baking dish (see picture below)', "2 thermos, ½l capacity each", "1 cheesecloth"]);
    expect(tips).toEqual(["I've found that pre-shredded cheese melts less well.", "Instead of chicken broth, you can use shrimp stock", "...really whatever you like"]);
  });

  it("keeps source metadata out of the description", () => {
    expect(cleanDescription("author: skipper-davies Lebanese-Style Lentil Soup")).toEqual({ description: "Lebanese-Style Lentil Soup", author: "skipper-davies" });
    expect(cleanDescription("⏲️ Prep time: 10 min 🍳 Cook time: 30 min 🍽️ Servings: 12")).toEqual({ description: "", author: null });
    expect(cleanDescription("Best served with rice. Servings: 3-4").description).toBe("Best served with rice.");
  });

  it("the shipped library holds no ingredient that is a tool or keeps a list label", () => {
    for (const recipe of bundledLibrary()) {
      for (const line of recipe.ingredients) {
        expect(line.name, recipe.key).not.toMatch(/^(?:pot|pan|thermometer|tin foil|aluminum foil|glass jar)\b/i);
        expect(line.name, recipe.key).not.toMatch(/:/);
      }
      expect(recipe.description ?? "", recipe.key).not.toMatch(/\b(?:author|prep time|cook time|servings)\s*:/i);
    }
  });
});
