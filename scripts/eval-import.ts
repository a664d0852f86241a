/**
 * Scores the offline URL importer against saved pages with expected output (recipe-scrapers layout:
 * <folder>/<host>/<name>.testhtml + <name>.json).
 *   npm run eval:import -- [folder]      (default: data/recipe-pages)
 * Per file: title (normalised equality), ingredients and instructions (fraction of expected lines found),
 * prep/cook/total minutes (equality), yields (normalised equality) and ingredient groups (share of expected groups
 * found with the same purpose and lines). Fields the expected JSON lacks are not scored.
 * An expected JSON of {"no_recipe": true} scores whether the extractor answered null.
 * The field score of a page is the mean of its scored fields; the last line, `RESULT eval:import ...`, gives the mean
 * over pages, the number of pages the importer threw on (`errors`, each scored as nothing found) and each field's mean,
 * then a content score for diagnosis (content_*): the same with ingredient and step lines compared by their letters
 * and digits only, where one expected line may match a run of extracted lines.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeEntities, extractRecipeFromHtml, type ExtractedRecipe } from "../worker/domain/recipeExtract";
import { resultLine } from "./lib/split";

type Expected = {
  no_recipe?: boolean;
  title?: string;
  ingredients?: string[];
  instructions?: string;
  instructions_list?: string[];
  prep_time?: number | null;
  cook_time?: number | null;
  total_time?: number | null;
  yields?: string | null;
  ingredient_groups?: { purpose: string | null; ingredients: string[] }[];
  canonical_url?: string;
  host?: string;
};

const FIELDS = ["found", "title", "ingredients", "instructions", "prep", "cook", "total", "yields", "groups"] as const;
type Field = (typeof FIELDS)[number];
type Scores = Partial<Record<Field, number>>;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const folder = resolve(process.argv[2] ?? join(repoRoot, "data/recipe-pages"));

function findPages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...findPages(path));
    else if (name.endsWith(".testhtml") && existsSync(path.replace(/\.testhtml$/, ".json"))) out.push(path);
  }
  return out;
}

/** Case, whitespace, entities, quote and dash styles, step numbers and a trailing colon or full stop do not count. */
function normalise(text: string): string {
  return decodeEntities(decodeEntities(text))
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/[‐‑‒–—−]/g, "-")
    .replace(/[\s\u00a0]+/g, " ")
    .trim()
    .replace(/^(?:(?:step\s*)?\d{1,2}\s*[.):]|step\s*\d{1,2})\s+/, "")
    .replace(/[\s:.]+$/, "");
}

/** Share of expected lines found among the extracted ones (each extracted line used once). */
function exactRecall(expected: string[], actual: string[]): number {
  const wanted = expected.map(normalise).filter(Boolean);
  if (!wanted.length) return 1;
  const pool = new Map<string, number>();
  for (const line of actual.map(normalise)) pool.set(line, (pool.get(line) ?? 0) + 1);
  let matched = 0;
  for (const line of wanted) {
    const left = pool.get(line) ?? 0;
    if (left > 0) {
      matched++;
      pool.set(line, left - 1);
    }
  }
  return matched / wanted.length;
}

/**
 * Only letters and digits, without step numbers: the same words however spaces, punctuation and numbering fell
 * ("Mix.Bake." is "Mix. Bake."; "1. Heat. 2. Add." is "Heat." then "Add.").
 */
