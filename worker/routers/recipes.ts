/**
 * Recipes: the library and the user's own recipes (list, detail, delete, save), their ingredients, comments,
 * thumbs feedback, pantry links and scaling, and the two generators (typed ingredients or a recipe link; chosen
 * pantry items). Access rules and shapes live in services/recipes.ts.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z, ZodError } from "zod";
import type { Db } from "../../db";
import { pantryItems, recipeComments, recipeFeedback, recipeIngredients, recipePantryItems, recipes, savedRecipes } from "../../db/schema";
import { detailedError, errorDetailsOf } from "../errors";
import { sortBySoonestExpiry } from "../domain/expiry";
import { ingredientAvailability } from "../domain/matching";
import { scaleIngredients } from "../domain/scale";
import {
  addCommentInput,
  addIngredientInput,
  addPantryLinkInput,
  commentId,
  deleteIngredientInput,
  generateFromPantryInput,
  generateRecipeInput,
  pantryLinkId,
  recipeListInput,
  recipeRef,
  requiredIngredientCount,
  scaledInput,
  setFeedbackInput,
  updateIngredientInput,
} from "../schemas/recipes";
import {
  ingredientsChanged,
  ensureLibrarySeeded,
  findOwnRecipe,
  findReadableRecipe,
  generateAndSave,
  generationServiceError,
  generationValidationError,
  importAndSave,
  ingredientsOf,
  ingredientText,
  isSaved,
  LIBRARY_NOT_DELETABLE,
  listRecipes,
  pantryForMatching,
  preferencesOf,
  toIngredientOutput,
  toRecipeDetail,
  type RecipeIngredientRow,
} from "../services/recipes";
import { premiumProcedure, protectedProcedure, router } from "../trpc";
import { todayIn } from "../domain/dates";

export const AI_PREMIUM_MESSAGE = "Premium subscription required for AI recipe generation";
const INGREDIENT_NOT_FOUND = "Ingredient not found";
const COMMENT_NOT_FOUND = "Comment not found";
const LINK_NOT_FOUND = "Pantry item link not found";
const PANTRY_ITEM_NOT_FOUND = "Pantry item not found";

/**
 * Generation failures carry the `type` the dialog reads: bad input (including the zod checks) is a
 * validation_error with every message in `errors`, a provider failure a service_error.
 */
const generationProcedure = premiumProcedure.meta({ premiumMessage: AI_PREMIUM_MESSAGE }).use(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const error = result.error;
  if (errorDetailsOf(error.cause)) throw error;
  if (error.cause instanceof ZodError) {
    const messages = [...new Set(error.cause.issues.map((issue) => issue.message))];
    throw generationValidationError(messages[0] ?? "Invalid input", messages);
  }
  if (error.code === "BAD_REQUEST") throw generationValidationError(error.message);
  if (error.code === "SERVICE_UNAVAILABLE") throw generationServiceError(error.message);
  throw error;
});

function commentOutput(row: typeof recipeComments.$inferSelect) {
  return { id: row.id, recipeId: row.recipeId, comment: row.comment, rating: row.rating, createdAt: row.createdAt.toISOString() };
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function findIngredient(rows: RecipeIngredientRow[], name: string): RecipeIngredientRow {
  const row = rows.find((r) => sameName(r.name, name));
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: INGREDIENT_NOT_FOUND });
  return row;
}

async function feedbackSummary(ctx: { db: Db }, userId: string, recipeId: number) {
  const rows = await ctx.db
    .select({ type: recipeFeedback.feedbackType, n: sql<number>`COUNT(*)` })
    .from(recipeFeedback)
    .where(eq(recipeFeedback.recipeId, recipeId))
    .groupBy(recipeFeedback.feedbackType);
  const mine = await ctx.db.query.recipeFeedback.findFirst({ where: and(eq(recipeFeedback.recipeId, recipeId), eq(recipeFeedback.userId, userId)) });
  return {
    feedbackType: (mine?.feedbackType ?? null) as "thumbs_up" | "thumbs_down" | null,
    summary: {
      thumbsUp: rows.find((r) => r.type === "thumbs_up")?.n ?? 0,
      thumbsDown: rows.find((r) => r.type === "thumbs_down")?.n ?? 0,
    },
  };
}

