/**
 * Recipe files into the user's recipes, in two steps: `previewImport` reads the file into drafts (nothing is
 * saved), the review step shows them, and `saveDrafts` saves the ones the user kept, each as an ordinary imported
 * recipe (ingredients through the same parser as web imports; difficulty and diet labels derived as always).
 */
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { recipes } from "../../db/schema";
import { IMPORT_FORMAT_LABELS, IMPORT_LIMITS, ImportFileError, readRecipeFile } from "../domain/recipeFiles";
import { parseIngredientLine } from "../domain/ingredients";
import { deriveMealType } from "../domain/recipeTags";
import { safeImageUrl, saveUserRecipe, siteName, toRecipeCard } from "./recipes";
import { IMPORT_MESSAGES, type RecipeDraftInput } from "../schemas/recipeImport";

type ImportContext = { db: Db; user: { id: string } };

const folded = (title: string) => title.trim().toLowerCase();

/** Reads an uploaded file into drafts, flagging titles the user already has. Saves nothing. */
export async function previewImport(ctx: ImportContext, file: Blob) {
  if (file.size > IMPORT_LIMITS.maxFileBytes) {
    throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: IMPORT_MESSAGES.tooLarge });
  }
  let parsed;
  try {
    parsed = readRecipeFile(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImportFileError) throw new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: error.message });
    throw error;
  }
  // The user's own titles, lower-cased, read through the (user_id, created_at) index.
  const own = await ctx.db
    .select({ title: sql<string>`lower(${recipes.title})` })
    .from(recipes)
    .where(eq(recipes.userId, ctx.user.id));
  const existing = new Set(own.map((row) => row.title.trim()));
  const formats = [...new Set(parsed.drafts.map((d) => d.format))].map((format) => IMPORT_FORMAT_LABELS[format]);
  return {
    formats,
    drafts: parsed.drafts.map((draft, index) => ({ ...draft, key: index, duplicate: existing.has(folded(draft.title)) })),
    skipped: parsed.skipped.slice(0, 50),
    skippedCount: parsed.skipped.length,
  };
}

/** Saves reviewed drafts as the user's imported recipes, in the order given. */
export async function saveDrafts(ctx: ImportContext, drafts: RecipeDraftInput[]) {
  const saved = [];
  for (const draft of drafts) {
    const sourceUrl = safeImageUrl(draft.sourceUrl);
    const parsed = draft.ingredients.map((i) => ({ ...parseIngredientLine(i.line), original: i.line, section: i.section }));
    const row = await saveUserRecipe(ctx, ctx.user.id, {
      title: draft.title,
      description: draft.description,
      steps: draft.steps,
      prepTime: draft.prepTime,
      cookTime: draft.cookTime,
      servings: draft.servings,
      source: sourceUrl ? siteName(sourceUrl) : `${IMPORT_FORMAT_LABELS[draft.format]} import`,
      sourceType: "imported",
      sourceUrl,
      mealType: deriveMealType({ title: draft.title, ingredients: parsed, tags: draft.tags }),
      tags: draft.tags,
      imageUrl: safeImageUrl(draft.imageUrl),
      isPremium: false,
      ingredients: parsed.map((p) => ({
        name: (p.name || p.original).slice(0, 200),
        quantity: p.quantity,
        quantityMax: p.quantityMax,
        unit: p.unit,
        preparation: p.preparation,
        comment: p.comment,
        original: p.original,
        section: p.section,
      })),
    });
    saved.push(toRecipeCard(row, ctx.user.id, { saved: false, pantryMatches: 0 }));
  }
  return { saved, count: saved.length };
}
