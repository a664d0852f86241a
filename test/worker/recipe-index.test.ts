/**
 * The ingredient index (recipe_ingredient_keys): filled when the library is seeded and when a recipe or its
 * ingredients are saved, refilled for a library seeded before it existed, and "what can I make" through it ranks
 * exactly as matching every visible recipe against the pantry would.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq, isNull, or } from "drizzle-orm";
import { pantryItems, recipeIngredientKeys, recipeIngredients, recipes } from "../../db/schema";
import { pantryIndexKeys, rankRecipesForPantry, recipeIndexKeys } from "../../worker/domain/matching";
import { todayIn } from "../../worker/domain/dates";
import { ensureLibrarySeeded, pantryForMatchingQuery, pantryMatchCounter } from "../../worker/services/recipes";
import { env } from "cloudflare:test";
import { createOwnRecipe, createPantryItem, createUser, libraryRecipe, testDb, type TestUser } from "../helpers/factories";

let user: TestUser;
beforeAll(async () => {
  user = await createUser();
  await ensureLibrarySeeded(testDb());
});

async function keysOf(recipeId: number): Promise<string[]> {
  const rows = await testDb().select({ key: recipeIngredientKeys.key }).from(recipeIngredientKeys).where(eq(recipeIngredientKeys.recipeId, recipeId)).orderBy(asc(recipeIngredientKeys.key));
  return rows.map((row) => row.key);
}

async function namesOf(recipeId: number): Promise<{ name: string }[]> {
  return testDb().select({ name: recipeIngredients.name }).from(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId));
}

describe("filling the index", () => {
  it("the seeded library: every recipe's rows are its ingredients' keys", async () => {
    const library = await testDb().select({ id: recipes.id }).from(recipes).where(isNull(recipes.userId));
    expect(library.length).toBeGreaterThan(300);
    let indexed = 0;
    for (const { id } of library) {
      const expected = recipeIndexKeys(await namesOf(id));
      expect(await keysOf(id)).toEqual(expected);
      if (expected.length > 0) indexed += 1;
    }
    expect(indexed).toBeGreaterThan(300);
  });

  it("a library seeded before the index existed gets its rows on the next list", async () => {
    const first = await libraryRecipe();
    await testDb().delete(recipeIngredientKeys);
    expect(await keysOf(first.id)).toEqual([]);
    await user.api.recipes.list.query({});
    expect(await keysOf(first.id)).toEqual(recipeIndexKeys(await namesOf(first.id)));
  });

  it("a saved recipe, then each ingredient edit, rebuilds its rows", async () => {
    const recipe = await createOwnRecipe(user);
    expect(await keysOf(recipe.id)).toEqual(recipeIndexKeys([{ name: "cooked rice" }, { name: "eggs" }, { name: "frozen peas" }, { name: "salt" }]));
    expect(await keysOf(recipe.id)).toContain("egg");
    await user.api.recipes.ingredients.add.mutate({ recipeId: recipe.id, name: "smoked paprika", quantity: 1, unit: "tsp" });
    expect(await keysOf(recipe.id)).toEqual(recipeIndexKeys(await namesOf(recipe.id)));
    expect(await keysOf(recipe.id)).toContain("paprika");
    await user.api.recipes.ingredients.update.mutate({ recipeId: recipe.id, originalName: "eggs", name: "tofu" });
    expect(await keysOf(recipe.id)).toContain("tofu");
    expect(await keysOf(recipe.id)).not.toContain("egg");
    await user.api.recipes.ingredients.delete.mutate({ recipeId: recipe.id, name: "tofu" });
    expect(await keysOf(recipe.id)).toEqual(recipeIndexKeys(await namesOf(recipe.id)));
    expect(await keysOf(recipe.id)).not.toContain("tofu");
  });
});

/** "What can I make" page by page, and the same ranking worked out by matching every visible recipe. */
async function listedAndExpected(cook: TestUser) {
  const listed: number[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const answer = await cook.api.recipes.list.query({ sort: "pantry", pantryUsage: 2, page });
    totals.add(answer.total);
    listed.push(...answer.recipes.map((r) => r.id));
    if (page >= answer.pageCount) break;
  }

  // The reference: every recipe the user can see, matched against the whole pantry.
  const db = testDb();
  const names = await db
    .select({ recipeId: recipeIngredients.recipeId, name: recipeIngredients.name })
    .from(recipeIngredients)
    .innerJoin(recipes, eq(recipes.id, recipeIngredients.recipeId))
    .where(or(isNull(recipes.userId), eq(recipes.userId, cook.id)));
  const pantry = (await cook.api.pantry.list.query()).map((item) => ({ id: item.id, name: item.name, expirationDate: item.expirationDate }));
  const count = pantryMatchCounter(pantry);
  const byRecipe = new Map<number, { name: string }[]>();
  for (const n of names) (byRecipe.get(n.recipeId) ?? byRecipe.set(n.recipeId, []).get(n.recipeId)!).push({ name: n.name });
  // The list's own order (own recipes first, then the library by title) is the tie-break; take it from the plain list.
  const ordered: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await cook.api.recipes.list.query({ page });
    ordered.push(...answer.recipes.map((r) => r.id));
    if (page >= answer.pageCount) break;
  }
  const kept = ordered.filter((id) => count(byRecipe.get(id) ?? []) >= 2);
  const expected = rankRecipesForPantry(
    kept.map((id) => ({ id, ingredients: byRecipe.get(id) ?? [] })),
    pantry,
    todayIn("UTC"),
  ).map((r) => r.recipe.id);
  return { listed, expected, totals: [...totals], pantryKeys: pantryIndexKeys(pantry).length };
}

