import { beforeAll, describe, expect, it } from "vitest";
import { eq, isNull, sql } from "drizzle-orm";
import { json, request, trpc } from "../helpers/http";
import { createOwnRecipe, createPantryItem, createUser, libraryRecipe, testDb, type TestUser } from "../helpers/factories";
import { recipeIngredients, recipes, savedRecipes } from "../../db/schema";
import { ensureLibrarySeeded } from "../../worker/services/recipes";
import { bundledLibrary } from "../../worker/ai/offline/recipeEngine";

const LIBRARY_SIZE = bundledLibrary().length;

beforeAll(async () => {
  await ensureLibrarySeeded(testDb());
});

async function list(user: TestUser, query = "") {
  const response = await request(`/api/recipes${query}`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return json(response);
}

describe("the built-in library", () => {
  it("is seeded once, completely, and seeding again changes nothing", async () => {
    const db = testDb();
    const count = async () => (await db.select({ n: sql<number>`COUNT(*)` }).from(recipes).where(isNull(recipes.userId)))[0]!.n;
    const ingredients = async () => (await db.select({ n: sql<number>`COUNT(*)` }).from(recipeIngredients))[0]!.n;
    expect(await count()).toBe(LIBRARY_SIZE);
    const before = await ingredients();
    expect(before).toBe(bundledLibrary().reduce((n, r) => n + r.ingredients.length, 0));
    await ensureLibrarySeeded(db);
    expect(await count()).toBe(LIBRARY_SIZE);
    expect(await ingredients()).toBe(before);
  });
});

describe("GET /api/recipes", () => {
  it("pages the library 6 at a time with totals, in the card shape", async () => {
    const user = await createUser();
    const first = await list(user);
    expect(first.total).toBe(LIBRARY_SIZE);
    expect(first.recipes).toHaveLength(6);
    expect(first.page).toBe(1);
    expect(first.pageCount).toBe(Math.ceil(LIBRARY_SIZE / 6));
    const card = first.recipes[0];
    for (const key of ["id", "title", "description", "prepTime", "cookTime", "mealType", "imageUrl", "isPremium", "saved", "sourceType", "source", "difficulty", "dietary", "pantryMatches"]) {
      expect(card).toHaveProperty(key);
    }
    expect(card).not.toHaveProperty("userId");
    expect(card.sourceType).toBe("library");
    const second = await list(user, "?page=2");
    expect(second.recipes).toHaveLength(6);
    expect(second.recipes.map((r: { id: number }) => r.id)).not.toEqual(expect.arrayContaining(first.recipes.map((r: { id: number }) => r.id)));
    const last = await list(user, `?page=${first.pageCount}`);
    expect(last.recipes.length).toBe(LIBRARY_SIZE - (first.pageCount - 1) * 6);
    expect((await list(user, `?page=${first.pageCount + 1}`)).recipes).toEqual([]);
  });

  it("lists the library by title, whatever order its rows were inserted in", async () => {
    const user = await createUser();
    const db = testDb();
    // The seed inserts in batches, so library rows carry different creation times; they must not order the list.
    const [lastByTitle] = await db.select({ id: recipes.id }).from(recipes).where(isNull(recipes.userId)).orderBy(sql`${recipes.title} COLLATE NOCASE DESC`).limit(1);
    await db.update(recipes).set({ createdAt: new Date(Date.now() + 60_000) }).where(eq(recipes.id, lastByTitle!.id));
    const firstByTitle = await db.select({ id: recipes.id }).from(recipes).where(isNull(recipes.userId)).orderBy(sql`${recipes.title} COLLATE NOCASE`, recipes.id).limit(6);
    const first = await list(user);
    expect(first.recipes.map((r: { id: number }) => r.id)).toEqual(firstByTitle.map((r) => r.id));
  });

  it("shows the user's own recipes first and never anyone else's", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const mine = await createOwnRecipe(alice, { title: "Alice's Private Curry" });
    await createOwnRecipe(bob, { title: "Bob's Secret Stew" });
    const aliceList = await list(alice);
    expect(aliceList.total).toBe(LIBRARY_SIZE + 1);
    expect(aliceList.recipes[0]).toMatchObject({ id: mine.id, title: "Alice's Private Curry", sourceType: "generated", isOwner: true });
    const bobSearch = await list(bob, "?search=Curry");
    expect(bobSearch.recipes.map((r: { title: string }) => r.title)).not.toContain("Alice's Private Curry");
    const owned = await list(alice, "?owner=true");
    expect(owned.total).toBe(1);
    expect(owned.recipes.map((r: { id: number }) => r.id)).toEqual([mine.id]);
  });

  it("searches titles, descriptions and ingredient names", async () => {
    const user = await createUser();
    const byTitle = await list(user, "?search=carbonara");
    expect(byTitle.recipes.some((r: { title: string }) => /carbonara/i.test(r.title))).toBe(true);
    const byIngredient = await list(user, `?search=${encodeURIComponent("chickpea")}`);
    expect(byIngredient.total).toBeGreaterThan(1);
    const none = await list(user, "?search=zzzqqq");
    expect(none).toMatchObject({ total: 0, recipes: [], pageCount: 1 });
    // A search longer than D1's 50-byte LIKE pattern limit is an ordinary search, not a server error.
    const long = await list(user, `?search=${encodeURIComponent("🥑".repeat(50))}`);
    expect(long).toMatchObject({ total: 0, recipes: [] });
    // LIKE wildcards typed by the user are literal: "%" finds only text with a percent sign ("18% sour cream").
    const percent = await list(user, "?search=%25");
    expect(percent.total).toBeGreaterThan(0);
    expect(percent.total).toBeLessThan(10);
  });

  it("filters by difficulty band", async () => {
    const user = await createUser();
    const easy = await list(user, "?difficulty=easy");
    expect(easy.total).toBeGreaterThan(0);
    expect(easy.total).toBeLessThan(LIBRARY_SIZE);
    expect(easy.recipes.every((r: { difficulty: string }) => r.difficulty === "easy")).toBe(true);
    const expected = bundledLibrary().filter((r) => r.difficulty === "easy").length;
    expect(easy.total).toBe(expected);
  });

  it("filters by diet with the forbidden-word rules: a recipe with bacon is not vegetarian", async () => {
    const user = await createUser();
    const vegetarian = bundledLibrary().filter((r) => r.dietary.includes("vegetarian"));
    const page = await list(user, "?dietary=vegetarian");
    expect(page.total).toBe(vegetarian.length);
    // Walk every page: no vegetarian result has a bacon (or other meat) line.
    const ids: number[] = [];
    for (let p = 1; p <= page.pageCount; p++) ids.push(...(await list(user, `?dietary=vegetarian&page=${p}`)).recipes.map((r: { id: number }) => r.id));
    expect(ids).toHaveLength(vegetarian.length);
    const lines = await testDb().select({ recipeId: recipeIngredients.recipeId, original: recipeIngredients.original }).from(recipeIngredients);
    const withBacon = new Set(lines.filter((l) => /\bbacon\b/i.test(l.original ?? "")).map((l) => l.recipeId));
    expect(withBacon.size).toBeGreaterThan(0);
    expect(ids.filter((id) => withBacon.has(id))).toEqual([]);
    // Two diets at once must meet both.
    const both = await list(user, "?dietary=vegan&dietary=gluten-free");
    expect(both.total).toBe(bundledLibrary().filter((r) => r.dietary.includes("vegan") && r.dietary.includes("gluten-free")).length);
    expect((await request("/api/recipes?dietary=carnivore", { cookie: user.cookie })).status).toBe(400);
  });

  it("filters by source: generated, library, saved, nyt and substack imports", async () => {
    const user = await createUser();
    const generated = await createOwnRecipe(user, { title: "Generated One" });
    const nyt = await createOwnRecipe(user, { title: "Times Pie", sourceType: "imported", source: "cooking.nytimes.com", sourceUrl: "https://cooking.nytimes.com/recipes/1" });
    const substack = await createOwnRecipe(user, { title: "Newsletter Soup", sourceType: "imported", source: "cook.substack.com", sourceUrl: "https://cook.substack.com/p/soup" });
    const other = await createOwnRecipe(user, { title: "Blog Bread", sourceType: "imported", source: "example.org" });
    const ids = async (source: string) => (await list(user, `?source=${source}`)).recipes.map((r: { id: number }) => r.id);
    expect(await ids("generated")).toEqual([generated.id]);
    expect(await ids("nyt")).toEqual([nyt.id]);
    expect(await ids("substack")).toEqual([substack.id]);
    expect((await ids("imported")).sort()).toEqual([nyt.id, substack.id, other.id].sort());
    expect((await list(user, "?source=library")).total).toBe(LIBRARY_SIZE);
    expect((await list(user, "?source=all")).total).toBe(LIBRARY_SIZE + 4);

    const carbonara = (await libraryRecipe("pdr:carbonara")).id;
    expect((await request(`/api/recipes/save/${carbonara}`, { method: "POST", cookie: user.cookie })).status).toBe(200);
    const saved = await list(user, "?source=saved");
    expect(saved.recipes.map((r: { id: number }) => r.id)).toEqual([carbonara]);
    expect(saved.recipes[0].saved).toBe(true);
  });

  it("filters by pantry usage: recipes using at least N of the user's pantry items", async () => {
    const user = await createUser();
    for (const name of ["Spaghetti", "Eggs", "Guanciale", "Pecorino Romano cheese", "Garlic"]) await createPantryItem(user, { name: name, category: "Other" });
    const two = await list(user, "?pantryUsage=2");
    expect(two.total).toBeGreaterThan(0);
    expect(two.recipes.every((r: { pantryMatches: number }) => r.pantryMatches >= 2)).toBe(true);
    const four = await list(user, "?pantryUsage=4%2B");
    expect(four.total).toBeLessThanOrEqual(two.total);
    expect(four.recipes.every((r: { pantryMatches: number }) => r.pantryMatches >= 4)).toBe(true);
    expect(four.recipes.map((r: { title: string }) => r.title)).toContain("Carbonara");
    // Without the filter, cards still say how many pantry items each uses.
    const search = await list(user, "?search=Carbonara");
    expect(search.recipes.find((r: { title: string }) => r.title === "Carbonara").pantryMatches).toBeGreaterThanOrEqual(4);
    expect((await request("/api/recipes?pantryUsage=7", { cookie: user.cookie })).status).toBe(400);
    // A user with an empty pantry matches nothing.
    const empty = await createUser();
    expect((await list(empty, "?pantryUsage=2")).total).toBe(0);
  });

  it("sorts by what can I make: pantry coverage first, soonest-expiring items weighted up", async () => {
    const user = await createUser();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const add = async (name: string, expirationDate: string) => {
      const response = await request("/api/pantry", { cookie: user.cookie, body: { name, category: "Other", expirationDate } });
      expect(response.status).toBe(201);
    };
    await add("Spaghetti", later);
    await add("Eggs", later);
    await add("Guanciale", later);
    await add("Pecorino Romano cheese", later);
    const ranked = await list(user, "?sort=pantry");
    expect(ranked.total).toBeGreaterThan(0);
    expect(ranked.recipes[0].title).toBe("Carbonara");
    expect(ranked.recipes.every((r: { pantryMatches: number }) => r.pantryMatches >= 1)).toBe(true);
    const coverage = ranked.recipes.map((r: { pantryMatches: number }) => r.pantryMatches);
    expect(coverage[0]).toBe(Math.max(...coverage));

    // Two equally covered recipes: the one using what expires tomorrow comes first.
    const cook = await createUser();
    await createOwnRecipe(cook, { title: "Rice bowl", ingredients: [{ name: "rice", quantity: 1, unit: "cups" }, { name: "water", quantity: 2, unit: "cups" }] });
    await createOwnRecipe(cook, { title: "Spinach bowl", ingredients: [{ name: "spinach", quantity: 1, unit: "cups" }, { name: "water", quantity: 2, unit: "cups" }] });
    for (const [name, date] of [["Rice", later], ["Spinach", tomorrow]] as const) {
      const response = await request("/api/pantry", { cookie: cook.cookie, body: { name, category: "Other", expirationDate: date } });
      expect(response.status).toBe(201);
    }
    const mine = await list(cook, "?sort=pantry&owner=true");
    expect(mine.recipes.map((r: { title: string }) => r.title)).toEqual(["Spinach bowl", "Rice bowl"]);
    expect((await request("/api/recipes?sort=sideways", { cookie: user.cookie })).status).toBe(400);
  });

  it("also answers over tRPC with the typed input", async () => {
    const user = await createUser();
    const response = await trpc("recipes.list", { difficulty: "hard", page: 1 }, { cookie: user.cookie, type: "query" });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.result.data.recipes.every((r: { difficulty: string }) => r.difficulty === "hard")).toBe(true);
  });

  it("refuses signed-out callers", async () => {
    expect((await request("/api/recipes")).status).toBe(401);
  });
});

