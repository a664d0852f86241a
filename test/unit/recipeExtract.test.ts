import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { extractRecipeFromHtml, htmlToText, type ExtractedRecipe } from "../../worker/domain/recipeExtract";
import { parseIsoDuration } from "../../worker/domain/isoDuration";

// test/unit runs in Node but is typechecked with the Worker's types (no @types/node), so fs is loaded untyped.
type FsLike = {
  existsSync(path: string): boolean;
  readdirSync(path: string): string[];
  readFileSync(path: string, encoding: "utf8"): string;
  statSync(path: string): { isDirectory(): boolean };
};
const fs = (await import("node:fs" as string)) as FsLike;

type ExpectedPage = {
  no_recipe?: boolean;
  title?: string;
  description?: string;
  author?: string;
  image?: string;
  ingredients?: string[];
  instructions_list?: string[];
  prep_time?: number;
  cook_time?: number;
  total_time?: number;
  yields?: string;
  ingredient_groups?: { purpose: string | null; ingredients: string[] }[];
  canonical_url?: string;
  host?: string;
};
type FixturePage = { name: string; html: string; expected: ExpectedPage };

function loadPages(folderUrl: URL): FixturePage[] {
  const root = decodeURIComponent(folderUrl.pathname);
  if (!fs.existsSync(root)) return [];
  const pages: FixturePage[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const path = `${dir}/${name}`;
      if (fs.statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".testhtml")) {
        const expected = JSON.parse(fs.readFileSync(path.replace(/\.testhtml$/, ".json"), "utf8")) as ExpectedPage;
        pages.push({ name: path.slice(root.length), html: fs.readFileSync(path, "utf8"), expected });
      }
    }
  };
  walk(root.replace(/\/$/, ""));
  return pages;
}

// The Worker's ImportMeta type has no `url`; Node's has.
const testFileUrl = (import.meta as unknown as { url: string }).url;
const sharedPages = loadPages(new URL("../../data/recipe-pages/", testFileUrl));
const ownPages = loadPages(new URL("../fixtures/recipe-pages/", testFileUrl));
// Written after the importer's last change and scored once as a held-out measure; kept here against regressions.
const heldOutPages = loadPages(new URL("../fixtures/recipe-pages-heldout/", testFileUrl));

function pageUrlOf(expected: ExpectedPage): string | undefined {
  if (expected.canonical_url && /^https?:/.test(expected.canonical_url)) return expected.canonical_url;
  return expected.host ? `https://${expected.host}/` : undefined;
}

/**
 * A section header is written "Name:" by the extractor and "Name" by recipe-scrapers, and a "1. " the page wrote
 * before every step is dropped (the app numbers steps itself); eval:import forgives both the same way.
 */
const stepKey = (step: string) => step.replace(/:$/, "").replace(/^(?:(?:step\s*)?\d{1,2}\s*[.):]|step\s*\d{1,2})\s+/i, "");
/** recipe-scrapers keeps a group heading's colon ("For the glaze:"); the extractor drops it. */
const purposeKey = (purpose: string | null) => purpose?.replace(/:$/, "") ?? null;

function expectMatches(actual: ExtractedRecipe | null, expected: ExpectedPage) {
  expect(actual).not.toBeNull();
  if (!actual) return;
  if (expected.ingredients) expect(actual.ingredients).toEqual(expected.ingredients);
  if (expected.instructions_list) expect(actual.instructions.map(stepKey)).toEqual(expected.instructions_list.map(stepKey));
  if (expected.prep_time !== undefined) expect(actual.prepTime).toBe(expected.prep_time);
  if (expected.cook_time !== undefined) expect(actual.cookTime).toBe(expected.cook_time);
  if (expected.total_time !== undefined) expect(actual.totalTime).toBe(expected.total_time);
  if (expected.yields !== undefined) expect(actual.yields).toBe(expected.yields);
  if (expected.image !== undefined) expect(actual.imageUrl).toBe(expected.image);
  if (expected.description !== undefined) expect(actual.description).toBe(expected.description);
}

describe.skipIf(sharedPages.length === 0)("shared recipe pages (expected output from recipe-scrapers)", () => {
  it.each(sharedPages.map((page) => [page.name, page] as const))("%s", (_name, page) => {
    const recipe = extractRecipeFromHtml(page.html, pageUrlOf(page.expected));
    expectMatches(recipe, page.expected);
    // nhs.uk's JSON-LD names end in " recipe"; recipe-scrapers' site scraper trims it, the generic reader keeps it.
    expect(recipe?.title.toLowerCase()).toContain(page.expected.title?.toLowerCase());
    expect(recipe?.method).toBe("json-ld");
  });
});