describe("what can I make through the index", () => {
  it("ranks as matching every visible recipe would, own recipes without index rows included", async () => {
    const cook = await createUser();
    for (const name of ["Chicken thighs", "garlic", "Lemons", "spinach", "eggs", "Parmesan cheese", "rice", "black beans", "onion", "tomatoes"]) {
      await createPantryItem(cook, { name, category: "Other" });
    }
    // Saved before the index existed: no rows, still considered.
    const legacy = await createOwnRecipe(cook, { title: "Old garlic rice", ingredients: [{ name: "garlic", quantity: 2, unit: "cloves" }, { name: "rice", quantity: 1, unit: "cup" }] });
    await testDb().delete(recipeIngredientKeys).where(eq(recipeIngredientKeys.recipeId, legacy.id));

    const { listed, expected, totals } = await listedAndExpected(cook);
    expect(listed).toEqual(expected);
    expect(totals).toEqual([expected.length]);
    expect(listed).toContain(legacy.id);
    expect(listed.length).toBeGreaterThan(5);
  });

  it("ranks the same for a pantry so large the index no longer narrows anything", async () => {
    const cook = await createUser();
    // Library ingredient names with expiry dates that repeat, so ties between items are broken too.
    const names = [...new Set((await testDb().select({ name: recipeIngredients.name }).from(recipeIngredients)).map((row) => row.name))].slice(0, 400);
    const rows = names.map((name, i) => ({ userId: cook.id, name, category: "Other", expirationDate: i % 5 === 0 ? null : `2030-01-${String((i % 9) + 1).padStart(2, "0")}` }));
    // Seven bound values a row; D1 takes at most 100 per query.
    for (let i = 0; i < rows.length; i += 12) await testDb().insert(pantryItems).values(rows.slice(i, i + 12));
    await createOwnRecipe(cook, { title: "Mine", ingredients: [{ name: names[0]!, quantity: 1, unit: null }, { name: names[1]!, quantity: 1, unit: null }] });

    const { listed, expected, totals, pantryKeys } = await listedAndExpected(cook);
    expect(pantryKeys).toBeGreaterThan(150);
    expect(listed).toEqual(expected);
    expect(totals).toEqual([expected.length]);
    expect(listed.length).toBeGreaterThan(100);
  });

  it("an empty pantry can make nothing", async () => {
    const empty = await createUser();
    expect((await empty.api.recipes.list.query({ sort: "pantry" })).total).toBe(0);
  });
});

describe("reading the pantry for matching", () => {
  it("comes from the partial index of items with something left, already in date order (no sort, no scan)", async () => {
    const { sql, params } = pantryForMatchingQuery(testDb(), user.id).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join(" | ");
    expect(details).toMatch(/^SEARCH pantry_items USING (COVERING )?INDEX pantry_items_user_id_\w*visible_idx \(user_id=\?\)/);
    expect(details).not.toMatch(/TEMP B-TREE|SCAN /);
  });
});
