/**
 * Recipe files people bring from other apps, read into drafts for review: Paprika (`.paprikarecipes`, a ZIP of
 * gzipped JSON recipes, or one gzipped `.paprikarecipe`), Mealie (a ZIP of `recipes/<slug>/<slug>.json`), Tandoor
 * (a ZIP holding one ZIP per recipe with a `recipe.json`) and schema.org Recipe JSON (one recipe, a list or an
 * @graph; a saved recipe page works too). What a file is comes from its bytes, never its name. Pure; no I/O.
 */
import { ArchiveError, gunzipWithin, isGzip, isZip, newBudget, readZipFiles, type DecompressionBudget } from "./archive";
import { extractRecipeFromHtml, extractRecipesFromJsonLd, instructionStepsFromText, servingsFromYield, textLines, type ExtractedRecipe, type IngredientGroup } from "./recipeExtract";
import { parseIsoDuration } from "./isoDuration";
import { formatExactQuantity } from "./ingredients";
import { IMPORT_FORMAT_LABELS, IMPORT_LIMITS, IMPORT_TOO_LARGE, type ImportFormat } from "./recipeImportFormats";

export { IMPORT_FORMAT_LABELS, IMPORT_LIMITS, type ImportFormat };

export type DraftIngredient = { line: string; section: string | null };

/** A recipe read from a file, not saved yet: the review step shows it and the user picks what to keep. */
export type RecipeDraft = {
  format: ImportFormat;
  title: string;
  description: string | null;
  ingredients: DraftIngredient[];
  steps: string[];
  /** Minutes. */
  prepTime: number | null;
  cookTime: number | null;
  servings: number | null;
  sourceUrl: string | null;
  imageUrl: string | null;
  tags: string[];
};

export type ParsedImport = {
  drafts: RecipeDraft[];
  /** Entries that looked like recipes but could not be read, with why. */
  skipped: { name: string; reason: string }[];
};

export const UNRECOGNISED_FILE =
  "We couldn't find recipes in this file. Import a Paprika export (.paprikarecipes), a Mealie or Tandoor export (.zip), or a schema.org Recipe file (.json).";

/** A file that cannot be imported; the message is fit to show. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Small readers

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const joined = textLines(value).join(" ").trim();
  return joined || null;
};
const nameOf = (value: unknown): string | null => (isObject(value) ? text(value["name"]) : text(value));

/** Minutes from "15 minutes", "PT1H", 20 or "1 hr 5 min"; 0 and nonsense are null. */
function minutes(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  const parsed = parseIsoDuration(value);
  return parsed !== null && parsed > 0 && parsed < 60 * 24 * 14 ? parsed : null;
}

function servings(...values: unknown[]): number | null {
  for (const value of values) {
    if (typeof value === "number" && Number.isFinite(value) && value >= 1 && value <= 1000) return Math.round(value);
    if (typeof value === "string" && value.trim()) {
      const found = servingsFromYield(/^\s*\d+(?:[.,]\d+)?\s*$/.test(value) ? `${value} servings` : value);
      if (found) return found;
    }
  }
  return null;
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * "For the sauce:" on its own line heads the ingredients below it; so does "0 g Sos czosnkowo-jogurtowy:", a card
 * plugin's group header saved as an ingredient with a zero amount.
 */
const SECTION_LINE = /^(?:0+\s*(?:g|ml|x)?\s+)?[^\d¼½¾⅓⅔⅛]{2,60}:$/;
const sectionName = (line: string) => line.replace(/^0+\s*(?:g|ml|x)?\s+/, "").slice(0, -1).trim();

/**
 * Ingredient lines with their sections: a group's name as the page's card shows it, and a header line inside the
 * lines ("For the sauce:", as many recipes list it among their ingredients) heading the lines below it. A header
 * line is a section, not something to buy.
 */
export function sectionedIngredients(groups: IngredientGroup[]): DraftIngredient[] {
  const out: DraftIngredient[] = [];
  for (const group of groups) {
    let section = group.purpose?.trim() || null;
    for (const line of group.ingredients) {
      if (SECTION_LINE.test(line.trim())) section = sectionName(line.trim());
      else out.push({ line, section });
    }
  }
  return out;
}

/** Plain ingredient lines, with header lines turned into sections. */
const ingredientsFromLines = (lines: string[]) => sectionedIngredients([{ purpose: null, ingredients: lines }]);

const tagList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : []).map(nameOf).filter((t): t is string => Boolean(t));

