/**
 * Builds worker/data/recipeLibrary.json, the built-in recipe library (shared, read-only recipes every user sees and
 * the offline recipe engine's base), from data/recipes/recipes.json: 410 recipes from Public Domain Recipes
 * (publicdomainrecipes.com, The Unlicense; see that folder's SOURCE.txt and LICENSE.md).
 *
 *   npx tsx scripts/build-recipe-library.ts [path/to/recipes.json]
 *
 * Per recipe: markdown links and emphasis are reduced to text; every ingredient line is parsed with
 * parseIngredientLine (the original line is kept); "~30 minutes"-style times become minutes with parseIsoDuration;
 * the servings text becomes a number when it starts with one that counts people or pieces; and difficulty, dietary
 * labels, meal type and the component flag come from worker/domain/recipeTags.ts. A line that links to another
 * library recipe ("[chicken stock](/chicken-stock-bone-broth)") brings that recipe's ingredients into the dietary
 * check, so a crostata made with the library's butter pastry is not called vegan.
 *
 * Output, one recipe per line to keep diffs readable: ingredients are tuples in the order of `ingredientFields`,
 * with trailing nulls dropped, which keeps the file compact (it ships inside the Worker).
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseIngredientLine, type ParsedIngredient } from "../worker/domain/ingredients";
import { parseIsoDuration } from "../worker/domain/isoDuration";
import { deriveRecipeTags, type TagIngredient } from "../worker/domain/recipeTags";
import type { LibraryFile } from "../worker/ai/offline/recipeEngine";

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = resolve(process.argv[2] ?? resolve(HERE, "../data/recipes/recipes.json"));
const OUTPUT = resolve(HERE, "../worker/data/recipeLibrary.json");

type SourceRecipe = {
  slug: string;
  title: string;
  author?: string | null;
  tags?: string[] | null;
  prepTime?: string | null;
  cookTime?: string | null;
  servings?: string | null;
  description?: string | null;
  ingredients: { group: string | null; text: string }[];
  directions: string[];
};

/** "[chicken stock](/chicken-stock-bone-broth)" -> "chicken stock"; emphasis and stray markup removed. */
function markdownToText(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[\s(])[*_]([^*_\n]+?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Slugs of library recipes a line links to ("/garam-masala"). */
function internalLinks(text: string): string[] {
  return [...text.matchAll(/\]\(\/([a-z0-9-]+)\/?\)/g)].map((m) => m[1]!).filter(Boolean);
}

const NOT_PEOPLE = /^\s*\d+(?:[.,]\d+)?\s*(?:l|litres?|liters?|ml|cups?|g|kg|oz|lbs?|pounds?|jars?|quarts?|pints?|gallons?)\b/i;

/** Servings from free text: "4", "4-6" (4), "8 bowls", "4 people", "20 (40 pieces)". Null for prose or volumes. */
export function parseServings(text: string | null | undefined): number | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (NOT_PEOPLE.test(trimmed)) return null;
  const match = /^(?:makes\s+|serves\s+|about\s+)?(\d{1,3})(?![\d/])/i.exec(trimmed) ?? /^(\d{1,3})\/\d/.exec(trimmed);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= 100 ? n : null;
}

function minutes(text: string | null | undefined): number | null {
  if (!text) return null;
  const value = parseIsoDuration(text);
  return value === null ? null : Math.max(0, Math.round(value));
}

type LibraryConstants = { LIBRARY_INGREDIENT_FIELDS: readonly string[]; LIBRARY_KEY_PREFIX: string; LIBRARY_SOURCE_NAME: string };

