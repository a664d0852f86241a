import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { json, request, trpc } from "../helpers/http";
import { createOwnRecipe, createPantryItem, createUser, libraryRecipe, testDb } from "../helpers/factories";
import { recipeComments, recipeFeedback, recipeIngredients, recipePantryItems } from "../../db/schema";
import { ensureLibrarySeeded } from "../../worker/services/recipes";

beforeAll(async () => {
  await ensureLibrarySeeded(testDb());
});

describe("GET /api/recipes/:id", () => {
  it("answers the recipe, its ingredients with pantry availability, feedback and saved flag", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const peas = await createPantryItem(user, { name: "Frozen peas", category: "Other" });
    const response = await request(`/api/recipes/${recipe.id}`, { cookie: user.cookie });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.recipe).toMatchObject({
      id: recipe.id,
      title: "Weeknight Fried Rice",
      prepTime: 5,
      cookTime: 10,
      totalTime: 15,
      servings: 2,
      difficulty: "easy",
      difficultyBasis: "time",
      sourceType: "generated",
      isOwner: true,
      isLibrary: false,
      saved: false,
      steps: ["Heat the oil.", "Fry the rice with the egg and peas."],
    });
    expect(body.recipe.instructions).toBe("1. Heat the oil.\n2. Fry the rice with the egg and peas.");
    expect(body.recipe.dietary).toEqual(expect.arrayContaining(["vegetarian", "dairy-free"]));
    expect(body.recipe.dietary).not.toContain("vegan");
    expect(body.recipe).not.toHaveProperty("userId");
    const byName = Object.fromEntries(body.ingredients.map((i: { name: string }) => [i.name, i]));
    expect(byName["frozen peas"]).toMatchObject({ available: true, pantryItemId: peas.id, recipeId: recipe.id });
    expect(byName["frozen peas"].score).toBeGreaterThanOrEqual(0.8);
    expect(byName["eggs"]).toMatchObject({ available: false, pantryItemId: null, score: 0 });
    expect(byName["salt"]).toMatchObject({ available: true, alwaysAvailable: true });
    expect(body.feedback).toEqual({ feedbackType: null, summary: { thumbsUp: 0, thumbsDown: 0 } });
    expect(body.saved).toBe(false);
  });

  it("shows a library recipe to everyone, read-only, with its estimated-difficulty basis", async () => {
    const user = await createUser();
    const id = (await libraryRecipe("pdr:carbonara")).id;
    const body = await json(await request(`/api/recipes/${id}`, { cookie: user.cookie }));
    expect(body.recipe).toMatchObject({ id, title: "Carbonara", sourceType: "library", isLibrary: true, isOwner: false });
    expect(body.recipe.source).toMatch(/Public Domain Recipes/);
    expect(body.ingredients.length).toBeGreaterThan(2);
    expect(body.recipe.dietary).not.toContain("vegetarian");
  });

  it("answers 404 'Recipe not found' for another user's recipe and for a missing one", async () => {
    const owner = await createUser();
    const other = await createUser();
    const recipe = await createOwnRecipe(owner);
    for (const path of [`/api/recipes/${recipe.id}`, "/api/recipes/987654"]) {
      const response = await request(path, { cookie: other.cookie });
      expect(response.status).toBe(404);
      expect((await json(response)).message).toBe("Recipe not found");
    }
    expect((await request("/api/recipes/not-a-number", { cookie: other.cookie })).status).toBe(400);
  });

  it("scales the ingredients to other servings", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const body = await json(await request(`/api/recipes/${recipe.id}/scaled?servings=4`, { cookie: user.cookie }));
    expect(body).toMatchObject({ fromServings: 2, servings: 4, servingsKnown: true });
    const byName = Object.fromEntries(body.ingredients.map((i: { name: string }) => [i.name, i]));
    expect(byName["eggs"].quantity).toBe(4);
    expect(byName["frozen peas"]).toMatchObject({ quantity: 200, unit: "g" });
    expect(byName["salt"].quantity).toBeNull();
    const trpcBody = await json(await trpc("recipes.scaled", { id: recipe.id, servings: 1 }, { cookie: user.cookie, type: "query" }));
    expect(trpcBody.result.data.ingredients.find((i: { name: string }) => i.name === "eggs").quantity).toBe(1);
    expect((await request(`/api/recipes/${recipe.id}/scaled?servings=0`, { cookie: user.cookie })).status).toBe(400);
  });
});

