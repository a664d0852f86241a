import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { eq } from "drizzle-orm";
import { json, request } from "../helpers/http";
import { createUser, testDb, type TestUser } from "../helpers/factories";
import { createFakeAi, recorded } from "../helpers/fakeAi";
import { recipeIngredients, recipes } from "../../db/schema";
import { ensureLibrarySeeded } from "../../worker/services/recipes";

/** Vite's raw-text query; test/importMeta.d.ts declares only the eager/default form of glob. */
type RawGlobOptions = { eager: true; import: "default" };

/** The shared public-sector pages (myplate.gov, nhs.uk) and this project's own fixtures, as text. */
const pages = {
  ...import.meta.glob<string>("../../data/recipe-pages/*/*.testhtml", { eager: true, query: "?raw", import: "default" } as RawGlobOptions),
  ...import.meta.glob<string>("../fixtures/recipe-pages/*/*.testhtml", { eager: true, query: "?raw", import: "default" } as RawGlobOptions),
};
type ExpectedRecipe = { title: string; ingredients: string[]; instructions_list: string[] };
const expected = import.meta.glob<ExpectedRecipe>("../../data/recipe-pages/*/*.json", { eager: true, import: "default" });

function page(name: string): string {
  const key = Object.keys(pages).find((k) => k.endsWith(`/${name}.testhtml`));
  if (!key) throw new Error(`no fixture page ${name}`);
  return pages[key]!;
}

function expectedFor(name: string): ExpectedRecipe {
  const key = Object.keys(expected).find((k) => k.endsWith(`/${name}.json`));
  if (!key) throw new Error(`no expected output ${name}`);
  return expected[key]!;
}

type Route = { status?: number; body?: string | Uint8Array | ReadableStream; headers?: Record<string, string> };
let routes: Map<string, Route>;
let fetchSpy: MockInstance<typeof fetch>;

/** The Worker runs in this isolate, so stubbing the global fetch stands in for the web. */
beforeEach(() => {
  routes = new Map();
  fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const route = routes.get(url);
    if (!route) return new Response("not found", { status: 404, headers: { "content-type": "text/html" } });
    return new Response(route.body ?? "", { status: route.status ?? 200, headers: { "content-type": "text/html; charset=utf-8", ...route.headers } });
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

beforeAll(async () => {
  await ensureLibrarySeeded(testDb());
});

function importUrl(user: TestUser, body: Record<string, unknown>, env?: Partial<Env>) {
  return request("/api/recipes/generate", { cookie: user.cookie, body, env });
}

async function ownRecipes(userId: string) {
  return testDb().select().from(recipes).where(eq(recipes.userId, userId));
}

async function linesOf(recipeId: number) {
  return testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId)).orderBy(recipeIngredients.position);
}

const NHS_URL = "https://www.nhs.uk/healthier-families/recipes/chilli-con-carne/";

