/**
 * The built-in recipe library as SQL for `wrangler d1 execute --file` (scripts/seed.ts runs it for `npm start`,
 * `npm run seed` and the e2e tests). The statements are the Worker's own (worker/services/recipes.ts
 * recipeLibrarySql), so the script and the Worker's lazy ensureLibrarySeeded() load exactly the same rows:
 * INSERT OR IGNORE keyed on library_key, then ingredients only for library recipes that have none. Running it
 * again changes nothing.
 */
import { recipeLibrarySql } from "../../worker/services/recipes";

export function recipeLibraryStatements(): string[] {
  return recipeLibrarySql();
}