describe("save, unsave and delete", () => {
  it("saves and unsaves a library recipe, idempotently", async () => {
    const user = await createUser();
    const id = (await libraryRecipe("pdr:pancake")).id;
    expect(await json(await request(`/api/recipes/save/${id}`, { method: "POST", cookie: user.cookie }))).toMatchObject({ id, saved: true });
    expect((await request(`/api/recipes/save/${id}`, { method: "POST", cookie: user.cookie })).status).toBe(200);
    const rows = await testDb().select().from(savedRecipes).where(eq(savedRecipes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect((await json(await request(`/api/recipes/${id}`, { cookie: user.cookie }))).saved).toBe(true);
    expect(await json(await request(`/api/recipes/save/${id}`, { method: "DELETE", cookie: user.cookie }))).toMatchObject({ id, saved: false });
    expect(await testDb().select().from(savedRecipes).where(eq(savedRecipes.userId, user.id))).toHaveLength(0);
  });

  it("cannot save another user's recipe (404) or a missing one", async () => {
    const owner = await createUser();
    const other = await createUser();
    const recipe = await createOwnRecipe(owner);
    const response = await request(`/api/recipes/save/${recipe.id}`, { method: "POST", cookie: other.cookie });
    expect(response.status).toBe(404);
    expect((await json(response)).message).toBe("Recipe not found");
    expect((await request("/api/recipes/save/999999", { method: "POST", cookie: other.cookie })).status).toBe(404);
    expect((await request("/api/recipes/save/abc", { method: "POST", cookie: other.cookie })).status).toBe(400);
  });

  it("deletes the user's own recipe with its ingredients", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const response = await request(`/api/recipes/${recipe.id}`, { method: "DELETE", cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await testDb().query.recipes.findFirst({ where: eq(recipes.id, recipe.id) })).toBeUndefined();
    expect(await testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, recipe.id))).toEqual([]);
    expect((await request(`/api/recipes/${recipe.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(404);
  });

  it("never deletes someone else's recipe (404) or a library recipe (403)", async () => {
    const owner = await createUser();
    const other = await createUser();
    const recipe = await createOwnRecipe(owner);
    const stranger = await request(`/api/recipes/${recipe.id}`, { method: "DELETE", cookie: other.cookie });
    expect(stranger.status).toBe(404);
    expect((await json(stranger)).message).toBe("Recipe not found");
    expect(await testDb().query.recipes.findFirst({ where: eq(recipes.id, recipe.id) })).toBeDefined();
    const libraryRecipeId = (await libraryRecipe("pdr:carbonara")).id;
    const forbidden = await request(`/api/recipes/${libraryRecipeId}`, { method: "DELETE", cookie: other.cookie });
    expect(forbidden.status).toBe(403);
    expect((await json(forbidden)).message).toMatch(/library recipes can't be deleted/i);
    expect(await testDb().query.recipes.findFirst({ where: eq(recipes.id, libraryRecipeId) })).toBeDefined();
  });
});
