import { describe, expect, it } from "vitest";
import { gzipSync, strToU8, zipSync } from "fflate";
import { IMPORT_LIMITS, ImportFileError, UNRECOGNISED_FILE, draftsFromJson, readRecipeFile, sectionedIngredients } from "../../worker/domain/recipeFiles";
import { mealieExport, paprikaExport, recipeFixture, streamedZip, tandoorExport } from "../helpers/recipeExports";

describe("Paprika", () => {
  it("reads a .paprikarecipes export: gzipped JSON per recipe inside a ZIP", () => {
    const { drafts, skipped } = readRecipeFile(paprikaExport());
    expect(skipped).toEqual([]);
    expect(drafts).toHaveLength(1);
    const [draft] = drafts;
    expect(draft).toMatchObject({
      format: "paprika",
      title: "Lemon Garlic Chicken",
      description: "A quick weeknight skillet dinner.\n\nNotes: Good with rice.",
      prepTime: 10,
      cookTime: 25,
      servings: 4,
      sourceUrl: "https://example.com/lemon-garlic-chicken",
      imageUrl: "https://example.com/images/lemon-chicken.jpg",
      tags: ["Dinner", "Chicken"],
    });
    expect(draft!.ingredients).toEqual([
      { line: "2 chicken breasts", section: null },
      { line: "3 cloves garlic, minced", section: null },
      { line: "1 lemon, juiced", section: null },
      { line: "2 tbsp olive oil", section: null },
      { line: "1/2 cup chicken stock", section: "For the sauce" },
      { line: "1 tsp dried thyme", section: "For the sauce" },
    ]);
    expect(draft!.steps).toHaveLength(3);
    expect(draft!.steps[2]).toMatch(/^Add the garlic/);
  });

  it("reads a single gzipped .paprikarecipe file", () => {
    const { drafts } = readRecipeFile(gzipSync(strToU8(JSON.stringify(recipeFixture("paprika-lemon-chicken")))));
    expect(drafts.map((d) => d.title)).toEqual(["Lemon Garlic Chicken"]);
  });

  it("reads servings written as a bare number, and leaves a yield of cookies alone", () => {
    const base = recipeFixture("paprika-lemon-chicken");
    expect(readRecipeFile(paprikaExport([{ ...base, servings: "6" }])).drafts[0]!.servings).toBe(6);
    expect(readRecipeFile(paprikaExport([{ ...base, servings: "Makes 24 cookies" }])).drafts[0]!.servings).toBeNull();
  });
});

describe("Mealie", () => {
  it("reads recipes/<slug>/<slug>.json with ingredient objects, titled sections and notes", () => {
    const { drafts } = readRecipeFile(mealieExport());
    expect(drafts).toHaveLength(1);
    const [draft] = drafts;
    expect(draft).toMatchObject({
      format: "mealie",
      title: "Fluffy Buttermilk Pancakes",
      prepTime: 10,
      cookTime: 20,
      servings: 4,
      sourceUrl: "https://example.org/pancakes",
      tags: ["Breakfast", "Brunch"],
      description: "Weekend pancakes.\n\nNotes: Tip: Rest the batter for 5 minutes.",
    });
    expect(draft!.ingredients).toEqual([
      { line: "2 cups all-purpose flour", section: "Batter" },
      { line: "2 tablespoons sugar", section: "Batter" },
      { line: "2 eggs, lightly beaten", section: "Batter" },
      { line: "1 1/2 cup buttermilk", section: "Batter" },
    ]);
    expect(draft!.steps).toEqual(["Whisk the flour and sugar together.", "Cook:", "Stir in the eggs and buttermilk, then cook ladlefuls on a hot griddle until golden."]);
  });
});

describe("Tandoor", () => {
  it("reads a ZIP of per-recipe ZIPs with steps that carry their own ingredients", () => {
    const { drafts } = readRecipeFile(tandoorExport());
    expect(drafts).toHaveLength(1);
    const [draft] = drafts;
    expect(draft).toMatchObject({ format: "tandoor", title: "Roasted Tomato Soup", prepTime: 10, cookTime: 35, servings: 4, tags: ["soup", "vegetarian"] });
    expect(draft!.ingredients).toEqual([
      { line: "1 kg tomatoes, halved", section: "Roast" },
      { line: "1 onion, quartered", section: "Roast" },
      { line: "500 ml vegetable stock", section: "Blend" },
      { line: "salt, to taste", section: "Blend" },
    ]);
    expect(draft!.steps).toEqual(["Roast:", "Roast the tomatoes and onion at 200 °C for 30 minutes.", "Blend:", "Blend with the stock until smooth.", "Season to taste."]);
  });
});