describe("own recipe page fixtures", () => {
  it("has fixtures of many page shapes", () => {
    expect(ownPages.length).toBeGreaterThanOrEqual(70);
    expect(heldOutPages.length).toBeGreaterThanOrEqual(10);
  });

  it.each([...ownPages, ...heldOutPages].map((page) => [page.name, page] as const))("%s", (_name, page) => {
    const recipe = extractRecipeFromHtml(page.html, pageUrlOf(page.expected));
    if (page.expected.no_recipe) {
      expect(recipe).toBeNull();
      return;
    }
    expectMatches(recipe, page.expected);
    expect(recipe?.title).toBe(page.expected.title);
    if (page.expected.author) expect(recipe?.author).toBe(page.expected.author);
    if (page.expected.ingredient_groups) {
      const groups = (list: { purpose: string | null; ingredients: string[] }[] | undefined) =>
        list?.map((g) => ({ purpose: purposeKey(g.purpose), ingredients: g.ingredients }));
      expect(groups(recipe?.ingredientGroups)).toEqual(groups(page.expected.ingredient_groups));
    } else {
      // Every line is in exactly one group.
      expect(recipe?.ingredientGroups.flatMap((g) => g.ingredients)).toEqual(recipe?.ingredients);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

const page = (...blocks: unknown[]) =>
  `<!doctype html><html><head><title>T</title>${blocks
    .map((b) => `<script type="application/ld+json">${typeof b === "string" ? b : JSON.stringify(b)}</script>`)
    .join("\n")}</head><body><p>Body</p></body></html>`;

const baseRecipe = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Pancakes",
  recipeIngredient: ["100 g flour", "2 eggs", "300 ml milk"],
  recipeInstructions: "Whisk everything.\nRest 30 minutes.\nFry thin pancakes.",
};

function extract(html: string, url?: string): ExtractedRecipe {
  const recipe = extractRecipeFromHtml(html, url);
  if (!recipe) throw new Error("expected a recipe");
  return recipe;
}

describe("extractRecipeFromHtml: JSON-LD shapes", () => {
  it("reads a plain Recipe block", () => {
    const recipe = extract(page(baseRecipe), "https://cook.example/p");
    expect(recipe).toMatchObject({
      title: "Pancakes",
      ingredients: ["100 g flour", "2 eggs", "300 ml milk"],
      instructions: ["Whisk everything.", "Rest 30 minutes.", "Fry thin pancakes."],
      method: "json-ld",
      sourceUrl: "https://cook.example/p",
    });
  });

  it("finds the recipe in @graph, in top-level arrays, under mainEntity and with an array @type", () => {
    const inGraph = { "@context": "https://schema.org", "@graph": [{ "@type": "WebPage", name: "Page" }, baseRecipe] };
    const inArray = [{ "@type": "BreadcrumbList" }, { ...baseRecipe, name: "From array" }];
    const underMain = { "@type": "WebPage", mainEntity: { ...baseRecipe, name: "From mainEntity" } };
    const arrayType = { ...baseRecipe, "@type": ["Recipe", "NewsArticle"], name: "Array type" };
    const prefixedType = { ...baseRecipe, "@type": "http://schema.org/Recipe", name: "Prefixed" };
    expect(extract(page(inGraph)).title).toBe("Pancakes");
    expect(extract(page(inArray)).title).toBe("From array");
    expect(extract(page(underMain)).title).toBe("From mainEntity");
    expect(extract(page(arrayType)).title).toBe("Array type");
    expect(extract(page(prefixedType)).title).toBe("Prefixed");
  });

  it("skips broken blocks, and prefers the fuller of several recipes", () => {
    const stub = { "@type": "Recipe", name: "Teaser" };
    expect(extract(page('{"@type": "Organization", "name": "Broken "quote""}', stub, baseRecipe)).title).toBe("Pancakes");
  });

  it("takes the first recipe the page states, not a fuller one it mentions later", () => {
    const sauce = { ...baseRecipe, name: "Berry sauce", recipeIngredient: ["200 g berries", "2 tbsp sugar", "1 lemon", "water"] };
    expect(extract(page(baseRecipe, sauce)).title).toBe("Pancakes");
    // A recipe nested in another node (a roundup's list) is not the page's own when the page states one.
    const roundup = { "@type": "ItemList", itemListElement: [{ "@type": "ListItem", item: sauce }] };
    expect(extract(page(roundup, baseRecipe)).title).toBe("Pancakes");
    // Without a stated recipe, the fullest one anywhere in the data.
    expect(extract(page(roundup)).title).toBe("Berry sauce");
  });

  it("fills the stated recipe from the node with the same @id, such as a WebPage's mainEntity", () => {
    const id = "https://site.example/pancakes#recipe";
    const { recipeIngredient, recipeInstructions } = baseRecipe;
    const named = { "@type": "Recipe", "@id": id, name: "Pancakes", recipeYield: "4" };
    const other = { ...baseRecipe, "@id": "https://site.example/other#recipe", name: "Crumpets" };
    const webPage = { "@type": "WebPage", mainEntity: { "@type": "Recipe", "@id": id, recipeIngredient, recipeInstructions } };
    const recipe = extract(page([named, other, webPage]));
    expect(recipe).toMatchObject({ title: "Pancakes", ingredients: recipeIngredient, yields: "4 servings" });
  });

  it("tolerates trailing commas, raw newlines, comments and HTML comment wrappers", () => {
    const raw = `<!--
    {
      "@type": "Recipe", // hand written
      "name": "Loose JSON",
      "recipeIngredient": ["1 cup rice", "2 cups water",],
      "recipeInstructions": "Rinse the rice.
Simmer 12 minutes.",
    }
    -->`;
    const recipe = extract(page(raw));
    expect(recipe.ingredients).toEqual(["1 cup rice", "2 cups water"]);
    expect(recipe.instructions).toEqual(["Rinse the rice.", "Simmer 12 minutes."]);
  });

  it("reads NaN, Infinity and undefined as no value instead of dropping the whole block", () => {
    const raw = `{"@type": "Recipe", "name": "Odd Numbers", "aggregateRating": {"ratingValue": NaN, "ratingCount": -Infinity},
      "video": undefined, "recipeIngredient": ["1 cup rice", "NaN is not a rice"], "recipeInstructions": "Cook the rice."}`;
    const recipe = extract(page(raw));
    expect(recipe.title).toBe("Odd Numbers");
    expect(recipe.ingredients).toEqual(["1 cup rice", "NaN is not a rice"]);
  });

  it("reads blocks a template left with a semicolon, HTML-escaped as a whole, or inside <noscript>", () => {
    const json = JSON.stringify(baseRecipe);
    const blocks = [
      `<script type="application/ld+json">\n${json};\n</script>`,
      `<script type="application/ld+json">${json.replace(/"/g, "&quot;")}</script>`,
      `<noscript><img src="/pixel.gif"><script type="application/ld+json">${json}</script></noscript>`,
    ];
    for (const html of blocks) expect(extract(html)).toMatchObject({ title: "Pancakes", ingredients: baseRecipe.recipeIngredient });
  });

  it("reads a HowToStep whose text is a list of sentences as one step each", () => {
    const recipe = extract(page({ ...baseRecipe, recipeInstructions: [{ "@type": "HowToStep", text: ["Whisk.", "Rest."] }, { "@type": "HowToStep", text: "Fry." }] }));
    expect(recipe.instructions).toEqual(["Whisk.", "Rest.", "Fry."]);
  });

  it("treats an empty list or string as missing and reads the other property", () => {
    const recipe = extract(page({ ...baseRecipe, recipeIngredient: [], ingredients: ["1 apple", "2 pears"], recipeYield: "", yield: "6" }));
    expect(recipe.ingredients).toEqual(["1 apple", "2 pears"]);
    expect(recipe.yields).toBe("6 servings");
  });

  it("decodes entities (also double-encoded) and strips tags inside strings", () => {
    const recipe = extract(
      page({
        ...baseRecipe,
        name: "Cr&egrave;me &amp;amp; Fruit",
        description: "<p>Mum&amp;#39;s <strong>best</strong>.</p>",
        recipeIngredient: ["&frac12; cup sugar", "1&nbsp;tsp vanilla", "<a href='/x'>berries</a>"],
      }),
    );
    expect(recipe.title).toBe("Crème & Fruit");
    expect(recipe.description).toBe("Mum's best.");
    expect(recipe.ingredients).toEqual(["½ cup sugar", "1 tsp vanilla", "berries"]);
    // Legacy Latin-1 names work without their semicolon, and the fraction slash has a name too.
    const more = extract(page({ ...baseRecipe, recipeIngredient: ["1&frasl;2 cup cr&egrave fra&icirc;che", "&frac34 cup jalape&ntilde;os"] }));
    expect(more.ingredients).toEqual(["1⁄2 cup crè fraîche", "¾ cup jalapeños"]);
  });

  it("reads instructions as a string, glued steps, numbered steps, strings, HowToStep and HowToSection", () => {
    const steps = (value: unknown) => extract(page({ ...baseRecipe, recipeInstructions: value })).instructions;
    expect(steps("Boil the pasta.Drain it well.Toss with the sauce.")).toEqual(["Boil the pasta.", "Drain it well.", "Toss with the sauce."]);
    expect(steps("1. Heat the oil. 2. Add 2 onions. 3. Cook 5 minutes.")).toEqual(["Heat the oil.", "Add 2 onions.", "Cook 5 minutes."]);
    // Numbers that mark more steps than the text has lines mark the steps; Chinese puts no space after them.
    expect(steps("1.搅匀，直到糖融化。\n没有炼乳也可以。 2.放入蛋黄。 3.倒进蛋挞皮里。 4.送进烤箱。\n烤15分钟。 5.取出来。")).toEqual([
      "搅匀，直到糖融化。 没有炼乳也可以。", "放入蛋黄。", "倒进蛋挞皮里。", "送进烤箱。 烤15分钟。", "取出来。",
    ]);
    expect(steps("1. Heat the oil\nin a wide pan. 2. Add 2 onions. 3. Cook 5 minutes.")).toEqual(["Heat the oil in a wide pan.", "Add 2 onions.", "Cook 5 minutes."]);
    // Lines that do not open with "1." stay lines, whatever numbers they hold.
    expect(steps("Mix: 1. flour 2. sugar 3. salt\nBake.")).toEqual(["Mix: 1. flour 2. sugar 3. salt", "Bake."]);
    expect(steps("<p>Mix.</p><p>Bake.</p>")).toEqual(["Mix.", "Bake."]);
    expect(steps(["Step 1: Mix.", "Step 2: Bake."])).toEqual(["Mix.", "Bake."]);
    expect(steps(["Mix the dry things.", "Bake for 20 min."])).toEqual(["Mix the dry things.", "Bake for 20 min."]);
    expect(
      steps([
        { "@type": "HowToStep", name: "Mix the dry", text: "Mix the dry things together." },
        { "@type": "HowToStep", name: "Knead", text: "Work the dough for 10 minutes." },
      ]),
    ).toEqual(["Mix the dry things together.", "Knead", "Work the dough for 10 minutes."]);
    // One HowToStep is one step, however many paragraphs or line breaks its text has.
    expect(steps([{ "@type": "HowToStep", text: "<p>Heat the oven.</p><p>Grease a tin.</p>" }, { "@type": "HowToStep", text: "Bake.\n" }])).toEqual([
      "Heat the oven. Grease a tin.",
      "Bake.",
    ]);
    expect(
      steps([
        { "@type": "HowToSection", name: "Dough", itemListElement: [{ "@type": "HowToStep", text: "Mix." }, { "@type": "HowToStep", text: "Rest." }] },
        { "@type": "HowToSection", name: "Filling:", itemListElement: { "@type": "HowToStep", text: "Cook apples." } },
      ]),
    ).toEqual(["Dough:", "Mix.", "Rest.", "Filling:", "Cook apples."]);
    expect(steps({ "@type": "ItemList", itemListElement: [{ "@type": "ListItem", item: { "@type": "HowToStep", text: "Only step." } }] })).toEqual([
      "Only step.",
    ]);
  });

  it("drops step names that only number the step, in any language", () => {
    const named = (...names: string[]) =>
      extract(page({ ...baseRecipe, recipeInstructions: names.map((name, i) => ({ "@type": "HowToStep", name, text: `Do thing ${i + 1}.` })) })).instructions;
    expect(named("Step 1", "STEP 2:")).toEqual(["Do thing 1.", "Do thing 2."]);
    expect(named("stap 1", "Schritt 2", "Étape 3", "Paso 4", "Krok 5", "6.")).toEqual(["Do thing 1.", "Do thing 2.", "Do thing 3.", "Do thing 4.", "Do thing 5.", "Do thing 6."]);
    // A real heading stays, before its step.
    expect(named("Make the sauce")).toEqual(["Make the sauce", "Do thing 1."]);
  });

  it("reads legacy `ingredients`, nested lists and PropertyValue ingredients", () => {
    const { recipeIngredient: _drop, ...withoutIngredient } = baseRecipe;
    void _drop;
    expect(extract(page({ ...withoutIngredient, ingredients: ["1 apple", "2 pears"] })).ingredients).toEqual(["1 apple", "2 pears"]);
    expect(extract(page({ ...baseRecipe, recipeIngredient: [["1 apple"], ["2 pears"]] })).ingredients).toEqual(["1 apple", "2 pears"]);
    expect(
      extract(page({ ...baseRecipe, recipeIngredient: [{ "@type": "PropertyValue", value: 2, unitText: "cups", name: "flour" }] })).ingredients,
    ).toEqual(["2 cups flour"]);
  });

  it("reads durations in minutes and falls back to prep + cook for the total", () => {
    const times = (extra: Record<string, unknown>) => {
      const r = extract(page({ ...baseRecipe, ...extra }));
      return [r.prepTime, r.cookTime, r.totalTime];
    };
    expect(times({ prepTime: "PT15M", cookTime: "PT1H30M", totalTime: "PT1H45M" })).toEqual([15, 90, 105]);
    expect(times({ prepTime: "P0DT0H20M", cookTime: "PT0.5H" })).toEqual([20, 30, 50]);
    expect(times({ prepTime: "PT0M", cookTime: "PT90M" })).toEqual([null, 90, 90]);
    expect(times({ totalTime: { "@type": "QuantitativeValue", maxValue: "PT40M" } })).toEqual([null, null, 40]);
    expect(times({})).toEqual([null, null, null]);
  });

  it("reads yields as number, string or array into servings and a yield text", () => {
    const yieldOf = (value: unknown) => {
      const r = extract(page({ ...baseRecipe, recipeYield: value }));
      return [r.servings, r.yields];
    };
    expect(yieldOf(4)).toEqual([4, "4 servings"]);
    expect(yieldOf("4 servings")).toEqual([4, "4 servings"]);
    expect(yieldOf("1")).toEqual([1, "1 serving"]);
    expect(yieldOf("Serves 6")).toEqual([6, "6 servings"]);
    expect(yieldOf(["8", "8 people"])).toEqual([8, "8 servings"]);
    expect(yieldOf("4-6 portions")).toEqual([6, "6 servings"]);
    expect(yieldOf("Makes 24 cookies")).toEqual([24, "24 cookies"]);
    // An array is read from its first (non-empty) entry, as recipe-scrapers (the reference for imports) reads it.
    expect(yieldOf(["1", "1 loaf"])).toEqual([1, "1 serving"]);
    expect(yieldOf(["1 loaf", "12 slices"])).toEqual([1, "1 loaf"]);
    expect(yieldOf(["", "12 muffins"])).toEqual([12, "12 muffins"]);
    expect(yieldOf({ "@type": "QuantitativeValue", value: 6, unitText: "servings" })).toEqual([6, "6 servings"]);
    expect(yieldOf("Makes 12")).toEqual([12, "12 items"]);
    expect(yieldOf("a big pot")).toEqual([null, "a big pot"]);
    // Counts written as words, when the text names servings or pieces; other words stay as they are.
    expect(yieldOf("Serves four")).toEqual([4, "4 servings"]);
    expect(yieldOf("Serves four to six")).toEqual([6, "6 servings"]);
    expect(yieldOf("Makes two loaves")).toEqual([2, "2 loaves"]);
    expect(yieldOf("Makes one big pot")).toEqual([null, "Makes one big pot"]);
    expect(yieldOf("Donne quatre portions")).toEqual([4, "4 servings"]);
    expect(yieldOf("Für sechs Personen")).toEqual([6, "6 servings"]);
    expect(yieldOf("Para cuatro personas")).toEqual([4, "4 servings"]);
    expect(yieldOf("Ein großer Topf")).toEqual([null, "Ein großer Topf"]);
  });

  it("writes the yield text the way recipe-scrapers' get_yields does, and keeps a count for scaling", () => {
    const yieldOf = (value: unknown) => {
      const r = extract(page({ ...baseRecipe, recipeYield: value }));
      return [r.servings, r.yields];
    };
    // The longest unit word found anywhere in the text wins, so the cookies outrank the dozen; scaling still counts 24.
    expect(yieldOf("Makes 2 dozen cookies")).toEqual([24, "2 cookies"]);
    expect(yieldOf("3 dozen")).toEqual([36, "3 dozen"]);
    expect(yieldOf("1 cake (10 slices)")).toEqual([1, "1 cake"]);
    expect(yieldOf("1 cheesecake (12 slices)")).toEqual([1, "1 cake"]);
    expect(yieldOf("Makes 10 pancakes")).toEqual([10, "10 pancakes"]);
    expect(yieldOf("12 pieces")).toEqual([12, "12 pieces"]);
    expect(yieldOf("1 9-inch pie")).toEqual([1, "1 pie"]);
    expect(yieldOf("Makes about 3 cups")).toEqual([3, "3 cups"]);
    // Slices, wraps and portions are not yield units there: they read as servings.
    expect(yieldOf("8 slices")).toEqual([8, "8 servings"]);
    expect(yieldOf("4 Portionen")).toEqual([4, "4 servings"]);
    // Counted things without a unit word read as items.
    expect(yieldOf("4 porzioni")).toEqual([4, "4 items"]);
    expect(yieldOf("Makes about 2 quarts")).toEqual([2, "2 items"]);
    // Only "4-6" and "4 to 6" are ranges (the number after them counts); "4 - 6" and "4 a 6" read their first number.
    expect(yieldOf("Serves 4-6")).toEqual([6, "6 servings"]);
    expect(yieldOf("Serves 4 to 6")).toEqual([6, "6 servings"]);
    expect(yieldOf("Serves 8 - 10")).toEqual([10, "8 servings"]);
    expect(yieldOf("4 a 6 porciones")).toEqual([6, "4 servings"]);
    // A decimal reads its whole part.
    expect(yieldOf("1.5 quarts")).toEqual([2, "1 serving"]);
  });

  it("reads the image as string, array or ImageObject and resolves relative links against the page", () => {
    const imageOf = (value: unknown, url = "https://site.example/recipes/x") => extract(page({ ...baseRecipe, image: value }), url).imageUrl;
    expect(imageOf("https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(imageOf(["https://cdn.example/b.jpg", "https://cdn.example/c.jpg"])).toBe("https://cdn.example/b.jpg");
    expect(imageOf({ "@type": "ImageObject", url: "/img/d.jpg" })).toBe("https://site.example/img/d.jpg");
    expect(imageOf([{ "@type": "ImageObject", contentUrl: "e.jpg" }])).toBe("https://site.example/recipes/e.jpg");
    expect(imageOf("//cdn.example/f.jpg")).toBe("https://cdn.example/f.jpg");
    expect(imageOf("data:image/png;base64,AAAA")).toBeNull();
  });

  it("reads the author as string, Person, array or @id reference", () => {
    const authorOf = (value: unknown, ...others: unknown[]) => extract(page({ ...baseRecipe, author: value }, ...others)).author;
    expect(authorOf("Ana")).toBe("Ana");
    expect(authorOf({ "@type": "Person", name: "Bo" })).toBe("Bo");
    expect(authorOf([{ "@type": "Person", name: "Cy" }, { "@type": "Person", name: "Di" }])).toBe("Cy");
    expect(authorOf({ "@id": "https://x.example/#p1" }, { "@graph": [{ "@type": "Person", "@id": "https://x.example/#p1", name: "Ed" }] })).toBe("Ed");
  });

  it("reads cuisine, category and keywords", () => {
    const recipe = extract(
      page({ ...baseRecipe, recipeCuisine: ["French", "Breton"], recipeCategory: "Breakfast", keywords: "crepes, easy, Easy, quick" }),
    );
    expect(recipe.cuisine).toBe("French, Breton");
    expect(recipe.category).toBe("Breakfast");
    expect(recipe.keywords).toEqual(["crepes", "easy", "quick"]);
  });

  it("answers null for pages without a structured recipe", () => {
    expect(extractRecipeFromHtml("<html><body><h1>About us</h1></body></html>")).toBeNull();
    expect(extractRecipeFromHtml(page({ "@type": "Article", headline: "News" }))).toBeNull();
    expect(extractRecipeFromHtml(page({ "@type": "Recipe", name: "Empty shell" }))).toBeNull();
    expect(extractRecipeFromHtml("")).toBeNull();
  });
  it("reads the page's steps when the structured method holds only part names with empty steps", () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Plum Crisp",
      recipeIngredient: ["3 pounds plums", "1 1/4 cups oats"],
      recipeInstructions: ["Filling: ", "", "", "Topping and Assembly: ", ""],
    })}</script></head><body><h1>Plum Crisp</h1>
      <div class="preparation"><h3>Preparation</h3>
        <div class="preparation__group"><h3>Filling</h3><div class="preparation__step"><p>Toss the plums with sugar.</p></div></div>
        <div class="preparation__group"><h3>Topping and Assembly</h3><div class="preparation__step"><p>Scatter the oats over the plums and bake.</p></div></div>
      </div></body></html>`;
    expect(extract(html)?.instructions).toEqual(["Filling:", "Toss the plums with sugar.", "Topping and Assembly:", "Scatter the oats over the plums and bake."]);
  });
});

describe("extractRecipeFromHtml: microdata and page fallbacks", () => {
  it("reads a microdata recipe, tolerating unclosed list items", () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe">
      <h1 itemprop="name">Flapjacks</h1>
      <meta itemprop="prepTime" content="PT10M"><span itemprop="cookTime" content="PT25M">25 minutes</span>
      <span itemprop="recipeYield">Makes 12 bars</span>
      <img itemprop="image" src="flapjack.jpg">
      <ul><li itemprop="recipeIngredient">250 g oats<li itemprop="recipeIngredient">125 g butter
      <li itemprop="ingredients">3 tbsp golden syrup</ul>
      <div itemprop="recipeInstructions"><p>Melt the butter and syrup.</p><p>Stir in the oats, press into a tin and bake.</p></div>
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Gran</span></div>
    </div>`;
    expect(extract(html, "https://bake.example/flapjacks/")).toMatchObject({
      title: "Flapjacks",
      ingredients: ["250 g oats", "125 g butter", "3 tbsp golden syrup"],
      instructions: ["Melt the butter and syrup.", "Stir in the oats, press into a tin and bake."],
      prepTime: 10,
      cookTime: 25,
      totalTime: 35,
      servings: 12,
      yields: "12 bars",
      imageUrl: "https://bake.example/flapjacks/flapjack.jpg",
      author: "Gran",
      method: "microdata",
    });
  });

  it("reads a microdata property's inline elements as separate words, except before punctuation", () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Asparagus Saute</h1>
      <dl><dd itemprop="ingredients"><strong><span class="value">1/2</span></strong><span class="type">teaspoon </span><span>salt, divided</span></dd>
      <dd itemprop="ingredients"><span>1</span><span>pound</span> <a href="/asparagus">asparagus</a>, trimmed (<a href="/tips">see tip</a>)</dd></dl>
      <div itemprop="recipeInstructions"><p>Boil the <b>asparagus</b>; drain.</p></div></div>`;
    expect(extract(html)).toMatchObject({
      ingredients: ["1/2 teaspoon salt, divided", "1 pound asparagus, trimmed (see tip)"],
      instructions: ["Boil the asparagus; drain."],
    });
  });

  it("reads the page's steps when a template put the method's property on the ingredient list, and the yield after a marked label", () => {
    const html = `<article itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Julia Julep</h1>
      <ul><li><span class="meta-title" itemprop="recipeYield">Yield:</span> 2 cocktails </li></ul>
      <h2>Ingredients</h2><div itemprop="recipeInstructions"><ul>
        <li itemprop="ingredients">3/4 ounce simple syrup</li><li itemprop="ingredients">4 fresh basil leaves</li><li itemprop="ingredients">1 1/2 ounces bourbon</li>
      </ul></div>
      <h2>Directions</h2><ul class="directions"><li>Muddle the syrup with the basil leaves.</li><li>Add the bourbon, fill with ice and stir.</li></ul>
    </article>`;
    expect(extract(html)).toMatchObject({
      ingredients: ["3/4 ounce simple syrup", "4 fresh basil leaves", "1 1/2 ounces bourbon"],
      instructions: ["Muddle the syrup with the basil leaves.", "Add the bourbon, fill with ice and stir."],
      yields: "2 servings",
      servings: 2,
    });
  });

  it("names the recipe by its heading when the sharing title only adds 'Recipe' to it", () => {
    const html = `<html><head><title>Melon BBQ-Basted Ribs Recipe</title><meta property="og:title" content="Melon BBQ-Basted Ribs Recipe"></head>
      <body><header itemprop="name"><h1 class="entry-title">Melon BBQ-Basted Ribs</h1><div>By Mary Carter - May 15, 2017</div></header>
      <p>Sweet melon makes a bright glaze for summer ribs, and the sauce keeps for a week.</p><h2>Ingredients</h2><div itemscope itemtype="http://schema.org/Recipe">
      <ul><li itemprop="ingredients">2 racks pork ribs</li><li itemprop="ingredients">1 cup melon barbecue sauce</li></ul>
      <div itemprop="recipeInstructions"><p>Bake the ribs, basting with the sauce.</p></div></div></body></html>`;
    expect(extract(html)?.title).toBe("Melon BBQ-Basted Ribs");
  });

  it("takes the times and yield from the page's microdata when a thin JSON-LD block beside it has none", () => {
    const html = `<html><head><script type="application/ld+json">{"@context":"http://schema.org","@type":"Recipe","name":"Tuscan-Style Veal Chops","image":"chops.jpg"}</script></head>
      <body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Tuscan-Style Veal Chops</h1>
      <ul><li>Active: <time datetime="PT15M" itemprop="prepTime">15 MIN</time></li><li>Total Time: <time datetime="PT40M" itemprop="totalTime">40 MIN</time></li>
      <li>Servings: <span itemprop="recipeYield">4</span></li></ul>
      <ul><li itemprop="ingredients">4 veal rib chops</li><li itemprop="ingredients">2 tablespoons olive oil</li></ul>
      <ol itemprop="recipeInstructions"><li>Season the chops.</li><li>Grill them.</li></ol></div></body></html>`;
    expect(extract(html)).toMatchObject({ title: "Tuscan-Style Veal Chops", prepTime: 15, totalTime: 40, yields: "4 servings", ingredients: ["4 veal rib chops", "2 tablespoons olive oil"] });
  });

  it("reads RDFa Lite properties with or without the schema: prefix", () => {
    const html = `<div vocab="http://schema.org/" typeof="schema:Recipe"><h2 property="schema:name">Boiled Egg</h2>
      <span property="schema:recipeIngredient">1 egg</span><span property="recipeIngredient">1 tsp salt</span>
      <p property="schema:recipeInstructions">Boil the egg for 7 minutes.</p><span property="schema:recipeYield">1</span></div>`;
    expect(extract(html)).toMatchObject({
      title: "Boiled Egg",
      ingredients: ["1 egg", "1 tsp salt"],
      instructions: ["Boil the egg for 7 minutes."],
      yields: "1 serving",
    });
  });

  it("reads item types written with a trailing slash or a query", () => {
    for (const type of ["https://schema.org/Recipe/", "http://schema.org/Recipe?lang=en"]) {
      const html = `<div itemscope itemtype="${type}"><h1 itemprop="name">Toast</h1>
        <span itemprop="recipeIngredient">1 slice bread</span><span itemprop="recipeInstructions">Toast the bread.</span></div>`;
      expect(extract(html)).toMatchObject({ title: "Toast", ingredients: ["1 slice bread"], instructions: ["Toast the bread."] });
    }
    expect(extract(page({ ...baseRecipe, "@type": "https://schema.org/Recipe/" })).title).toBe(baseRecipe.name);
  });

  it("reads a data-vocabulary ingredient item as its name when the name already holds the amount", () => {
    const item = (name: string, amount: string, preparation = "") =>
      `<span itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient"><span itemprop="name">${name}</span>: <span itemprop="amount">${amount}</span>${preparation ? ` <span itemprop="preparation">${preparation}</span>` : ""}</span>`;
    const html = (items: string) =>
      `<div itemscope itemtype="http://data-vocabulary.org/Recipe"><h1 itemprop="name">Pretzels</h1>${items}<div itemprop="instructions"><p>Mix.</p><p>Bake.</p></div></div>`;
    expect(extract(html(item("2 1/2 cups flour", "1") + item("1 teaspoon salt", "1", "fine"))).ingredients).toEqual(["2 1/2 cups flour", "1 teaspoon salt, fine"]);
    // A name without an amount reads with its amount, as the page shows them.
    expect(extract(html(item("flour", "2 cups") + item("salt", "1 tsp"))).ingredients).toEqual(["flour: 2 cups", "salt: 1 tsp"]);
  });

  it("takes an unmarked item among microdata ingredient items for the heading of the items after it", () => {
    const item = (line: string) => `<li itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient"><span itemprop="name">${line}</span></li>`;
    const html = `<div itemscope itemtype="http://data-vocabulary.org/Recipe"><h1 itemprop="name">Ravioli</h1>
      <ul><li>FILLING</li>${item("1 butternut squash")}${item("1 tablespoon olive oil")}<li class="subheading">ASSEMBLING & SERVING</li>${item("2 tablespoons butter")}</ul>
      <div itemprop="instructions"><p>Roast.</p><p>Fill.</p></div></div>`;
    const recipe = extract(html);
    expect(recipe.ingredients).toEqual(["1 butternut squash", "1 tablespoon olive oil", "2 tablespoons butter"]);
    expect(recipe.ingredientGroups).toEqual([
      { purpose: "FILLING", ingredients: ["1 butternut squash", "1 tablespoon olive oil"] },
      { purpose: "ASSEMBLING & SERVING", ingredients: ["2 tablespoons butter"] },
    ]);
    // A marked item that is only a bold label heads a group; it stays among the lines, as the markup lists it.
    const marked = `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Club Wrap</h1><ul>
      <li itemprop="ingredients"><span class="bold">Wraps</span></li><li itemprop="ingredients">6 tortillas</li><li itemprop="ingredients">1 cup quinoa</li>
      <li itemprop="ingredients"><span class="bold">Dressing</span></li><li itemprop="ingredients">1/3 cup buttermilk</li></ul>
      <ol><li itemprop="recipeInstructions">Fill the tortillas.</li><li itemprop="recipeInstructions">Whisk the dressing.</li></ol></div>`;
    expect(extract(marked).ingredients).toEqual(["Wraps", "6 tortillas", "1 cup quinoa", "Dressing", "1/3 cup buttermilk"]);
    expect(extract(marked).ingredientGroups).toEqual([
      { purpose: "Wraps", ingredients: ["6 tortillas", "1 cup quinoa"] },
      { purpose: "Dressing", ingredients: ["1/3 cup buttermilk"] },
    ]);
    // An unmarked item with an amount is a line the markup missed, not a heading.
    expect(extract(html.replace("<li>FILLING</li>", "<li>2 sage leaves</li>")).ingredientGroups.map((group) => group.purpose)).not.toContain("2 sage leaves");
  });

  it("reads the numbered paragraphs after a theme's only marked step, and emphasised labels over marked ingredients", () => {
    const item = (line: string) => `<span itemprop="ingredients">${line}</span><br />`;
    const html = `<div itemscope itemtype="http://schema.org/Recipe"><strong><span itemprop="name">Custard Tarts</span></strong>
      <p><em>Crust</em><br />${item("140 g flour")}${item("125 g butter")}</p><p><em>Custard</em><br />${item("4 large egg yolks")}${item("2/3 cup milk")}</p>
      <p><span itemprop="recipeInstructions">1.&#160;Rub the flour and butter together.</span></p><p>2. Chill the dough for an hour.</p>
      <p>3. Fill the cases and bake 25 minutes.</p><p>Makes <span itemprop="recipeYield">12 tarts</span>.</p></div>`;
    const recipe = extract(html);
    expect(recipe.instructions).toEqual(["Rub the flour and butter together.", "Chill the dough for an hour.", "Fill the cases and bake 25 minutes."]);
    expect(recipe.ingredientGroups).toEqual([
      { purpose: "Crust", ingredients: ["140 g flour", "125 g butter"] },
      { purpose: "Custard", ingredients: ["4 large egg yolks", "2/3 cup milk"] },
    ]);
    // A marked step that is not numbered "1." stays the only step.
    expect(extract(html.replace("1.&#160;Rub", "Rub")).instructions).toEqual(["Rub the flour and butter together."]);
  });

  it("reads microdata inside RDFa markup by microdata's own scopes, and RDFa from other vocabularies not at all", () => {
    const html = `<div itemscope itemtype="http://schema.org/Recipe" typeof="sioc:Item foaf:Document">
      <span typeof="sioc:UserAccount" property="foaf:name">Site User <span itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Monique Fabre</span></span></span>
      <h1 itemprop="name">Clafoutis</h1><ul><li itemprop="recipeIngredient">500 g cherries</li><li itemprop="recipeIngredient">3 eggs</li></ul>
      <p itemprop="recipeInstructions">Bake.</p></div>`;
    expect(extract(html)).toMatchObject({ title: "Clafoutis", author: "Monique Fabre", ingredients: ["500 g cherries", "3 eggs"] });
    const rdfa = `<div vocab="http://schema.org/" typeof="Recipe"><span property="dc:title foaf:name">Site title</span><h1 property="name">Clafoutis</h1>
      <ul><li property="recipeIngredient">500 g cherries</li><li property="schema:recipeIngredient">3 eggs</li></ul><p property="recipeInstructions">Bake.</p></div>`;
    expect(extract(rdfa)).toMatchObject({ title: "Clafoutis", ingredients: ["500 g cherries", "3 eggs"] });
  });

  it("reads a microdata element named by two properties once, and a block of paragraph lines as lines", () => {
    const items = `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Rolls</h1>
      <ul><li itemprop="ingredients recipeIngredient">2 cups flour</li><li itemprop="recipeIngredient ingredients">1 cup milk</li></ul>
      <div itemprop="recipeInstructions"><p>Mix.</p><p>Bake.</p></div></div>`;
    expect(extract(items).ingredients).toEqual(["2 cups flour", "1 cup milk"]);
    const block = `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Rolls</h1>
      <div itemprop="ingredients recipeIngredient"><p><strong><em>For the dough</em></strong></p><p>2 cups flour</p><p>1 cup milk</p>
      <p><strong>For the glaze</strong></p><p>1 cup sugar<br>2 tbsp water</p></div><meta itemprop="recipeIngredient" content="1 pinch salt">
      <div itemprop="recipeInstructions"><p>Mix.</p><p>Bake.</p></div></div>`;
    expect(extract(block).ingredients).toEqual(["2 cups flour", "1 cup milk", "1 cup sugar", "2 tbsp water", "1 pinch salt"]);
  });

  it("reads microdata HowToStep items and one-element-per-step instructions", () => {
    const html = `<section itemscope itemtype="http://schema.org/Recipe"><h2 itemprop="name">Tea</h2>
      <span itemprop="recipeIngredient">1 tea bag</span>
      <div itemprop="recipeInstructions" itemscope itemtype="http://schema.org/HowToStep"><span itemprop="text">Boil water.</span></div>
      <div itemprop="recipeInstructions" itemscope itemtype="http://schema.org/HowToStep"><span itemprop="text">Steep 4 minutes.</span></div>
    </section>`;
    expect(extract(html).instructions).toEqual(["Boil water.", "Steep 4 minutes."]);
  });

  it("fills ingredients and steps missing from JSON-LD from the lists under their headings", () => {
    const html = `<html><head>${page({ "@type": "Recipe", name: "Slaw", prepTime: "PT10M" }).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>
      <nav><h2>Ingredients</h2><ul><li>Menu item</li></ul></nav>
      <h1>Slaw</h1>
      <h2>Ingredients</h2><h3>For the dressing</h3><ul><li>2 tbsp mayonnaise</li><li>1 tsp mustard</li></ul>
      <h3>Salad</h3><ul><li>1/4 white cabbage, shredded</li></ul>
      <h2>Directions</h2><ol><li>Whisk the dressing.</li><li>Toss with the cabbage.</li></ol>
      <h2>Notes</h2><ul><li>Keeps 2 days.</li></ul></body></html>`;
    const recipe = extract(html);
    expect(recipe.ingredients).toEqual(["2 tbsp mayonnaise", "1 tsp mustard", "1/4 white cabbage, shredded"]);
    expect(recipe.instructions).toEqual(["Whisk the dressing.", "Toss with the cabbage."]);
  });

  it("reads a blog post: its own title, not the blog's linked name, and a part heading as high as 'Ingredients'", () => {
    const html = `<html><head><title>Always Hungry: Crispy Green Beans</title></head><body>
      <h1 class="title"><a href="http://hungry.example/">Always Hungry</a></h1>
      <h3 class="post-title entry-title">Crispy Green Beans</h3>
      <h2>Ingredients</h2><ul><li>500 g green beans</li><li>2 tbsp olive oil</li></ul>
      <h2>For the tempering (optional)</h2><ul><li>1/2 tsp mustard seeds</li><li>1 dry red chilli</li></ul>
      <h2>Directions</h2><ol><li>Stir fry the beans.</li><li>Temper the spices and pour over.</li></ol>
      <h2>Notes</h2><ul><li>Keeps 2 days.</li></ul></body></html>`;
    const recipe = extract(html);
    expect(recipe.title).toBe("Crispy Green Beans");
    expect(recipe.ingredients).toEqual(["500 g green beans", "2 tbsp olive oil", "1/2 tsp mustard seeds", "1 dry red chilli"]);
    expect(recipe.ingredientGroups.map((g) => [g.purpose, g.ingredients.length])).toEqual([[null, 2], ["For the tempering (optional)", 2]]);
    expect(recipe.instructions).toEqual(["Stir fry the beans.", "Temper the spices and pour over."]);
    // Without a post title, an <h1> linking elsewhere than the home page is still the name.
    const linked = extract(html.replace(/<h3[^]*?<\/h3>/, "").replace('href="http://hungry.example/"', 'href="http://hungry.example/2014/08/beans.html"'));
    expect(linked.title).toBe("Always Hungry");
    // A plain-text <h1> is the name before one that only links to a section of the site.
    const section = html.replace(/<h3[^]*?<\/h3>/, "<h1>Crispy Green Beans</h1>").replace('href="http://hungry.example/"', 'href="http://hungry.example/vegetables/"');
    expect(extract(section).title).toBe("Crispy Green Beans");
    // A heading as high as "Ingredients" that does not name a part ends the section.
    expect(extract(html.replace("For the tempering (optional)", "Serving ideas")).ingredients).toEqual(["500 g green beans", "2 tbsp olive oil"]);
  });

  it("reads a page an ASP.NET site wraps whole in a <form>, but still skips a real form's lists", () => {
    const html = `<html><body><form method="post" id="mainform"><input type="hidden" name="__VIEWSTATE" value="">
      <h1>Squash Casserole</h1><p><strong>Bake:</strong> 40 min.</p>
      <h2>Ingredients</h2><ul><li>1 can cream of chicken soup</li><li>1/2 cup sour cream</li><li>2 cups squash</li></ul>
      <h2>Directions</h2><ol><li>Stir the soup and sour cream.</li><li>Bake until hot.</li></ol></form>
      <form action="/search"><h3>Ingredients</h3><ul><li>Search by 1 ingredient</li></ul></form></body></html>`;
    const recipe = extract(html);
    expect(recipe).toMatchObject({ title: "Squash Casserole", cookTime: 40, instructions: ["Stir the soup and sour cream.", "Bake until hot."] });
    expect(recipe.ingredients).toEqual(["1 can cream of chicken soup", "1/2 cup sour cream", "2 cups squash"]);
    expect(htmlToText(html)).toContain("Stir the soup and sour cream.");
    expect(htmlToText(html)).not.toContain("Search by 1 ingredient");
  });

  it("does not take a site menu's 'Ingredients' link over its list of ingredient pages for the recipe's section", () => {
    const html = `<html><body><div class="menu"><ul><li class="has-children"><a href="/przepisy/skladniki">Składniki</a>
      <ul><li><a href="/tag/kasza">Kasza jaglana</a></li><li><a href="/tag/ryz">Ryż</a></li></ul></li></ul></div>
      <p><a href="/skladniki">Ingredients</a></p><ul><li><a href="/a">Apples</a></li></ul>
      <h1>Sernik Lotus</h1><h3>Składniki</h3><div class="wyroznione">Spód</div><ul><li>150 g herbatników</li><li>60 g masła</li></ul>
      <div class="wyroznione">Masa serowa</div><ul><li>1 kg twarogu</li><li>4 jajka</li></ul>
      <h3>Przygotowanie</h3><ul><li>Herbatniki pokruszyć.</li><li>Piec przez 60 minut.</li></ul></body></html>`;
    const recipe = extract(html);
    expect(recipe.ingredients).toEqual(["150 g herbatników", "60 g masła", "1 kg twarogu", "4 jajka"]);
    expect(recipe.instructions).toEqual(["Herbatniki pokruszyć.", "Piec przez 60 minut."]);
    expect(recipe.ingredientGroups.map((g) => g.purpose)).toEqual(["Spód", "Masa serowa"]);
  });

  it("reads a recipe card when the page has no structured data: lists, group headings, times and yield", () => {
    const html = `<html><head><meta property="og:title" content="Peanut Noodles | Blog"></head><body>
      <nav><ul class="menu-ingredients"><li>Menu 1</li><li>Menu 2</li></ul></nav>
      <div class="wprm-recipe"><h2 class="wprm-recipe-name">Peanut Noodles</h2>
      <div class="wprm-recipe-servings-container">Servings <span class="wprm-recipe-servings">4</span></div>
      <div>Prep Time <span>15</span> minutes</div>
      <div class="wprm-recipe-ingredients-container"><h3>Ingredients</h3>
        <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Noodles</h4><ul class="wprm-recipe-ingredients">
          <li class="wprm-recipe-ingredient"><span class="sr-only">&#9634; </span><span>200</span> <span>g</span> <span>rice noodles</span></li>
          <li class="wprm-recipe-ingredient"><span>1</span> <span>cucumber</span></li></ul></div>
        <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Sauce</h4><ul class="wprm-recipe-ingredients">
          <li class="wprm-recipe-ingredient">3 tbsp peanut butter</li><li class="wprm-recipe-ingredient">Salt to taste</li></ul></div></div>
      <div class="wprm-recipe-instructions-container"><h3>Instructions</h3>
        <div class="wprm-recipe-instruction-group"><h4 class="wprm-recipe-group-name">Cook</h4><ul class="wprm-recipe-instructions">
          <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Soak the noodles.</div></li>
          <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Toss with the sauce.</div></li></ul></div></div>
      </div></body></html>`;
    const recipe = extract(html);
    expect(recipe).toMatchObject({
      method: "recipe-card",
      title: "Peanut Noodles",
      ingredients: ["200 g rice noodles", "1 cucumber", "3 tbsp peanut butter", "Salt to taste"],
      instructions: ["Cook:", "Soak the noodles.", "Toss with the sauce."],
      prepTime: 15,
      yields: "4 servings",
    });
    expect(recipe.ingredientGroups.map((g) => g.purpose)).toEqual(["Noodles", "Sauce"]);
  });

  it("starts ingredient groups at headings and bold labels only, not at unit switches between the lists", () => {
    const card = (between: string) => `<html><head>${page(baseRecipe).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>
      <div class="wprm-recipe-ingredients-container"><div class="wprm-unit-conversion-container"><a>US Customary</a> - <a>Metric</a></div>
      <ul class="wprm-recipe-ingredients"><li>100 g flour</li><li>2 eggs</li></ul>${between}
      <ul class="wprm-recipe-ingredients"><li>300 ml milk</li></ul></div></body></html>`;
    const purposes = (html: string) => extract(html).ingredientGroups.map((g) => [g.purpose, g.ingredients.length]);
    expect(purposes(card(""))).toEqual([[null, 3]]);
    expect(purposes(card("<p><strong>To finish:</strong></p>"))).toEqual([[null, 2], ["To finish", 1]]);
    expect(purposes(card("<p>Whisk well before adding the milk.</p>"))).toEqual([[null, 3]]);
  });

  it("reads a list item classed as a group title as the group's heading, not as an ingredient", () => {
    const list = `<ul class="ingredients-list"><li class="ingredient-item-group-title">Batter</li>
      <li class="ingredient-item">100 g flour</li><li class="ingredient-item">2 eggs</li>
      <li class="ingredient-item-group-title"><strong>To serve</strong></li><li class="ingredient-item">300 ml milk</li></ul>`;
    const withSchema = `<html><head>${page(baseRecipe).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>
      <div class="recipe-card-ingredients">${list}</div></body></html>`;
    expect(extract(withSchema).ingredientGroups).toEqual([
      { purpose: "Batter", ingredients: ["100 g flour", "2 eggs"] },
      { purpose: "To serve", ingredients: ["300 ml milk"] },
    ]);
    const cardOnly = `<body><h1>Pancakes</h1><div class="recipe-card-ingredients">${list}</div>
      <div class="recipe-card-directions"><ul class="directions-list"><li>Whisk.</li><li>Fry.</li></ul></div></body>`;
    const recipe = extract(cardOnly);
    expect(recipe.ingredients).toEqual(["100 g flour", "2 eggs", "300 ml milk"]);
    expect(recipe.ingredientGroups.map((g) => g.purpose)).toEqual(["Batter", "To serve"]);
  });

  it("reads group headings named by BEM and label class names, but not a card's own ingredients header", () => {
    const withSchema = (card: string) => `<html><head>${page(baseRecipe).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>${card}</body></html>`;
    const purposes = (card: string) => extract(withSchema(card)).ingredientGroups.map((g) => [g.purpose, g.ingredients.length]);
    const sections = (heading: (name: string) => string) => `<div class="ingredients__sections">
      <div class="ingredients__section">${heading("Batter")}<ul><li>100 g flour</li><li>2 eggs</li></ul></div>
      <div class="ingredients__section">${heading("To finish")}<ul><li>300 ml milk</li></ul></div></div>`;
    expect(purposes(sections((name) => `<div class="ingredients__sectionHeading">${name}</div>`))).toEqual([["Batter", 2], ["To finish", 1]]);
    expect(purposes(sections((name) => `<span class="ingredient-group__header">${name}</span>`))).toEqual([["Batter", 2], ["To finish", 1]]);
    expect(purposes(sections((name) => `<p class="ingredient_heading">${name}</p>`))).toEqual([["Batter", 2], ["To finish", 1]]);
    const labelled = `<ul class="ingredients-list"><li class="ingredient-label">Batter</li><li class="ingredient">100 g flour</li>
      <li class="ingredient">2 eggs</li><li class="ingredient-label">To finish</li><li class="ingredient">300 ml milk</li></ul>`;
    expect(purposes(labelled)).toEqual([["Batter", 2], ["To finish", 1]]);
    // Tasty Recipes' "ingredients-header" holds the card's own header and its scale buttons: not a group.
    const tasty = `<div class="tasty-recipes-ingredients"><div class="tasty-recipes-ingredients-header"><h3>Ingredients</h3>
      <span><button>1x</button><button>2x</button></span></div><ul><li>100 g flour</li><li>2 eggs</li><li>300 ml milk</li></ul></div>`;
    expect(purposes(tasty)).toEqual([[null, 3]]);
    // An ingredient's own name span is not a heading.
    const named = `<ul class="wprm-recipe-ingredients">${baseRecipe.recipeIngredient
      .map((line) => `<li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-name">${line}</span></li>`)
      .join("")}</ul>`;
    expect(purposes(`<div class="wprm-recipe-ingredients-container">${named}</div>`)).toEqual([[null, 3]]);
  });

  it("reads a list item that is only a bold label as a group heading, unless it has an amount or is a listed ingredient", () => {
    const recipe = { ...baseRecipe, recipeIngredient: ["100 g flour", "2 eggs", "Butter", "300 ml milk"] };
    const list = `<ul><li><strong><em>Batter</em></strong></li><li>100 g flour</li><li><strong>2 eggs</strong></li>
      <li><strong>Butter</strong></li><li><b>To finish:</b></li><li>300 ml milk</li></ul>`;
    const withSchema = `<html><head>${page(recipe).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>
      <div class="tasty-recipes-ingredients">${list}</div></body></html>`;
    expect(extract(withSchema).ingredientGroups).toEqual([
      { purpose: "Batter", ingredients: ["100 g flour", "2 eggs", "Butter"] },
      { purpose: "To finish", ingredients: ["300 ml milk"] },
    ]);
    // A card with no structured data: the bold labels head groups and are not ingredients.
    const cardOnly = `<body><h1>Pancakes</h1><div class="tasty-recipes-ingredients"><ul><li><strong>Batter</strong></li>
      <li>100 g flour</li><li><strong>2 eggs</strong></li><li><strong>To finish</strong></li><li>300 ml milk</li></ul></div>
      <div class="tasty-recipes-instructions"><ol><li>Whisk.</li><li>Fry.</li></ol></div></body>`;
    const card = extract(cardOnly);
    expect(card.ingredients).toEqual(["100 g flour", "2 eggs", "300 ml milk"]);
    expect(card.ingredientGroups).toEqual([
      { purpose: "Batter", ingredients: ["100 g flour", "2 eggs"] },
      { purpose: "To finish", ingredients: ["300 ml milk"] },
    ]);
    // A list item only partly bold is an ingredient.
    const partly = withSchema.replace("<li><strong><em>Batter</em></strong></li>", "<li><strong>Batter</strong> mix</li>");
    expect(extract(partly).ingredientGroups.map((g) => g.purpose)).toEqual([null, "To finish"]);
  });

  it("names a card's only group by its heading, but not by the card's own Ingredients header in any language", () => {
    const card = (headers: string, lines = ["100 g flour", "2 eggs", "300 ml milk"]) =>
      `<html><head>${page(baseRecipe).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>
      <div class="wprm-recipe-ingredients-container">${headers}<ul class="wprm-recipe-ingredients">
      ${lines.map((line) => `<li class="wprm-recipe-ingredient">${line}</li>`).join("")}</ul></div></body></html>`;
    const purposes = (html: string) => extract(html).ingredientGroups.map((g) => [g.purpose, g.ingredients.length]);
    expect(purposes(card(`<h3>Ingredients</h3><h4 class="wprm-recipe-group-name">For the batter</h4>`))).toEqual([["For the batter", 3]]);
    expect(purposes(card(`<p><strong>Batter:</strong></p>`))).toEqual([["Batter", 3]]);
    expect(purposes(card(`<h3>Zutaten <button>1x</button><button>2x</button></h3>`))).toEqual([[null, 3]]);
    expect(purposes(card(`<h3>Ingrédients</h3>`))).toEqual([[null, 3]]);
    // A header with a note after the word ("Ingredients (US cup = 240 ml)") above an unnamed first group.
    const twoGroups = `<div class="wprm-recipe-ingredients-container"><h3 class="wprm-recipe-header">Ingredients (US cup = 240ml )</h3>
      <div class="wprm-recipe-ingredient-group"><ul><li>100 g flour</li></ul></div>
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">For the batter</h4><ul><li>2 eggs</li><li>300 ml milk</li></ul></div></div>`;
    expect(purposes(`<html><head>${page(baseRecipe).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>${twoGroups}</body></html>`)).toEqual([
      [null, 1],
      ["For the batter", 2],
    ]);
    // A group named by a phrase that starts like the header is still a group's name.
    expect(purposes(card(`<h3>Zutaten</h3><h4 class="wprm-recipe-group-name">Zutaten für ca. 6 Portionen Pudding</h4>`))).toEqual([
      ["Zutaten für ca. 6 Portionen Pudding", 3],
    ]);
    // A card listing something else (a related recipe's list) does not name the page's ingredients.
    expect(purposes(card(`<h4 class="wprm-recipe-group-name">Syrup</h4>`, ["200 g sugar", "100 ml water", "1 lemon"]))).toEqual([[null, 3]]);
  });

  it("takes the title and image from twitter: tags when og: tags are missing, og: first when both are there", () => {
    const body = `<body><header><h1>Site Name</h1></header><div class="recipe-ingredients"><ul><li>200 g spaghetti</li>
      <li>125 g ricotta</li></ul></div><div class="recipe-instructions"><ol><li>Boil.</li><li>Toss.</li></ol></div></body>`;
    const twitter = `<meta name="twitter:title" content="Lemon Pasta"><meta name="twitter:image" content="/pasta.jpg">`;
    expect(extract(`<html><head>${twitter}</head>${body}</html>`, "https://cook.example/pasta/")).toMatchObject({
      title: "Lemon Pasta",
      imageUrl: "https://cook.example/pasta.jpg",
    });
    const both = `<meta property="og:title" content="Lemon Ricotta Pasta"><meta property="og:image" content="/og.jpg">${twitter}`;
    expect(extract(`<html><head>${both}</head>${body}</html>`, "https://cook.example/pasta/")).toMatchObject({
      title: "Lemon Ricotta Pasta",
      imageUrl: "https://cook.example/og.jpg",
    });
    expect(extract(`<html><head></head>${body}</html>`).title).toBe("Site Name");
  });

  it("reads card steps written as paragraphs, and a theme's recipe-ingredients / recipe-method blocks", () => {
    const html = `<body><h1>Dal</h1><div class="recipe-ingredients"><ul><li>200 g red lentils</li><li>1 tsp turmeric</li></ul></div>
      <div class="recipe-method"><p>Rinse the lentils.</p><p>Simmer with the turmeric for 20 minutes.</p></div></body>`;
    expect(extract(html)).toMatchObject({
      title: "Dal",
      ingredients: ["200 g red lentils", "1 tsp turmeric"],
      instructions: ["Rinse the lentils.", "Simmer with the turmeric for 20 minutes."],
    });
  });

  it("does not read a card without both lists, or a product page's ingredient list, as a recipe", () => {
    const onlyIngredients = `<body><div class="recipe-ingredients"><ul><li>1 egg</li><li>2 cups milk</li></ul></div></body>`;
    const product = `<body><div class="product-ingredients"><ul><li>Aqua</li><li>Glycerin</li><li>Parfum</li></ul></div>
      <div class="directions"><ol><li>Apply to damp hair.</li><li>Rinse.</li></ol></div></body>`;
    expect(extractRecipeFromHtml(onlyIngredients)).toBeNull();
    expect(extractRecipeFromHtml(product)).toBeNull();
  });

  it("reads a plain page's lists under Ingredients and Method headings when it has no structured data or card", () => {
    const html = `<html><head><title>Lentil Soup | My Blog</title></head><body><nav><h2>Ingredients we love</h2><ul><li>1 Home</li></ul></nav>
      <main><h1>Grandma's Lentil Soup</h1><p>Serves 4</p><h2>Ingredients</h2><ul><li>200 g red lentils</li><li>1 onion, chopped</li>
      <li>1 litre stock</li></ul><h2>Method</h2><ol><li>1. Soften the onion.</li><li>2. Simmer everything for 25 minutes.</li></ol>
      <h2>Comments</h2><ul><li>Lovely - Joan</li></ul></main></body></html>`;
    expect(extract(html)).toMatchObject({
      method: "page-headings",
      title: "Grandma's Lentil Soup",
      ingredients: ["200 g red lentils", "1 onion, chopped", "1 litre stock"],
      instructions: ["Soften the onion.", "Simmer everything for 25 minutes."],
      servings: 4,
    });
  });

  it("reads an hRecipe microformat whose ingredients are spans between <br>s and whose method is one block", () => {
    const html = `<body><div class="hrecipe"><h1 class="fn">Tom Collins</h1><div class="vcard"><span class="fn">Site Editor</span></div>
      <div class="ingredients"><span class="ingredient"><span class="amount">2 oz</span> <span class="name"><a href="/g">gin</a></span></span><br>
      <span class="ingredient"><span class="amount">1 </span> <span class="name">maraschino cherry</span></span><br></div>
      <p>Yield: <span class="yield">1 drink</span></p><div class="instructions">Shake with ice.<br>Strain into a glass.</div></div></body>`;
    expect(extract(html)).toMatchObject({
      method: "recipe-card",
      title: "Tom Collins",
      ingredients: ["2 oz gin", "1 maraschino cherry"],
      instructions: ["Shake with ice.", "Strain into a glass."],
      servings: 1,
    });
    const mf2 = `<body><article class="h-recipe"><h1 class="p-name">Toast</h1><ul><li class="p-ingredient">2 slices bread</li>
      <li class="p-ingredient">1 tbsp butter</li></ul><p>Serves <span class="p-yield">2</span></p><ol class="e-instructions"><li>Toast the bread.</li><li>Butter it.</li></ol></article></body>`;
    expect(extract(mf2)).toMatchObject({ title: "Toast", ingredients: ["2 slices bread", "1 tbsp butter"], instructions: ["Toast the bread.", "Butter it."], servings: 2 });
    // A recipe marked without its name takes its own first heading, not the site's name above it.
    const unnamed = html.replace('<h1 class="fn">Tom Collins</h1>', "<h2>Tom Collins</h2>").replace("<body>", "<body><h1>Drinks Mixer</h1>");
    expect(extract(unnamed).title).toBe("Tom Collins");
    // Times in the value-class pattern, the label written after the value.
    const timed = html.replace(
      "<p>Yield:",
      `<h3><span class="prepTime"><span class="value-title" title="PT1H"></span>30 mins to 1 hour</span> preparation time</h3>
      <h3><span class="cookTime"><span class="value-title" title="PT30M"></span>10 to 30 mins</span> cooking time</h3><p>Yield:`,
    );
    expect(extract(timed)).toMatchObject({ prepTime: 60, cookTime: 30, totalTime: 90 });
  });

  it("reads a microdata time from a datetime attribute on any tag", () => {
    const html = `<body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Melting Moments</h1>
      <p itemprop="cookTime" datetime="PT15M">To Cook</p><ul><li itemprop="recipeIngredient">250 g butter</li><li itemprop="recipeIngredient">1 cup flour</li></ul>
      <div itemprop="recipeInstructions">Bake until pale.</div></div></body>`;
    expect(extract(html)).toMatchObject({ cookTime: 15, totalTime: 15 });
  });

  it("drops the site's name its template appends to a title taken from the page", () => {
    const html = (title: string) => `<html><head><title>${title}</title><meta property="og:title" content="${title}">
      <meta property="og:site_name" content="Feed The Swimmers"></head><body><p><strong>Ingredients</strong></p><ul><li>2 carrots</li>
      <li>1 tbsp oil</li></ul><p><strong>Method</strong></p><p>Grate and dress.</p></body></html>`;
    expect(extract(html("Carrot Salad &mdash; FEED THE SWIMMERS")).title).toBe("Carrot Salad");
    expect(extract(html("Carrot Salad | Feed the Swimmers")).title).toBe("Carrot Salad");
    expect(extract(html("Feed The Swimmers")).title).toBe("Feed The Swimmers");
    // With no og:site_name, the name the page's address spells.
    const plain = html("Coconut Cupcakes | Skinnytaste").replace(/<meta property="og:site_name"[^>]*>/, "");
    expect(extract(plain, "https://www.skinnytaste.com/2012/03/cupcakes.html").title).toBe("Coconut Cupcakes");
    expect(extract(plain, "https://cook.example/cupcakes").title).toBe("Coconut Cupcakes | Skinnytaste");
    // "... by Back to Her Roots" names the site as its address does; "by" another name is part of the title.
    const by = html("Banana Cookies by Back to Her Roots").replace(/<meta property="og:site_name"[^>]*>/, "");
    expect(extract(by, "http://backtoherroots.com/recipe").title).toBe("Banana Cookies");
    expect(extract(by, "https://cook.example/recipe").title).toBe("Banana Cookies by Back to Her Roots");
  });

  it("reads the count in an ingredients heading as the yield: 'Ingredients (20 cookies)'", () => {
    const html = `<body><h1>Banana Cookies</h1><p class="header">Ingredients<span> (20 cookies)</span></p><ul><li>3 ripe bananas</li><li>1 cup oats</li></ul>
      <p class="header">Directions</p><ol><li>Mash and mix.</li><li>Bake 15 minutes.</li></ol></body>`;
    expect(extract(html)).toMatchObject({ yields: "20 cookies", servings: 20 });
  });

  it("does not take a theme's ingredient list classed 'steps' for the method the structured data lacks", () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({ "@type": "Recipe", name: "Shrimp", recipeIngredient: ["1 lb shrimp", "Kosher salt"] })}</script></head>
      <body><h4>Ingredients</h4><ul class="steps double"><li><p>1 lb shrimp</p></li><li><p>Kosher salt</p></li></ul>
      <h4>Directions</h4><ul class="steps with-img"><li><h5>Step 1</h5><p>Season the shrimp.</p></li><li><h5>Step 2</h5><p>Cook for 15 minutes.</p></li></ul></body></html>`;
    expect(extract(html).instructions).toEqual(["Season the shrimp.", "Cook for 15 minutes."]);
  });

  it("places structured lines in a card's groups by position when the card writes them differently", () => {
    const lines = ["1 cup lentils", "1 tbsp oil", "1 tsp mustard seeds", "1 dried chili"];
    const html = `<html><head>${page({ ...baseRecipe, recipeIngredient: lines }).match(/<script[\s\S]*<\/script>/)?.[0]}</head><body>
      <div class="wprm-recipe-ingredients-container"><h4 class="wprm-recipe-group-name">Dal</h4><ul class="wprm-recipe-ingredients">
      <li>1 cup lentils</li></ul><h4 class="wprm-recipe-group-name">Tempering</h4><ul class="wprm-recipe-ingredients"><li>1 tablespoon oil</li>
      <li>1 teaspoon mustard seeds</li><li>1 dried chili</li></ul></div></body></html>`;
    expect(extract(html).ingredientGroups).toEqual([
      { purpose: "Dal", ingredients: ["1 cup lentils"] },
      { purpose: "Tempering", ingredients: ["1 tbsp oil", "1 tsp mustard seeds", "1 dried chili"] },
    ]);
  });

  it("reads groups from the headings over one card per group, and steps a CMS joined with commas", () => {
    const html = `<body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Eier-Curry</h1>
      <meta itemprop="recipeInstructions" content="1. Reis kochen. ,2. Eier garen. ,3. Alles mischen.">
      <h2>Zutaten</h2><h3>Für den Reis:</h3><div class="recipe-ingredients"><ul><li itemprop="recipeIngredient">200 g Reis</li>
      <li itemprop="recipeIngredient">500 ml Wasser</li></ul></div><h3>Für das Curry:</h3><div class="recipe-ingredients"><ul>
      <li itemprop="recipeIngredient">6 Eier</li><li itemprop="recipeIngredient">400 ml Kokosmilch</li></ul></div></div></body>`;
    const recipe = extract(html);
    expect(recipe.instructions).toEqual(["Reis kochen.", "Eier garen.", "Alles mischen."]);
    expect(recipe.ingredientGroups).toEqual([
      { purpose: "Für den Reis", ingredients: ["200 g Reis", "500 ml Wasser"] },
      { purpose: "Für das Curry", ingredients: ["6 Eier", "400 ml Kokosmilch"] },
    ]);
  });

  it("takes the numbered lists beside the ingredient lines as steps when the structured data has none", () => {
    const ld = JSON.stringify({ "@type": "Recipe", name: "Cannoli", ingredients: ["167 g flour", "1/4 teaspoon salt", "660 g ricotta"] });
    const html = `<html><head><script type="application/ld+json">${ld}</script></head><body><ol class="menu"><li>Home</li><li>Shop</li></ol>
      <div class="post"><h2>Shells</h2><ul><li>167 g flour</li><li>1/4 teaspoon salt</li></ul><div><ol><li>Sift the flour and salt.</li>
      <li>Knead for 3 minutes.</li></ol></div><h2>Filling</h2><ul><li>660 g ricotta</li></ul><ol><li>Beat the ricotta.</li></ol></div></body></html>`;
    expect(extract(html).instructions).toEqual(["Sift the flour and salt.", "Knead for 3 minutes.", "Beat the ricotta."]);
  });

  it("reads a page that names nothing with a long unmeasured line among the lines, labelled groups and a footer after the method", () => {
    const line = (text: string) => `<span>${text}</span><br />`;
    const html = `<body><div class="post"><h1>Poppy Seed Muffins with Glaze</h1><div class="post-body">
      <span><b><u>Poppy Seed Muffins</u></b></span><br />${line("From: Jenn")}<br />
      ${["2 c. flour", "2 tsp. baking powder", "1/4 tsp. salt", "2/3 c. sugar", "zest and juice of one orange (reserve 1/2 for the glaze)", "2 eggs", "1/2 c. oil"].map(line).join("")}
      <span><br /></span>${line("<b><u>Orange Glaze</u></b>")}${["1 c. powdered sugar", "juice of 1/2 an orange", "milk, if needed"].map(line).join("")}
      <span><br /></span>${line("Preheat oven to 425 degrees. Mix the dry and wet ingredients.")}${line("Bake for 15 minutes until golden. Makes: 12 muffins.")}
      <div class="separator">Linked up at <a href="/p">Weekend Potluck!</a> and more!</div></div>
      <div class="post-footer">Posted by Jenn at 5:15 PM</div></div></body>`;
    const recipe = extract(html);
    expect(recipe.ingredientGroups).toEqual([
      { purpose: null, ingredients: ["2 c. flour", "2 tsp. baking powder", "1/4 tsp. salt", "2/3 c. sugar", "zest and juice of one orange (reserve 1/2 for the glaze)", "2 eggs", "1/2 c. oil"] },
      { purpose: "Orange Glaze", ingredients: ["1 c. powdered sugar", "juice of 1/2 an orange", "milk, if needed"] },
    ]);
    expect(recipe.instructions).toEqual(["Preheat oven to 425 degrees. Mix the dry and wet ingredients.", "Bake for 15 minutes until golden. Makes: 12 muffins."]);
    expect(recipe.yields).toBe("12 muffins");
  });

  it("reads numbered method paragraphs after unlabelled lines, without the note and comments after them", () => {
    const html = `<body><div class="post"><h2>zucchini latkes</h2><div class="entry"><p><b>Zucchini Latkes</b><br />Adapted from a magazine</p>
      <p>Makes about 4 dozen latkes</p><p>1 pound zucchini<br />1 large potato, peeled<br />1/2 cup matzo meal<br />1 large egg<br />1 teaspoon lemon juice<br />1 1/2 teaspoons salt<br />Vegetable oil, for frying</p>
      <p>1.	Halve the zucchini and grate it with the potato. Squeeze dry and stir in the rest.</p><p>2.	Heat the oil and fry spoonfuls until golden, about 1 minute a side.</p>
      <p><u>Do ahead:</u> The latkes keep at room temperature for up to 4 hours.</p></div>
      <ol class="comments"><li>Amy December 16, 2006 I made these last night and they were lovely.</li><li>deb December 17, 2006 Thank you so much for trying them!</li></ol></div></body>`;
    expect(extract(html)).toMatchObject({
      instructions: ["Halve the zucchini and grate it with the potato. Squeeze dry and stir in the rest.", "Heat the oil and fry spoonfuls until golden, about 1 minute a side."],
      yields: "4 dozen",
    });
    expect(extract(html).ingredients).toHaveLength(7);
  });

  it("reads a page that names nothing: a run of measured lines, then the method's paragraphs", () => {
    const html = `<body><h1>Banana Bread</h1><p><i>A note about the chocolate, which you can chop coarsely.</i></p>
      <p><em>Serves 8 to 10</em></p><blockquote><p>1 cup / 125 g flour<br>3/4 teaspoon baking soda<br>2 large eggs<br>1/3 cup olive oil<br>
      <b>For the glaze:</b><br>1/2 cup sugar<br>4 teaspoons lemon juice<br>Pepper to taste</p></blockquote>
      <p>Preheat the oven to 350° F and grease a pan.</p><p>Mix everything and bake for 50 minutes.<br><br>Serves 10.</p>
      <h3>Comments</h3><p>Lovely bread, thank you so much!</p></body>`;
    expect(extract(html)).toMatchObject({
      title: "Banana Bread",
      ingredients: ["1 cup / 125 g flour", "3/4 teaspoon baking soda", "2 large eggs", "1/3 cup olive oil", "1/2 cup sugar", "4 teaspoons lemon juice", "Pepper to taste"],
      instructions: ["Preheat the oven to 350° F and grease a pan.", "Mix everything and bake for 50 minutes."],
      servings: 10,
    });
    // Measured lines with no method after them, or a numbered article, are not a recipe.
    expect(extractRecipeFromHtml(html.replace(/<p>Preheat[\s\S]*<\/p>\s*<h3>/, "<h3>"))).toBeNull();
    const article = `<body><h1>Ten habits</h1><p>1. Drink 2 cups of water a day</p><p>2. Walk 3 miles</p><p>3. Eat 5 servings of greens</p>
      <p>4. Sleep 8 hours</p><p>Small changes add up over a year, says our panel of experts.</p><p>Try one habit each week and see how it goes.</p></body>`;
    expect(extractRecipeFromHtml(article)).toBeNull();
  });

  it("reads a section's label at the start of its first line ('Directions: Put...') as the label", () => {
    const html = `<body><h1>Smoothie</h1><div class="post-body">Serves 2<br /><br /><b>Ingredients:</b><br />6 oz. cold coffee<br />1 ripe banana<br />1/4 cup oats<br /><br />
      <b>Directions: </b>Put everything in the blender. Blend until smooth.<br /><br />Pour into glasses.</div></body>`;
    expect(extract(html).instructions).toEqual(["Put everything in the blender. Blend until smooth.", "Pour into glasses."]);
    const plain = html.replace("<b>Directions: </b>", "Method: ");
    expect(extract(plain).instructions).toEqual(["Put everything in the blender. Blend until smooth.", "Pour into glasses."]);
  });

  it("reads a labelled method of <br> paragraphs without the list of links after it, keeping spaces at bold edges", () => {
    const html = `<body><div class="post-body">Ingredients:<br><ul><li>1 box cake mix</li><li>1 cup coconut milk</li></ul><br>Directions:<br><br>
      <b>Preheat</b> the oven to 350°.<br><br><b>Pour </b>batter into the tins and bake 22 minutes.<br><br>
      You might also like:<br><ul><li><a href="/a">Lemon Cupcakes</a> from a friend</li><li><a href="/b">Lime Cupcakes</a></li></ul></div></body>`;
    const steps = extract(html).instructions;
    expect(steps.slice(0, 2)).toEqual(["Preheat the oven to 350°.", "Pour batter into the tins and bake 22 minutes."]);
    expect(steps).not.toContain("Lemon Cupcakes from a friend");
  });

  it("reads an hRecipe's steps marked `instruction` whole, label and all, and not the cook's note beside them", () => {
    const html = `<body><div class="hrecipe"><h1 class="fn">Berry Tart</h1><ul><li class="ingredient">1 cup flour</li><li class="ingredient">2 cups berries</li></ul>
      <div class="instructions"><h2>Preparation</h2><p class="instruction"><strong>Make tart shell:</strong><br />Rub the flour with butter.</p>
      <p class="instruction">Bake the shell 20 minutes.</p><div class="instruction"><p><strong>Assemble: </strong><br/>Fill with berries.</p>
      <div class="technique"><a href="/techniques/folding"><strong>Technique:</strong> Folding</a></div></div>
      <p id="chefNotes"><span>Cooks' note: </span>The shell keeps a day.</p></div></div></body>`;
    expect(extract(html).instructions).toEqual(["Make tart shell: Rub the flour with butter.", "Bake the shell 20 minutes.", "Assemble: Fill with berries."]);
  });

  it("keeps an unlabelled list after named groups' lists apart from the last named group", () => {
    const list = (lines: string[]) => `<ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul>`;
    const page = (between: string) => `<body><h1>Berry Tart</h1><div><h2>Ingredients</h2><strong>For tart shell:</strong>${list(["1 cup flour", "7 tablespoons butter"])}
      <strong>For filling:</strong>${list(["1 pound strawberries", "1 pound mascarpone"])}${between}${list(["Equipment: a 10-inch tart pan"])}</div>
      <h2>Preparation</h2><p>Make the shell and bake it.</p><p>Fill it with the berries.</p></body>`;
    expect(extract(page("<br />")).ingredientGroups).toEqual([
      { purpose: "For tart shell", ingredients: ["1 cup flour", "7 tablespoons butter"] },
      { purpose: "For filling", ingredients: ["1 pound strawberries", "1 pound mascarpone"] },
      { purpose: null, ingredients: ["Equipment: a 10-inch tart pan"] },
    ]);
    // Items each wrapped in their own container are still one list.
    const wrapped = `<body><h1>Tart</h1><h2>Ingredients</h2><strong>For the shell:</strong><div><li>1 cup flour</li></div><div><li>2 tbsp butter</li></div>
      <strong>For the filling:</strong><div><li>1 lb berries</li></div><div><li>1 cup cream</li></div><h2>Method</h2><p>Bake the shell.</p><p>Fill it.</p></body>`;
    expect(extract(wrapped).ingredientGroups.map((group) => group.purpose)).toEqual(["For the shell", "For the filling"]);
  });

  it("names a recipe read from the page by its own name over its lines when the post's title holds it", () => {
    const page = (name: string) => `<html><head><title>Coffee 101 + Morning Buzz Smoothie</title></head><body><h2 class="post-title">Coffee 101 + Morning Buzz Smoothie</h2>
      <div class="post-body">Some thoughts on coffee.<br /><span style="font-size: large;">${name}</span><br />Serves 2<br /><br /><b>Ingredients:</b><br />
      6 oz. cold coffee<br />1 ripe banana<br />1/4 cup oats<br /><br /><b>Directions:</b><br />Blend everything until smooth.<br /><br />Pour into glasses.</div></body></html>`;
    expect(extract(page("Morning Buzz Smoothie")).title).toBe("Morning Buzz Smoothie");
    // A line the title does not hold is not the recipe's name, unless it heads the yield line in title case.
    expect(extract(page("My favourite drink")).title).toBe("Coffee 101 + Morning Buzz Smoothie");
    expect(extract(page("Iced Oat Latte")).title).toBe("Iced Oat Latte");
    expect(extract(page("Adapted from")).title).toBe("Coffee 101 + Morning Buzz Smoothie");
    // A long name the title holds with more after it.
    const long = page("Vegan Tomato Salad with Cucumber, Avocado, Cilantro, and Lime").replaceAll("Coffee 101 + Morning Buzz Smoothie", "Vegan Tomato Salad with Cucumber, Avocado, Cilantro, and Lime (Low-Carb, Paleo)");
    expect(extract(long).title).toBe("Vegan Tomato Salad with Cucumber, Avocado, Cilantro, and Lime");
  });

  it("takes 'Preheat the oven' after the last ingredient for the first step, and drops lines after numbered steps", () => {
    const html = `<body><h1>Cookie Cake</h1><p><i>Ingredients</i></p><p>2/3 cup sugar<br />1 cup butter, softened<br />1 large egg<br />2 1/4 cups flour</p>
      <p>Preheat the oven to 375°F.</p><p>Beat the sugar and butter until creamy, then add the egg and the flour.</p>
      <p>Press the dough into a 16-inch pan and bake for 15 to 20 minutes.</p></body>`;
    expect(extract(html)).toMatchObject({
      ingredients: ["2/3 cup sugar", "1 cup butter, softened", "1 large egg", "2 1/4 cups flour"],
      instructions: ["Preheat the oven to 375°F.", "Beat the sugar and butter until creamy, then add the egg and the flour.", "Press the dough into a 16-inch pan and bake for 15 to 20 minutes."],
    });
    const numbered = `<body><h1>Sherbet</h1><h3>Ingredients</h3><ul><li>1 cup orange juice</li><li>1/2 cup sugar</li></ul><h3>Directions</h3>
      <p>1. Process the sugar with the juice until dissolved.</p><p>2. Churn in an ice cream machine.</p><p>(Recipe adapted from a cookbook)</p><p>posted in Ice Cream 48 comments</p></body>`;
    expect(extract(numbered).instructions).toEqual(["Process the sugar with the juice until dissolved.", "Churn in an ice cream machine."]);
    // A number typed without its space ("3.Freeze") still numbers its step on the page.
    const typed = numbered.replace("<p>(Recipe adapted", "<p>3.Freeze until firm, about 3 hours.</p><p>(Recipe adapted");
    expect(extract(typed).instructions).toEqual(["Process the sugar with the juice until dissolved.", "Churn in an ice cream machine.", "Freeze until firm, about 3 hours."]);
  });

  it("reads an hRecipe `ingredient` element holding every line in labelled <br> paragraphs", () => {
    const html = `<body><div class="hrecipe"><h2 class="fn">Apple Bacon Pie</h2><div class="ingredients"><h3>Ingredients:</h3>
      <div class="ingredient"><p>For the Dough:<br />3 cups flour<br />4 Tbs. sugar</p><p>For the Filling:<br />1 lb. bacon<br />8 apples, cut in eighths</p></div></div>
      <div class="instructions"><h3>Instructions:</h3><p>Make the dough and chill it.</p><p>Cook the filling and bake the pie.</p></div></div></body>`;
    const recipe = extract(html);
    expect(recipe.ingredients).toEqual(["3 cups flour", "4 Tbs. sugar", "1 lb. bacon", "8 apples, cut in eighths"]);
    expect(recipe.ingredientGroups.map((group) => group.purpose)).toEqual(["For the Dough", "For the Filling"]);
  });

  it("keeps a heading between an hRecipe's step paragraphs as a section line", () => {
    const html = `<body><div class="hrecipe"><h2 class="fn">Tempura</h2><ul><li class="ingredient">1 lb shrimp</li><li class="ingredient">1 cup cake flour</li></ul>
      <div class="instructions"><h3>Instructions:</h3><p>Batter the shrimp and fry them.</p><p>Serve with the dipping sauce.</p><h4>Dipping Sauce</h4><p>Mix soy sauce and ginger.</p></div></div></body>`;
    expect(extract(html).instructions).toEqual(["Batter the shrimp and fry them.", "Serve with the dipping sauce.", "Dipping Sauce:", "Mix soy sauce and ginger."]);
  });

  it("reads a heading drawn as an image by its alternative text", () => {
    const html = `<body><div class="hrecipe"><h1 class="fn">Walnut Ricotta Cake</h1><div class="instructions"><h3><img src="/method_hdr.gif" alt="Method" /></h3>
      <ol><li>Beat the eggs with the sugar until foamy.</li><li>Fold in the ricotta and bake for 40 minutes.</li></ol></div></div>
      <div id="sidebar"><div id="ingredients"><h3><span></span>Ingredients</h3><ul><li>200gr flour</li><li>250gr ricotta</li><li>3 eggs</li></ul></div></div></body>`;
    expect(extract(html)).toMatchObject({ ingredients: ["200gr flour", "250gr ricotta", "3 eggs"], instructions: ["Beat the eggs with the sugar until foamy.", "Fold in the ricotta and bake for 40 minutes."] });
  });

  it("reads group names set at the level of 'Ingredients' when one comes first under it", () => {
    const html = `<body><h1>Lilikoi Cheesecake</h1><h3>Ingredients</h3><h3>Macadamia Nut Crust</h3><ul><li>1 cup macadamia nuts</li><li>3 tbsp honey</li></ul>
      <h3>Cheesecake Filling</h3><ul><li>8 oz cream cheese</li><li>1/2 cup sour cream</li></ul><h3>Directions</h3><ul><li>Press the crust into the pan.</li><li>Fill and chill 6 hours.</li></ul>
      <h3>This &amp; That</h3><ul><li>Use any nuts you like.</li></ul></body>`;
    const recipe = extract(html);
    expect(recipe.ingredientGroups).toEqual([
      { purpose: "Macadamia Nut Crust", ingredients: ["1 cup macadamia nuts", "3 tbsp honey"] },
      { purpose: "Cheesecake Filling", ingredients: ["8 oz cream cheese", "1/2 cup sour cream"] },
    ]);
    expect(recipe.instructions).toEqual(["Press the crust into the pan.", "Fill and chill 6 hours."]);
  });

  it("reads lines typed with a bullet ('• 4 eggs') without it", () => {
    const html = `<body><h1>Breakfast Sandwich</h1><div class="box"><b>Breakfast Sandwich</b><br />Makes 4 Sandwiches<br /><br /><em>Ingredients</em><br />
      • 4 sausage patties<br />• 4 eggs<br />• 1 tablespoon milk<br />• 1 scallion, finely diced<br /><em>Directions</em><br />Cook the patties as the package says.
      <p>Whisk the eggs with the milk and scramble them.</p></div></body>`;
    expect(extract(html).ingredients).toEqual(["4 sausage patties", "4 eggs", "1 tablespoon milk", "1 scallion, finely diced"]);
  });

  it("leaves a link block inside a card's step (a technique video) out of the step", () => {
    const html = `<body><h1>Meringues</h1><ul class="ingredients"><li>6 egg whites</li><li>350g caster sugar</li></ul>
      <ol class="method"><li><p>Whisk the whites to soft peaks.</p><div class="technique"><a href="/techniques/whisking"><strong>Technique:</strong> Whisking egg whites</a></div></li>
      <li><p>Add the sugar and bake for <a href="/glossary/slow">2 hours</a>.</p></li></ol></body>`;
    expect(extract(html).instructions).toEqual(["Whisk the whites to soft peaks.", "Add the sugar and bake for 2 hours."]);
  });

  it("reads a line break in a paragraph's source as a space, as a browser shows it", () => {
    const html = `<body><div class="hrecipe"><h1 class="fn">Turkey Burgers</h1><ul><li class="ingredient">1 lb turkey</li><li class="ingredient">4 tbsp aioli</li></ul>
      <div class="instructions"><p class="instruction">
        Toast the seeds in a skillet
until aromatic, about 1 minute.
      </p><p>Grill the burgers
5 minutes a side.</p></div></div></body>`;
    expect(extract(html).instructions).toEqual(["Toast the seeds in a skillet until aromatic, about 1 minute.", "Grill the burgers 5 minutes a side."]);
  });

  it("keeps a microdata step's name as its own line when it is a heading, as for JSON-LD", () => {
    const step = (n: number, name: string, text: string) => `<div itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
      <div class="step-name">Krok ${n}: <span itemprop="name">${name}</span></div><div itemprop="text"><p>${text}</p></div></div>`;
    const html = `<body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Butter chicken</h1>
      <ul><li itemprop="recipeIngredient">500 g kurczaka</li><li itemprop="recipeIngredient">1 cebula</li></ul>
      ${step(1, "Zamarynuj kurczaka", "Pokrój mięso.")}${step(2, "Krok 2", "Smaż 5 minut.")}${step(3, "Podawaj", "Podawaj z ryżem.")}</div></body>`;
    expect(extract(html).instructions).toEqual(["Zamarynuj kurczaka", "Pokrój mięso.", "Smaż 5 minut.", "Podawaj z ryżem."]);
  });

  it("reads a microdata ingredient list marked up twice (volume and weight copies) once", () => {
    const list = `<li itemprop="recipeIngredient">2 cups flour</li><li itemprop="recipeIngredient">1 tsp salt</li><li itemprop="recipeIngredient">1 cup water</li>`;
    const html = `<body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pretzels</h1><ul>${list}</ul>
      <ul style="display:none">${list}</ul><p itemprop="recipeInstructions">Mix and bake.</p></div></body>`;
    expect(extract(html).ingredients).toEqual(["2 cups flour", "1 tsp salt", "1 cup water"]);
  });

  it("splits one of several microdata instruction elements at its <br>s", () => {
    const html = `<body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pudding</h1>
      <ul><li itemprop="recipeIngredient">500 ml Milch</li><li itemprop="recipeIngredient">40 g Zucker</li></ul>
      <p itemprop="recipeInstructions">1. Milch aufkochen.<br><br>2. In Formen füllen.</p><p itemprop="recipeInstructions">Tipp: mit Rosinen.</p></div></body>`;
    expect(extract(html).instructions).toEqual(["1. Milch aufkochen.", "2. In Formen füllen.", "Tipp: mit Rosinen."]);
  });

  it("ends a plain page's ingredients at an Equipment label", () => {
    const html = `<body><h1>Stovetop Rice</h1><h2>Ingredients</h2><ul><li>1 cup rice</li><li>2 cups water</li></ul>
      <p><strong>Equipment</strong></p><ul><li>1 heavy pot with a lid</li></ul><h2>Method</h2><ol><li>Simmer covered for 18 minutes.</li></ol></body>`;
    expect(extract(html)).toMatchObject({ method: "page-headings", ingredients: ["1 cup rice", "2 cups water"] });
  });

  it("reads bold paragraph labels as section headings and <br> lines as lines, keeping bold group labels inside", () => {
    const html = `<body><h1>Two-Part Pie</h1><p>My aunt's pie, with a short intro of 2 lines.</p>
      <p><strong>Ingredients</strong></p><p><b>For the crust:</b></p><ul><li>200 g flour</li><li>100 g butter</li><li>Pinch of salt</li></ul>
      <p><b>For the filling:</b></p><ul><li>4 apples</li><li>2 tbsp sugar</li></ul>
      <p><strong>Method:</strong></p><p>Rub the butter into the flour.<br>Fill and bake for 40 minutes.</p><p><strong>Notes</strong></p><p>Keeps 2 days.</p></body>`;
    expect(extract(html)).toMatchObject({
      method: "page-headings",
      ingredients: ["200 g flour", "100 g butter", "Pinch of salt", "4 apples", "2 tbsp sugar"],
      instructions: ["Rub the butter into the flour.", "Fill and bake for 40 minutes."],
    });
    expect(extract(html).ingredientGroups.map((group) => group.purpose)).toEqual(["For the crust", "For the filling"]);
    const paragraphsOnly = html.replace(/<ul>(.*?)<\/ul>/g, (_list, items: string) => `<p>${items.replace(/<li>(.*?)<\/li>/g, "$1<br>")}</p>`);
    expect(extract(paragraphsOnly).ingredients).toEqual(["200 g flour", "100 g butter", "Pinch of salt", "4 apples", "2 tbsp sugar"]);
  });

  it("reads section headings with an article or in other words: Die Zutaten, Procedure, Modo de preparo", () => {
    const page = (ingredients: string, steps: string) =>
      `<body><h1>Kuchen</h1><h2>${ingredients}</h2><ul><li>200 g Mehl</li><li>2 Eier</li></ul><h2>${steps}</h2><ol><li>Alles mischen.</li><li>Backen.</li></ol></body>`;
    for (const [ingredients, steps] of [
      ["Die Zutaten", "Die Zubereitung"],
      ["Ingredients", "Procedure"],
      ["Ingredientes", "Modo de preparo"],
      ["Les ingrédients", "La préparation"],
      ["Ingrediente", "Mod de preparare"],
      ["Wat heb je nodig", "Werkwijze"],
    ]) {
      expect(extract(page(ingredients!, steps!))).toMatchObject({ ingredients: ["200 g Mehl", "2 Eier"], instructions: ["Alles mischen.", "Backen."] });
    }
    expect(extractRecipeFromHtml(page("Diet notes", "Procedure"))).toBeNull();
  });

  it("reads a Japanese page without structured data: 材料 and 作り方 headings, 人分 servings and a 調理時間 label", () => {
    const html = `<body><h1>なすのサブジ</h1><ul><li class="time">調理時間<b>1時間20分</b></li></ul>
      <h2>材料 （2人分）</h2><ul><li><div>じゃがいも</div><div>小1個（100g）</div></li><li><div>なす</div><div>2本（160g）</div></li></ul>
      <h2>作り方</h2><ol><li>【１】角切りにします。</li><li></li><li>【２】蒸し煮にします。</li></ol></body>`;
    expect(extract(html)).toMatchObject({
      title: "なすのサブジ",
      ingredients: ["じゃがいも 小1個（100g）", "なす 2本（160g）"],
      instructions: ["【１】角切りにします。", "【２】蒸し煮にします。"],
      yields: "2 servings",
      servings: 2,
      totalTime: 80,
    });
    // Korean and Chinese section names too.
    const korean = html.replace("材料 （2人分）", "재료").replace("作り方", "만드는 법");
    expect(extract(korean).instructions).toHaveLength(2);
    const chinese = html.replace("材料 （2人分）", "用料").replace("作り方", "做法");
    expect(extract(chinese).ingredients).toHaveLength(2);
  });

  it("reads the visible steps when the structured ones came through as question marks", () => {
    const broken = page({ ...baseRecipe, recipeInstructions: ["????????", "??????????", "2. ??????"] }).replace(
      "<p>Body</p>",
      `<div class="mv-create-instructions"><ol><li>卵を分けます。</li><li>泡立てます。</li><li>混ぜ合わせます。</li></ol></div>`,
    );
    expect(extract(broken).instructions).toEqual(["卵を分けます。", "泡立てます。", "混ぜ合わせます。"]);
    // A step that only asks a question is read as written.
    expect(extract(page({ ...baseRecipe, recipeInstructions: ["Ready?", "Whisk."] })).instructions).toEqual(["Ready?", "Whisk."]);
  });

  it("drops 'Step N' labels written without punctuation, only when every step carries one in order", () => {
    const steps = (text: string) => extract(page({ ...baseRecipe, recipeInstructions: text })).instructions;
    expect(steps("<p>Step 1 Heat the pan.</p><p>Step 2 Add the egg.</p>")).toEqual(["Heat the pan.", "Add the egg."]);
    expect(steps("<p>Step 1 Heat the pan.</p><p>Add the egg.</p>")).toEqual(["Step 1 Heat the pan.", "Add the egg."]);
    expect(steps("<p>Step 2 eggs into the bowl.</p><p>Step 3 more.</p>")).toEqual(["Step 2 eggs into the bowl.", "Step 3 more."]);
    // A bare number counts only when every step has one, from 1 in order ("2 Eier..." alone is an amount).
    expect(steps("<p>1 Heat the pan.</p><p>2 Add the egg.</p>")).toEqual(["Heat the pan.", "Add the egg."]);
    expect(steps("<p>2 Eier verquirlen.</p><p>3 EL Öl erhitzen.</p>")).toEqual(["2 Eier verquirlen.", "3 EL Öl erhitzen."]);
  });

  it("reads plain paragraphs right before a card's lists as group labels, when there are two or one sits between lists", () => {
    const lists = (labels: string[]) =>
      labels.map((label, i) => `<p>${label}</p><ul><li>${i + 1} cup flour</li><li>${i + 2} eggs</li></ul>`).join("");
    const card = (labels: string[]) =>
      page({ ...baseRecipe, recipeIngredient: ["1 cup flour", "2 eggs", "2 cup flour", "3 eggs"] }).replace(
        "<p>Body</p>",
        `<div class="tasty-recipes-ingredients"><div class="tasty-recipes-ingredients-body">${lists(labels)}</div></div>`,
      );
    expect(extract(card(["For the cake", "For the glaze"])).ingredientGroups).toEqual([
      { purpose: "For the cake", ingredients: ["1 cup flour", "2 eggs"] },
      { purpose: "For the glaze", ingredients: ["2 cup flour", "3 eggs"] },
    ]);
    // One plain line above the lists, or lines with amounts, are notes and unit switches, not labels; one between
    // two lists heads the second.
    expect(extract(card(["Use a big bowl", ""])).ingredientGroups).toHaveLength(1);
    expect(extract(card(["", "Toppings:"])).ingredientGroups).toEqual([
      { purpose: null, ingredients: ["1 cup flour", "2 eggs"] },
      { purpose: "Toppings", ingredients: ["2 cup flour", "3 eggs"] },
    ]);
    expect(extract(card(["Makes 2 cakes", "Glaze for 12"])).ingredientGroups).toHaveLength(1);
  });

  it("reads label lines under an Ingredients heading as groups: italic lines over lists, and 'For the soup:' over <br> lines", () => {
    const recipe = { ...baseRecipe, recipeIngredient: ["2 cups flour", "1 tsp salt", "1 cup sugar", "1 egg yolk"] };
    const under = (section: string) =>
      page(recipe).replace("<p>Body</p>", `<div id="recipe-ingredients"><h3>Ingredients</h3>${section}</div><h3>Method</h3><p>Mix.</p>`);
    const italicLists = under(
      "<p><em>Crust Ingredients</em></p><ul><li>2 cups flour</li><li>1 tsp salt</li></ul>" +
        "<p><em>Filling</em></p><ul><li>1 cup sugar</li></ul><p><em>Egg Wash</em></p><ul><li>1 egg yolk</li></ul>",
    );
    expect(extract(italicLists).ingredientGroups).toEqual([
      { purpose: "Crust Ingredients", ingredients: ["2 cups flour", "1 tsp salt"] },
      { purpose: "Filling", ingredients: ["1 cup sugar"] },
      { purpose: "Egg Wash", ingredients: ["1 egg yolk"] },
    ]);
    const brLines = under("<p><em>For the crust:<br></em>2 cups flour<br>1 tsp salt</p><p><em>For the filling:</em><br>1 cup sugar<br>1 egg yolk</p>");
    expect(extract(brLines).ingredientGroups).toEqual([
      { purpose: "For the crust", ingredients: ["2 cups flour", "1 tsp salt"] },
      { purpose: "For the filling", ingredients: ["1 cup sugar", "1 egg yolk"] },
    ]);
    // Among <br> lines, a short line without a colon is an ingredient ("Salt and pepper"), not a label.
    const noColon = under("<p>2 cups flour<br>Salt and pepper<br>1 tsp salt<br>1 cup sugar<br>1 egg yolk</p>");
    expect(extract(noColon).ingredientGroups).toHaveLength(1);
  });

  it("reads a paragraph that is only a section's name ('Ingredients:') as a heading on a plain page", () => {
    const html = `<body><h1>Farm Soup</h1><p>Ingredients:</p><ul><li>2 carrots</li><li>1 l stock</li></ul><p>Instructions:</p>
      <p>Chop the carrots.</p><p>Simmer 20 minutes.</p></body>`;
    expect(extract(html)).toMatchObject({ ingredients: ["2 carrots", "1 l stock"], instructions: ["Chop the carrots.", "Simmer 20 minutes."] });
    // A label ending in a colon may be a few words longer ("Wat hebben we nodig:" on a Dutch blog); without the
    // colon it reads as a sentence.
    const blog = (need: string, how: string) =>
      `<body><h3>Risotto</h3><div class="post-body"><span>${need}</span><br><ul><li>400 ml water</li><li>150 gr risotto</li></ul>
      <span>${how}</span><br><ul><li>Zet het water op.</li><li>Roer de risotto.</li></ul></div></body>`;
    expect(extract(blog("Wat hebben we nodig:", "Hoe gaan we te werk:"))).toMatchObject({ ingredients: ["400 ml water", "150 gr risotto"], instructions: ["Zet het water op.", "Roer de risotto."] });
    expect(extractRecipeFromHtml(blog("Ingredients for the whole family here", "Method"))?.ingredients ?? []).not.toContain("400 ml water");
  });

  it("reads only the shown list when a page without structured data hides its other unit system's copy", () => {
    const list = (lines: string[], attrs: string) => `<ul ${attrs}>${lines.map((l) => `<li>${l}</li>`).join("")}</ul>`;
    for (const hidden of ['style="color: red; display: none"', "hidden", 'class="list d-none"']) {
      const html = `<body><h1>Soup</h1><div class="recipe-ingredients">${list(["200 g carrots", "1 l stock"], "")}${list(["7 oz carrots", "4 cups stock"], hidden)}</div>
        <div class="recipe-instructions"><ol><li>Chop.</li><li>Simmer.</li></ol></div></body>`;
      expect(extract(html).ingredients).toEqual(["200 g carrots", "1 l stock"]);
      const headings = html.replace('<div class="recipe-ingredients">', "<h2>Ingredients</h2><div>").replace('<div class="recipe-instructions">', "<h2>Method</h2><div>");
      expect(extract(headings).ingredients).toEqual(["200 g carrots", "1 l stock"]);
    }
  });

  it("places a line two groups show in the current group or a later one, following the card's order", () => {
    const recipeIngredient = ["2 cups flour", "1 tsp vanilla", "1 cup cream", "1 tsp vanilla", "pinch of salt"];
    const html = page({ ...baseRecipe, recipeIngredient }).replace(
      "<p>Body</p>",
      `<div class="wprm-recipe-ingredients-container"><h3>Cake</h3><ul><li>2 cups flour</li><li>1 tsp vanilla</li></ul>
        <h3>Frosting</h3><ul><li>1 cup cream</li><li>1 tsp vanilla</li></ul></div>`,
    );
    expect(extract(html).ingredientGroups).toEqual([
      { purpose: "Cake", ingredients: ["2 cups flour", "1 tsp vanilla"] },
      { purpose: "Frosting", ingredients: ["1 cup cream", "1 tsp vanilla", "pinch of salt"] },
    ]);
  });

  it("does not name a card's one group after the recipe itself", () => {
    const html = page({ ...baseRecipe, name: "Test Cake" }).replace(
      "<p>Body</p>",
      `<div class="mv-create-ingredients"><h4>Test Cake</h4><ul>${baseRecipe.recipeIngredient.map((line) => `<li>${line}</li>`).join("")}</ul></div>`,
    );
    expect(extract(html).ingredientGroups).toEqual([{ purpose: null, ingredients: baseRecipe.recipeIngredient }]);
    expect(extract(html.replace("<h4>Test Cake</h4>", "<h4>For the cake</h4>")).ingredientGroups[0]?.purpose).toBe("For the cake");
  });

  it("reads text written straight into a container with <br> lines and bold labels (old blog posts)", () => {
    const html = `<body><h1>My Blog</h1><div class="post-body">Grandma's recipe, at last.<br><br>
      <span style="font-size: large;"><b>Oatmeal Cookies</b></span><br><b>Makes:</b> about 2 dozen<br><b>Baking time:</b> 12 minutes<br><br>
      <b>Ingredients:</b><br>1 cup butter<br>1 cup sugar<br>2 eggs<br><br><b>Directions:</b><br>Heat oven to 350°F.<br>Mix and bake.<br></div>
      <div class="post-footer">Posted by Joan<br>7 comments</div></body>`;
    expect(extract(html)).toMatchObject({
      method: "page-headings",
      ingredients: ["1 cup butter", "1 cup sugar", "2 eggs"],
      instructions: ["Heat oven to 350°F.", "Mix and bake."],
      cookTime: 12,
      yields: "2 dozen",
    });
  });

  it("reads a page builder's one-line-per-div sections, titled by the document's <title> when nothing else names it", () => {
    const divs = (lines: string[]) => lines.map((line) => `<div>${line}</div>`).join("");
    const html = `<html><head><title>Lentil Soup</title></head><body><main><div class="box-title">Ingredients</div>
      ${divs(["200 g red lentils", "1 onion, chopped"])}<div class="box-title">Method</div>${divs(["Soften the onion.", "Simmer for 25 minutes."])}
      </main><div class="footer">Copyright 2026</div></body></html>`;
    expect(extract(html)).toMatchObject({
      title: "Lentil Soup",
      ingredients: ["200 g red lentils", "1 onion, chopped"],
      instructions: ["Soften the onion.", "Simmer for 25 minutes."],
    });
  });

  it("reads a recipe laid out in tables: rows are lines, header rows and rows of links are not, bold rows head groups", () => {
    const html = `<body><h1>Victoria Sandwich</h1><table><tr><td><h2>Ingredients</h2>
      <table class="ingredients"><tr><th>Quantity</th><th>Ingredient</th></tr><tr><td colspan="2"><b>For the sponge</b></td></tr>
      <tr><td>225 g</td><td>butter</td></tr><tr><td>4</td><td>large eggs</td></tr><tr><td colspan="2"><b>For the filling</b></td></tr>
      <tr><td>5 tbsp</td><td>jam</td></tr></table><h2>Method</h2>
      <table class="method"><tr><td>1</td><td>Beat everything together.</td></tr><tr><td>2</td><td>Bake for 25 minutes.</td></tr></table>
      <table class="related"><tr><td><a href="/a">Lemon Drizzle Cake</a></td><td><a href="/b">Shortbread</a></td></tr></table>
      </td></tr></table></body>`;
    const recipe = extract(html);
    expect(recipe).toMatchObject({
      ingredients: ["225 g butter", "4 large eggs", "5 tbsp jam"],
      instructions: ["Beat everything together.", "Bake for 25 minutes."],
    });
    expect(recipe.ingredientGroups.map((group) => group.purpose)).toEqual(["For the sponge", "For the filling"]);
  });

  it("reads plugin cards whose class names are camel case (EasyRecipe), and an hRecipe's own name", () => {
    const easy = `<body><h1 class="entry-title">Lemon Buckle (and a rainy Saturday)</h1><div class="easyrecipe"><div class="item ERSName">Lemon Buckle</div>
      <div class="ERSIngredients"><div class="ERSIngredientsHeader ERSHeading">Ingredients</div><ul><li class="ERSeparator">Cake</li>
      <li class="ingredient">2 cups flour</li><li class="ingredient">1 egg</li><li class="ERSeparator">Topping</li><li class="ingredient">1/2 cup sugar</li></ul></div>
      <div class="ERSInstructions"><div class="ERSInstructionsHeader ERSHeading">Instructions</div><ol><li class="instruction">Mix.</li><li class="instruction">Bake.</li></ol></div></div></body>`;
    const recipe = extract(easy);
    expect(recipe).toMatchObject({ method: "recipe-card", title: "Lemon Buckle", ingredients: ["2 cups flour", "1 egg", "1/2 cup sugar"], instructions: ["Mix.", "Bake."] });
    expect(recipe.ingredientGroups.map((group) => group.purpose)).toEqual(["Cake", "Topping"]);
    const hrecipe = `<body><h1>Oakwood Kitchen</h1><div class="hrecipe"><h3 class="fn">Cottage Pie</h3><p>By <span class="author vcard"><span class="fn">Margaret</span></span></p>
      <h4>Ingredients</h4><ul><li class="ingredient">500 g beef mince</li><li class="ingredient">1 kg potatoes</li></ul>
      <h4>Method</h4><ol class="instructions"><li>Brown the mince.</li><li>Top with mash and bake.</li></ol></div></body>`;
    expect(extract(hrecipe).title).toBe("Cottage Pie");
    // A theme's "list-item--separator" is a line between items, not a group heading.
    const themed = easy.replaceAll("ERSeparator", "list-item--separator").replace(/<li class="list-item--separator">\w+<\/li>/g, "");
    expect(extract(themed).ingredientGroups).toHaveLength(1);
  });

  it("does not read headings alone as a recipe: ideas without amounts, or ingredients without steps", () => {
    const ideas = `<body><h1>Picnic ideas</h1><h2>Ingredients</h2><ul><li>Good bread</li><li>Cheese</li><li>Fruit</li></ul>
      <h2>Method</h2><p>Pack it all in a basket.</p></body>`;
    const noSteps = `<body><h1>Shopping</h1><h2>Ingredients</h2><ul><li>1 egg</li><li>2 cups milk</li></ul></body>`;
    expect(extractRecipeFromHtml(ideas)).toBeNull();
    expect(extractRecipeFromHtml(noSteps)).toBeNull();
  });

  it("keeps pages with thousands of unclosed tags readable, as browsers cap the tree's depth", () => {
    const recipe = `<script type="application/ld+json">${JSON.stringify(baseRecipe)}</script>`;
    for (const html of ["<div>".repeat(20_000) + recipe + "</div>".repeat(20_000), "<div><span>".repeat(20_000) + recipe]) {
      expect(() => extractRecipeFromHtml(html)).not.toThrow();
      expect(extract(html).ingredients).toHaveLength(3);
      expect(htmlToText(html + "<p>Tail text</p>")).toContain("Tail text");
    }
  });

  it("reads times and yield from a recipe card's own header, but not from the site header", () => {
    const html = `<body><header class="site"><a href="/">Serves 99 readers daily</a><nav><a href="/fast">Prep time: 1 min</a></nav></header>
      <div class="post"><div class="mv-create-card"><header><h2 class="mv-create-title">Salmon</h2><div>Yield: 4 servings</div>
      <div>Prep Time <span>5 minutes</span></div></header>
      <div class="mv-create-ingredients"><ul><li>4 salmon fillets</li><li>3 tbsp honey</li></ul></div>
      <div class="mv-create-instructions"><ol><li>Glaze and bake.</li></ol></div></div></div></body>`;
    expect(extract(html)).toMatchObject({ title: "Salmon", yields: "4 servings", servings: 4, prepTime: 5 });
  });

  it("reads a nutrition panel's 'per serving' figure as nutrition, not as the yield", () => {
    const html = page({ ...baseRecipe }).replace("<p>Body</p>", "<table><tr><td>Calories per serving</td><td>84 Calories</td></tr></table><p>Makes 5 servings</p>");
    expect(extract(html)).toMatchObject({ yields: "5 items", servings: 5 });
    // Its "Servings per recipe" is the yield, when nothing else states one.
    const panel = page({ ...baseRecipe }).replace("<p>Body</p>", "<table><tr><td>Serving size</td><td>1 potato</td></tr><tr><td>Servings per recipe</td><td>4</td></tr></table>");
    expect(extract(panel)).toMatchObject({ yields: "4 servings", servings: 4 });
  });

  it("prefers the page's measured list to structured data listing one word as every ingredient", () => {
    const lines = ["2 pcs egg", "1/2 cup cornstarch", "4 cups kangkong", "2 tbsp mustard"];
    const html = page({ ...baseRecipe, recipeIngredient: "Vegetables" }).replace(
      "<p>Body</p>",
      `<h3>Ingredients</h3><ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul><h3>Procedure</h3><ol><li>Mix.</li><li>Fry.</li></ol>`,
    );
    expect(extract(html).ingredients).toEqual(lines);
    // One real ingredient without an amount stays when the page shows nothing better.
    expect(extract(page({ ...baseRecipe, recipeIngredient: ["Water"] })).ingredients).toEqual(["Water"]);
  });

  it("reads a recipe split into parts, each an ingredient block of paragraphs and its own steps, without hover tips", () => {
    const tip = (what: string) => `<span class="tooltip"><a href="/ask">Ask the hotline about this ${what}!</a></span>`;
    const part = (name: string, lines: string[], steps: string[]) =>
      `<div class="recipe_ingredients"><h4>${name}</h4>${lines.map((line) => `<p>${line} ${tip("ingredient")}</p>`).join("")}</div>
       <div class="hotline"><a href="/ask"><img src="/ask.png"></a></div>
       <div class="recipe_steps"><ol>${steps.map((step) => `<li><p>${step}</p>${tip("step")}</li>`).join("")}</ol></div>`;
    const html = `<html><body><h1>Zucchini Carpaccio</h1><div class="recipe_info"><h3>Serves 4 (as a meal)</h3>
      ${part("Lemon Zest Salt:", ["1 tablespoon lemon zest", "1 tablespoon fine sea salt"], ["Grind the zest with the salt."])}
      ${part("Salad:", ["4 small zucchini", "1 large ripe avocado", "Fleur de sel"], ["Slice the zucchini.", "Add the avocado."])}
      </div><div class="related"><div class="recipe_ingredients"><p>2 cups other</p><p>1 tsp thing</p></div></div></body></html>`;
    const recipe = extract(html);
    expect(recipe).toMatchObject({ method: "recipe-card", yields: "4 servings" });
    expect(recipe.ingredients).toEqual(["1 tablespoon lemon zest", "1 tablespoon fine sea salt", "4 small zucchini", "1 large ripe avocado", "Fleur de sel"]);
    expect(recipe.instructions).toEqual(["Grind the zest with the salt.", "Slice the zucchini.", "Add the avocado."]);
    expect(recipe.ingredientGroups.map((g) => [g.purpose, g.ingredients.length])).toEqual([["Lemon Zest Salt", 2], ["Salad", 3]]);
    // Paragraphs that are not measured lines (an introduction) are no ingredient card.
    const prose = html.replace(/<div class="recipe_info">[^]*<\/div><div class="related">/, '<div class="recipe-ingredients-intro"><p>We love these with friends.</p><p>Serve them cold.</p></div><div>');
    expect(extractRecipeFromHtml(prose)).toBeNull();
  });

  it("reads a recipe a page hides in tabs until a script shows them, when the visible page holds none", () => {
    const html = `<html><body><h1>Thai Chicken Skewers</h1><div id="tabs" style="display: none;">
      <h4>Ingredients</h4><table><tr><td></td><td>13 1/2 fl oz light coconut milk</td></tr><tr><td></td><td>1 Tbsp dark brown sugar</td></tr></table>
      <h4>Instructions</h4><ul><li>Whisk the coconut milk and sugar.</li><li>Broil the skewers.</li></ul></div></body></html>`;
    expect(extract(html)).toMatchObject({
      title: "Thai Chicken Skewers",
      ingredients: ["13 1/2 fl oz light coconut milk", "1 Tbsp dark brown sugar"],
      instructions: ["Whisk the coconut milk and sugar.", "Broil the skewers."],
    });
    // A page whose visible part holds the recipe still skips a hidden copy (the other unit system's list).
    const copy = html.replace('<div id="tabs" style="display: none;">', "<div>").replace("</table>", '</table><ul hidden><li>400 ml light coconut milk</li><li>15 g sugar</li></ul>');
    expect(extract(copy).ingredients).toEqual(["13 1/2 fl oz light coconut milk", "1 Tbsp dark brown sugar"]);
  });

  it("reads a bulleted list of measured lines followed by a numbered list of steps, with a second part", () => {
    const html = `<html><body><h1>Earl Grey Latte</h1><blockquote><p><strong>Earl Grey Latte<br></strong> Yield: 1 serving</p>
      <ul><li>1 cup strongly brewed Earl Grey tea</li><li>1/2 cup milk</li><li>2 tablespoons vanilla simple syrup (recipe below)</li></ul>
      <ol><li>Pour the syrup into a mug.</li><li>Brew the tea double strength.</li></ol>
      <p><strong>Vanilla Simple Syrup<br></strong>Yield: About 1/4 cup</p>
      <ul><li>1/2 vanilla bean</li><li>1/2 cup sugar</li></ul><ol><li>Split the vanilla bean.</li><li>Simmer with the sugar until reduced.</li></ol>
      </blockquote><ul><li>Home</li><li>About</li></ul><ol><li>First comment here.</li><li>Second comment here.</li></ol></body></html>`;
    const recipe = extract(html);
    expect(recipe).toMatchObject({ title: "Earl Grey Latte", yields: "1 serving" });
    expect(recipe.instructions).toEqual(["Pour the syrup into a mug.", "Brew the tea double strength.", "Split the vanilla bean.", "Simmer with the sugar until reduced."]);
    expect(recipe.ingredientGroups.map((g) => [g.purpose, g.ingredients.length])).toEqual([["Earl Grey Latte", 3], ["Vanilla Simple Syrup", 2]]);
    // A list of links followed by a numbered list is no recipe.
    expect(extractRecipeFromHtml("<html><body><ul><li>Home</li><li>About</li></ul><ol><li>First comment here.</li><li>Second comment here.</li></ol></body></html>")).toBeNull();
  });

  it("reads a post whose editor made every line a heading, and a second 'Directions for the icing' part", () => {
    const h3 = (lines: string[]) => lines.map((line) => `<h3>${line}</h3>`).join("");
    const html = `<html><body><h1>Raspberry Yogurt Cake</h1><h3>Raspberries are my favourite fruit! I love them.</h3>
      <h2>Ingredients</h2>${h3(["For the cake:", "10 1/2 oz. flour", "2 tsp. baking powder", "pinch of salt", "For the icing:", "5 1/2 oz. powdered sugar", "2 T. lemon juice"])}
      <h2>Directions</h2>${h3(["Preheat oven to 350F.", "Beat the butter and sugar.", "Bake for 1 1/4 hours."])}
      <h2>Directions for the icing</h2>${h3(["Mix the sugar with the lemon juice.", "Pour over the cake."])}
      <p>Tags: dessert</p><p>Comment!</p></body></html>`;
    const recipe = extract(html);
    expect(recipe.ingredients).toEqual(["10 1/2 oz. flour", "2 tsp. baking powder", "pinch of salt", "5 1/2 oz. powdered sugar", "2 T. lemon juice"]);
    expect(recipe.instructions).toEqual([
      "Preheat oven to 350F.", "Beat the butter and sugar.", "Bake for 1 1/4 hours.", "Directions for the icing:", "Mix the sugar with the lemon juice.", "Pour over the cake.",
    ]);
    // Part headings over lists of steps are parts, not the steps.
    const parts = `<html><body><h1>Cake</h1><h2>Ingredients</h2><ul><li>2 cups flour</li><li>1 cup sugar</li></ul>
      <h2>Method</h2><h3>Make the cake</h3><ol><li>Mix.</li><li>Bake.</li></ol><h3>Make the frosting</h3><ol><li>Whip.</li><li>Spread.</li></ol></body></html>`;
    expect(extract(parts).instructions).toEqual(["Mix.", "Bake.", "Whip.", "Spread."]);
  });

  it("reads a post's 'Process:' label as the start of its steps", () => {
    const html = `<html><body><h1>Tofu &#038; Black Bean Tacos</h1><div><strong>Ingredients:</strong></div>
      <ul><li>1 block tofu</li><li>1 can black beans</li><li>cooking oil</li></ul>
      <div><strong>Process:</strong></div><ol><li><strong>For tofu</strong>: Fry the tofu.</li><li>Warm the beans.</li></ol></body></html>`;
    expect(extract(html)).toMatchObject({ title: "Tofu & Black Bean Tacos", instructions: ["For tofu: Fry the tofu.", "Warm the beans."] });
  });

  it("reads a post of sub-recipes, each named, with its own Ingredients and Method, as one recipe in parts", () => {
    const part = (name: string, lines: string[], steps: string[]) =>
      `<h3>${name}</h3><p><strong>Ingredients</strong><br>${lines.join("<br>")}<br><br><strong>Method</strong><br>${steps.join("<br><br>")}</p>`;
    const html = `<html><body><h1 class="entry-title">The Ultimate Sundae</h1><p><em>Serves 4</em></p>
      ${part("Vanilla Ice Cream", ["800 ml coconut cream", "1 tbsp maple syrup"], ["Blend until smooth.", "Churn for 15 minutes."])}
      ${part("Berry Sauce", ["2 cups frozen berries", "1 tsp vanilla essence"], ["Simmer the berries for 10 minutes."])}
      <h3>Assembling</h3><p>Layer everything in glasses.</p></body></html>`;
    const recipe = extract(html);
    expect(recipe).toMatchObject({ title: "The Ultimate Sundae", yields: "4 servings" });
    expect(recipe.ingredients).toEqual(["800 ml coconut cream", "1 tbsp maple syrup", "2 cups frozen berries", "1 tsp vanilla essence"]);
    expect(recipe.instructions).toEqual(["Vanilla Ice Cream:", "Blend until smooth.", "Churn for 15 minutes.", "Berry Sauce:", "Simmer the berries for 10 minutes."]);
    expect(recipe.ingredientGroups.map((g) => [g.purpose, g.ingredients.length])).toEqual([["Vanilla Ice Cream", 2], ["Berry Sauce", 2]]);
    // Two ingredient lists under one method are not parts: the first list and the method, as before.
    const oneMethod = `<html><body><h1>Cake</h1><h2>Ingredients</h2><ul><li>2 cups flour</li><li>1 cup sugar</li></ul>
      <h2>Ingredients for the glaze</h2><ul><li>1 cup icing sugar</li><li>2 tbsp milk</li></ul><h2>Method</h2><ol><li>Bake.</li><li>Glaze.</li></ol></body></html>`;
    expect(extract(oneMethod).instructions).toEqual(["Bake.", "Glaze."]);
  });

  it("reads 'Ingredients' over <br> lines followed by the method's paragraph with no heading of its own", () => {
    const html = `<html><body><h1>Detox Smoothie</h1><h2>Ingredients</h2><p>1 ½ c frozen blueberries<br>1 c dandelion greens<br>1 small beet<br>¼ cup coconut cream</p>
      <p>Blend everything except for the coconut cream on high until smooth, then swirl the cream through.</p><h2>What does it do?</h2><p><b>Beets</b> are good.</p></body></html>`;
    expect(extract(html)).toMatchObject({
      ingredients: ["1 ½ c frozen blueberries", "1 c dandelion greens", "1 small beet", "¼ cup coconut cream"],
      instructions: ["Blend everything except for the coconut cream on high until smooth, then swirl the cream through."],
    });
  });

  it("reads <br> lines of a list where many count things without a unit ('1 egg', '2 buns') and the method after", () => {
    const lines = ["2 whole wheat buns", "1 15 oz can garbanzo beans, drained", "6 oz porcini mushrooms", "1/2 red pepper, diced", "1/2 cup kale", "1 egg", "1/4 cup breadcrumbs", "1 tsp cumin", "salt and pepper"];
    const html = `<html><body><h1>Chickpea Burger</h1><p><strong>Chickpea Burger</strong><br><em>serves 2</em></p><p>${lines.join("&nbsp;<br />")}</p>
      <p>Divide the garbanzo beans in half and fry them.</p><p>Pulse the rest and form two patties.</p></body></html>`;
    expect(extract(html)).toMatchObject({ ingredients: lines, instructions: ["Divide the garbanzo beans in half and fry them.", "Pulse the rest and form two patties."], yields: "2 servings" });
  });

  it("reads the method's paragraphs after an ingredient list when they have no heading of their own", () => {
    const html = `<html><body><h1>Eggless Brownie</h1><div class="post-body"><div>Ingredients:</div><div></div>
      <ul><li>Flour - 3/4 Cup</li><li>Sugar - 1/2 Cup</li><li>Butter - 3 tbsp, unsalted</li></ul>
      <div><b>Preheat</b> Oven to 350F.</div><div><b>Melt</b> the chocolate with the butter.</div><div><b>Fold</b> in the flour and bake 25 minutes.</div></div>
      <div class="footer">Posted by Cocoa at 10:00 PM</div></body></html>`;
    const recipe = extract(html);
    expect(recipe.ingredients).toEqual(["Flour - 3/4 Cup", "Sugar - 1/2 Cup", "Butter - 3 tbsp, unsalted"]);
    expect(recipe.instructions).toEqual(["Preheat Oven to 350F.", "Melt the chocolate with the butter.", "Fold in the flour and bake 25 minutes."]);
    // Notes that are not sentences (a list of links) are no method.
    expect(extractRecipeFromHtml(html.replace(/<div><b>Preheat[^]*?bake 25 minutes.<\/div>/, "<div>Brownies</div><div>Cakes</div><div>More</div>"))).toBeNull();
  });

  it("reads a line set in braces ('{For the dressing}') among <br> lines as a group's label", () => {
    const html = `<html><body><h1>Wild Rice Salad</h1><p><b>Ingredients:</b><br>1 cup wild rice<br>3 oz. spinach<br><i>{For the dressing}</i><br>Juice from 1 lemon<br>2 Tbsp. olive oil</p>
      <p><b>Directions:</b><br>Cook the rice.<br>Whisk the dressing and toss.</p></body></html>`;
    const recipe = extract(html);
    expect(recipe.ingredients).toEqual(["1 cup wild rice", "3 oz. spinach", "Juice from 1 lemon", "2 Tbsp. olive oil"]);
    expect(recipe.ingredientGroups.map((g) => [g.purpose, g.ingredients.length])).toEqual([[null, 2], ["For the dressing", 2]]);
  });

  it("reads the page's lines when the structured data runs the whole list together as one line", () => {
    const lines = ["2 puszki fasoli, odsączone", "1–2 łyżki oliwy", "1 łyżeczka papryki", "sól i pieprz"];
    const card = `<div class="recipe__ingredients"><h2>SKŁADNIKI</h2><ul><li>${lines.join("<br />\n")}</li></ul></div>`;
    const html = page({ ...baseRecipe, recipeIngredient: [lines.join("")] }).replace("<p>Body</p>", card);
    expect(extract(html).ingredients).toEqual(lines);
    // One long line that is not the page's list run together stays as it is.
    const other = page({ ...baseRecipe, recipeIngredient: ["2 puszki fasoli i 1 łyżka oliwy"] }).replace("<p>Body</p>", card);
    expect(extract(other).ingredients).toEqual(["2 puszki fasoli i 1 łyżka oliwy"]);
  });

  it("takes the microdata recipe the page is named after, not related recipes' teasers, and links' text", () => {
    const teaser = (name: string) =>
      `<article itemscope itemtype="http://schema.org/Recipe"><a itemprop="url" href="/${name}/">${name}</a><h3 itemprop="name">${name}</h3>
        <a itemprop="recipeIngredient" href="/skladnik/cebula/">cebula</a><a itemprop="recipeIngredient" href="/skladnik/marchew/">marchew</a></article>`;
    const html = `<html><head><title>Dyniowa pomidorowa - Jadłonomia</title></head><body><h1>Dyniowa pomidorowa</h1>
      <article itemscope itemtype="http://schema.org/Recipe"><h2 itemprop="name">Dyniowa pomidorowa</h2>
      <div class="subtitle">Składniki na 5 - 6 porcji:</div><p>1 cebula<br>1 kg dyni<br>olej</p><p>1 kg pomidorów</p>
      <div class="subtitle">Przygotowanie:</div><ol><li>Pokroić.</li><li>Gotować.</li></ol></article>
      <section>${teaser("Krupnik")}${teaser("Barszcz")}</section></body></html>`;
    const recipe = extract(html);
    expect(recipe).toMatchObject({ title: "Dyniowa pomidorowa", yields: "5 servings", instructions: ["Pokroić.", "Gotować."] });
    expect(recipe.ingredients).toEqual(["1 cebula", "1 kg dyni", "olej", "1 kg pomidorów"]);
    // A teaser alone is read, its linked ingredients by their text.
    const alone = extractRecipeFromHtml(`<html><body>${teaser("Krupnik")}</body></html>`);
    expect(alone?.ingredients ?? []).toEqual(["cebula", "marchew"]);
  });

  it("reads ingredient groups whose headers are buttons that fold them, the first one named like the section", () => {
    const group = (name: string, lines: string[]) =>
      `<section class="post-ingredients-group"><button type="button" aria-expanded="true" class="ing-header post-ingredients-group-header"><strong>${name}</strong></button>
        <ul class="recipe-ing-list">${lines.map((line) => `<li><span itemprop="recipeIngredient">${line}</span></li>`).join("")}</ul></section>`;
    const html = `<html><body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Zupa pomidorowa</h1>
      <div class="post-ingredients">${group("Składniki na bulion do zupy", ["1 kg mięsa", "2 marchewki"])}${group("Pozostałe składniki", ["200 g koncentratu"])}</div>
      <div itemprop="recipeInstructions"><p>Gotuj bulion.</p><p>Dodaj koncentrat.</p></div></div></body></html>`;
    expect(extract(html).ingredientGroups).toEqual([
      { purpose: "Składniki na bulion do zupy", ingredients: ["1 kg mięsa", "2 marchewki"] },
      { purpose: "Pozostałe składniki", ingredients: ["200 g koncentratu"] },
    ]);
  });

  it("joins method lines a recipe program broke mid-sentence with <br>, but not numbered or finished ones", () => {
    const html = (method: string) =>
      `<body><h1>Sugar Cookies</h1><h2>Ingredients</h2><ul><li>1 1/2 c sugar</li><li>3/4 c butter</li></ul><h2>Directions</h2><p>${method}</p></body>`;
    expect(extract(html("Cream butter &amp; sugar. Mix dry ingredients &amp;<br>blend into above, about 1 1/2 to<br>2 inches apart. Press<br>(optional) &amp; bake.")).instructions).toEqual([
      "Cream butter & sugar. Mix dry ingredients & blend into above, about 1 1/2 to 2 inches apart. Press (optional) & bake.",
    ]);
    expect(extract(html("Preheat the oven<br>2. Mix the sugar.<br>Bake 10 minutes.")).instructions).toEqual(["Preheat the oven", "2. Mix the sugar.", "Bake 10 minutes."]);
  });

  it("reads time labels in other languages: 'Timp de gătire: 60 minute', 'Zubereitungszeit 20 Minuten'", () => {
    const timed = (text: string) => extract(page({ ...baseRecipe }).replace("<p>Body</p>", `<p>${text}</p>`));
    expect(timed("Timp de gătire: 60 minute")).toMatchObject({ cookTime: 60, totalTime: 60 });
    expect(timed("Zubereitungszeit 20 Minuten<br>Backzeit: 1 Stunde")).toMatchObject({ prepTime: 20, cookTime: 60, totalTime: 80 });
    expect(timed("Tiempo de preparación: 15 minutos<br>Tiempo total: 45 minutos")).toMatchObject({ prepTime: 15, totalTime: 45 });
    expect(timed("Czas przygotowania: 2 godziny")).toMatchObject({ prepTime: 120 });
    expect(timed("Active time: 25 min<br>Start to finish: 1 day (includes marinating)")).toMatchObject({ totalTime: 1440 });
    expect(timed("Ready in: 1 hr 10 mins")).toMatchObject({ totalTime: 70 });
    expect(timed("Total: 45 mins, plus at least 7 hrs freezing time")).toMatchObject({ totalTime: 465 });
    expect(timed("Czas przygotowania: 15 minut + 30 minut gotowania")).toMatchObject({ prepTime: 15, cookTime: 30, totalTime: 45 });
    // A microdata prep time with the page's added cooking time: the total is both.
    const micro = `<html><body><article itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Zupa</h1>
      <p>Czas przygotowania: 15 minut + 30 minut gotowania <span itemprop="prepTime">PT15M</span></p>
      <ul><li itemprop="recipeIngredient">1 kg dyni</li><li itemprop="recipeIngredient">1 cebula</li></ul>
      <ol itemprop="recipeInstructions"><li>Pokroić.</li><li>Gotować.</li></ol></article></body></html>`;
    expect(extract(micro)).toMatchObject({ prepTime: 15, cookTime: 30, totalTime: 45 });
    // Inside a sentence, without its colon, it is not a label.
    expect(timed("The sauce is ready in 5 minutes.")).toMatchObject({ totalTime: null });
    // A label inside another word is not one ("Überbackzeit" is not "Backzeit" on its own).
    expect(timed("Die Überbackzeit 5 Minuten")).toMatchObject({ cookTime: null });
  });

  it("fills missing times and servings from labelled page text", () => {
    const html = page({ ...baseRecipe }).replace("<p>Body</p>", "<p>Prep: 10 mins<br>Cook time: 1 hr 5 mins<br>Serves 4</p>");
    expect(extract(html)).toMatchObject({ prepTime: 10, cookTime: 65, totalTime: 75, servings: 4, yields: "4 servings" });
    const makes = page({ ...baseRecipe }).replace("<p>Body</p>", "<p>Makes 24</p>");
    expect(extract(makes)).toMatchObject({ servings: 24, yields: "24 items" });
    // A line that is only a count of servings is the yield without a label; inside a sentence it is not.
    const counted = (text: string) => extract(page({ ...baseRecipe }).replace("<p>Body</p>", `<h3>Składniki</h3><div>${text}</div>`));
    expect(counted("4 porcje")).toMatchObject({ servings: 4, yields: "4 servings" });
    expect(counted("6 Portionen")).toMatchObject({ servings: 6, yields: "6 servings" });
    expect(counted("We fed 4 people with it")).toMatchObject({ servings: null, yields: null });
    // Breads and cakes label the oven time as baking; "bake for 1 hour" in a step is not a label.
    const bake = page({ ...baseRecipe, recipeInstructions: "Bake for 2 hours." }).replace("<p>Body</p>", "<p><b>Prep time:</b> 20 minutes<br><b>Bake time:</b> 1 hour</p>");
    expect(extract(bake)).toMatchObject({ prepTime: 20, cookTime: 60, totalTime: 80 });
    expect(extract(page({ ...baseRecipe }).replace("<p>Body</p>", "<p>Bake for 2 hours.</p>")).cookTime).toBeNull();
  });

  it("survives hostile markup: '>' in attributes, '</div>' inside scripts, comments and uppercase tags", () => {
    const html = `<HTML><BODY><!-- <div itemscope itemtype="https://schema.org/Recipe"> -->
      <div data-x="a > b" itemscope itemtype="https://schema.org/Recipe">
      <script>var s = "</div><li itemprop='recipeIngredient'>fake</li>";</script>
      <SPAN ITEMPROP="name">Real</SPAN><LI itemprop="recipeIngredient">1 egg</LI>
      <p itemprop="recipeInstructions">Boil it.</p></div></BODY></HTML>`;
    expect(extract(html)).toMatchObject({ title: "Real", ingredients: ["1 egg"], instructions: ["Boil it."] });
  });

  it("never throws on arbitrary input (property)", () => {
    const fragments = fc.constantFrom(
      "<div>", "</div>", "<li>", "<p", ">", "<script type=\"application/ld+json\">", "</script>", "{\"@type\":\"Recipe\",",
      "\"recipeIngredient\":[\"x\"", "]}", "&amp;", "&#99999999;", "<!--", "-->", "itemscope itemtype=\"schema.org/Recipe\"", "\"",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 40 }), (parts) => {
        const html = parts.join("");
        expect(() => extractRecipeFromHtml(html, "https://x.example/")).not.toThrow();
        expect(htmlToText(html, 500).length).toBeLessThanOrEqual(500);
      }),
      { numRuns: 300 },
    );
  });

  it("handles a 2 MB page", () => {
    const filler = "<div class=\"c\"><p>Lorem ipsum dolor sit amet &amp; more</p><ul><li>x</li></ul></div>".repeat(25_000);
    const html = page(baseRecipe).replace("<p>Body</p>", filler);
    expect(html.length).toBeGreaterThan(2_000_000);
    expect(extract(html).ingredients).toHaveLength(3);
    expect(htmlToText(html).length).toBeLessThanOrEqual(20_000);
  }, 20_000);
});

