/**
 * Builds worker/data/recipeLibrary.json, the built-in recipe library (shared, read-only recipes every user sees and
 * the offline recipe engine's base), from data/recipes/recipes.json: 410 recipes from Public Domain Recipes
 * (publicdomainrecipes.com, The Unlicense; see that folder's SOURCE.txt and LICENSE.md).
 *
 *   npx tsx scripts/build-recipe-library.ts [path/to/recipes.json]
 *
 * Per recipe: markdown links and emphasis are reduced to text; every ingredient line is parsed with
 * parseIngredientLine (the original line is kept); "~30 minutes"-style times become minutes with parseIsoDuration;
 * the servings text becomes a number when it starts with one that counts people or pieces; and difficulty, dietary
 * labels, meal type and the component flag come from worker/domain/recipeTags.ts. A line that links to another
 * library recipe ("[chicken stock](/chicken-stock-bone-broth)") brings that recipe's ingredients into the dietary
 * check, so a crostata made with the library's butter pastry is not called vegan.
 *
 * Output, one recipe per line to keep diffs readable: ingredients are tuples in the order of `ingredientFields`,
 * with trailing nulls dropped, which keeps the file compact (it ships inside the Worker).
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseIngredientLine, type ParsedIngredient } from "../worker/domain/ingredients";
import { parseIsoDuration } from "../worker/domain/isoDuration";
import { deriveRecipeTags, type TagIngredient } from "../worker/domain/recipeTags";
import type { LibraryFile } from "../worker/ai/offline/recipeEngine";

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = resolve(process.argv[2] ?? resolve(HERE, "../data/recipes/recipes.json"));
const OUTPUT = resolve(HERE, "../worker/data/recipeLibrary.json");

type SourceRecipe = {
  slug: string;
  title: string;
  author?: string | null;
  tags?: string[] | null;
  prepTime?: string | null;
  cookTime?: string | null;
  servings?: string | null;
  description?: string | null;
  ingredients: { group: string | null; text: string }[];
  directions: string[];
};

/** "[chicken stock](/chicken-stock-bone-broth)" -> "chicken stock"; emphasis and stray markup removed. */
function markdownToText(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[\s(])[*_]([^*_\n]+?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------------------------
// Cleaning the source text (Public Domain Recipes is hand-written markdown, and the derived recipes.json lost the
// rest of a few steps where the markdown continued on the next line).

/** Words a sentence cannot end on: a step ending on one lost its end. */
const DANGLING = /(?:^|\s)(?:the|a|an|and|or|of|to|in|into|for|with|under|until|at|from|by|your|degree of)\s*$/i;

/**
 * Steps as sentences: a step that stops on "the", "and" or a comma and is continued by a step starting in lower
 * case is joined to it; a heading step ("Sauce:") becomes the start of the step after it; the first letter is a
 * capital and the step ends with a full stop. A step that still stops mid-sentence lost its end in the source:
 * `truncated` marks the recipe so the offline engine never adapts it.
 */
export function cleanDirections(source: string[]): { steps: string[]; truncated: boolean } {
  const steps: string[] = [];
  let heading = "";
  for (const raw of source.map((s) => s.replace(/\s*\*+\s*$/, "").trim()).filter(Boolean)) {
    const previous = steps[steps.length - 1];
    if (previous !== undefined && (DANGLING.test(previous) || /,$/.test(previous)) && /^\p{Ll}/u.test(raw)) {
      steps[steps.length - 1] = `${previous} ${raw}`;
      continue;
    }
    if (/:$/.test(raw) && raw.length <= 40) {
      heading = `${heading}${raw} `;
      continue;
    }
    steps.push(`${heading}${raw}`);
    heading = "";
  }
  let truncated = false;
  const finished = steps.map((step) => {
    const text = step.replace(/^\p{Ll}/u, (c) => c.toUpperCase()).replace(/[,;]\s*$/, ".");
    if (DANGLING.test(text)) truncated = true;
    return /[.!?…][)"'’”]*$/.test(text) || DANGLING.test(text) ? text : `${text}.`;
  });
  return { steps: finished, truncated };
}

/** Kitchen tools that recipes sometimes list among the ingredients. */
const EQUIPMENT =
  /^(?:find\s+)?(?:(?:a|an|one|\d+\s*[x×]|\d+(?:[.,]\d+)?\s*(?:l|litres?|liters?|ml|quarts?|qt)?)\s+)*(?:\([^)]*\)\s*)?(?:large\s+|small\s+|glass\s+|oven[- ]safe\s+|reynold'?s\s+)?(?:tin\s+foil|alumin(?:i)?um\s+foil|foil|parchment(?:\s+paper)?|baking\s+paper(?:\s+squares?)?|cling\s*film|plastic\s+wrap|thermometer|oven\s+bag|jar|pan|pot|skillet|bowl|baking\s+(?:sheets?|trays?|dish(?:es)?)|casserole\s+dish(?:es)?|skewers?|toothpicks?|kitchen\s+twine|thermos(?:es)?|cheese\s*cloth|muslin(?:\s+cloth)?|sieve|strainer)s?\b(?:[\s,]+[\dx×~().,;½¼¾/\s\w-]*)?$/i;
/** "Pot of water", "bowl of ice water": a container holding an ingredient. */
const CONTAINER_OF = /^(?:a\s+)?(?:large\s+|big\s+|small\s+)?(?:pot|pan|bowl|saucepan|jug)\s+of\s+(.+)$/i;
/** Labels that head a list of foods ("Condiments of your choice: Parsley, origan or cumin"). */
const LIST_LABEL = /\b(?:choice|optional|for\s+the|toppings?|seasonings?|condiments?|spices|herbs|garnish|to\s+serve|decorations?|choose\s+from|recommendations?)\b/i;

/**
 * A tip written among the ingredients ("I've found that pre-shredded cheese...", "If you don't have the spices...")
 * names no food: kept as a line it would be "missing" from every pantry and land on grocery lists.
 */
const TIP = /^(?:(?:if|instead\s+of|the\s+following|note|tip|i|i'(?:ve|m|d)|we|we'(?:ve|re))\b(?!\s*:)|(?:\.{3}|…))/i;

/** "For the bechamel", "For the topping": a heading with no amount or food of its own. */
const FOR_HEADING = /^for\s+(?:the\s+)?\p{L}[\p{L}'-]*(?:\s+\p{L}[\p{L}'-]*){0,3}$/iu;

type SourceLine = { group: string | null; text: string };

/**
 * Ingredient lines as ingredients: headings ("Dough:", "Spices:", "(spices)") become the group of the lines under
 * them; a labelled list ("Condiments of your choice: Parsley, origan or cumin") keeps its foods and takes the label
 * as its group ("(optional)" when the label says so); "Pot of water" is water; tools ("Tin foil", "thermometer")
 * and cook's tips ("If you don't have...") leave the list and are returned apart.
 */
export function cleanIngredientLines(lines: SourceLine[]): { lines: SourceLine[]; equipment: string[]; tips: string[] } {
  const out: SourceLine[] = [];
  const equipment: string[] = [];
  const tips: string[] = [];
  let heading: string | null = null;
  for (const line of lines) {
    let text = line.text.trim();
    let group = line.group ?? heading;
    // "Dough:", "(spices)", and "For the bechamel" written without a colon head the lines under them.
    if (/:$/.test(text) || /^\([^()]*\)$/.test(text) || FOR_HEADING.test(text)) {
      heading = text.replace(/^\(|\)$|:$/g, "").trim() || null;
      continue;
    }
    const container = CONTAINER_OF.exec(text);
    if (container?.[1]) text = container[1];
    if (EQUIPMENT.test(text)) {
      equipment.push(text.replace(/^find\s+/i, ""));
      continue;
    }
    const bare = text.replace(/^\(\s*optional\s*\)\s*/i, "");
    if (TIP.test(bare)) {
      tips.push(bare.replace(/\s*\(optional\)$/i, ""));
      continue;
    }
    const labelled = /^([^:\d]{2,60}?)\s*:\s*(\S.*)$/.exec(text);
    if (labelled?.[1] && labelled[2]) {
      const [, label, rest] = labelled;
      const optional = /\boptional\b/i.test(label);
      const labelName = label.replace(/\(\s*optional\s*\)/i, "").trim();
      if (rest.toLowerCase().startsWith(labelName.toLowerCase().split(/\s+/)[0] ?? "\u0000")) {
        // "Mace (Optional): Mace is a dried flower...": the food, then a sentence about it.
        text = `${labelName} (${optional ? "optional; " : ""}${rest.replace(/[()]/g, "")})`;
      } else if (LIST_LABEL.test(label) && !/^\d/.test(rest)) {
        text = optional ? `${rest} (optional)` : rest;
        group = line.group ?? (labelName.replace(/^optional\s*/i, "").trim() || group);
      } else if (/^(?:a|an|one|two|three|four|five|six|half|a\s+dozen|dozen)\b/i.test(rest)) {
        // "gerkins: a dozen medium sized ones".
        text = `${labelName} (${rest})`;
      }
    }
    out.push({ group, text });
  }
  return { lines: out, equipment, tips };
}

const METADATA_FIELD = /(?:^|\s)(?:[^\p{L}\p{N}\s]+\s*)?(prep(?:aration)?\s+time|cook(?:ing)?\s+time|total\s+time|servings|serves|yields?|author|source|tags)\s*:\s*/giu;

/**
 * A description without the source's metadata: "author: skipper-davies Lebanese-Style Lentil Soup" gives the
 * author apart; "⏲️ Prep time: 10 min 🍳 Cook time: 30 min 🍽️ Servings: 12" is only metadata (the recipe's own
 * fields hold those values), so nothing of it is kept.
 */
export function cleanDescription(text: string): { description: string; author: string | null } {
  let author: string | null = null;
  let rest = text.trim();
  const byline = /^\s*(?:author|by)\s*:\s*(\S+)\s*/i.exec(rest);
  if (byline?.[1]) {
    author = byline[1];
    rest = rest.slice(byline[0].length);
  }
  // Everything from the first metadata label on is metadata ("... Best served with rice. Servings: 3-4").
  METADATA_FIELD.lastIndex = 0;
  const first = METADATA_FIELD.exec(rest);
  if (first) rest = rest.slice(0, first.index);
  return { description: rest.replace(/\s+/g, " ").trim(), author };
}

/** Slugs of library recipes a line links to ("/garam-masala"). */
function internalLinks(text: string): string[] {
  return [...text.matchAll(/\]\(\/([a-z0-9-]+)\/?\)/g)].map((m) => m[1]!).filter(Boolean);
}

