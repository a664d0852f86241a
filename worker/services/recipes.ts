/**
 * Recipes: the shared library (user_id NULL, read-only, seeded from worker/data/recipeLibrary.json), each user's own
 * recipes (private), and the pieces hung on a recipe per user (saved flag, comments, thumbs feedback, pantry links).
 *
 * Access rule: a library recipe is readable by everyone and editable by no one (FORBIDDEN with a message); a user's
 * own recipe is theirs alone: someone else's id answers NOT_FOUND 'Recipe not found', the same as a missing one.
 *
 * Library seeding: ensureLibrarySeeded(db) runs the same idempotent SQL as `npm run seed` (recipeLibrarySql: INSERT
 * OR IGNORE keyed on library_key, then ingredients only for library recipes that have none). The list and the
 * generators call it first, so a fresh database (production, a test file) gets the library on first use; when the
 * library is complete it costs one indexed COUNT.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { pantryItems, recipeIngredientKeys, recipeIngredients, recipes, savedRecipes } from "../../db/schema";
import { isPremiumUser, type UserRow } from "../context";
import { ErrorDetails } from "../errors";
import type { AiSeam } from "../ai";
import type { AiProviderName, AiTask } from "../ai/types";
import { LIMITS, type MealType } from "../domain/constants";
import { todayIn } from "../domain/dates";
import { formatIngredient, parseIngredientLine } from "../domain/ingredients";
import { pantryIndexKeys, pantryMatcher, matchScore, recipeIndexKeys, type PantryItemLike } from "../domain/matching";
import { extractRecipeFromHtml, htmlToText, type IngredientGroup } from "../domain/recipeExtract";
import { sectionedIngredients } from "../domain/recipeFiles";
import { allergenViolations, deriveDietary, deriveDifficulty, deriveMealType, dietViolations, toDietTag, type DietTag } from "../domain/recipeTags";
import { scaleIngredients } from "../domain/scale";
import { preferencesCanRuleOut, recipeFit, withDislikePenalty, type FoodPreferenceLists, type RecipeFit } from "../domain/preferences";
import { fetchPage, SafeFetchError } from "../lib/safeFetch";
import { RATE_LIMITS, rateLimit } from "../auth/rateLimit";
import { bundledLibrary, RecipeEngineError, type LibraryRecipe } from "../ai/offline/recipeEngine";
import { recipeGenerationTask, type RecipeGenerationInput } from "../ai/tasks/recipeGeneration";
import { recipeExtractionTask } from "../ai/tasks/recipeExtraction";
import { visiblePantryItem } from "./pantry";
import { containsText } from "./textSearch";

export type RecipeRow = typeof recipes.$inferSelect;
export type RecipeIngredientRow = typeof recipeIngredients.$inferSelect;
export type RecipesDb = { db: Db };

export const RECIPE_NOT_FOUND = "Recipe not found";
export const LIBRARY_READ_ONLY = "This recipe is part of the built-in library, so it can't be changed. Generate or import your own to edit it.";
export const LIBRARY_NOT_DELETABLE = "Built-in library recipes can't be deleted.";

/** D1 refuses statements with more than 100 bound parameters. */
const MAX_BOUND_PARAMETERS = 100;
/** D1's limit on one SQL statement is 100 KB; the seed keeps each well under it. */
const SEED_STATEMENT_BYTES = 60_000;

// ---------------------------------------------------------------------------------------------------------------
// 1. The library

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Numbered steps, one per line: the stored form of instructions. */
export function instructionsText(steps: readonly string[]): string {
  return steps.map((step, i) => `${i + 1}. ${step.replace(/\s+/g, " ").trim()}`).join("\n");
}

/** Steps from the stored text (numbering removed). */
export function instructionSteps(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*\d+[.)]\s*/, "").trim())
    .filter(Boolean);
}

function libraryRecipeValues(recipe: LibraryRecipe): string {
  const source = recipe.author ? `Public Domain Recipes (by ${recipe.author})` : "Public Domain Recipes";
  return `(${[
    null, recipe.title, recipe.description, instructionsText(recipe.instructions), recipe.prepTime, recipe.cookTime, recipe.servings,
    source, "library", null, recipe.difficulty, recipe.difficultyBasis, JSON.stringify(recipe.dietary), recipe.mealType,
    JSON.stringify(recipe.tags), null, false, recipe.key,
  ].map(sqlLiteral).join(", ")})`;
}

/**
 * Packs groups of value rows into statements of at most SEED_STATEMENT_BYTES. A group (one recipe's ingredients)
 * is never split: the "only recipes without ingredients" guard would skip the rest of a split recipe.
 */
function chunkedStatements(prefix: string, groups: string[][], suffix: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let size = prefix.length + suffix.length;
  for (const group of groups) {
    const groupSize = group.reduce((n, row) => n + row.length + 2, 0);
    if (current.length > 0 && size + groupSize > SEED_STATEMENT_BYTES) {
      statements.push(`${prefix}${current.join(",\n")}${suffix}`);
      current = [];
      size = prefix.length + suffix.length;
    }
    current.push(...group);
    size += groupSize;
  }
  if (current.length) statements.push(`${prefix}${current.join(",\n")}${suffix}`);
  return statements;
}

/**
 * Idempotent SQL that loads the library: recipes by INSERT OR IGNORE on library_key, then ingredients (joined on
 * library_key) only for library recipes that have none yet. Values are literals (no bound parameters), each
 * statement under 60 KB; they run in order as one batch or one `wrangler d1 execute --file`.
 */
