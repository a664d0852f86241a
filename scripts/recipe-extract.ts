/**
 * Prints the recipe the URL importer would read from a saved page, offline and without AI.
 *   npm run recipe:extract -- <page.html> [page-url] [--text]
 * page-url resolves relative image links; --text prints the readable text the AI fallback would get instead.
 * Exit code 1 when the page holds no structured recipe.
 */
import { readFileSync } from "node:fs";
import { extractRecipeFromHtml, htmlToText } from "../worker/domain/recipeExtract";

const args = process.argv.slice(2);
const wantsText = args.includes("--text");
const [file, pageUrl] = args.filter((arg) => arg !== "--text");

if (!file) {
  console.error("Usage: npm run recipe:extract -- <page.html> [page-url] [--text]");
  process.exit(2);
}

let html: string;
try {
  html = readFileSync(file, "utf8");
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}

if (wantsText) {
  console.log(htmlToText(html));
  process.exit(0);
}

const recipe = extractRecipeFromHtml(html, pageUrl);
if (!recipe) {
  console.error(`No structured recipe (schema.org JSON-LD or microdata) found in ${file}.`);
  process.exit(1);
}
console.log(JSON.stringify(recipe, null, 2));