describe("htmlToText", () => {
  const doc = `<!doctype html><html><head><title>Nan's Scones</title><style>p{color:red}</style>
    <script>var tracking = "secret";</script></head><body>
    <header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
    <main><article><h1>Nan&#39;s   scones</h1>
    <p>Light,\n   fluffy &amp; quick.</p>
    <ul><li>225 g self-raising flour</li><li>55 g butter</li></ul>
    <p>Bake at 220&deg;C.</p></article></main>
    <aside>Related: muffins</aside><footer>&copy; 2024 Scone Co</footer></body></html>`;

  it("keeps the readable main text, one block per line, without scripts, styles, navigation or footers", () => {
    const text = htmlToText(doc);
    expect(text).toBe(
      ["Nan's Scones", "Nan's scones", "Light, fluffy & quick.", "- 225 g self-raising flour", "- 55 g butter", "Bake at 220°C."].join("\n"),
    );
  });

  it("leaves out the copies a page hides, as the visible lists do", () => {
    const html = `<body><p>Intro</p><ul class="metric"><li>225 g flour</li></ul><ul class="us d-none"><li>1 3/4 cups flour</li></ul>
      <ul style="color: red; display:none"><li>8 oz flour</li></ul><ul hidden><li>Hidden</li></ul></body>`;
    expect(htmlToText(html)).toBe("Intro\n- 225 g flour");
  });

  it("keeps the lines of preformatted text", () => {
    expect(htmlToText("<body><p>Intro</p><pre>Ingredients\n- 1 egg\n\nMethod\n1. Boil.</pre></body>")).toBe("Intro\nIngredients\n- 1 egg\nMethod\n1. Boil.");
  });

  it("caps the length", () => {
    expect(htmlToText(doc, 30).length).toBeLessThanOrEqual(30);
  });

  it("falls back to the body when there is no main element", () => {
    const text = htmlToText("<body><div>Hello <b>there</b></div><footer>foot</footer><noscript>enable js</noscript></body>");
    expect(text).toBe("Hello there");
  });
});