describe("URL import from pages with schema.org data", () => {
  it("imports the NHS chilli con carne: title, every ingredient and step, times, servings and the site", async () => {
    routes.set(NHS_URL, { body: page("nhshealthierfamilies_1") });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: NHS_URL });
    expect(response.status).toBe(201);
    const body = await json(response);
    const want = expectedFor("nhshealthierfamilies_1");
    expect(body.recipe).toMatchObject({ sourceType: "imported", source: "nhs.uk", servings: 4, prepTime: 10, cookTime: 25 });
    // The page names it "Chilli con carne recipe"; the expected output drops the last word.
    expect(body.recipe.title).toContain(want.title);
    expect(body.method).toBe("json-ld");
    expect(body.warnings).toEqual([]);
    const [row] = await ownRecipes(user.id);
    expect(row).toMatchObject({ sourceUrl: NHS_URL, difficulty: "medium", difficultyBasis: "time", userId: user.id });
    expect(row!.dietary).not.toContain("vegetarian");
    const lines = await linesOf(row!.id);
    expect(lines.map((l) => l.original)).toEqual(want.ingredients);
    expect(lines[0]).toMatchObject({ quantity: 300, unit: "g" });
    const detail = await json(await request(`/api/recipes/${row!.id}`, { cookie: user.cookie }));
    expect(detail.recipe.steps).toEqual(want.instructions_list);
    // Fetched by hand, one hop at a time.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect((fetchSpy.mock.calls[0]![1] as RequestInit).redirect).toBe("manual");
  });

  it("imports a myplate.gov page", async () => {
    const url = "https://www.myplate.gov/recipes/fabulous-fig-bars";
    routes.set(url, { body: page("usdamyplate_1") });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: url });
    expect(response.status).toBe(201);
    const want = expectedFor("usdamyplate_1");
    const { recipe } = await json(response);
    expect(recipe.title).toBe(want.title);
    expect((await linesOf(recipe.id)).length).toBe(want.ingredients.length);
    expect(recipe.source).toBe("myplate.gov");
  });

  it("keeps the page's ingredient groups as sections, and a header line among the lines as a section, not an ingredient", async () => {
    const url = "https://cakes.example/lemon-cake";
    const recipe = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Lemon Cake",
      recipeIngredient: ["200 g flour", "2 eggs", "100 g sugar", "For the glaze:", "100 g icing sugar"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Mix and bake." }, { "@type": "HowToStep", text: "Glaze." }],
    };
    const card = `<div class="wprm-recipe-ingredients-container"><h4>Cake</h4><ul><li>200 g flour</li><li>2 eggs</li></ul><h4>Syrup</h4><ul><li>100 g sugar</li></ul></div>`;
    routes.set(url, { body: `<html><head><script type="application/ld+json">${JSON.stringify(recipe)}</script></head><body>${card}</body></html>` });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: url });
    expect(response.status).toBe(201);
    const { recipe: saved } = await json(response);
    const lines = await linesOf(saved.id);
    expect(lines.map((l) => [l.original, l.section])).toEqual([
      ["200 g flour", "Cake"],
      ["2 eggs", "Cake"],
      ["100 g sugar", "Syrup"],
      ["100 g icing sugar", "For the glaze"],
    ]);
    const detail = await json(await request(`/api/recipes/${saved.id}`, { cookie: user.cookie }));
    expect(detail.ingredients.map((i: { name: string; section: string | null }) => [i.name, i.section])).toEqual([
      ["flour", "Cake"],
      ["eggs", "Cake"],
      ["sugar", "Syrup"],
      ["icing sugar", "For the glaze"],
    ]);
  });

  it("scales to the requested servings and reports a requested diet the recipe does not meet", async () => {
    routes.set(NHS_URL, { body: page("nhshealthierfamilies_1") });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: NHS_URL, servings: 2, dietary: "vegetarian" });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.recipe.servings).toBe(2);
    expect(body.warnings).toEqual([expect.stringMatching(/^This recipe is not vegetarian: .*beef/)]);
    const lines = await linesOf(body.recipe.id);
    expect(lines[0]).toMatchObject({ quantity: 150, unit: "g", original: null });
  });

  it("recovers a recipe from a page whose JSON-LD is broken", async () => {
    const url = "https://malformed.example/tomato-bruschetta";
    routes.set(url, { body: page("malformed_jsonld_1") });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: url });
    expect(response.status).toBe(201);
    const { recipe } = await json(response);
    expect(recipe.title).toBe("Tomato Bruschetta");
    expect((await linesOf(recipe.id)).map((l) => l.original)).toContain("4 thick slices sourdough");
  });
});

describe("URL import from pages without structured data", () => {
  const TEXT_RECIPE = `<!doctype html><html><head><title>Grandma's Lentil Soup</title></head><body><main>
    <h1>Grandma's Lentil Soup</h1><p>Serves 4. A thick red lentil soup my grandmother made every winter, written down at last.</p>
    <h2>Ingredients</h2><ul><li>200 g red lentils</li><li>1 onion, chopped</li><li>1 litre vegetable stock</li><li>1 tsp ground cumin</li></ul>
    <h2>Method</h2><ol><li>Soften the onion in a little oil.</li><li>Add the lentils, stock and cumin and simmer for 25 minutes.</li><li>Blend until smooth.</li></ol>
    </main></body></html>`;

  it("reads a plain page's lists under Ingredients and Method headings, with no model", async () => {
    const url = "https://blog.example.org/lentil-soup";
    routes.set(url, { body: TEXT_RECIPE });
    const user = await createUser();
    const fake = createFakeAi(await recorded("recipe-extraction-valid"));
    const response = await importUrl(user, { recipeUrl: url }, { AI: fake.binding as unknown as Ai });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.method).toBe("page-headings");
    expect(fake.calls).toHaveLength(0);
    expect(body.recipe).toMatchObject({ title: "Grandma's Lentil Soup", servings: 4, source: "blog.example.org" });
    expect((await linesOf(body.recipe.id)).map((l) => l.name)).toEqual(["red lentils", "onion", "vegetable stock", "cumin"]);
  });

  it("offline: reads a recipe posted as plain text in <pre>, from its text", async () => {
    const url = "https://blog.example.org/lentil-soup-plain";
    routes.set(url, {
      body: `<!doctype html><html><head><title>Grandma's Lentil Soup</title></head><body><main><h1>Grandma's Lentil Soup</h1><p>Serves 4.</p>
<pre>Ingredients
- 200 g red lentils
- 1 onion, chopped
- 1 litre vegetable stock
- 1 tsp ground cumin

Method
1. Soften the onion in a little oil.
2. Add the lentils, stock and cumin and simmer for 25 minutes.</pre></main></body></html>`,
    });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: url });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.method).toBe("page-text");
    expect(body.recipe).toMatchObject({ title: "Grandma's Lentil Soup", servings: 4, source: "blog.example.org" });
    expect((await linesOf(body.recipe.id)).map((l) => l.name)).toEqual(["red lentils", "onion", "vegetable stock", "cumin"]);
  });

  it("offline: says clearly that an article is not a recipe, and saves nothing", async () => {
    const url = "https://tips.example.org/tidy-fridge";
    routes.set(url, { body: page("no_recipe_1") });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: url });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.message).toMatch(/^We couldn't find a recipe on that page/);
    expect(body.type).toBe("validation_error");
    expect(await ownRecipes(user.id)).toEqual([]);
  });

  it("Workers AI: hands the page text to the recipeExtraction task as delimited data", async () => {
    const url = "https://blog.example.org/lentil-soup-2";
    routes.set(url, { body: TEXT_RECIPE.replace("<h2>Method</h2>", "<h2>What to do next</h2>") });
    const user = await createUser();
    const fake = createFakeAi(await recorded("recipe-extraction-valid"));
    const response = await importUrl(user, { recipeUrl: url }, { AI: fake.binding as unknown as Ai });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.method).toBe("ai");
    expect(body.recipe).toMatchObject({ title: "Grandma's Lentil Soup", servings: 4, prepTime: 10, cookTime: 30 });
    const messages = fake.calls[0]!.inputs.messages as { role: string; content: string }[];
    expect(messages[0]!.content).toMatch(/Never invent or complete a recipe/);
    expect(messages[1]!.content).toMatch(/^<page_text>[\s\S]*red lentils[\s\S]*<\/page_text>$/);
  });

  it("Workers AI: a page the model finds no recipe on is refused with the same message", async () => {
    const url = "https://tips.example.org/tidy-fridge-2";
    routes.set(url, { body: page("no_recipe_1") });
    const user = await createUser();
    const fake = createFakeAi(await recorded("recipe-extraction-not-recipe"));
    const response = await importUrl(user, { recipeUrl: url }, { AI: fake.binding as unknown as Ai });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(/^We couldn't find a recipe on that page/);
    expect(await ownRecipes(user.id)).toEqual([]);
  });
});