export function recipeLibrarySql(library: LibraryRecipe[] = bundledLibrary()): string[] {
  const recipeStatements = chunkedStatements(
    "INSERT OR IGNORE INTO recipes (user_id, title, description, instructions, prep_time, cook_time, servings, source, source_type, source_url, difficulty, difficulty_basis, dietary, meal_type, tags, image_url, is_premium, library_key) VALUES\n",
    library.map((recipe) => [libraryRecipeValues(recipe)]),
    "",
  );
  const ingredientGroups = library.map((recipe) =>
    recipe.ingredients.map(
      (i, position) =>
        `(${[recipe.key, position, i.name || i.original, i.quantity, i.quantityMax, i.unit, i.preparation, i.comment, i.original, i.section].map(sqlLiteral).join(", ")})`,
    ),
  );
  // column1..column10 are SQLite's names for the VALUES columns.
  const ingredientStatements = chunkedStatements(
    "INSERT INTO recipe_ingredients (recipe_id, position, name, quantity, quantity_max, unit, preparation, comment, original, section)\n" +
      "SELECT r.id, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9, v.column10 FROM (VALUES\n",
    ingredientGroups.filter((group) => group.length > 0),
    "\n) AS v JOIN recipes r ON r.library_key = v.column1 AND r.user_id IS NULL\n" +
      "WHERE NOT EXISTS (SELECT 1 FROM recipe_ingredients ri WHERE ri.recipe_id = r.id)",
  );
  // The ingredient index (recipe_ingredient_keys), one row per key; OR IGNORE keeps a re-run harmless.
  const keyStatements = chunkedStatements(
    "INSERT OR IGNORE INTO recipe_ingredient_keys (key, recipe_id)\nSELECT v.column2, r.id FROM (VALUES\n",
    library.map((recipe) => recipeIndexKeys(recipe.ingredients.map((i) => ({ name: i.name || i.original }))).map((key) => `(${sqlLiteral(recipe.key)}, ${sqlLiteral(key)})`)).filter((group) => group.length > 0),
    "\n) AS v JOIN recipes r ON r.library_key = v.column1 AND r.user_id IS NULL",
  );
  return [...recipeStatements, ...ingredientStatements, ...keyStatements];
}

/** Loads the library when it is missing or incomplete (see the module comment). Returns the library size. */
export async function ensureLibrarySeeded(db: Db, library: LibraryRecipe[] = bundledLibrary()): Promise<number> {
  // A library seeded before the ingredient index existed has no index rows yet: the same SQL fills them in.
  const [row] = await db
    .select({
      n: sql<number>`COUNT(*)`,
      indexed: sql<number>`EXISTS (SELECT 1 FROM recipe_ingredient_keys k JOIN recipes r ON r.id = k.recipe_id WHERE r.library_key IS NOT NULL)`,
    })
    .from(recipes)
    .where(sql`${recipes.libraryKey} IS NOT NULL`);
  if ((row?.n ?? 0) >= library.length && row?.indexed) return row.n;
  const d1 = db.$client;
  await d1.batch(recipeLibrarySql(library).map((statement) => d1.prepare(statement)));
  return library.length;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Access

/** A recipe the user may read: the library's or their own. NOT_FOUND otherwise (same answer for both). */
export async function findReadableRecipe(ctx: RecipesDb, userId: string, id: number): Promise<RecipeRow> {
  const row = await ctx.db.query.recipes.findFirst({
    where: and(eq(recipes.id, id), or(isNull(recipes.userId), eq(recipes.userId, userId))),
  });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: RECIPE_NOT_FOUND });
  return row;
}

/** A recipe the user may change: their own. The library answers FORBIDDEN; anyone else's NOT_FOUND. */
export async function findOwnRecipe(ctx: RecipesDb, userId: string, id: number, libraryMessage = LIBRARY_READ_ONLY): Promise<RecipeRow> {
  const row = await findReadableRecipe(ctx, userId, id);
  if (row.userId === null) throw new TRPCError({ code: "FORBIDDEN", message: libraryMessage });
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Output shapes

export type SourceType = "library" | "generated" | "imported" | "user";

/** The card every recipe list and generation answer shows, never the raw row. */
export function toRecipeCard(row: RecipeRow, userId: string, extras: { saved: boolean; pantryMatches: number }) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    prepTime: row.prepTime,
    cookTime: row.cookTime,
    totalTime: totalTime(row),
    servings: row.servings,
    mealType: row.mealType as MealType | null,
    imageUrl: row.imageUrl,
    isPremium: row.isPremium,
    saved: extras.saved,
    sourceType: row.sourceType as SourceType,
    source: row.source,
    difficulty: row.difficulty,
    dietary: (row.dietary ?? []) as DietTag[],
    pantryMatches: extras.pantryMatches,
    isOwner: row.userId === userId,
    createdAt: row.createdAt.toISOString(),
  };
}
export type RecipeCard = ReturnType<typeof toRecipeCard>;

function totalTime(row: Pick<RecipeRow, "prepTime" | "cookTime">): number | null {
  return row.prepTime === null && row.cookTime === null ? null : (row.prepTime ?? 0) + (row.cookTime ?? 0);
}

export function toRecipeDetail(row: RecipeRow, userId: string, extras: { saved: boolean; adaptedFrom: { id: number; title: string } | null }) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    instructions: row.instructions,
    steps: instructionSteps(row.instructions),
    prepTime: row.prepTime,
    cookTime: row.cookTime,
    totalTime: totalTime(row),
    servings: row.servings,
    source: row.source,
    sourceType: row.sourceType as SourceType,
    sourceUrl: row.sourceUrl,
    difficulty: row.difficulty,
    /** "time" from prep + cook minutes, "steps" estimated from the step count, "requested" as asked. */
    difficultyBasis: row.difficultyBasis,
    dietary: (row.dietary ?? []) as DietTag[],
    mealType: row.mealType as MealType | null,
    tags: row.tags ?? [],
    imageUrl: row.imageUrl,
    isPremium: row.isPremium,
    saved: extras.saved,
    isOwner: row.userId === userId,
    isLibrary: row.userId === null,
    adaptedFrom: extras.adaptedFrom,
    createdAt: row.createdAt.toISOString(),
  };
}

export function ingredientText(row: Pick<RecipeIngredientRow, "name" | "quantity" | "quantityMax" | "unit" | "preparation" | "comment">): string {
  return formatIngredient({ input: "", name: row.name, quantity: row.quantity, quantityMax: row.quantityMax, unit: row.unit, preparation: row.preparation, comment: row.comment });
}