const NOT_PEOPLE = /^\s*\d+(?:[.,]\d+)?\s*(?:l|litres?|liters?|ml|cups?|g|kg|oz|lbs?|pounds?|jars?|quarts?|pints?|gallons?)\b/i;

/** Servings from free text: "4", "4-6" (4), "8 bowls", "4 people", "20 (40 pieces)". Null for prose or volumes. */
export function parseServings(text: string | null | undefined): number | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (NOT_PEOPLE.test(trimmed)) return null;
  const match = /^(?:makes\s+|serves\s+|about\s+)?(\d{1,3})(?![\d/])/i.exec(trimmed) ?? /^(\d{1,3})\/\d/.exec(trimmed);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= 100 ? n : null;
}

function minutes(text: string | null | undefined): number | null {
  if (!text) return null;
  const value = parseIsoDuration(text);
  return value === null ? null : Math.max(0, Math.round(value));
}

type LibraryConstants = { LIBRARY_INGREDIENT_FIELDS: readonly string[]; LIBRARY_KEY_PREFIX: string; LIBRARY_SOURCE_NAME: string };

function build(sourceRecipes: SourceRecipe[], constants: LibraryConstants): LibraryFile {
  const { LIBRARY_INGREDIENT_FIELDS, LIBRARY_KEY_PREFIX, LIBRARY_SOURCE_NAME } = constants;
  const bySlug = new Map(sourceRecipes.map((r) => [r.slug, r]));
  const cleaned = new Map<string, ReturnType<typeof cleanIngredientLines>>();
  const cleanedLines = (recipe: SourceRecipe | undefined) => {
    if (!recipe) return { lines: [], equipment: [], tips: [] };
    let result = cleaned.get(recipe.slug);
    if (!result) {
      result = cleanIngredientLines(recipe.ingredients.map((line) => ({ group: line.group, text: markdownToText(line.text) })));
      cleaned.set(recipe.slug, result);
    }
    return result;
  };
  const parsedBySlug = new Map<string, (ParsedIngredient & { original: string; group: string | null })[]>();
  const parsedOf = (slug: string): (ParsedIngredient & { original: string; group: string | null })[] => {
    const cached = parsedBySlug.get(slug);
    if (cached) return cached;
    const recipe = bySlug.get(slug);
    const parsed = cleanedLines(recipe).lines.map((line) => {
      const original = line.text;
      return { ...parseIngredientLine(original), original, group: line.group };
    });
    parsedBySlug.set(slug, parsed);
    return parsed;
  };
  /** The recipe's own lines plus those of every library recipe it links to (transitively). */
  const linesForDiet = (slug: string): TagIngredient[] => {
    const seen = new Set<string>();
    const out: TagIngredient[] = [];
    const visit = (s: string) => {
      if (seen.has(s) || !bySlug.has(s)) return;
      seen.add(s);
      out.push(...parsedOf(s));
      for (const line of bySlug.get(s)!.ingredients) for (const linked of internalLinks(line.text)) visit(linked);
    };
    visit(slug);
    return out;
  };

  const recipes = sourceRecipes.map((source) => {
    const ingredients = parsedOf(source.slug);
    const directions = cleanDirections(source.directions.map(markdownToText).filter(Boolean));
    const instructions = directions.steps;
    const { equipment, tips } = cleanedLines(source);
    const about = cleanDescription(source.description ? markdownToText(source.description) : "");
    // Each part reads as its own sentence once they are joined.
    const sentence = (text: string) => (text && !/[.!?]$/.test(text) ? `${text}.` : text);
    const description = [
      equipment.length || tips.length ? sentence(about.description) : about.description,
      equipment.length ? `You will need: ${equipment.join(", ")}.` : "",
      ...tips.map((tip) => `Tip: ${sentence(tip.charAt(0).toUpperCase() + tip.slice(1))}`),
    ]
      .filter(Boolean)
      .join(" ");
    const prepTime = minutes(source.prepTime);
    const cookTime = minutes(source.cookTime);
    const servings = parseServings(source.servings);
    const title = markdownToText(source.title);
    const tags = (source.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
    const derived = deriveRecipeTags({ title, tags, ingredients, stepCount: instructions.length, prepTime, cookTime, servings });
    const dietary = deriveRecipeTags({ title, tags, ingredients: linesForDiet(source.slug), stepCount: 0, prepTime: 0, cookTime: 0, servings }).dietary;
    const links = [...new Set(source.ingredients.flatMap((line) => internalLinks(line.text)))].filter((slug) => bySlug.has(slug));
    return {
      key: `${LIBRARY_KEY_PREFIX}${source.slug}`,
      title,
      description: description || null,
      author: source.author ?? about.author,
      tags,
      prepTime,
      cookTime,
      servings,
      difficulty: derived.difficulty,
      difficultyBasis: derived.difficultyBasis,
      dietary,
      mealType: derived.mealType,
      component: derived.component,
      links: links.map((slug) => `${LIBRARY_KEY_PREFIX}${slug}`),
      instructions,
      ...(directions.truncated ? { truncatedSteps: true } : {}),
      ingredients: ingredients.map((p) => {
        const tuple = [p.original ?? "", p.name, p.quantity, p.quantityMax, p.unit, p.preparation, p.comment, p.group];
        while (tuple.length > 2 && tuple[tuple.length - 1] === null) tuple.pop();
        return tuple as LibraryFile["recipes"][number]["ingredients"][number];
      }),
    };
  });
  return {
    source: `${LIBRARY_SOURCE_NAME} (publicdomainrecipes.com), github ronaldl29/public-domain-recipes; The Unlicense (public domain). Derived by scripts/build-recipe-library.ts.`,
    ingredientFields: [...LIBRARY_INGREDIENT_FIELDS],
    recipes,
  };
}

function serialize(file: LibraryFile): string {
  const head = JSON.stringify({ source: file.source, ingredientFields: file.ingredientFields });
  const lines = file.recipes.map((r) => JSON.stringify(r));
  return `${head.slice(0, -1)},\n"recipes":[\n${lines.join(",\n")}\n]}\n`;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const source = JSON.parse(readFileSync(SOURCE, "utf8")) as SourceRecipe[];
  // The engine module imports the library it describes: give it an empty one on the very first build.
  mkdirSync(dirname(OUTPUT), { recursive: true });
  if (!existsSync(OUTPUT)) writeFileSync(OUTPUT, JSON.stringify({ source: "", ingredientFields: [], recipes: [] }));
  const constants = (await import("../worker/ai/offline/recipeEngine")) as LibraryConstants;
  const library = build(source, constants);
  const text = serialize(library);
  writeFileSync(OUTPUT, text);
  const count = (pick: (r: LibraryFile["recipes"][number]) => boolean) => library.recipes.filter(pick).length;
  console.log(`Wrote ${library.recipes.length} recipes (${(text.length / 1024).toFixed(0)} KB) to ${OUTPUT}`);
  console.log(
    `  ingredients: ${library.recipes.reduce((n, r) => n + r.ingredients.length, 0)}; with times: ${count((r) => r.difficultyBasis === "time")}; ` +
      `servings known: ${count((r) => r.servings !== null)}; components: ${count((r) => r.component)}`,
  );
}

export { build as buildRecipeLibrary, markdownToText };
