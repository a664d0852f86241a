import { protectedProcedure, router } from "../trpc";
import { importFileInput, saveDraftsInput } from "../schemas/recipeImport";
import { previewImport, saveDrafts } from "../services/recipeImport";

/** Recipes brought from other apps' export files, with a review step between reading and saving. */
export const recipeImportRouter = router({
  /** Reads an uploaded export (multipart form, field `file`) into drafts; saves nothing. */
  preview: protectedProcedure.input(importFileInput).mutation(({ ctx, input }) => previewImport(ctx, input.file)),

  /** Saves the drafts the user kept after reviewing them. */
  save: protectedProcedure.input(saveDraftsInput).mutation(({ ctx, input }) => saveDrafts(ctx, input.drafts)),
});