export function toIngredientOutput(row: RecipeIngredientRow, availability: { available: boolean; score: number; pantryItemId: number | null; alwaysAvailable: boolean } | null) {
  return {
    id: row.id,
    recipeId: row.recipeId,
    name: row.name,
    quantity: row.quantity,
    quantityMax: row.quantityMax,
    unit: row.unit,
    preparation: row.preparation,
    comment: row.comment,
    section: row.section,
    original: row.original,
    text: ingredientText(row),
    available: availability?.available ?? false,
    score: availability?.score ?? 0,
    pantryItemId: availability?.pantryItemId ?? null,
    alwaysAvailable: availability?.alwaysAvailable ?? false,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Reads

export async function ingredientsOf(ctx: RecipesDb, recipeId: number): Promise<RecipeIngredientRow[]> {
  return ctx.db.select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId)).orderBy(asc(recipeIngredients.position), asc(recipeIngredients.id));
}

/**
 * The user's pantry items that still have something left, as matching needs them, in date order (the index's
 * order, so matching's own use-first sort has little to do). They travel as one JSON array in one row: a pantry
 * of thousands then costs one value to pass back instead of a row object each (5.5 -> 3.4 ms at 2,000 items).
 */
export async function pantryForMatching(ctx: RecipesDb, userId: string): Promise<PantryItemLike[]> {
  const rows = pantryForMatchingQuery(ctx.db, userId).as("items");
  const [packed] = await ctx.db.select({ items: sql<string>`json_group_array(json_array(${rows.id}, ${rows.name}, ${rows.expirationDate}))` }).from(rows);
  return (JSON.parse(packed?.items ?? "[]") as [number, string, string | null][]).map(([id, name, expirationDate]) => ({ id, name, expirationDate }));
}

/** The query itself, so a test can check its plan. */
export function pantryForMatchingQuery(db: Db, userId: string) {
  return db
    .select({ id: pantryItems.id, name: pantryItems.name, expirationDate: pantryItems.expirationDate })
    .from(pantryItems)
    .where(and(eq(pantryItems.userId, userId), visiblePantryItem))
    .orderBy(asc(pantryItems.expirationDate), asc(pantryItems.id));
}

/** A readable recipe with the parts preference checks, ranking and the companion read. */
export type RecipeWithIngredients = {
  id: number;
  title: string;
  tags: string[];
  dietary: string[];
  servings: number | null;
  prepTime: number | null;
  cookTime: number | null;
  mealType: MealType | null;
  isOwn: boolean;
  ingredients: { name: string; original: string | null; quantity: number | null; unit: string | null }[];
};

/**
 * Every recipe the user can read (the library and their own) with its ingredients, in two queries. Seeds the
 * library first, so a fresh database has it.
 */
export async function readableRecipesWithIngredients(ctx: RecipesDb, userId: string): Promise<RecipeWithIngredients[]> {
  await ensureLibrarySeeded(ctx.db);
  const readable = or(isNull(recipes.userId), eq(recipes.userId, userId));
  const [rows, lines] = await Promise.all([
    ctx.db
      .select({
        id: recipes.id,
        title: recipes.title,
        tags: recipes.tags,
        dietary: recipes.dietary,
        servings: recipes.servings,
        prepTime: recipes.prepTime,
        cookTime: recipes.cookTime,
        mealType: recipes.mealType,
        userId: recipes.userId,
      })
      .from(recipes)
      .where(readable)
      .orderBy(asc(recipes.id)),
    ctx.db
      .select({ recipeId: recipeIngredients.recipeId, name: recipeIngredients.name, original: recipeIngredients.original, quantity: recipeIngredients.quantity, unit: recipeIngredients.unit })
      .from(recipeIngredients)
      .innerJoin(recipes, eq(recipes.id, recipeIngredients.recipeId))
      .where(readable)
      .orderBy(asc(recipeIngredients.recipeId), asc(recipeIngredients.position)),
  ]);
  const byRecipe = new Map<number, RecipeWithIngredients["ingredients"]>();
  for (const { recipeId, ...line } of lines) (byRecipe.get(recipeId) ?? byRecipe.set(recipeId, []).get(recipeId)!).push(line);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    tags: Array.isArray(row.tags) ? row.tags : [],
    dietary: Array.isArray(row.dietary) ? row.dietary : [],
    servings: row.servings,
    prepTime: row.prepTime,
    cookTime: row.cookTime,
    mealType: row.mealType as MealType | null,
    isOwn: row.userId === userId,
    ingredients: byRecipe.get(row.id) ?? [],
  }));
}

/** How many different pantry items a recipe's ingredients use, with the pantry indexed once (pantryMatcher). */
export function pantryMatchCounter(pantry: PantryItemLike[], matcher = pantryMatcher(pantry)): (ingredients: { name: string }[]) => number {
  return (ingredients) => {
    if (pantry.length === 0 || ingredients.length === 0) return 0;
    const used = new Set<number>();
    for (const row of matcher.availability(ingredients)) if (!row.alwaysAvailable && row.pantryItemId !== null) used.add(row.pantryItemId);
    return used.size;
  };
}