describe("ingredients", () => {
  it("adds, edits by original name and deletes ingredients of the user's own recipe", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const added = await request(`/api/recipes/${recipe.id}/ingredients`, { cookie: user.cookie, body: { recipeId: recipe.id, name: "Soy sauce", quantity: "2", unit: "tbsp" } });
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ name: "Soy sauce", quantity: 2, unit: "tbsp", recipeId: recipe.id });

    const updated = await request(`/api/recipes/${recipe.id}/ingredients/${encodeURIComponent("Frozen Peas")}`, {
      method: "PUT",
      cookie: user.cookie,
      body: { recipeId: recipe.id, name: "green peas", quantity: 150, unit: "g" },
    });
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ name: "green peas", quantity: 150, unit: "g", original: null });

    const deleted = await request(`/api/recipes/${recipe.id}/ingredients/eggs`, { method: "DELETE", cookie: user.cookie });
    expect(deleted.status).toBe(200);
    const rows = await testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, recipe.id)).orderBy(recipeIngredients.position);
    expect(rows.map((r) => r.name)).toEqual(["cooked rice", "green peas", "salt", "Soy sauce"]);
  });

  it("accepts quantities typed as kitchen fractions, as the page shows them", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const add = (quantity: string) => request(`/api/recipes/${recipe.id}/ingredients`, { cookie: user.cookie, body: { recipeId: recipe.id, name: `Oil ${quantity}`, quantity } });
    for (const [text, value] of [["1/4", 0.25], ["1 1/2", 1.5], [" 3/4 ", 0.75], ["2", 2], [".5", 0.5]] as const) {
      const response = await add(text);
      expect(response.status).toBe(201);
      expect((await json(response)).quantity).toBeCloseTo(value, 10);
    }
    for (const text of ["1/0", "1//2", "1 /2", "half", "-1/2"]) {
      const response = await add(text);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe("Quantity must be a number");
    }
  });

  it("re-derives the dietary labels when the ingredients change", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const labels = async () => (await json(await request(`/api/recipes/${recipe.id}`, { cookie: user.cookie }))).recipe.dietary;
    expect(await labels()).toContain("vegetarian");
    await request(`/api/recipes/${recipe.id}/ingredients`, { cookie: user.cookie, body: { name: "bacon", quantity: 100, unit: "g" } });
    expect(await labels()).not.toContain("vegetarian");
    await request(`/api/recipes/${recipe.id}/ingredients/bacon`, { method: "DELETE", cookie: user.cookie });
    expect(await labels()).toContain("vegetarian");
  });

  it("validates names and quantities and answers 404 for an unknown ingredient", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const blank = await request(`/api/recipes/${recipe.id}/ingredients`, { cookie: user.cookie, body: { name: "   " } });
    expect(blank.status).toBe(400);
    expect((await json(blank)).message).toBe("Ingredient name is required");
    const badQuantity = await request(`/api/recipes/${recipe.id}/ingredients`, { cookie: user.cookie, body: { name: "Oil", quantity: "lots" } });
    expect(badQuantity.status).toBe(400);
    expect((await json(badQuantity)).message).toBe("Quantity must be a number");
    const missing = await request(`/api/recipes/${recipe.id}/ingredients/truffle`, { method: "PUT", cookie: user.cookie, body: { name: "x" } });
    expect(missing.status).toBe(404);
    expect((await json(missing)).message).toBe("Ingredient not found");
  });

  it("refuses to change library recipes (403 with a message) and other users' recipes (404)", async () => {
    const owner = await createUser();
    const other = await createUser();
    const recipe = await createOwnRecipe(owner);
    const library = (await libraryRecipe("pdr:carbonara")).id;
    const before = await testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, library));

    const addLibrary = await request(`/api/recipes/${library}/ingredients`, { cookie: other.cookie, body: { name: "cream" } });
    expect(addLibrary.status).toBe(403);
    expect((await json(addLibrary)).message).toMatch(/built-in library, so it can't be changed/);
    expect((await request(`/api/recipes/${library}/ingredients/Eggs`, { method: "PUT", cookie: other.cookie, body: { name: "duck eggs" } })).status).toBe(403);
    expect((await request(`/api/recipes/${library}/ingredients/Eggs`, { method: "DELETE", cookie: other.cookie })).status).toBe(403);
    expect(await testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, library))).toEqual(before);

    for (const call of [
      request(`/api/recipes/${recipe.id}/ingredients`, { cookie: other.cookie, body: { name: "cream" } }),
      request(`/api/recipes/${recipe.id}/ingredients/eggs`, { method: "PUT", cookie: other.cookie, body: { name: "x" } }),
      request(`/api/recipes/${recipe.id}/ingredients/eggs`, { method: "DELETE", cookie: other.cookie }),
    ]) {
      const response = await call;
      expect(response.status).toBe(404);
      expect((await json(response)).message).toBe("Recipe not found");
    }
    expect(await testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, recipe.id))).toHaveLength(4);
  });
});

