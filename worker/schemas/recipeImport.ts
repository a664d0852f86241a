/**
 * Recipe-file import: the upload (a multipart form with the file under `file`) and the reviewed drafts sent back to
 * be saved. The drafts are the user's own content coming back from the review step, so they are checked like any
 * typed recipe: every field bounded, nothing trusted beyond its shape.
 */
import { z } from "zod";
import "./zodMessages";
import { IMPORT_FORMATS, IMPORT_LIMITS, IMPORT_TOO_LARGE } from "../domain/recipeImportFormats";

export const IMPORT_FORM_FIELD = "file";
/** Drafts saved per call: the review step sends bigger selections in several calls. */
export const IMPORT_SAVE_BATCH = 25;

export const IMPORT_MESSAGES = {
  missingFile: "Choose a recipe file to import",
  noneChosen: "Choose at least one recipe to import",
  tooLarge: IMPORT_TOO_LARGE,
} as const;

/** The upload guard's limits for recipeImport.preview: the file plus the form's framing. */
export const IMPORT_UPLOAD_LIMITS = {
  maxBodyBytes: IMPORT_LIMITS.maxFileBytes + 64 * 1024,
  tooLargeMessage: IMPORT_MESSAGES.tooLarge,
} as const;

/** The upload form as the import dialog sends it. */
export function recipeImportForm(file: Blob, filename: string): FormData {
  const form = new FormData();
  form.append(IMPORT_FORM_FIELD, file, filename);
  return form;
}

export const importFileInput = z.instanceof(FormData, { error: IMPORT_MESSAGES.missingFile }).transform((form, ctx) => {
  const file = form.get(IMPORT_FORM_FIELD);
  if (file === null || typeof file === "string") {
    ctx.addIssue({ code: "custom", message: IMPORT_MESSAGES.missingFile, path: [IMPORT_FORM_FIELD] });
    return z.NEVER;
  }
  return { file };
});

const minutes = z.number().int().min(1).max(60 * 24 * 14).nullable();
const L = IMPORT_LIMITS;

export const recipeDraftInput = z.object({
  format: z.enum(IMPORT_FORMATS),
  title: z.string().trim().min(1, "Every recipe needs a title").max(L.titleMax, `Titles must be at most ${L.titleMax} characters`),
  description: z.string().max(L.descriptionMax).nullable(),
  ingredients: z
    .array(z.object({ line: z.string().trim().min(1).max(L.ingredientLineMax), section: z.string().max(120).nullable() }))
    .max(L.ingredientsMax, `A recipe can have at most ${L.ingredientsMax} ingredients`),
  steps: z.array(z.string().trim().min(1).max(L.stepMax)).max(L.stepsMax, `A recipe can have at most ${L.stepsMax} steps`),
  prepTime: minutes,
  cookTime: minutes,
  servings: z.number().int().min(1).max(1000).nullable(),
  sourceUrl: z.string().max(2048).nullable(),
  imageUrl: z.string().max(2048).nullable(),
  tags: z.array(z.string().max(40)).max(L.tagsMax),
});
export type RecipeDraftInput = z.infer<typeof recipeDraftInput>;

export const saveDraftsInput = z.object({
  drafts: z.array(recipeDraftInput).min(1, IMPORT_MESSAGES.noneChosen).max(IMPORT_SAVE_BATCH, `Save at most ${IMPORT_SAVE_BATCH} recipes at a time`),
});