export async function isSaved(ctx: RecipesDb, userId: string, recipeId: number): Promise<boolean> {
  const row = await ctx.db.query.savedRecipes.findFirst({ where: and(eq(savedRecipes.userId, userId), eq(savedRecipes.recipeId, recipeId)) });
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Writes

export type NewIngredient = {
  name: string;
  quantity: number | null;
  quantityMax?: number | null;
  unit: string | null;
  preparation?: string | null;
  comment?: string | null;
  original?: string | null;
  section?: string | null;
};

export type NewRecipe = {
  title: string;
  description: string | null;
  steps: string[];
  prepTime: number | null;
  cookTime: number | null;
  servings: number | null;
  source: string;
  sourceType: Exclude<SourceType, "library">;
  sourceUrl?: string | null;
  /** Used when the recipe gives no times; otherwise difficulty comes from the times. */
  requestedDifficulty?: string | null;
  mealType: MealType | null;
  tags?: string[];
  imageUrl?: string | null;
  isPremium: boolean;
  adaptedFromId?: number | null;
  ingredients: NewIngredient[];
};

/**
 * Saves a user's recipe and its ingredients in one db.batch (all or nothing). The ingredient statements find the
 * new recipe as the user's newest row inside the same batch, so no round trip is needed for its id. Difficulty
 * and dietary labels are derived from the content, never taken on trust.
 */
export async function saveUserRecipe(ctx: RecipesDb, userId: string, recipe: NewRecipe): Promise<RecipeRow> {
  const fromTimes = deriveDifficulty({ prepTime: recipe.prepTime, cookTime: recipe.cookTime, stepCount: recipe.steps.length });
  const useRequested = fromTimes.basis === "steps" && recipe.requestedDifficulty;
  const dietary = deriveDietary(recipe.ingredients.map((i) => ({ ...i, original: i.original ?? null })), recipe.servings);
  const insertRecipe = ctx.db
    .insert(recipes)
    .values({
      userId,
      title: recipe.title,
      description: recipe.description,
      instructions: instructionsText(recipe.steps),
      prepTime: recipe.prepTime,
      cookTime: recipe.cookTime,
      servings: recipe.servings,
      source: recipe.source,
      sourceType: recipe.sourceType,
      sourceUrl: recipe.sourceUrl ?? null,
      difficulty: useRequested ? recipe.requestedDifficulty! : fromTimes.difficulty,
      difficultyBasis: useRequested ? "requested" : fromTimes.basis,
      dietary,
      mealType: recipe.mealType,
      tags: recipe.tags ?? [],
      imageUrl: recipe.imageUrl ?? null,
      isPremium: recipe.isPremium,
      adaptedFromId: recipe.adaptedFromId ?? null,
    })
    .returning();
  const newRecipeId = sql`(SELECT ${recipes.id} FROM ${recipes} WHERE ${recipes.userId} = ${userId} ORDER BY ${recipes.id} DESC LIMIT 1)`;
  const rows = recipe.ingredients.map((i, position) => ({
    recipeId: newRecipeId,
    position,
    name: i.name,
    quantity: i.quantity,
    quantityMax: i.quantityMax ?? null,
    unit: i.unit,
    preparation: i.preparation ?? null,
    comment: i.comment ?? null,
    original: i.original ?? null,
    section: i.section ?? null,
  }));
  // Ten columns plus the subquery's user id per row.
  const rowsPerStatement = Math.floor(MAX_BOUND_PARAMETERS / 11);
  const ingredientInserts = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    ingredientInserts.push(ctx.db.insert(recipeIngredients).values(rows.slice(start, start + rowsPerStatement)));
  }
  const keyRows = recipeIndexKeys(recipe.ingredients).map((key) => ({ key, recipeId: newRecipeId }));
  // Two columns plus the subquery's user id per row.
  const keyInserts = [];
  for (let start = 0; start < keyRows.length; start += Math.floor(MAX_BOUND_PARAMETERS / 3)) {
    keyInserts.push(ctx.db.insert(recipeIngredientKeys).values(keyRows.slice(start, start + Math.floor(MAX_BOUND_PARAMETERS / 3))).onConflictDoNothing());
  }
  const [inserted] = await ctx.db.batch([insertRecipe, ...ingredientInserts, ...keyInserts]);
  const row = inserted[0];
  if (!row) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "The recipe was not saved" });
  return row;
}

/**
 * What follows from a change to a recipe's ingredients, as statements for the same batch: its dietary labels
 * re-derived and its rows in the ingredient index rebuilt. `ingredients` is the list after the change.
 */
export function ingredientsChanged(ctx: RecipesDb, recipe: RecipeRow, ingredients: Parameters<typeof dietaryUpdate>[2]) {
  const keys = recipeIndexKeys(ingredients);
  const inserts = [];
  for (let start = 0; start < keys.length; start += Math.floor(MAX_BOUND_PARAMETERS / 2)) {
    const rows = keys.slice(start, start + Math.floor(MAX_BOUND_PARAMETERS / 2)).map((key) => ({ key, recipeId: recipe.id }));
    inserts.push(ctx.db.insert(recipeIngredientKeys).values(rows).onConflictDoNothing());
  }
  return [dietaryUpdate(ctx, recipe, ingredients), ctx.db.delete(recipeIngredientKeys).where(eq(recipeIngredientKeys.recipeId, recipe.id)), ...inserts] as const;
}