describe("comments", () => {
  it("adds comments with a rating (default 5), lists the user's own, newest first, and deletes them", async () => {
    const user = await createUser();
    const id = (await libraryRecipe("pdr:pancake")).id;
    const first = await request(`/api/recipes/${id}/comments`, { cookie: user.cookie, body: { comment: "  Fluffy!  " } });
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({ comment: "Fluffy!", rating: 5, recipeId: id });
    const second = await json(await request(`/api/recipes/${id}/comments`, { cookie: user.cookie, body: { comment: "Too sweet", rating: 2 } }));
    const listed = await json(await request(`/api/recipes/${id}/comments`, { cookie: user.cookie }));
    expect(listed.map((c: { comment: string }) => c.comment)).toEqual(["Too sweet", "Fluffy!"]);
    expect(listed[0]).toEqual({ id: second.id, recipeId: id, comment: "Too sweet", rating: 2, createdAt: expect.any(String) });
    expect((await request(`/api/comments/${second.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(200);
    expect(await json(await request(`/api/recipes/${id}/comments`, { cookie: user.cookie }))).toHaveLength(1);
  });

  it("validates text and rating", async () => {
    const user = await createUser();
    const id = (await libraryRecipe("pdr:pancake")).id;
    const cases: [unknown, string][] = [
      [{ comment: "   " }, "Comment can't be empty"],
      [{}, "Comment is required"],
      [{ comment: "ok", rating: 0 }, "Rating must be between 1 and 5"],
      [{ comment: "ok", rating: 6 }, "Rating must be between 1 and 5"],
      [{ comment: "ok", rating: 2.5 }, "Rating must be between 1 and 5"],
    ];
    for (const [body, message] of cases) {
      const response = await request(`/api/recipes/${id}/comments`, { cookie: user.cookie, body });
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    expect(await testDb().select().from(recipeComments).where(eq(recipeComments.userId, user.id))).toEqual([]);
  });

  it("keeps comments private: other users neither see nor delete them, and cannot comment on private recipes", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const id = (await libraryRecipe("pdr:pancake")).id;
    const comment = await json(await request(`/api/recipes/${id}/comments`, { cookie: alice.cookie, body: { comment: "Mine" } }));
    expect(await json(await request(`/api/recipes/${id}/comments`, { cookie: bob.cookie }))).toEqual([]);
    const remove = await request(`/api/comments/${comment.id}`, { method: "DELETE", cookie: bob.cookie });
    expect(remove.status).toBe(404);
    expect(await testDb().query.recipeComments.findFirst({ where: eq(recipeComments.id, comment.id) })).toBeDefined();
    const privateRecipe = await createOwnRecipe(alice);
    expect((await request(`/api/recipes/${privateRecipe.id}/comments`, { cookie: bob.cookie })).status).toBe(404);
    expect((await request(`/api/recipes/${privateRecipe.id}/comments`, { cookie: bob.cookie, body: { comment: "hi" } })).status).toBe(404);
  });
});

describe("thumbs feedback", () => {
  it("keeps one answer per user and recipe (upsert) and counts everyone's", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const id = (await libraryRecipe("pdr:omelet")).id;
    expect(await json(await request(`/api/recipes/${id}/feedback`, { cookie: alice.cookie, body: { feedbackType: "thumbs_up" } }))).toMatchObject({
      feedbackType: "thumbs_up",
      summary: { thumbsUp: 1, thumbsDown: 0 },
    });
    const changed = await json(await request(`/api/recipes/${id}/feedback`, { cookie: alice.cookie, body: { feedbackType: "thumbs_down" } }));
    expect(changed).toMatchObject({ feedbackType: "thumbs_down", summary: { thumbsUp: 0, thumbsDown: 1 } });
    await request(`/api/recipes/${id}/feedback`, { cookie: bob.cookie, body: { feedbackType: "thumbs_up" } });
    const rows = await testDb().select().from(recipeFeedback).where(and(eq(recipeFeedback.recipeId, id), eq(recipeFeedback.userId, alice.id)));
    expect(rows).toHaveLength(1);
    expect(await json(await request(`/api/recipes/${id}/feedback`, { cookie: bob.cookie }))).toMatchObject({ feedbackType: "thumbs_up", summary: { thumbsUp: 1, thumbsDown: 1 } });
    const detail = await json(await request(`/api/recipes/${id}`, { cookie: alice.cookie }));
    expect(detail.feedback.feedbackType).toBe("thumbs_down");
  });

  it("refuses unknown feedback types and other users' private recipes", async () => {
    const owner = await createUser();
    const other = await createUser();
    const id = (await libraryRecipe("pdr:omelet")).id;
    const bad = await request(`/api/recipes/${id}/feedback`, { cookie: owner.cookie, body: { feedbackType: "meh" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("Feedback must be thumbs_up or thumbs_down");
    const recipe = await createOwnRecipe(owner);
    expect((await request(`/api/recipes/${recipe.id}/feedback`, { cookie: other.cookie })).status).toBe(404);
    expect((await request(`/api/recipes/${recipe.id}/feedback`, { cookie: other.cookie, body: { feedbackType: "thumbs_up" } })).status).toBe(404);
  });
});

describe("pantry item links", () => {
  it("links the user's own pantry items, lists them with the item, and unlinks", async () => {
    const user = await createUser();
    const recipe = await createOwnRecipe(user);
    const rice = await createPantryItem(user, { name: "Long grain rice", category: "Other" });
    const added = await request(`/api/recipes/${recipe.id}/pantry-items`, { cookie: user.cookie, body: { groceryItemId: rice.id, quantityUsed: 1.5, unitUsed: "cups" } });
    expect(added.status).toBe(201);
    const link = await json(added);
    expect(link).toMatchObject({ recipeId: recipe.id, groceryItemId: rice.id, quantityUsed: 1.5, unitUsed: "cups", item: { id: rice.id, name: "Long grain rice" } });
    const listed = await json(await request(`/api/recipes/${recipe.id}/pantry-items`, { cookie: user.cookie }));
    expect(listed).toEqual([link]);
    expect((await request(`/api/recipe-pantry-items/${link.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(200);
    expect(await json(await request(`/api/recipes/${recipe.id}/pantry-items`, { cookie: user.cookie }))).toEqual([]);
  });

  it("links only the user's own pantry items, to recipes they can see, and unlinks only their own links", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const library = (await libraryRecipe("pdr:rice")).id;
    const bobsRice = await createPantryItem(bob, { name: "Rice", category: "Other" });
    const aliceRice = await createPantryItem(alice, { name: "Rice", category: "Other" });
    const stolen = await request(`/api/recipes/${library}/pantry-items`, { cookie: alice.cookie, body: { groceryItemId: bobsRice.id } });
    expect(stolen.status).toBe(404);
    expect((await json(stolen)).message).toBe("Pantry item not found");
    const alicesRecipe = await createOwnRecipe(alice);
    expect((await request(`/api/recipes/${alicesRecipe.id}/pantry-items`, { cookie: bob.cookie, body: { groceryItemId: bobsRice.id } })).status).toBe(404);
    expect((await request(`/api/recipes/${alicesRecipe.id}/pantry-items`, { cookie: bob.cookie })).status).toBe(404);

    const link = await json(await request(`/api/recipes/${library}/pantry-items`, { cookie: alice.cookie, body: { groceryItemId: aliceRice.id } }));
    expect(await json(await request(`/api/recipes/${library}/pantry-items`, { cookie: bob.cookie }))).toEqual([]);
    expect((await request(`/api/recipe-pantry-items/${link.id}`, { method: "DELETE", cookie: bob.cookie })).status).toBe(404);
    expect(await testDb().select().from(recipePantryItems).where(eq(recipePantryItems.id, link.id))).toHaveLength(1);
    expect((await request(`/api/recipes/${library}/pantry-items`, { cookie: alice.cookie, body: {} })).status).toBe(400);
  });
});

describe("signed-out callers", () => {
  it("get 401 on every recipe path", async () => {
    const id = (await libraryRecipe("pdr:omelet")).id;
    const calls: [string, string][] = [
      ["GET", `/api/recipes/${id}`],
      ["DELETE", `/api/recipes/${id}`],
      ["POST", `/api/recipes/save/${id}`],
      ["DELETE", `/api/recipes/save/${id}`],
      ["POST", `/api/recipes/${id}/ingredients`],
      ["PUT", `/api/recipes/${id}/ingredients/eggs`],
      ["DELETE", `/api/recipes/${id}/ingredients/eggs`],
      ["GET", `/api/recipes/${id}/comments`],
      ["POST", `/api/recipes/${id}/comments`],
      ["DELETE", "/api/comments/1"],
      ["GET", `/api/recipes/${id}/pantry-items`],
      ["POST", `/api/recipes/${id}/pantry-items`],
      ["DELETE", "/api/recipe-pantry-items/1"],
      ["GET", `/api/recipes/${id}/feedback`],
      ["POST", `/api/recipes/${id}/feedback`],
      ["POST", "/api/recipes/generate"],
      ["POST", "/api/recipes/generate-from-pantry"],
    ];
    for (const [method, path] of calls) {
      const response = await request(path, { method, body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
