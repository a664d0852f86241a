/**
 * Checks the offline recipe engine over seeded random pantry requests (scripts/lib/generationChecks.ts has the
 * rules and the request generator).
 *
 *   npm run eval:generation -- [--count=300] [--seed=1]
 *
 * Draws requests until `count` recipes have been generated (requests the library cannot answer, such as a vegan
 * breakfast from bacon and eggs, end in the engine's own refusal and are counted apart), checks every recipe and
 * prints the violations by rule with a few examples. The last line is machine-readable: `RESULT eval:generation`.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundledLibrary, composeRecipe, RecipeEngineError } from "../worker/ai/offline/recipeEngine";
import { checkGeneratedRecipe, randomPantryRequest, type Violation } from "./lib/generationChecks";
import { resultLine } from "./lib/split";

export type GenerationRun = { generated: number; refused: number; recipesWithViolations: number; byRule: Map<string, Violation[]>; distinctRecipes: number };

export function runGenerations(count: number, seed: number): GenerationRun {
  const library = bundledLibrary();
  const titles = new Map(library.map((r) => [r.key, r.title]));
  const byRule = new Map<string, Violation[]>();
  const used = new Set<string>();
  let generated = 0;
  let refused = 0;
  let recipesWithViolations = 0;
  for (let attempt = 0; generated < count && attempt < count * 20; attempt++) {
    const input = randomPantryRequest(seed * 100_000 + attempt);
    let output;
    try {
      output = composeRecipe(input, library);
    } catch (error) {
      if (error instanceof RecipeEngineError) {
        refused++;
        continue;
      }
      throw error;
    }
    generated++;
    used.add(output.adaptedFromKey ?? "");
    const violations = checkGeneratedRecipe(input, output, titles.get(output.adaptedFromKey ?? "") ?? null);
    if (violations.length) recipesWithViolations++;
    for (const v of violations) byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
  }
  return { generated, refused, recipesWithViolations, byRule, distinctRecipes: used.size };
}

function option(name: string, fallback: string): string {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
}

function main() {
  const count = Number(option("count", "300"));
  const seed = Number(option("seed", "1"));
  const started = Date.now();
  const run = runGenerations(count, seed);
  console.log(`generated ${run.generated} recipes (${run.distinctRecipes} different library recipes); ${run.refused} requests refused by the engine`);
  console.log(`recipes with a violation: ${run.recipesWithViolations}`);
  const rules = [...run.byRule.entries()].sort((a, b) => b[1].length - a[1].length);
  for (const [rule, list] of rules) {
    console.log(`  ${rule.padEnd(28)} ${list.length}`);
    for (const v of list.slice(0, Number(process.env.EVAL_EXAMPLES ?? 3))) console.log(`      ${v.detail}`);
  }
  const fields: Record<string, number> = {
    generated: run.generated,
    refused: run.refused,
    distinct: run.distinctRecipes,
    recipes_with_violations: run.recipesWithViolations,
    violations: rules.reduce((n, [, list]) => n + list.length, 0),
  };
  for (const [rule, list] of rules) fields[rule.replace(/-/g, "_")] = list.length;
  fields.seconds = Math.round((Date.now() - started) / 1000);
  console.log(resultLine("eval:generation", fields));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