/** Re-derives a recipe's dietary labels after its ingredients changed (a statement for the same batch). */
export function dietaryUpdate(ctx: RecipesDb, recipe: RecipeRow, ingredients: { name: string; quantity: number | null; unit: string | null; original?: string | null; preparation?: string | null; comment?: string | null }[]) {
  return ctx.db.update(recipes).set({ dietary: deriveDietary(ingredients, recipe.servings) }).where(eq(recipes.id, recipe.id));
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Lists

const NO_PREFERENCES: FoodPreferenceLists = { allergies: [], dislikedFoods: [], dietaryRestrictions: [] };

export type ListFilters = {
  search?: string;
  difficulty?: string;
  dietary: DietTag[];
  source?: string;
  pantryUsage?: number;
  owner?: boolean;
  sort?: "default" | "pantry";
  fitsPreferences?: boolean;
  page: number;
};

/** A host and its subdomains ("nytimes.com" matches "cooking.nytimes.com"). */
function hostIs(host: string): SQL {
  return sql`(${recipes.source} = ${host} OR ${recipes.source} LIKE ${`%.${host}`})`;
}

function filterConditions(userId: string, filters: ListFilters): SQL[] {
  const conditions: SQL[] = [filters.owner ? eq(recipes.userId, userId) : or(isNull(recipes.userId), eq(recipes.userId, userId))!];
  if (filters.search) {
    const search = filters.search;
    conditions.push(
      sql`(${containsText(recipes.title, search)} OR ${containsText(recipes.description, search)} OR EXISTS (SELECT 1 FROM ${recipeIngredients} WHERE ${recipeIngredients.recipeId} = ${recipes.id} AND ${containsText(recipeIngredients.name, search)}))`,
    );
  }
  if (filters.difficulty) conditions.push(eq(recipes.difficulty, filters.difficulty));
  for (const diet of filters.dietary) conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${recipes.dietary}) WHERE json_each.value = ${diet})`);
  switch (filters.source) {
    case "generated":
    case "library":
    case "imported":
      conditions.push(eq(recipes.sourceType, filters.source));
      break;
    case "saved":
      conditions.push(sql`${savedRecipes.recipeId} IS NOT NULL`);
      break;
    case "nyt":
      conditions.push(and(eq(recipes.sourceType, "imported"), hostIs("nytimes.com"))!);
      break;
    case "substack":
      conditions.push(and(eq(recipes.sourceType, "imported"), hostIs("substack.com"))!);
      break;
  }
  return conditions;
}

/**
 * Own recipes first (newest first), then the library by title. Library rows' creation times only reflect the seed's
 * insert batches, so they must not order the library (page 1 would start mid-alphabet).
 */
const LIST_ORDER = [
  sql`${recipes.userId} IS NULL`,
  sql`CASE WHEN ${recipes.userId} IS NULL THEN NULL ELSE ${recipes.createdAt} END DESC`,
  sql`${recipes.title} COLLATE NOCASE`,
  asc(recipes.id),
];

/**
 * Recipes that can use one of the pantry's items: found in the ingredient index by the pantry's keys (so this
 * reads only the recipes concerned), plus the user's own recipes the index has no rows for (saved before it
 * existed).
 */
function usesPantryCondition(userId: string, keys: string[]): SQL {
  return sql`(${recipes.id} IN (SELECT ${recipeIngredientKeys.recipeId} FROM ${recipeIngredientKeys} WHERE ${recipeIngredientKeys.key} IN (SELECT value FROM json_each(${JSON.stringify(keys)})))
    OR (${recipes.userId} = ${userId} AND NOT EXISTS (SELECT 1 FROM ${recipeIngredientKeys} WHERE ${recipeIngredientKeys.recipeId} = ${recipes.id})))`;
}

/** What preference checks and matching read of an ingredient line. */
type IngredientLine = { name: string; original: string | null; quantity: number | null; unit: string | null };
const INGREDIENT_LINE = {
  recipeId: recipeIngredients.recipeId,
  name: recipeIngredients.name,
  original: recipeIngredients.original,
  quantity: recipeIngredients.quantity,
  unit: recipeIngredients.unit,
};

/** Matching reads only the names; preference checks read the whole line. */
const INGREDIENT_NAME = { recipeId: recipeIngredients.recipeId, name: recipeIngredients.name };

/** The ingredient lines (or names) of the given recipes (ids as one JSON parameter: there may be hundreds). */
function ingredientLinesOf<T extends typeof INGREDIENT_LINE | typeof INGREDIENT_NAME>(ctx: RecipesDb, ids: number[], columns: T) {
  return ctx.db
    .select(columns)
    .from(recipeIngredients)
    .where(sql`${recipeIngredients.recipeId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
}

function groupByRecipe<L extends { name: string }>(rows: ({ recipeId: number } & L)[]): Map<number, Omit<L, "recipeId">[]> {
  const byRecipe = new Map<number, Omit<L, "recipeId">[]>();
  for (const { recipeId, ...line } of rows) (byRecipe.get(recipeId) ?? byRecipe.set(recipeId, []).get(recipeId)!).push(line);
  return byRecipe;
}

/**
 * Library recipes' ingredient names, kept per isolate once read: a library recipe's ingredients are written once
 * when the library is seeded and never change (library recipes cannot be edited or deleted), and a large pantry
 * makes almost every library recipe a candidate. Bounded by the library's size.
 */
const libraryNameCache = new Map<number, { name: string }[]>();

/** Only for ids of library recipes (user_id null). */
async function libraryIngredientNames(ctx: RecipesDb, ids: number[]): Promise<Map<number, { name: string }[]>> {
  const missing = ids.filter((id) => !libraryNameCache.has(id));
  if (missing.length) {
    const read = groupByRecipe(await ingredientLinesOf(ctx, missing, INGREDIENT_NAME));
    for (const id of missing) libraryNameCache.set(id, read.get(id) ?? []);
  }
  return new Map(ids.map((id) => [id, libraryNameCache.get(id)!]));
}

/**
 * The ingredient index narrows "what can I make" only while the pantry's keys are few: the library's recipes use
 * about 780 keys, and a pantry of 100 everyday foods (about 160 keys) already shares one with 97 % of its recipes.
 * Past this many keys the look-up costs more than it skips, so every visible recipe is a candidate (the match
 * count still decides; a recipe sharing no key has no match).
 */
const INDEX_NARROWS_UP_TO_KEYS = 150;

/** The fit of every recipe for someone whose preferences rule nothing out (preferencesCanRuleOut). */
const ANY_RECIPE_FITS: RecipeFit = { allergens: [], brokenDiets: [], dislikes: [], favorites: [], safe: true, fits: true };

/**
 * One page (6 per page) of the recipes the user can see, with filters. The pantry-usage filter counts, per recipe,
 * the user's pantry items its ingredients use (matching.ts), so with it the filtering happens after the query, over
 * the recipes the ingredient index says can use something in the pantry.
 */