/** Caps every field at what a saved recipe can hold. */
function bounded(draft: RecipeDraft): RecipeDraft {
  const L = IMPORT_LIMITS;
  return {
    ...draft,
    title: (draft.title.trim() || "Untitled recipe").slice(0, L.titleMax),
    description: draft.description ? draft.description.slice(0, L.descriptionMax) : null,
    ingredients: draft.ingredients.slice(0, L.ingredientsMax).map((i) => ({ line: i.line.slice(0, L.ingredientLineMax), section: i.section ? i.section.slice(0, 120) : null })),
    steps: draft.steps.slice(0, L.stepsMax).map((s) => s.slice(0, L.stepMax)),
    tags: [...new Set(draft.tags.map((t) => t.slice(0, 40)))].slice(0, L.tagsMax),
  };
}

function withNotes(description: string | null, notes: string | null): string | null {
  if (!notes) return description;
  return description ? `${description}\n\nNotes: ${notes}` : `Notes: ${notes}`;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. One recipe per format

/** Paprika's recipe JSON: ingredients and directions are newline-separated text. */
export function fromPaprika(recipe: Json): RecipeDraft {
  const directions = typeof recipe["directions"] === "string" ? recipe["directions"] : "";
  return {
    format: "paprika",
    title: text(recipe["name"]) ?? "",
    description: withNotes(text(recipe["description"]), text(recipe["notes"])),
    ingredients: ingredientsFromLines(typeof recipe["ingredients"] === "string" ? textLines(recipe["ingredients"]) : []),
    steps: directions ? instructionStepsFromText(directions) : [],
    prepTime: minutes(recipe["prep_time"]),
    cookTime: minutes(recipe["cook_time"]),
    servings: servings(recipe["servings"]),
    sourceUrl: httpUrl(recipe["source_url"]),
    imageUrl: httpUrl(recipe["image_url"]),
    tags: tagList(recipe["categories"]),
  };
}

/** One Mealie ingredient: its original text, else what Mealie displays, else the parts. */
function mealieIngredientLine(value: unknown): string | null {
  if (!isObject(value)) return text(value);
  const original = text(value["originalText"]) ?? text(value["display"]);
  if (original) return original;
  const quantity = typeof value["quantity"] === "number" && value["quantity"] > 0 ? formatExactQuantity(value["quantity"]) : null;
  const parts = [quantity, nameOf(value["unit"]), nameOf(value["food"])].filter(Boolean).join(" ");
  const note = text(value["note"]);
  return parts ? (note ? `${parts}, ${note}` : parts) : note;
}

/** A Mealie recipe as its export writes it (camelCase; ingredients and steps as objects). */
export function fromMealie(recipe: Json): RecipeDraft {
  const rawIngredients = recipe["recipeIngredient"] ?? recipe["recipe_ingredient"];
  const ingredients: DraftIngredient[] = [];
  let section: string | null = null;
  for (const item of Array.isArray(rawIngredients) ? rawIngredients : []) {
    if (isObject(item) && text(item["title"])) section = text(item["title"]);
    const line = mealieIngredientLine(item);
    if (line) ingredients.push({ line, section });
  }
  const rawSteps = recipe["recipeInstructions"] ?? recipe["recipe_instructions"];
  const steps: string[] = [];
  for (const step of Array.isArray(rawSteps) ? rawSteps : []) {
    if (!isObject(step)) {
      const line = text(step);
      if (line) steps.push(line);
      continue;
    }
    const title = text(step["title"]);
    if (title) steps.push(/[:.!?]$/.test(title) ? title : `${title}:`);
    const body = text(step["text"]);
    if (body) steps.push(body);
  }
  const notes = (Array.isArray(recipe["notes"]) ? recipe["notes"] : [])
    .map((note) => (isObject(note) ? [text(note["title"]), text(note["text"])].filter(Boolean).join(": ") : text(note)))
    .filter(Boolean)
    .join(" ");
  return {
    format: "mealie",
    title: text(recipe["name"]) ?? "",
    description: withNotes(text(recipe["description"]), notes || null),
    ingredients,
    steps,
    prepTime: minutes(recipe["prepTime"] ?? recipe["prep_time"]),
    cookTime: minutes(recipe["cookTime"] ?? recipe["performTime"] ?? recipe["cook_time"] ?? recipe["perform_time"]),
    servings: servings(recipe["recipeServings"], recipe["recipeYieldQuantity"], recipe["recipeYield"], recipe["recipe_yield"]),
    sourceUrl: httpUrl(recipe["orgURL"] ?? recipe["org_url"]),
    imageUrl: null,
    tags: [...tagList(recipe["tags"]), ...tagList(recipe["recipeCategory"] ?? recipe["recipe_category"])],
  };
}

/** One Tandoor ingredient: its original text, else amount, unit, food and note. */
function tandoorIngredientLine(item: Json): string | null {
  const original = text(item["original_text"]);
  if (original) return original;
  const amount = item["no_amount"] !== true && typeof item["amount"] === "number" && item["amount"] > 0 ? formatExactQuantity(item["amount"]) : null;
  const food = isObject(item["food"]) ? text(item["food"]["name"]) : null;
  const unit = isObject(item["unit"]) ? text(item["unit"]["name"]) : null;
  const parts = [amount, unit, food].filter(Boolean).join(" ");
  const note = text(item["note"]);
  return parts ? (note ? `${parts}, ${note}` : parts) : note;
}

/** Tandoor's recipe.json: steps each carry their instruction and their own ingredients. */
export function fromTandoor(recipe: Json): RecipeDraft {
  const rawSteps = (Array.isArray(recipe["steps"]) ? recipe["steps"] : []).filter(isObject);
  const ordered = [...rawSteps].sort((a, b) => (Number(a["order"]) || 0) - (Number(b["order"]) || 0));
  const withIngredients = ordered.filter((s) => Array.isArray(s["ingredients"]) && s["ingredients"].length > 0).length;
  const ingredients: DraftIngredient[] = [];
  const steps: string[] = [];
  for (const step of ordered) {
    const name = text(step["name"]);
    let section: string | null = withIngredients > 1 ? name : null;
    for (const item of (Array.isArray(step["ingredients"]) ? step["ingredients"] : []).filter(isObject)) {
      if (item["is_header"] === true) {
        section = text(item["note"]) ?? (isObject(item["food"]) ? text(item["food"]["name"]) : null);
        continue;
      }
      const line = tandoorIngredientLine(item);
      if (line) ingredients.push({ line, section });
    }
    const instruction = typeof step["instruction"] === "string" ? instructionStepsFromText(step["instruction"]) : [];
    if (name && instruction.length > 0 && ordered.length > 1) steps.push(/[:.!?]$/.test(name) ? name : `${name}:`);
    steps.push(...instruction);
  }
  return {
    format: "tandoor",
    title: text(recipe["name"]) ?? "",
    description: text(recipe["description"]),
    ingredients,
    steps,
    prepTime: minutes(recipe["working_time"]),
    cookTime: minutes(recipe["waiting_time"]),
    servings: servings(recipe["servings"], recipe["servings_text"]),
    sourceUrl: httpUrl(recipe["source_url"]),
    imageUrl: null,
    tags: tagList(recipe["keywords"]),
  };
}

function fromExtracted(recipe: ExtractedRecipe): RecipeDraft {
  return {
    format: "schema.org",
    title: recipe.title,
    description: recipe.description,
    ingredients: sectionedIngredients(recipe.ingredientGroups),
    steps: recipe.instructions,
    prepTime: recipe.prepTime,
    cookTime: recipe.cookTime,
    servings: recipe.servings,
    sourceUrl: recipe.sourceUrl,
    imageUrl: recipe.imageUrl,
    tags: recipe.keywords,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Telling formats apart by their content

const hasAny = (object: Json, keys: string[]) => keys.some((key) => object[key] !== undefined);

function mentionsSchemaRecipe(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (Array.isArray(value)) return value.some((v) => mentionsSchemaRecipe(v, depth + 1));
  if (!isObject(value)) return false;
  const type = value["@type"];
  const types = Array.isArray(type) ? type : [type];
  if (types.some((t) => typeof t === "string" && /(^|[/:#])recipe$/i.test(t))) return true;
  return Object.values(value).some((v) => (Array.isArray(v) || isObject(v)) && mentionsSchemaRecipe(v, depth + 1));
}

/** The drafts a parsed JSON document holds, whichever app wrote it; empty when it holds none. */
export function draftsFromJson(value: unknown): RecipeDraft[] {
  if (mentionsSchemaRecipe(value)) return extractRecipesFromJsonLd(value).map(fromExtracted);
  if (Array.isArray(value)) return value.flatMap((item) => (isObject(item) ? draftsFromJson(item) : []));
  if (!isObject(value)) return [];
  if (Array.isArray(value["steps"]) && hasAny(value, ["working_time", "waiting_time", "servings_text", "keywords"])) return [fromTandoor(value)];
  if (typeof value["directions"] === "string" || (typeof value["ingredients"] === "string" && hasAny(value, ["uid", "source_url", "photo_hash"]))) return [fromPaprika(value)];
  if (hasAny(value, ["recipeIngredient", "recipe_ingredient", "recipeInstructions", "recipe_instructions"])) return [fromMealie(value)];
  // A wrapper such as {"recipes": [...]}.
  const list = Object.values(value).find((v) => Array.isArray(v) && v.some(isObject));
  return list ? draftsFromJson(list) : [];
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Files

const utf8 = new TextDecoder("utf-8");

function decodeText(bytes: Uint8Array): string {
  return utf8.decode(bytes).replace(/^\uFEFF/, "");
}

function parseJsonText(source: string): unknown {
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return undefined;
  }
}

type Collector = { drafts: RecipeDraft[]; skipped: ParsedImport["skipped"] };

function keep(collector: Collector, name: string, drafts: RecipeDraft[]) {
  for (const draft of drafts) {
    if (draft.ingredients.length === 0 && draft.steps.length === 0) {
      collector.skipped.push({ name: draft.title || name, reason: "No ingredients or steps" });
      continue;
    }
    if (collector.drafts.length >= IMPORT_LIMITS.maxRecipes) {
      throw new ImportFileError(`This file holds more than ${IMPORT_LIMITS.maxRecipes} recipes. Please export and import them in smaller groups.`);
    }
    collector.drafts.push(bounded(draft));
  }
}

/** A text document: JSON (any of the formats) or a saved web page with schema.org data. */
function readTextDocument(collector: Collector, name: string, bytes: Uint8Array) {
  const source = decodeText(bytes);
  const start = source.trimStart()[0];
  if (start === "{" || start === "[") {
    const value = parseJsonText(source);
    if (value === undefined) {
      collector.skipped.push({ name, reason: "Not valid JSON" });
      return;
    }
    keep(collector, name, draftsFromJson(value));
    return;
  }
  if (start === "<") {
    const recipe = extractRecipeFromHtml(source);
    if (recipe) keep(collector, name, [fromExtracted(recipe)]);
  }
}

function readGzipRecipe(collector: Collector, name: string, bytes: Uint8Array, budget: DecompressionBudget) {
  const inner = gunzipWithin(bytes, IMPORT_LIMITS.archive.maxEntryBytes, budget);
  const value = parseJsonText(decodeText(inner));
  if (!isObject(value)) {
    collector.skipped.push({ name, reason: "Not a Paprika recipe" });
    return;
  }
  // Paprika's own files are Paprika recipes even when a field the sniffing looks for is missing.
  keep(collector, name, mentionsSchemaRecipe(value) ? draftsFromJson(value) : [fromPaprika(value)]);
}

function readArchive(collector: Collector, bytes: Uint8Array, budget: DecompressionBudget, depth: number) {
  for (const file of readZipFiles(bytes, IMPORT_LIMITS.archive, budget)) {
    const base = file.name.split("/").pop() ?? file.name;
    if (isGzip(file.data)) readGzipRecipe(collector, base, file.data, budget);
    // Tandoor puts one ZIP per recipe inside the export; deeper nesting is not something any app writes.
    else if (isZip(file.data)) {
      if (depth === 0) readArchive(collector, file.data, budget, depth + 1);
    } else if (/\.(json|html?)$/i.test(base)) readTextDocument(collector, base, file.data);
  }
}

/**
 * Every recipe in an uploaded file, as drafts. Throws ImportFileError (a message to show) for a file that is not
 * one of the formats, holds no recipes, or is too big once unpacked.
 */
export function readRecipeFile(bytes: Uint8Array): ParsedImport {
  if (bytes.length > IMPORT_LIMITS.maxFileBytes) {
    throw new ImportFileError(IMPORT_TOO_LARGE);
  }
  const collector: Collector = { drafts: [], skipped: [] };
  const budget = newBudget(IMPORT_LIMITS.archive);
  try {
    if (isZip(bytes)) readArchive(collector, bytes, budget, 0);
    else if (isGzip(bytes)) readGzipRecipe(collector, "recipe", bytes, budget);
    else readTextDocument(collector, "file", bytes);
  } catch (error) {
    if (error instanceof ArchiveError) throw new ImportFileError(error.message);
    throw error;
  }
  if (collector.drafts.length === 0) throw new ImportFileError(UNRECOGNISED_FILE);
  return collector;
}