describe("schema.org", () => {
  it("reads every Recipe in a JSON-LD @graph, through the web-page extraction rules", () => {
    const { drafts } = readRecipeFile(strToU8(JSON.stringify(recipeFixture("schema-recipes"))));
    expect(drafts.map((d) => [d.title, d.servings, d.prepTime, d.cookTime])).toEqual([
      ["Overnight Oats", 2, 5, null],
      ["Garlic Bread", 6, null, 10],
    ]);
    expect(drafts[1]!.steps).toEqual(["Mix the butter and garlic.", "Spread on the sliced baguette.", "Bake at 200 °C for 10 minutes."]);
    expect(drafts[0]!.tags).toEqual(["breakfast", "make ahead"]);
  });

  it("reads a saved recipe page", () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({ "@type": "Recipe", name: "Toast", recipeIngredient: ["2 slices bread"], recipeInstructions: "Toast the bread." })}</script></head></html>`;
    expect(readRecipeFile(strToU8(html)).drafts.map((d) => d.title)).toEqual(["Toast"]);
  });

  it("keeps a saved page's ingredient groups as sections, and a header line among the lines as one", () => {
    const recipe = { "@type": "Recipe", name: "Cake", recipeIngredient: ["2 cups flour", "2 eggs", "1 cup sugar", "For the glaze:", "1 cup icing sugar"], recipeInstructions: "Mix.\nBake." };
    const card = `<div class="wprm-recipe-ingredients-container"><h4>Cake</h4><ul><li>2 cups flour</li><li>2 eggs</li></ul><h4>Syrup</h4><ul><li>1 cup sugar</li></ul></div>`;
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(recipe)}</script></head><body>${card}</body></html>`;
    expect(readRecipeFile(strToU8(html)).drafts[0]!.ingredients).toEqual([
      { line: "2 cups flour", section: "Cake" },
      { line: "2 eggs", section: "Cake" },
      { line: "1 cup sugar", section: "Syrup" },
      { line: "1 cup icing sugar", section: "For the glaze" },
    ]);
    // A JSON-LD file has no card: its header lines alone make the sections.
    expect(readRecipeFile(strToU8(JSON.stringify(recipe))).drafts[0]!.ingredients.map((i) => i.section)).toEqual([null, null, null, "For the glaze"]);
  });
});

describe("mixed and hostile files", () => {
  it("reads a streamed ZIP holding JSON of several formats", () => {
    const zip = streamedZip({
      "a.json": strToU8(JSON.stringify(recipeFixture("mealie-pancakes"))),
      "b.json": strToU8(JSON.stringify(recipeFixture("schema-recipes"))),
    });
    expect(readRecipeFile(zip).drafts.map((d) => d.format)).toEqual(["mealie", "schema.org", "schema.org"]);
  });

  it("skips recipes with neither ingredients nor steps, saying so", () => {
    const { drafts, skipped } = readRecipeFile(paprikaExport([recipeFixture("paprika-lemon-chicken"), { name: "Empty", ingredients: "", directions: "" }]));
    expect(drafts).toHaveLength(1);
    expect(skipped).toEqual([{ name: "Empty", reason: "No ingredients or steps" }]);
  });

  it("caps what one recipe may hold", () => {
    const base = recipeFixture("paprika-lemon-chicken");
    const long = { ...base, name: "x".repeat(500), ingredients: Array.from({ length: 200 }, (_, i) => `${i + 1} g salt`).join("\n") };
    const [draft] = readRecipeFile(paprikaExport([long])).drafts;
    expect(draft!.title).toHaveLength(IMPORT_LIMITS.titleMax);
    expect(draft!.ingredients).toHaveLength(IMPORT_LIMITS.ingredientsMax);
  });

  it("refuses a file that is none of the formats, whatever its name", () => {
    for (const bytes of [strToU8("just some text"), strToU8('{"hello":"world"}'), zipSync({ "notes.txt": strToU8("hi") }), new Uint8Array([0x89, 0x50, 0x4e, 0x47])]) {
      expect(() => readRecipeFile(bytes)).toThrow(ImportFileError);
      expect(() => readRecipeFile(bytes)).toThrow(UNRECOGNISED_FILE);
    }
  });

  it("refuses a ZIP bomb with a readable message", () => {
    const bomb = zipSync({ "a.paprikarecipe": new Uint8Array(IMPORT_LIMITS.archive.maxEntryBytes + 1) });
    expect(() => readRecipeFile(bomb)).toThrow(/unpacks to more data than an import can take/);
  });

  it("refuses more recipes than one import takes", () => {
    const many = Array.from({ length: IMPORT_LIMITS.maxRecipes + 1 }, (_, i) => ({ name: `R${i}`, ingredients: "1 egg", directions: "Cook." }));
    expect(() => readRecipeFile(paprikaExport(many))).toThrow(/more than 500 recipes/);
  });
});

describe("format detection from JSON content", () => {
  it("picks the reader from the fields, not the file name", () => {
    expect(draftsFromJson(recipeFixture("tandoor-tomato-soup"))[0]!.format).toBe("tandoor");
    expect(draftsFromJson(recipeFixture("mealie-pancakes"))[0]!.format).toBe("mealie");
    expect(draftsFromJson(recipeFixture("paprika-lemon-chicken"))[0]!.format).toBe("paprika");
    expect(draftsFromJson({ recipes: [recipeFixture("mealie-pancakes")] }).map((d) => d.title)).toEqual(["Fluffy Buttermilk Pancakes"]);
    expect(draftsFromJson([1, "x", null])).toEqual([]);
  });
});

describe("sectionedIngredients", () => {
  it("turns header lines into sections, a zero-amount header a plugin saved as an ingredient too", () => {
    const lines = ["150 g batata", "0 g Sos czosnkowo-jogurtowy:", "60 g jogurtu", "For the topping:", "1 tbsp sesame"];
    expect(sectionedIngredients([{ purpose: null, ingredients: lines }])).toEqual([
      { line: "150 g batata", section: null },
      { line: "60 g jogurtu", section: "Sos czosnkowo-jogurtowy" },
      { line: "1 tbsp sesame", section: "For the topping" },
    ]);
    // An amount that is not zero is an ingredient, colon or not.
    expect(sectionedIngredients([{ purpose: null, ingredients: ["10 g sos:"] }])).toEqual([{ line: "10 g sos:", section: null }]);
  });
});