export async function listRecipes(ctx: RecipesDb, userId: string, filters: ListFilters, today: string, preferences: FoodPreferenceLists = NO_PREFERENCES) {
  const pageSize = LIMITS.recipesPageSize;
  const where = and(...filterConditions(userId, filters));
  const base = () =>
    ctx.db
      .select({ recipe: recipes, savedId: savedRecipes.recipeId })
      .from(recipes)
      .leftJoin(savedRecipes, and(eq(savedRecipes.recipeId, recipes.id), eq(savedRecipes.userId, userId)));
  const pantry = await pantryForMatching(ctx, userId);
  const matcher = pantryMatcher(pantry);
  const countMatches = pantryMatchCounter(pantry, matcher);

  let pageRows: { recipe: RecipeRow; savedId: number | null }[];
  let total: number;
  const matches = new Map<number, number>();
  const byPantry = filters.sort === "pantry";
  const byPreferences = filters.fitsPreferences === true;
  if (filters.pantryUsage !== undefined || byPantry || byPreferences) {
    const minimum = filters.pantryUsage ?? (byPantry ? 1 : 0);
    // Ids (and servings, for the preference fit) only, in list order: the full rows (instructions and all) are
    // read for the page alone.
    const ids = (condition: SQL | undefined) =>
      ctx.db
        .select({ id: recipes.id, servings: recipes.servings })
        .from(recipes)
        .leftJoin(savedRecipes, and(eq(savedRecipes.recipeId, recipes.id), eq(savedRecipes.userId, userId)))
        .where(condition)
        .orderBy(...LIST_ORDER);
    // Whole lines only when the preferences can rule a recipe out or down; otherwise names are all matching needs.
    const judged = preferencesCanRuleOut(preferences);
    const columns = judged ? INGREDIENT_LINE : INGREDIENT_NAME;
    let ordered: { id: number; servings: number | null }[] = [];
    let byRecipe = new Map<number, ({ name: string } & Partial<IngredientLine>)[]>();
    if (minimum === 0) {
      ordered = await ids(where);
      byRecipe = groupByRecipe(ordered.length ? await ingredientLinesOf(ctx, ordered.map((row) => row.id), columns) : []);
    } else if (pantry.length > 0) {
      const keys = pantryIndexKeys(pantry);
      const candidates = keys.length > INDEX_NARROWS_UP_TO_KEYS ? where : and(where, usesPantryCondition(userId, keys));
      if (judged) {
        // The recipes and their whole ingredient lines in one round trip, both narrowed by the index.
        const [rows, lines] = await ctx.db.batch([
          ids(candidates),
          ctx.db
            .select(columns)
            .from(recipeIngredients)
            .where(sql`${recipeIngredients.recipeId} IN (SELECT ${recipes.id} FROM ${recipes} LEFT JOIN ${savedRecipes} ON ${savedRecipes.recipeId} = ${recipes.id} AND ${savedRecipes.userId} = ${userId} WHERE ${candidates})`),
        ]);
        ordered = rows;
        byRecipe = groupByRecipe(lines);
      } else {
        // Names only, as a JSON array on each of the user's own candidates (the index is searched once, not once
        // per query); a library recipe's names come from the isolate's copy (libraryIngredientNames).
        const rows = await ctx.db
          .select({
            id: recipes.id,
            servings: recipes.servings,
            names: sql<string | null>`CASE WHEN ${recipes.userId} IS NULL THEN NULL ELSE (SELECT json_group_array(${recipeIngredients.name}) FROM ${recipeIngredients} WHERE ${recipeIngredients.recipeId} = ${recipes.id}) END`,
          })
          .from(recipes)
          .leftJoin(savedRecipes, and(eq(savedRecipes.recipeId, recipes.id), eq(savedRecipes.userId, userId)))
          .where(candidates)
          .orderBy(...LIST_ORDER);
        ordered = rows.map(({ id, servings }) => ({ id, servings }));
        byRecipe = await libraryIngredientNames(ctx, rows.filter((row) => row.names === null).map((row) => row.id));
        for (const row of rows) if (row.names !== null) byRecipe.set(row.id, (JSON.parse(row.names) as string[]).map((name) => ({ name })));
      }
    }
    const fits = new Map<number, RecipeFit>();
    const fitOf = (recipe: { id: number; servings: number | null }) => {
      if (!judged) return ANY_RECIPE_FITS;
      let fit = fits.get(recipe.id);
      if (!fit) fits.set(recipe.id, (fit = recipeFit(byRecipe.get(recipe.id) ?? [], preferences, recipe.servings)));
      return fit;
    };
    let keptRows = ordered.filter((recipe) => {
      const count = countMatches(byRecipe.get(recipe.id) ?? []);
      matches.set(recipe.id, count);
      if (count < minimum) return false;
      // "What can I make" proposes recipes: never one with an allergen. The preferences filter also needs the diets.
      if (byPreferences) return fitOf(recipe).fits;
      return byPantry ? fitOf(recipe).safe : true;
    });
    if (byPantry) {
      // What can I make: coverage of the recipe's ingredients, with the soonest-expiring items weighted up and
      // disliked foods taking points off (without dislikes the ranking's own order stands).
      const ranked = matcher.rank(keptRows.map((recipe) => ({ id: recipe.id, recipe, ingredients: byRecipe.get(recipe.id) ?? [] })), today);
      keptRows = judged
        ? ranked
            .map((r, index) => ({ recipe: r.recipe.recipe, index, score: withDislikePenalty(r.score, fitOf(r.recipe.recipe).dislikes.length) }))
            .sort((a, b) => b.score - a.score || a.index - b.index)
            .map(({ recipe }) => recipe)
        : ranked.map((r) => r.recipe.recipe);
    } else if (byPreferences && judged) {
      // Dislikes rank down, never out: the list keeps its order otherwise.
      keptRows = keptRows
        .map((recipe, index) => ({ recipe, index, dislikes: fitOf(recipe).dislikes.length }))
        .sort((a, b) => a.dislikes - b.dislikes || a.index - b.index)
        .map(({ recipe }) => recipe);
    }
    const kept = keptRows.map((recipe) => recipe.id);
    total = kept.length;
    const pageIds = kept.slice((filters.page - 1) * pageSize, filters.page * pageSize);
    const rows = pageIds.length ? await base().where(inArray(recipes.id, pageIds)) : [];
    const byId = new Map(rows.map((row) => [row.recipe.id, row]));
    pageRows = pageIds.map((id) => byId.get(id)).filter((row) => row !== undefined);
  } else {
    const [[count], rows] = await ctx.db.batch([
      ctx.db
        .select({ n: sql<number>`COUNT(*)` })
        .from(recipes)
        .leftJoin(savedRecipes, and(eq(savedRecipes.recipeId, recipes.id), eq(savedRecipes.userId, userId)))
        .where(where),
      base()
        .where(where)
        .orderBy(...LIST_ORDER)
        .limit(pageSize)
        .offset((filters.page - 1) * pageSize),
    ]);
    total = count?.n ?? 0;
    pageRows = rows;
    const pageIds = pageRows.map((r) => r.recipe.id);
    if (pageIds.length && pantry.length) {
      const byRecipe = groupByRecipe(await ingredientLinesOf(ctx, pageIds, INGREDIENT_NAME));
      for (const id of pageIds) matches.set(id, countMatches(byRecipe.get(id) ?? []));
    }
  }
  return {
    recipes: pageRows.map((row) => toRecipeCard(row.recipe, userId, { saved: row.savedId !== null, pantryMatches: matches.get(row.recipe.id) ?? 0 })),
    total,
    page: filters.page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 7. Generation errors (the generation dialog picks its toast from `type`)

/** A BAD_REQUEST the generation dialog shows as 'Validation Error' (the message; `errors` when several). */
export function generationValidationError(message: string, errors: string[] = [message]): TRPCError {
  return new TRPCError({ code: "BAD_REQUEST", message, cause: new ErrorDetails({ type: "validation_error", errors }) });
}

/** A SERVICE_UNAVAILABLE the dialog shows as 'Service Temporarily Unavailable'. */
export function generationServiceError(message: string): TRPCError {
  return new TRPCError({ code: "SERVICE_UNAVAILABLE", message, cause: new ErrorDetails({ type: "service_error" }) });
}

/** Food preferences with every list present (a new account has none). */
export function preferencesOf(user: Pick<UserRow, "foodPreferences">) {
  const p = user.foodPreferences;
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim()) : []);
  return {
    allergies: list(p?.allergies),
    dislikedFoods: list(p?.dislikedFoods),
    dietaryRestrictions: list(p?.dietaryRestrictions),
    favoriteCuisines: list(p?.favoriteCuisines),
    favoriteFoods: list(p?.favoriteFoods),
    spiceLevel: typeof p?.spiceLevel === "number" ? p.spiceLevel : null,
  };
}

