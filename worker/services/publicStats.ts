import type { Db } from "../../db";
import { ensureLibrarySeeded } from "./recipes";

/**
 * What the landing page may claim about the product. The recipe count is the library as stored (seeded on first
 * use, like the recipes screen does), so the page can never promise more recipes than a new account will find.
 */
export async function publicStats(ctx: { db: Db }) {
  const libraryRecipes = await ensureLibrarySeeded(ctx.db);
  return { libraryRecipes };
}