describe("URL import refuses what it must not fetch", () => {
  it.each([
    "http://localhost/admin",
    "http://127.0.0.1/",
    "http://10.0.0.1/router",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/",
    "http://2130706433/",
    "file:///etc/passwd",
    "https://user:pass@example.com/recipe",
  ])("refuses %s with a message, without fetching or saving", async (url) => {
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: url });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.message).toMatch(/private or local address|Only http and https|username or password|valid web address/);
    expect(body.type).toBe("validation_error");
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await ownRecipes(user.id)).toEqual([]);
  });

  it("refuses a redirect to 127.0.0.1 and stops there", async () => {
    const url = "https://recipes.example.com/innocent";
    routes.set(url, { status: 302, headers: { location: "http://127.0.0.1/internal" } });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: url });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("The site redirected to a private or local address, so it can't be imported.");
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await ownRecipes(user.id)).toEqual([]);
  });

  it("follows a redirect to a public page", async () => {
    routes.set("https://nhs.example.com/short", { status: 301, headers: { location: NHS_URL } });
    routes.set(NHS_URL, { body: page("nhshealthierfamilies_1") });
    const user = await createUser();
    const response = await importUrl(user, { recipeUrl: "https://nhs.example.com/short" });
    expect(response.status).toBe(201);
    expect((await ownRecipes(user.id))[0]?.sourceUrl).toBe(NHS_URL);
  });

  it("refuses oversized pages, declared or streamed", async () => {
    const user = await createUser();
    routes.set("https://big.example.com/declared", { body: "<html></html>", headers: { "content-length": String(50 * 1024 * 1024) } });
    const declared = await importUrl(user, { recipeUrl: "https://big.example.com/declared" });
    expect(declared.status).toBe(413);
    expect((await json(declared)).message).toBe("The page is too large to import.");
    const chunk = new Uint8Array(512 * 1024).fill(97);
    let sent = 0;
    routes.set("https://big.example.com/streamed", {
      body: new ReadableStream({
        pull(controller) {
          sent += 1;
          if (sent > 12) controller.close();
          else controller.enqueue(chunk);
        },
      }),
    });
    const streamed = await importUrl(user, { recipeUrl: "https://big.example.com/streamed" });
    expect(streamed.status).toBe(413);
    expect(await ownRecipes(user.id)).toEqual([]);
  });

  it("refuses pages that are not HTML, sites that fail, and malformed pages", async () => {
    const user = await createUser();
    routes.set("https://files.example.com/recipe.pdf", { body: "%PDF-1.7", headers: { "content-type": "application/pdf" } });
    const pdf = await importUrl(user, { recipeUrl: "https://files.example.com/recipe.pdf" });
    expect(pdf.status).toBe(415);
    expect((await json(pdf)).message).toBe("That link is not a web page.");
    routes.set("https://down.example.com/recipe", { status: 500, body: "oops" });
    const down = await importUrl(user, { recipeUrl: "https://down.example.com/recipe" });
    expect(down.status).toBe(502);
    expect(await json(down)).toMatchObject({ type: "service_error", message: "The site answered with status 500." });
    routes.set("https://broken.example.com/recipe", { body: "<html><body><div><p>Ingredients<script>{\"@type\": \"Recipe\", " });
    const broken = await importUrl(user, { recipeUrl: "https://broken.example.com/recipe" });
    expect(broken.status).toBe(400);
    expect((await json(broken)).message).toMatch(/^We couldn't find a recipe on that page/);
    expect(await ownRecipes(user.id)).toEqual([]);
  });
});