/** Library keys of recipes the user's own recipes were adapted from (the offline engine prefers others). */
export async function adaptedLibraryKeys(ctx: RecipesDb, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: recipes.libraryKey })
    .from(recipes)
    .where(sql`${recipes.id} IN (SELECT ${recipes.adaptedFromId} FROM ${recipes} WHERE ${recipes.userId} = ${userId} AND ${recipes.adaptedFromId} IS NOT NULL ORDER BY ${recipes.id} DESC LIMIT 50)`);
  return rows.map((r) => r.key).filter((k): k is string => k !== null);
}

export async function libraryIdForKey(ctx: RecipesDb, key: string | null | undefined): Promise<number | null> {
  if (!key) return null;
  const row = await ctx.db.query.recipes.findFirst({ where: and(eq(recipes.libraryKey, key), isNull(recipes.userId)), columns: { id: true } });
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// 8. Generation and import

/** What the generators need from the request context. */
export type GenerationContext = RecipesDb & { env: Env; ai: AiSeam; user: UserRow; resHeaders: Headers };

const SOURCE_BY_PROVIDER: Record<AiProviderName, string> = {
  "workers-ai": "Plantry AI (Workers AI)",
  offline: "Plantry recipe engine (built-in library)",
};

function seamUser(ctx: GenerationContext) {
  return { id: ctx.user.id, premium: isPremiumUser(ctx.env, ctx.user) };
}

/** Runs a task; engine refusals become validation errors, provider failures service errors. */
async function runGenerationTask<I, O>(ctx: GenerationContext, task: AiTask<I, O>, input: I) {
  try {
    return await ctx.ai.run(task, input, seamUser(ctx));
  } catch (error) {
    if (error instanceof RecipeEngineError) throw generationValidationError(error.message);
    if (error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE") {
      throw generationServiceError(`The recipe service is temporarily unavailable (${error.message}). Please try again in a few minutes.`);
    }
    throw error;
  }
}

export type GenerationRequest = Omit<RecipeGenerationInput, "preferences" | "today" | "avoidLibraryKeys">;

/**
 * Generates a recipe (Workers AI or the offline engine), checks it against the user's allergies and the
 * fridge-percentage rule, and saves it as the user's own (sourceType generated).
 */
export async function generateAndSave(ctx: GenerationContext, request: GenerationRequest) {
  await ensureLibrarySeeded(ctx.db);
  const preferences = preferencesOf(ctx.user);
  const input: RecipeGenerationInput = {
    ...request,
    preferences,
    today: todayIn(ctx.user.timeZone),
    avoidLibraryKeys: await adaptedLibraryKeys(ctx, ctx.user.id),
  };
  const result = await runGenerationTask(ctx, recipeGenerationTask, input);
  const recipe = result.output;

  // A model can slip; an allergen is never saved.
  const lines = recipe.ingredients.map((i) => ({ name: i.name, original: [i.name, i.preparation].filter(Boolean).join(", "), quantity: i.quantity, unit: i.unit }));
  const allergens = allergenViolations(lines, preferences.allergies);
  if (allergens.length > 0) {
    throw generationServiceError(
      `The generated recipe contained ${[...new Set(allergens.map((a) => a.allergy))].join(", ")}, which you are allergic to, so it was not saved. Please try again.`,
    );
  }
  if (request.mode === "pantry" && request.minimumUsed > 0) {
    const used = request.ingredients.filter((item) => recipe.ingredients.some((i) => matchScore(i.name, item.name) >= 0.8 || matchScore(item.name, i.name) >= 0.8)).length;
    if (used < request.minimumUsed) {
      throw generationValidationError(
        `The recipe used only ${used} of your ${request.ingredients.length} selected ingredients, fewer than your fridge percentage (${request.fridgePercentage}%) asks for (${request.minimumUsed}). Lower the fridge percentage or select ingredients that go together.`,
      );
    }
  }

  const adaptedFromId = await libraryIdForKey(ctx, recipe.adaptedFromKey);
  const row = await saveUserRecipe(ctx, ctx.user.id, {
    title: recipe.title,
    description: recipe.description || null,
    steps: recipe.instructions,
    prepTime: recipe.prepTime,
    cookTime: recipe.cookTime,
    servings: recipe.servings,
    source: SOURCE_BY_PROVIDER[result.provider],
    sourceType: "generated",
    requestedDifficulty: recipe.difficulty,
    mealType: recipe.mealType,
    tags: [],
    isPremium: true,
    adaptedFromId,
    ingredients: recipe.ingredients.map((i) => ({ name: i.name, quantity: i.quantity, unit: i.unit, preparation: i.preparation })),
  });
  return {
    recipe: toRecipeCard(row, ctx.user.id, { saved: false, pantryMatches: 0 }),
    provider: result.provider,
    adaptedFromId,
  };
}

const NO_RECIPE_ON_PAGE = "We couldn't find a recipe on that page. Check the link, or try a page that shows the ingredients and steps.";

const FETCH_ERROR_CODES: Record<number, TRPCError["code"]> = {
  400: "BAD_REQUEST",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  502: "BAD_GATEWAY",
  504: "GATEWAY_TIMEOUT",
};

export function siteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "the web";
  }
}