const lettersOf = (text: string) =>
  normalise(text)
    .replace(/(?:^|\s)(?:step\s*)?\d{1,2}[.):](?=\s|$)/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Share of expected lines whose words were found, however the importer split them: a line matches one extracted line
 * or a run of consecutive ones (a page's "1. Heat... 2. Add..." written as one line and read as two steps).
 */
function contentRecall(expected: string[], actual: string[]): number {
  const wanted = expected.map(lettersOf).filter(Boolean);
  if (!wanted.length) return 1;
  const lines = actual.map(lettersOf);
  const used = lines.map(() => false);
  let matched = 0;
  for (const line of wanted) {
    let run: [number, number] | null = null;
    for (let start = 0; start < lines.length && !run; start++) {
      let joined = "";
      for (let end = start; end < lines.length && !used[end]; end++) {
        joined += lines[end];
        if (joined === line) run = [start, end];
        if (run || !line.startsWith(joined)) break;
      }
    }
    if (!run) continue;
    matched++;
    for (let k = run[0]; k <= run[1]; k++) used[k] = true;
  }
  return matched / wanted.length;
}

type Recall = (expected: string[], actual: string[]) => number;

function pageUrlFor(expected: Expected): string | undefined {
  const canonical = expected.canonical_url;
  if (canonical && /^https?:\/\//i.test(canonical)) return canonical;
  return expected.host ? `https://${expected.host}/` : undefined;
}

function score(expected: Expected, actual: ExtractedRecipe | null, lineRecall: Recall = exactRecall): Scores {
  if (expected.no_recipe) return { found: actual === null ? 1 : 0 };
  const scores: Scores = { found: actual ? 1 : 0 };
  const same = (a: number | null | undefined, b: number | null | undefined) => (a ?? null) === (b ?? null) ? 1 : 0;
  if (expected.title !== undefined) scores.title = actual && normalise(actual.title) === normalise(expected.title) ? 1 : 0;
  if (expected.ingredients) scores.ingredients = lineRecall(expected.ingredients, actual?.ingredients ?? []);
  const steps = expected.instructions_list ?? expected.instructions?.split("\n");
  if (steps) scores.instructions = lineRecall(steps, actual?.instructions ?? []);
  if (expected.prep_time !== undefined) scores.prep = same(actual?.prepTime, expected.prep_time);
  if (expected.cook_time !== undefined) scores.cook = same(actual?.cookTime, expected.cook_time);
  if (expected.total_time !== undefined) scores.total = same(actual?.totalTime, expected.total_time);
  if (expected.yields !== undefined) {
    scores.yields = actual && normalise(actual.yields ?? "") === normalise(expected.yields ?? "") ? 1 : 0;
  }
  if (expected.ingredient_groups) {
    const found = expected.ingredient_groups.map((group) => {
      const same = actual?.ingredientGroups.find((g) => normalise(g.purpose ?? "") === normalise(group.purpose ?? ""));
      return same ? lineRecall(group.ingredients, same.ingredients) : 0;
    });
    scores.groups = found.length ? found.reduce((a, b) => a + b, 0) / found.length : 1;
  }
  return scores;
}

if (!existsSync(folder)) {
  console.error(`No such folder: ${folder}`);
  process.exit(2);
}
const pages = findPages(folder);
if (!pages.length) {
  console.error(`No .testhtml + .json pairs under ${folder}`);
  process.exit(2);
}

const rows: Array<{ name: string; scores: Scores; content: Scores }> = [];
// A page the importer throws on scores as a page where it found nothing, and the run goes on to the others.
let errors = 0;
for (const page of pages) {
  const expected = JSON.parse(readFileSync(page.replace(/\.testhtml$/, ".json"), "utf8")) as Expected;
  let actual: ExtractedRecipe | null = null;
  try {
    actual = extractRecipeFromHtml(readFileSync(page, "utf8"), pageUrlFor(expected));
  } catch (error) {
    errors++;
    console.error(`${relative(folder, page)}: the importer threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  rows.push({ name: relative(folder, page), scores: score(expected, actual), content: score(expected, actual, contentRecall) });
}

const WIDTH = 14;
const cell = (value: number | undefined) => (value === undefined ? "-" : value.toFixed(2)).padStart(WIDTH);
const nameWidth = Math.max(24, ...rows.map((row) => row.name.length)) + 2;
console.log(`Folder: ${folder}\n`);
console.log("file".padEnd(nameWidth) + FIELDS.map((f) => f.padStart(WIDTH)).join(""));
for (const row of rows) console.log(row.name.padEnd(nameWidth) + FIELDS.map((f) => cell(row.scores[f])).join(""));

const averages = FIELDS.map((field) => {
  const values = rows.map((row) => row.scores[field]).filter((v): v is number => v !== undefined);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
});
console.log("-".repeat(nameWidth + FIELDS.length * WIDTH));
console.log(`average (${rows.length} files)`.padEnd(nameWidth) + averages.map(cell).join(""));
const counts = FIELDS.map((field) => rows.filter((row) => row.scores[field] !== undefined).length);
console.log("files scored".padEnd(nameWidth) + counts.map((n) => String(n).padStart(WIDTH)).join(""));

// A page's field score: the mean of the fields it is scored on ("found" counts only for pages with no recipe).
const pageScore = (scores: Scores) => {
  const fields = FIELDS.filter((f) => scores[f] !== undefined && (f !== "found" || Object.keys(scores).length === 1));
  return fields.length ? fields.reduce((sum, f) => sum + (scores[f] ?? 0), 0) / fields.length : 0;
};
const fieldScore = rows.reduce((sum, row) => sum + pageScore(row.scores), 0) / rows.length;
console.log(`\nfield score (mean over pages of the mean of their scored fields): ${fieldScore.toFixed(3)}`);
// A second reading for diagnosis, never instead of the first: lines compared by their letters and digits, one expected
// line allowed to match consecutive extracted lines. The gap between the two is spacing and splitting, not content.
const contentScore = rows.reduce((sum, row) => sum + pageScore(row.content), 0) / rows.length;
const contentMean = (field: "ingredients" | "instructions") => {
  const values = rows.map((row) => row.content[field]).filter((v): v is number => v !== undefined);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
};
console.log(`content score (the same, ingredient and step lines compared by letters and digits, splits allowed): ${contentScore.toFixed(3)}`);
const byField: Record<string, number | null> = { pages: rows.length, errors, field_score: fieldScore };
FIELDS.forEach((field, i) => (byField[field] = averages[i] ?? null));
Object.assign(byField, {
  content_field_score: contentScore,
  content_ingredients: contentMean("ingredients"),
  content_instructions: contentMean("instructions"),
});
console.log(resultLine("eval:import", byField));