function build(sourceRecipes: SourceRecipe[], constants: LibraryConstants): LibraryFile {
  const { LIBRARY_INGREDIENT_FIELDS, LIBRARY_KEY_PREFIX, LIBRARY_SOURCE_NAME } = constants;
  const bySlug = new Map(sourceRecipes.map((r) => [r.slug, r]));
  const parsedBySlug = new Map<string, (ParsedIngredient & { original: string })[]>();
  const parsedOf = (slug: string): (ParsedIngredient & { original: string })[] => {
    const cached = parsedBySlug.get(slug);
    if (cached) return cached;
    const recipe = bySlug.get(slug);
    const parsed = (recipe?.ingredients ?? []).map((line) => {
      const original = markdownToText(line.text);
      return { ...parseIngredientLine(original), original };
    });
    parsedBySlug.set(slug, parsed);
    return parsed;
  };
  /** The recipe's own lines plus those of every library recipe it links to (transitively). */
  const linesForDiet = (slug: string): TagIngredient[] => {
    const seen = new Set<string>();
    const out: TagIngredient[] = [];
    const visit = (s: string) => {
      if (seen.has(s) || !bySlug.has(s)) return;
      seen.add(s);
      out.push(...parsedOf(s));
      for (const line of bySlug.get(s)!.ingredients) for (const linked of internalLinks(line.text)) visit(linked);
    };
    visit(slug);
    return out;
  };

  const recipes = sourceRecipes.map((source) => {
    const ingredients = parsedOf(source.slug);
    const instructions = source.directions.map(markdownToText).filter(Boolean);
    const prepTime = minutes(source.prepTime);
    const cookTime = minutes(source.cookTime);
    const servings = parseServings(source.servings);
    const title = markdownToText(source.title);
    const tags = (source.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
    const derived = deriveRecipeTags({ title, tags, ingredients, stepCount: instructions.length, prepTime, cookTime, servings });
    const dietary = deriveRecipeTags({ title, tags, ingredients: linesForDiet(source.slug), stepCount: 0, prepTime: 0, cookTime: 0, servings }).dietary;
    const links = [...new Set(source.ingredients.flatMap((line) => internalLinks(line.text)))].filter((slug) => bySlug.has(slug));
    return {
      key: `${LIBRARY_KEY_PREFIX}${source.slug}`,
      title,
      description: source.description ? markdownToText(source.description) || null : null,
      author: source.author ?? null,
      tags,
      prepTime,
      cookTime,
      servings,
      difficulty: derived.difficulty,
      difficultyBasis: derived.difficultyBasis,
      dietary,
      mealType: derived.mealType,
      component: derived.component,
      links: links.map((slug) => `${LIBRARY_KEY_PREFIX}${slug}`),
      instructions,
      ingredients: ingredients.map((p, i) => {
        const tuple = [p.original ?? "", p.name, p.quantity, p.quantityMax, p.unit, p.preparation, p.comment, source.ingredients[i]?.group ?? null];
        while (tuple.length > 2 && tuple[tuple.length - 1] === null) tuple.pop();
        return tuple as LibraryFile["recipes"][number]["ingredients"][number];
      }),
    };
  });
  return {
    source: `${LIBRARY_SOURCE_NAME} (publicdomainrecipes.com), github ronaldl29/public-domain-recipes; The Unlicense (public domain). Derived by scripts/build-recipe-library.ts.`,
    ingredientFields: [...LIBRARY_INGREDIENT_FIELDS],
    recipes,
  };
}

function serialize(file: LibraryFile): string {
  const head = JSON.stringify({ source: file.source, ingredientFields: file.ingredientFields });
  const lines = file.recipes.map((r) => JSON.stringify(r));
  return `${head.slice(0, -1)},\n"recipes":[\n${lines.join(",\n")}\n]}\n`;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const source = JSON.parse(readFileSync(SOURCE, "utf8")) as SourceRecipe[];
  // The engine module imports the library it describes: give it an empty one on the very first build.
  mkdirSync(dirname(OUTPUT), { recursive: true });
  if (!existsSync(OUTPUT)) writeFileSync(OUTPUT, JSON.stringify({ source: "", ingredientFields: [], recipes: [] }));
  const constants = (await import("../worker/ai/offline/recipeEngine")) as LibraryConstants;
  const library = build(source, constants);
  const text = serialize(library);
  writeFileSync(OUTPUT, text);
  const count = (pick: (r: LibraryFile["recipes"][number]) => boolean) => library.recipes.filter(pick).length;
  console.log(`Wrote ${library.recipes.length} recipes (${(text.length / 1024).toFixed(0)} KB) to ${OUTPUT}`);
  console.log(
    `  ingredients: ${library.recipes.reduce((n, r) => n + r.ingredients.length, 0)}; with times: ${count((r) => r.difficultyBasis === "time")}; ` +
      `servings known: ${count((r) => r.servings !== null)}; components: ${count((r) => r.component)}`,
  );
}

export { build as buildRecipeLibrary, markdownToText };