export function safeImageUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export type ImportRequest = { url: string; servings?: number; dietary?: string; difficulty?: string };

/**
 * Imports a recipe from a web page: fetched under the SSRF rules (lib/safeFetch.ts), read from schema.org data, or
 * from the page text by the recipeExtraction task when there is none. Saved as the user's own (sourceType
 * imported, source = the site). Quantities are scaled when servings are asked for and the page gives its own;
 * a requested diet the recipe does not meet is reported in `warnings`, never hidden.
 */
export async function importAndSave(ctx: GenerationContext, request: ImportRequest) {
  await rateLimit(ctx, RATE_LIMITS.recipeImport, ctx.user.id);
  let page: { html: string; finalUrl: string };
  try {
    page = await fetchPage(request.url);
  } catch (error) {
    if (error instanceof SafeFetchError) {
      const code = FETCH_ERROR_CODES[error.status] ?? "BAD_REQUEST";
      const type = error.status >= 500 ? "service_error" : "validation_error";
      throw new TRPCError({ code, message: error.message, cause: new ErrorDetails({ type, errors: [error.message] }) });
    }
    throw error;
  }

  let extracted: { title: string; description: string | null; ingredientGroups: IngredientGroup[]; instructions: string[]; prepTime: number | null; cookTime: number | null; servings: number | null; imageUrl: string | null; method: string };
  const structured = extractRecipeFromHtml(page.html, page.finalUrl);
  if (structured && structured.ingredients.length > 0 && structured.instructions.length > 0) {
    extracted = { ...structured, imageUrl: structured.imageUrl, method: structured.method };
  } else {
    const text = htmlToText(page.html, 12_000);
    const result = await runGenerationTask(ctx, recipeExtractionTask, { text, url: page.finalUrl });
    const out = result.output;
    if (!out.isRecipe || !out.title || out.ingredients.length === 0 || out.instructions.length === 0) throw generationValidationError(NO_RECIPE_ON_PAGE);
    extracted = {
      ...out,
      title: out.title,
      ingredientGroups: [{ purpose: null, ingredients: out.ingredients }],
      imageUrl: structured?.imageUrl ?? null,
      method: result.provider === "offline" ? "page-text" : "ai",
    };
  }

  const warnings: string[] = [];
  // The page's ingredient groups ("For the sauce") are kept as sections; a header line among the lines is one too.
  let parsed = sectionedIngredients(extracted.ingredientGroups).map(({ line, section }) => ({ ...parseIngredientLine(line), original: line, section }));
  let servings = extracted.servings;
  if (request.servings && request.servings !== servings) {
    if (servings) {
      parsed = scaleIngredients(parsed, servings, request.servings);
      servings = request.servings;
    } else warnings.push("The page doesn't say how many it serves, so the quantities were not scaled.");
  }
  const dietTag = request.dietary ? toDietTag(request.dietary) : null;
  if (dietTag) {
    const broken = dietViolations(dietTag, parsed, servings);
    if (broken.length > 0) warnings.push(`This recipe is not ${dietTag}: ${[...new Set(broken.map((b) => b.word))].join(", ")}.`);
  }
  const scaled = servings !== extracted.servings;
  const row = await saveUserRecipe(ctx, ctx.user.id, {
    title: extracted.title.slice(0, 200),
    description: extracted.description ? extracted.description.slice(0, 2000) : null,
    steps: extracted.instructions.slice(0, 60),
    prepTime: extracted.prepTime,
    cookTime: extracted.cookTime,
    servings,
    source: siteName(page.finalUrl),
    sourceType: "imported",
    sourceUrl: page.finalUrl,
    requestedDifficulty: request.difficulty ?? null,
    mealType: deriveMealType({ title: extracted.title, ingredients: parsed }),
    isPremium: false,
    imageUrl: safeImageUrl(extracted.imageUrl),
    ingredients: parsed.slice(0, 80).map((p) => ({
      name: (p.name || p.original).slice(0, 200),
      quantity: p.quantity,
      quantityMax: p.quantityMax,
      unit: p.unit,
      preparation: p.preparation,
      comment: p.comment,
      // A scaled line's original amount no longer applies.
      original: scaled ? null : p.original,
      section: p.section ? p.section.slice(0, 120) : null,
    })),
  });
  return { recipe: toRecipeCard(row, ctx.user.id, { saved: false, pantryMatches: 0 }), method: extracted.method, warnings };
}