describe("parseIsoDuration", () => {
  it.each([
    ["PT1H30M", 90],
    ["P0DT0H20M", 20],
    ["PT90M", 90],
    ["PT0.5H", 30],
    ["pt1h", 60],
    ["P1D", 1440],
    ["PT20M30S", 21],
    ["PT3600S", 60],
    ["PT45S", 45],
    ["P0Y0M0DT0H35M0.000S", 35],
    ["P0DT0H45M", 45],
    ["P1DT2H", 1560],
    ["PT1H15M30S", 76],
    ["PT0,5H", 30],
    ["P2W", 20160],
    ["PT20M-PT30M", 30],
    ["PT1H to PT2H", 120],
    ["PT0M", 0],
    ["1 hour 30 minutes", 90],
    ["90 mins", 90],
    ["~30 minutes", 30],
    ["about 1 hr 15 min", 75],
    ["10-15 minutes", 15],
    ["1 to 2 hours", 120],
    ["1h30", 90],
    ["1½ hours", 90],
    ["1 1/2 hours", 90],
    ["1:15", 75],
    ["00:45:00", 45],
    ["01:30:30", 91],
    ["PT2H30", 150],
    ["45", 45],
    ["2 Std. 10 Min.", 130],
    ["30 min (in 10 minute intervals)", 30],
    ["1h 10min or 2h 10min", 130],
    ["15 min + 30 min marinating", 45],
    ["60 minute", 60],
    ["1 ora 20 minute", 80],
    ["2 godziny 15 minut", 135],
    ["45 minuty", 45],
  ])("%s -> %i minutes", (text, minutes) => {
    expect(parseIsoDuration(text)).toBe(minutes);
  });

  it.each(["", "   ", "PT", "P", "soon", "PXYZ"])("%j -> null", (text) => {
    expect(parseIsoDuration(text)).toBeNull();
  });

  it("agrees with hours and minutes written either way (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 48 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        fc.pre(hours + minutes > 0);
        expect(parseIsoDuration(`PT${hours}H${minutes}M`)).toBe(hours * 60 + minutes);
        expect(parseIsoDuration(`P0DT${hours}H${minutes}M0S`)).toBe(hours * 60 + minutes);
        expect(parseIsoDuration(`${hours} hours ${minutes} minutes`)).toBe(hours * 60 + minutes);
      }),
    );
  });
});
