/**
 * The ingredient index must find exactly what scanning finds: availability through the keyed pantry equals a
 * full scan with matchScore, and a recipe sharing no key with the pantry has no match at all (so the database
 * index may skip it).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ingredientAvailability, isAlwaysAvailable, matchKeys, matchScore, pantryIndexKeys, rankRecipesForPantry, recipeIndexKeys, type PantryItemLike } from "../../worker/domain/matching";
import { bundledLibrary } from "../../worker/ai/offline/recipeEngine";

const library = bundledLibrary();
const LIBRARY_NAMES = [...new Set(library.flatMap((recipe) => recipe.ingredients.map((i) => i.name || i.original)))];
// Names as people type them: case, plurals, brands, sizes, notes, packaging, and a few odd ones.
const DECORATIONS = [(n: string) => n, (n: string) => n.toUpperCase(), (n: string) => `${n}s`, (n: string) => `Organic ${n}`, (n: string) => `${n}, chopped`, (n: string) => `2 lb ${n}`, (n: string) => `Great Value ${n}`, (n: string) => `${n} (fresh)`];
const ODD = ["", " ", "Fresh", "salt", "Water", "peanut butter", "butter", "green onion", "Scallions", "chicken broth", "chicken", "2%", "—", "ice"];

const nameArb = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...LIBRARY_NAMES), fc.constantFrom(...DECORATIONS)).map(([name, decorate]) => decorate(name)) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const dateArb = fc.option(fc.integer({ min: 0, max: 40 }).map((d) => `2026-03-${String((d % 28) + 1).padStart(2, "0")}`));
// Ids in any order: the tie-break goes by id, not by where an item sits in the list.
const pantryArb = fc
  .array(fc.tuple(nameArb, dateArb), { maxLength: 60 })
  .chain((rows) => fc.shuffledSubarray(rows.map((_, i) => i + 1), { minLength: rows.length, maxLength: rows.length }).map((ids) => rows.map(([name, expirationDate], i): PantryItemLike => ({ id: ids[i]!, name, expirationDate }))));

/** The reference: every pantry item compared with every ingredient (what matching did before the index). */
function scanned(ingredients: { name: string }[], pantry: PantryItemLike[]) {
  return ingredients.map(({ name }) => {
    let best: { item: PantryItemLike; score: number } | null = null;
    for (const item of pantry) {
      const score = matchScore(name, item.name);
      if (score <= 0) continue;
      const earlier = item.expirationDate !== null && (best?.item.expirationDate === null || (best !== null && item.expirationDate < best.item.expirationDate!));
      const sameDayLowerId = best !== null && item.expirationDate === best.item.expirationDate && item.id < best.item.id;
      if (!best || score > best.score || (score === best.score && (earlier || sameDayLowerId))) best = { item, score };
    }
    const alwaysAvailable = isAlwaysAvailable(name);
    return { name, available: alwaysAvailable || best !== null, score: best?.score ?? (alwaysAvailable ? 1 : 0), pantryItemId: best?.item.id ?? null, alwaysAvailable };
  });
}

describe("the keyed pantry finds what a full scan finds", () => {
  it("for generated pantries and ingredient lists (property, 1,000 runs)", () => {
    fc.assert(
      fc.property(pantryArb, fc.array(nameArb, { maxLength: 15 }), (pantry, names) => {
        const ingredients = names.map((name) => ({ name }));
        expect(ingredientAvailability(ingredients, pantry)).toEqual(scanned(ingredients, pantry));
      }),
      { numRuns: 1_000 },
    );
  });

  it("for every library recipe against a pantry of library names", () => {
    const pantry = LIBRARY_NAMES.filter((_, i) => i % 7 === 0).map((name, i): PantryItemLike => ({ id: i + 1, name: DECORATIONS[i % DECORATIONS.length]!(name), expirationDate: null }));
    for (const recipe of library) {
      const ingredients = recipe.ingredients.map((i) => ({ name: i.name || i.original }));
      expect(ingredientAvailability(ingredients, pantry)).toEqual(scanned(ingredients, pantry));
    }
  });
});

describe("a recipe sharing no key with the pantry uses nothing from it", () => {
  it("so skipping it in the database changes no ranking (property, 1,000 runs)", () => {
    fc.assert(
      fc.property(pantryArb, fc.array(fc.array(nameArb, { minLength: 1, maxLength: 8 }), { maxLength: 12 }), (pantry, recipeNames) => {
        const recipes = recipeNames.map((names, i) => ({ id: i + 1, ingredients: names.map((name) => ({ name })) }));
        const pantryKeys = new Set(pantryIndexKeys(pantry));
        const indexed = recipes.filter((recipe) => recipeIndexKeys(recipe.ingredients).some((key) => pantryKeys.has(key)));
        const rankedAll = rankRecipesForPantry(recipes, pantry, "2026-03-01").filter((r) => r.matched > 0);
        const rankedIndexed = rankRecipesForPantry(indexed, pantry, "2026-03-01").filter((r) => r.matched > 0);
        expect(rankedIndexed.map((r) => [r.recipe.id, r.score, r.matched])).toEqual(rankedAll.map((r) => [r.recipe.id, r.score, r.matched]));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("keys", () => {
  it("are the normalised words, or the written name when nothing is left", () => {
    expect(matchKeys("Fresh Scallions, chopped")).toEqual(["green", "onion"]);
    expect(matchKeys("  ")).toEqual([]);
    expect(recipeIndexKeys([{ name: "salt" }, { name: "Water" }, { name: "2 Large Eggs" }])).toEqual(["egg"]);
  });
});