export const recipesRouter = router({
  /** The library plus the user's own recipes, 6 per page, with search and filters (the recipes screen). */
  list: protectedProcedure.input(recipeListInput).query(async ({ ctx, input }) => {
    await ensureLibrarySeeded(ctx.db);
    return listRecipes(ctx, ctx.user.id, input, todayIn(ctx.user.timeZone), preferencesOf(ctx.user));
  }),

  /** Detail: the recipe, its ingredients with availability against the user's pantry, feedback and saved flag. */
  get: protectedProcedure.input(recipeRef).query(async ({ ctx, input }) => {
    const row = await findReadableRecipe(ctx, ctx.user.id, input.id);
    const [ingredients, pantry, saved, feedback] = await Promise.all([
      ingredientsOf(ctx, row.id),
      pantryForMatching(ctx, ctx.user.id),
      isSaved(ctx, ctx.user.id, row.id),
      feedbackSummary(ctx, ctx.user.id, row.id),
    ]);
    const adapted = row.adaptedFromId
      ? await ctx.db.query.recipes.findFirst({ where: and(eq(recipes.id, row.adaptedFromId), sql`${recipes.userId} IS NULL`), columns: { id: true, title: true } })
      : undefined;
    const availability = ingredientAvailability(ingredients, pantry);
    return {
      recipe: toRecipeDetail(row, ctx.user.id, { saved, adaptedFrom: adapted ?? null }),
      ingredients: ingredients.map((ingredient, i) => toIngredientOutput(ingredient, availability[i] ?? null)),
      feedback,
      saved,
    };
  }),

  /** Deletes one of the user's own recipes (its ingredients, comments, feedback and links go with it). */
  delete: protectedProcedure.input(recipeRef).mutation(async ({ ctx, input }) => {
    const row = await findOwnRecipe(ctx, ctx.user.id, input.id, LIBRARY_NOT_DELETABLE);
    await ctx.db.delete(recipes).where(and(eq(recipes.id, row.id), eq(recipes.userId, ctx.user.id)));
    return { ok: true as const, id: row.id, message: "Recipe deleted" };
  }),

  save: protectedProcedure.input(recipeRef).mutation(async ({ ctx, input }) => {
    const row = await findReadableRecipe(ctx, ctx.user.id, input.id);
    await ctx.db.insert(savedRecipes).values({ userId: ctx.user.id, recipeId: row.id }).onConflictDoNothing();
    return { ok: true as const, id: row.id, saved: true, message: "Recipe saved" };
  }),

  unsave: protectedProcedure.input(recipeRef).mutation(async ({ ctx, input }) => {
    const row = await findReadableRecipe(ctx, ctx.user.id, input.id);
    await ctx.db.delete(savedRecipes).where(and(eq(savedRecipes.userId, ctx.user.id), eq(savedRecipes.recipeId, row.id)));
    return { ok: true as const, id: row.id, saved: false, message: "Recipe removed" };
  }),

  /** The ingredients with quantities scaled to `servings` (recipes without a serving count are read as 4). */
  scaled: protectedProcedure.input(scaledInput).query(async ({ ctx, input }) => {
    const row = await findReadableRecipe(ctx, ctx.user.id, input.id);
    const from = row.servings ?? 4;
    const scaled = scaleIngredients(await ingredientsOf(ctx, row.id), from, input.servings);
    return {
      recipeId: row.id,
      fromServings: from,
      servingsKnown: row.servings !== null,
      servings: input.servings,
      ingredients: scaled.map((ingredient) => ({
        id: ingredient.id,
        name: ingredient.name,
        quantity: ingredient.quantity,
        quantityMax: ingredient.quantityMax,
        unit: ingredient.unit,
        text: ingredientText(ingredient),
      })),
    };
  }),

  ingredients: router({
    add: protectedProcedure.input(addIngredientInput).mutation(async ({ ctx, input }) => {
      const recipe = await findOwnRecipe(ctx, ctx.user.id, input.recipeId);
      const existing = await ingredientsOf(ctx, recipe.id);
      const position = existing.reduce((max, r) => Math.max(max, r.position + 1), 0);
      const values = { recipeId: recipe.id, position, name: input.name, quantity: input.quantity, unit: input.unit };
      const [inserted] = await ctx.db.batch([
        ctx.db.insert(recipeIngredients).values(values).returning(),
        ...ingredientsChanged(ctx, recipe, [...existing, { ...values, original: null }]),
      ]);
      return toIngredientOutput(inserted[0]!, null);
    }),

    /** Edits the ingredient now called `originalName` (the REST path carries the name, not an id). */
    update: protectedProcedure.input(updateIngredientInput).mutation(async ({ ctx, input }) => {
      const recipe = await findOwnRecipe(ctx, ctx.user.id, input.recipeId);
      const existing = await ingredientsOf(ctx, recipe.id);
      const target = findIngredient(existing, input.originalName);
      const changes = {
        name: input.name ?? target.name,
        quantity: input.quantity === undefined ? target.quantity : input.quantity,
        unit: input.unit === undefined ? target.unit : input.unit,
      };
      // The free-text line no longer describes an edited ingredient.
      const edited = { ...changes, original: null, quantityMax: input.quantity === undefined ? target.quantityMax : null };
      const [updated] = await ctx.db.batch([
        ctx.db.update(recipeIngredients).set(edited).where(and(eq(recipeIngredients.id, target.id), eq(recipeIngredients.recipeId, recipe.id))).returning(),
        ...ingredientsChanged(ctx, recipe, existing.map((r) => (r.id === target.id ? { ...r, ...edited } : r))),
      ]);
      return toIngredientOutput(updated[0]!, null);
    }),

    delete: protectedProcedure.input(deleteIngredientInput).mutation(async ({ ctx, input }) => {
      const recipe = await findOwnRecipe(ctx, ctx.user.id, input.recipeId);
      const existing = await ingredientsOf(ctx, recipe.id);
      const target = findIngredient(existing, input.name);
      await ctx.db.batch([
        ctx.db.delete(recipeIngredients).where(and(eq(recipeIngredients.id, target.id), eq(recipeIngredients.recipeId, recipe.id))),
        ...ingredientsChanged(ctx, recipe, existing.filter((r) => r.id !== target.id)),
      ]);
      return { ok: true as const, name: target.name };
    }),
  }),

  /** Comments with ratings are the user's own notes on a recipe: each user sees only their own. */
  comments: router({
    list: protectedProcedure.input(z.object({ recipeId: recipeRef.shape.id })).query(async ({ ctx, input }) => {
      const recipe = await findReadableRecipe(ctx, ctx.user.id, input.recipeId);
      const rows = await ctx.db
        .select()
        .from(recipeComments)
        .where(and(eq(recipeComments.recipeId, recipe.id), eq(recipeComments.userId, ctx.user.id)))
        .orderBy(desc(recipeComments.createdAt), desc(recipeComments.id));
      return rows.map(commentOutput);
    }),

    add: protectedProcedure.input(addCommentInput).mutation(async ({ ctx, input }) => {
      const recipe = await findReadableRecipe(ctx, ctx.user.id, input.recipeId);
      const [row] = await ctx.db.insert(recipeComments).values({ recipeId: recipe.id, userId: ctx.user.id, comment: input.comment, rating: input.rating }).returning();
      return commentOutput(row!);
    }),

    delete: protectedProcedure.input(z.object({ id: commentId })).mutation(async ({ ctx, input }) => {
      const removed = await ctx.db
        .delete(recipeComments)
        .where(and(eq(recipeComments.id, input.id), eq(recipeComments.userId, ctx.user.id)))
        .returning({ id: recipeComments.id });
      if (removed.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: COMMENT_NOT_FOUND });
      return { ok: true as const, id: input.id };
    }),
  }),

  feedback: router({
    get: protectedProcedure.input(z.object({ recipeId: recipeRef.shape.id })).query(async ({ ctx, input }) => {
      const recipe = await findReadableRecipe(ctx, ctx.user.id, input.recipeId);
      return { recipeId: recipe.id, ...(await feedbackSummary(ctx, ctx.user.id, recipe.id)) };
    }),

    /** One thumbs per user and recipe: a second answer replaces the first. */
    set: protectedProcedure.input(setFeedbackInput).mutation(async ({ ctx, input }) => {
      const recipe = await findReadableRecipe(ctx, ctx.user.id, input.recipeId);
      await ctx.db
        .insert(recipeFeedback)
        .values({ recipeId: recipe.id, userId: ctx.user.id, feedbackType: input.feedbackType })
        .onConflictDoUpdate({ target: [recipeFeedback.userId, recipeFeedback.recipeId], set: { feedbackType: input.feedbackType } });
      return { recipeId: recipe.id, ...(await feedbackSummary(ctx, ctx.user.id, recipe.id)) };
    }),
  }),

  /** Which of the user's pantry items a recipe uses (link and unlink on the detail page). */
  pantryItems: router({
    list: protectedProcedure.input(z.object({ recipeId: recipeRef.shape.id })).query(async ({ ctx, input }) => {
      const recipe = await findReadableRecipe(ctx, ctx.user.id, input.recipeId);
      const rows = await ctx.db
        .select({ link: recipePantryItems, item: pantryItems })
        .from(recipePantryItems)
        .innerJoin(pantryItems, and(eq(pantryItems.id, recipePantryItems.pantryItemId), eq(pantryItems.userId, ctx.user.id)))
        .where(and(eq(recipePantryItems.recipeId, recipe.id), eq(recipePantryItems.userId, ctx.user.id)))
        .orderBy(asc(recipePantryItems.id));
      return rows.map(({ link, item }) => ({
        id: link.id,
        recipeId: link.recipeId,
        groceryItemId: link.pantryItemId,
        quantityUsed: link.quantityUsed,
        unitUsed: link.unitUsed,
        item: { id: item.id, name: item.name, quantity: item.quantity, unit: item.unit, expirationDate: item.expirationDate, category: item.category, location: item.storageLocation },
        createdAt: link.createdAt.toISOString(),
      }));
    }),

    add: protectedProcedure.input(addPantryLinkInput).mutation(async ({ ctx, input }) => {
      const recipe = await findReadableRecipe(ctx, ctx.user.id, input.recipeId);
      const item = await ctx.db.query.pantryItems.findFirst({ where: and(eq(pantryItems.id, input.groceryItemId), eq(pantryItems.userId, ctx.user.id)) });
      if (!item) throw new TRPCError({ code: "NOT_FOUND", message: PANTRY_ITEM_NOT_FOUND });
      const [link] = await ctx.db
        .insert(recipePantryItems)
        .values({ recipeId: recipe.id, userId: ctx.user.id, pantryItemId: item.id, quantityUsed: input.quantityUsed, unitUsed: input.unitUsed })
        .returning();
      return {
        id: link!.id,
        recipeId: recipe.id,
        groceryItemId: item.id,
        quantityUsed: link!.quantityUsed,
        unitUsed: link!.unitUsed,
        item: { id: item.id, name: item.name, quantity: item.quantity, unit: item.unit, expirationDate: item.expirationDate, category: item.category, location: item.storageLocation },
        createdAt: link!.createdAt.toISOString(),
      };
    }),

    delete: protectedProcedure.input(z.object({ id: pantryLinkId })).mutation(async ({ ctx, input }) => {
      const removed = await ctx.db
        .delete(recipePantryItems)
        .where(and(eq(recipePantryItems.id, input.id), eq(recipePantryItems.userId, ctx.user.id)))
        .returning({ id: recipePantryItems.id });
      if (removed.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: LINK_NOT_FOUND });
      return { ok: true as const, id: input.id };
    }),
  }),

  /**
   * POST /api/recipes/generate: a recipe link imports that page; otherwise a recipe is generated from the typed
   * ingredients. Either way it is saved as the user's own and answered as { recipe }.
   */
  generate: generationProcedure.input(generateRecipeInput).mutation(async ({ ctx, input }) => {
    if (input.recipeUrl) {
      return importAndSave(ctx, {
        url: input.recipeUrl,
        servings: input.servings,
        dietary: input.dietary === "none" ? undefined : input.dietary,
        difficulty: input.difficulty,
      });
    }
    return generateAndSave(ctx, {
      mode: "ingredients",
      ingredients: input.ingredients.map((name) => ({ name })),
      mealType: input.mealType,
      dietary: input.dietary === "none" ? [] : [input.dietary],
      servings: input.servings ?? 4,
      difficulty: input.difficulty,
      obscurity: input.obscurity,
      request: null,
      minimumUsed: 0,
      fridgePercentage: null,
    });
  }),

  /** POST /api/recipes/generate-from-pantry: a recipe that uses enough of the chosen pantry items. */
  generateFromPantry: generationProcedure.input(generateFromPantryInput).mutation(async ({ ctx, input }) => {
    const pantry = await pantryForMatching(ctx, ctx.user.id);
    const byId = new Map(pantry.map((item) => [item.id, item]));
    const missing = input.selectedIngredients.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      // Someone else's item answers like a missing one: NOT_FOUND, with the generation dialog's details.
      const message = `${missing.length === 1 ? "One selected ingredient was" : `${missing.length} selected ingredients were`} not found in your pantry. Refresh the page and try again.`;
      throw detailedError("NOT_FOUND", message, { type: "validation_error", errors: [message] });
    }
    const chosen = sortBySoonestExpiry(input.selectedIngredients.map((id) => byId.get(id)!));
    const minimumUsed = requiredIngredientCount(chosen.length, input.fridgePercentage);
    if (chosen.length < minimumUsed) {
      throw generationValidationError(`You must select at least ${minimumUsed} ingredients for a ${input.fridgePercentage}% fridge percentage.`);
    }
    return generateAndSave(ctx, {
      mode: "pantry",
      ingredients: chosen.map((item) => ({ name: item.name, expirationDate: item.expirationDate })),
      mealType: input.mealType,
      dietary: input.dietaryRestrictions,
      servings: input.servings,
      difficulty: input.difficulty,
      obscurity: "moderate",
      request: input.recipeRequest,
      minimumUsed,
      fridgePercentage: input.fridgePercentage,
    });
  }),
});
