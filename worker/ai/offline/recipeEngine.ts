/**
 * The offline recipe engine (the default without a Workers AI binding). It never invents a recipe: it picks the
 * library recipe that best fits the request and adapts it, and says so.
 *
 * 1. Candidates: library dishes (not sauces, doughs or spice mixes) with ingredients and steps, of the requested
 *    meal type (lunch and dinner stand in for each other, as do snack and appetizer, when nothing else fits),
 *    without any of the user's allergens or disliked foods, meeting every requested diet, either as written or
 *    after well-known swaps (olive oil for butter in savoury dishes, oat milk for milk, tamari for soy sauce,
 *    vegetable stock for chicken stock...). A recipe that still breaks a diet or contains an allergen is out.
 * 2. Each chosen ingredient is matched to the recipe's ingredients (matchScore from domain/matching.ts), or swapped
 *    in for a recipe ingredient of the same family (spinach for kale, turkey for chicken, penne for spaghetti). It
 *    counts as used only where the steps say what to do with it (they name it, or combine "all the ingredients");
 *    recipes whose source steps lost their end are never adapted.
 * 3. Score: ingredients used first, then how much of the recipe the chosen ingredients cover, items that expire
 *    soon, the requested difficulty, words of the free-text request, favourite cuisines and foods, obscurity.
 *    At least `minimumUsed` chosen ingredients must be used (the pantry dialog's fridge-percentage rule).
 * 4. The winner is scaled to the requested servings (domain/scale.ts), its swaps applied to the ingredient list,
 *    steps and title (the title only where it names the swapped food, never with " with ..." stuck on), and it is
 *    re-tagged from its final ingredients. The description names the library recipe,
 *    what changed and which chosen ingredients were and were not used.
 * Pure: the library comes in as an argument (bundledLibrary() for the shipped one).
 */
import type { MealType } from "../../domain/constants";
import { formatIngredient, parseIngredientLine } from "../../domain/ingredients";
import { isAlwaysAvailable, matchScore, normalizeIngredientName } from "../../domain/matching";
import { daysBetween } from "../../domain/dates";
import { scaleIngredients } from "../../domain/scale";
import {
  allergenViolations,
  deriveDietary,
  deriveDifficulty,
  dietViolations,
  mentionsFood,
  normalizeFoodText,
  toDietTag,
  type DietTag,
  type TagIngredient,
} from "../../domain/recipeTags";
import type { RecipeGenerationInput, RecipeGenerationOutput } from "../tasks/recipeGeneration";
import libraryJson from "../../data/recipeLibrary.json";

// ---------------------------------------------------------------------------------------------------------------
// 1. The library

export const LIBRARY_KEY_PREFIX = "pdr:";
export const LIBRARY_SOURCE_NAME = "Public Domain Recipes";
export const LIBRARY_INGREDIENT_FIELDS = ["original", "name", "quantity", "quantityMax", "unit", "preparation", "comment", "section"] as const;

/** [original, name, quantity?, quantityMax?, unit?, preparation?, comment?, section?]; trailing nulls dropped. */
export type LibraryIngredientTuple = [string, string, ...(string | number | null)[]];

export type LibraryFile = {
  source: string;
  ingredientFields: string[];
  recipes: {
    key: string;
    title: string;
    description: string | null;
    author: string | null;
    tags: string[];
    prepTime: number | null;
    cookTime: number | null;
    servings: number | null;
    difficulty: string;
    difficultyBasis: string;
    dietary: string[];
    mealType: string;
    component: boolean;
    links: string[];
    instructions: string[];
    /** Some step lost its end in the source; the engine does not adapt such a recipe. */
    truncatedSteps?: boolean;
    ingredients: LibraryIngredientTuple[];
  }[];
};

export type LibraryIngredient = {
  original: string;
  name: string;
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
  preparation: string | null;
  comment: string | null;
  section: string | null;
};

export type LibraryRecipe = Omit<LibraryFile["recipes"][number], "ingredients" | "dietary" | "mealType"> & {
  dietary: DietTag[];
  mealType: MealType;
  ingredients: LibraryIngredient[];
};

function decodeIngredient(tuple: LibraryIngredientTuple): LibraryIngredient {
  const at = (i: number) => (tuple[i] === undefined ? null : tuple[i]);
  const num = (i: number) => (typeof at(i) === "number" ? (at(i) as number) : null);
  const str = (i: number) => (typeof at(i) === "string" ? (at(i) as string) : null);
  return { original: tuple[0], name: tuple[1], quantity: num(2), quantityMax: num(3), unit: str(4), preparation: str(5), comment: str(6), section: str(7) };
}

export function decodeLibrary(file: LibraryFile): LibraryRecipe[] {
  return file.recipes.map((r) => ({
    ...r,
    dietary: r.dietary as DietTag[],
    mealType: r.mealType as MealType,
    ingredients: r.ingredients.map(decodeIngredient),
  }));
}

let decoded: LibraryRecipe[] | null = null;
/** The shipped library (worker/data/recipeLibrary.json), decoded once per isolate: it is constant data. */
export function bundledLibrary(): LibraryRecipe[] {
  decoded ??= decodeLibrary(libraryJson as unknown as LibraryFile);
  return decoded;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Errors

export type RecipeEngineErrorKind = "no-fit" | "no-match" | "percentage";

/** The engine could not build a recipe; the message is for the user. */
export class RecipeEngineError extends Error {
  constructor(
    readonly kind: RecipeEngineErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "RecipeEngineError";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Swaps

/** Families whose members stand in for each other in a recipe. */
const SWAP_FAMILIES: string[][] = [
  ["spinach", "baby spinach", "kale", "swiss chard", "chard", "collard greens", "bok choy", "arugula", "beet greens", "mustard greens"],
  ["onion", "yellow onion", "white onion", "red onion", "shallot", "leek", "sweet onion"],
  ["green onion", "scallion", "spring onion", "chives"],
  ["chicken", "chicken breast", "chicken thigh", "turkey", "turkey breast"],
  ["beef", "steak", "lamb", "venison", "bison"],
  ["ground beef", "ground pork", "ground turkey", "ground chicken", "ground lamb", "minced meat", "mince"],
  ["pork", "pork chop", "pork loin", "pork tenderloin", "pork shoulder"],
  ["salmon", "trout", "arctic char"],
  ["cod", "haddock", "pollock", "tilapia", "halibut", "white fish", "hake", "sea bass", "trevally", "anglerfish", "monkfish"],
  ["shrimp", "prawn", "scallop"],
  ["spaghetti", "linguine", "fettuccine", "tagliatelle", "penne", "rigatoni", "fusilli", "macaroni", "farfalle", "pasta", "mostaccioli", "ziti"],
  ["rice", "white rice", "long grain rice", "basmati rice", "jasmine rice", "brown rice"],
  ["quinoa", "couscous", "bulgur", "bulghur"],
  ["kidney beans", "black beans", "pinto beans", "cannellini beans", "white beans", "navy beans", "borlotti beans", "chickpeas", "beans"],
  ["lentils", "red lentils", "green lentils", "brown lentils"],
  ["cheddar", "cheddar cheese", "mozzarella", "gruyere", "emmental", "swiss cheese", "monterey jack", "gouda", "provolone", "cheese"],
  ["parmesan", "pecorino", "grana padano"],
  ["potato", "potatoes", "russet potato", "yukon gold potatoes", "new potatoes", "waxy potatoes"],
  ["carrot", "parsnip", "turnip", "rutabaga"],
  ["zucchini", "courgette", "yellow squash", "summer squash"],
  ["butternut squash", "pumpkin", "acorn squash", "sweet potato"],
  ["strawberries", "blueberries", "raspberries", "blackberries", "berries"],
  ["lemon", "lime"],
  ["apple", "pear"],
  ["mushrooms", "button mushrooms", "cremini mushrooms", "champignons", "portobello mushrooms", "shiitake mushrooms"],
  ["parsley", "cilantro", "coriander", "basil", "dill", "mint"],
  ["cream", "heavy cream", "cooking cream", "creme fraiche", "half and half"],
  ["yogurt", "greek yogurt", "plain yogurt"],
  ["bell pepper", "red bell pepper", "green bell pepper", "yellow bell pepper", "red pepper", "green pepper", "capsicum"],
  ["tomatoes", "tomato", "cherry tomatoes", "plum tomatoes", "canned tomatoes", "diced tomatoes", "crushed tomatoes", "canned diced tomatoes"],
  ["chicken stock", "vegetable stock", "beef stock", "chicken broth", "vegetable broth", "beef broth", "stock", "broth"],
  ["olive oil", "vegetable oil", "sunflower oil", "canola oil", "rapeseed oil", "neutral oil", "cooking oil", "oil"],
  ["milk", "whole milk", "semi-skimmed milk", "skim milk"],
  ["broccoli", "cauliflower", "broccolini"],
  ["cabbage", "green cabbage", "savoy cabbage", "red cabbage"],
  ["bread", "sourdough bread", "white bread", "baguette", "ciabatta", "french bread"],
  ["tortillas", "tortilla", "wraps", "flatbread", "pita"],
  ["eggplant", "aubergine"],
  ["green beans", "snow peas", "sugar snap peas", "asparagus"],
  ["peas", "frozen peas", "edamame"],
];

/** Chosen names that already cover every member of their family: "pasta" is used by rigatoni, no swap needed. */
const GENERIC_NAMES = new Set([
  "pasta", "rice", "beans", "cheese", "oil", "stock", "broth", "berries", "bread", "lentils", "tomatoes", "tomato",
  "mushrooms", "mushroom", "milk", "cream", "potatoes", "potato", "cabbage", "greens", "noodles",
  "fish", "white fish", "chicken", "beef", "pork", "yogurt", "squash", "herbs", "tortillas",
]);

/** Swaps that make a recipe meet a diet; `savoryOnly` ones would spoil a bake. */
const DIET_SWAPS: { diets: DietTag[]; from: string; to: string; savoryOnly?: boolean }[] = [
  { diets: ["dairy-free", "vegan", "paleo"], from: "butter", to: "olive oil", savoryOnly: true },
  { diets: ["dairy-free", "vegan", "paleo"], from: "milk", to: "oat milk" },
  { diets: ["dairy-free", "vegan", "paleo"], from: "heavy cream", to: "coconut cream" },
  { diets: ["dairy-free", "vegan", "paleo"], from: "cream", to: "coconut cream" },
  { diets: ["dairy-free", "vegan", "paleo"], from: "yogurt", to: "coconut yogurt" },
  { diets: ["dairy-free", "vegan", "paleo"], from: "sour cream", to: "coconut yogurt" },
  { diets: ["dairy-free", "vegan"], from: "parmesan", to: "nutritional yeast" },
  // Parmesan and pecorino are made with animal rennet; shops sell rennet-free "vegetarian hard cheese".
  { diets: ["vegetarian"], from: "parmesan", to: "vegetarian hard cheese" },
  { diets: ["vegetarian"], from: "pecorino", to: "vegetarian hard cheese" },
  { diets: ["vegan"], from: "honey", to: "maple syrup" },
  { diets: ["vegetarian", "vegan"], from: "chicken stock", to: "vegetable stock" },
  { diets: ["vegetarian", "vegan"], from: "chicken broth", to: "vegetable broth" },
  { diets: ["vegetarian", "vegan"], from: "beef stock", to: "vegetable stock" },
  { diets: ["vegetarian", "vegan"], from: "beef broth", to: "vegetable broth" },
  { diets: ["vegetarian", "vegan"], from: "stock", to: "vegetable stock" },
  { diets: ["vegetarian", "vegan"], from: "broth", to: "vegetable broth" },
  { diets: ["vegetarian", "vegan"], from: "fish sauce", to: "soy sauce" },
  { diets: ["gluten-free", "paleo"], from: "soy sauce", to: "tamari" },
  { diets: ["gluten-free", "low-sodium"], from: "soy sauce", to: "low-sodium tamari" },
  { diets: ["gluten-free"], from: "spaghetti", to: "gluten-free spaghetti" },
  { diets: ["gluten-free"], from: "pasta", to: "gluten-free pasta" },
  { diets: ["gluten-free"], from: "macaroni", to: "gluten-free macaroni" },
  { diets: ["gluten-free"], from: "penne", to: "gluten-free penne" },
  { diets: ["gluten-free"], from: "breadcrumbs", to: "gluten-free breadcrumbs" },
  { diets: ["gluten-free"], from: "bread", to: "gluten-free bread" },
  { diets: ["gluten-free"], from: "tortillas", to: "corn tortillas" },
  { diets: ["low-sodium"], from: "chicken stock", to: "low-sodium chicken stock" },
  { diets: ["low-sodium"], from: "vegetable stock", to: "low-sodium vegetable stock" },
  { diets: ["low-sodium"], from: "stock", to: "low-sodium stock" },
  { diets: ["low-sodium"], from: "broth", to: "low-sodium broth" },
];

const SAVORY_MEALS = new Set<MealType>(["dinner", "lunch", "appetizer"]);

// matchScore normalises both names on every call; the engine compares thousands of pairs per request, so names
// are normalised once and pairs that share no word (which can never match) are skipped. Memos are bounded.
const MEMO_LIMIT = 50_000;
const wordMemo = new Map<string, Set<string>>();
const sameFoodMemo = new Map<string, boolean>();

function wordsOf(name: string): Set<string> {
  let words = wordMemo.get(name);
  if (!words) {
    if (wordMemo.size > MEMO_LIMIT) wordMemo.clear();
    words = new Set(normalizeIngredientName(name).split(" ").filter(Boolean));
    wordMemo.set(name, words);
  }
  return words;
}

/** matchScore of 0.8 or more (exact, normalised or contained on word boundaries). */
function isSameFood(a: string, b: string): boolean {
  if (a === b) return true;
  // Most pairs share no word at all: answered before building a memo key.
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  let shared = false;
  for (const w of wa) {
    if (wb.has(w)) {
      shared = true;
      break;
    }
  }
  if (!shared) return a.trim().toLowerCase() === b.trim().toLowerCase();
  const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
  const known = sameFoodMemo.get(key);
  if (known !== undefined) return known;
  const same = a.trim().toLowerCase() === b.trim().toLowerCase() || matchScore(a, b) >= 0.8;
  if (sameFoodMemo.size > MEMO_LIMIT) sameFoodMemo.clear();
  sameFoodMemo.set(key, same);
  return same;
}

const alwaysMemo = new Map<string, boolean>();
function isStaple(name: string): boolean {
  let known = alwaysMemo.get(name);
  if (known === undefined) {
    if (alwaysMemo.size > MEMO_LIMIT) alwaysMemo.clear();
    known = isAlwaysAvailable(name);
    alwaysMemo.set(name, known);
  }
  return known;
}

const familyMemo = new Map<string, string[] | null>();
function familyOf(name: string): string[] | null {
  if (familyMemo.has(name)) return familyMemo.get(name) ?? null;
  const family = SWAP_FAMILIES.find((members) => members.some((member) => isSameFood(member, name))) ?? null;
  if (familyMemo.size > MEMO_LIMIT) familyMemo.clear();
  familyMemo.set(name, family);
  return family;
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Working lines

/** A recipe line being adapted: the parsed parts, and what it was before a swap. */
type WorkingLine = LibraryIngredient & { swappedFrom: string | null; reason: "chosen" | "diet" | null; display: string };

const workingMemo = new WeakMap<LibraryRecipe, readonly WorkingLine[]>();
/** A recipe's lines as working lines; shared between requests, so adapting makes new lines and never edits these. */
function workingLines(recipe: LibraryRecipe): WorkingLine[] {
  let lines = workingMemo.get(recipe);
  if (!lines) {
    lines = recipe.ingredients.map((i) => ({ ...i, swappedFrom: null, reason: null, display: i.original }));
    workingMemo.set(recipe, lines);
  }
  return lines as WorkingLine[];
}

const meetsAsWrittenMemo = new WeakMap<LibraryRecipe, Map<DietTag, boolean>>();
/** Whether a library recipe meets a diet as written (remembered: the library does not change). */
function meetsAsWritten(recipe: LibraryRecipe, diet: DietTag): boolean {
  let byDiet = meetsAsWrittenMemo.get(recipe);
  if (!byDiet) {
    byDiet = new Map();
    meetsAsWrittenMemo.set(recipe, byDiet);
  }
  let meets = byDiet.get(diet);
  if (meets === undefined) {
    meets = dietViolations(diet, workingLines(recipe).map(toTagIngredient), recipe.servings).length === 0;
    byDiet.set(diet, meets);
  }
  return meets;
}

function toTagIngredient(line: WorkingLine): TagIngredient {
  return { name: line.name, original: line.display, quantity: line.quantity, unit: line.unit, preparation: line.preparation, comment: line.comment };
}

function replaceLineFood(line: WorkingLine, to: string, reason: "chosen" | "diet"): WorkingLine {
  const next: WorkingLine = { ...line, name: to, swappedFrom: line.swappedFrom ?? line.name, reason, comment: null };
  next.display = formatIngredient({ input: "", quantity: next.quantity, quantityMax: next.quantityMax, unit: next.unit, name: to, preparation: next.preparation, comment: null });
  return next;
}

/** Applies the diet swaps a recipe needs; null when a diet still fails (or a swap would add an allergen). */
function adaptForDiets(lines: WorkingLine[], diets: DietTag[], savory: boolean, servings: number | null): WorkingLine[] | null {
  let current = lines;
  for (const diet of diets) {
    if (dietViolations(diet, current.map(toTagIngredient), servings).length === 0) continue;
    current = current.map((line) => {
      if (dietViolations(diet, [toTagIngredient(line)], servings).length === 0) return line;
      const swap = DIET_SWAPS.find((s) => s.diets.includes(diet) && (!s.savoryOnly || savory) && matchScore(s.from, line.name) >= 0.8);
      return swap ? replaceLineFood(line, swap.to, "diet") : line;
    });
    if (dietViolations(diet, current.map(toTagIngredient), servings).length > 0) return null;
  }
  // A later swap must not break an earlier diet.
  for (const diet of diets) if (dietViolations(diet, current.map(toTagIngredient), servings).length > 0) return null;
  return current;
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Scoring

const COMPATIBLE_MEALS: Record<MealType, MealType[]> = {
  breakfast: [],
  lunch: ["dinner"],
  dinner: ["lunch"],
  snack: ["appetizer"],
  appetizer: ["snack"],
  dessert: [],
};

const DIFFICULTY_RANK: Record<string, number> = { easy: 0, medium: 1, hard: 2, expert: 3 };
const FAMILIAR_TAGS = new Set(["basic", "quick", "easy", "american", "english", "italian"]);
const STOP_WORDS = new Set(["the", "and", "with", "for", "some", "something", "make", "want", "please", "recipe", "dish", "that", "this", "from", "like", "using", "use", "have", "can", "would", "just", "not", "any", "very", "really", "good", "nice"]);

type Chosen = { name: string; daysLeft: number | null };

type Plan = {
  recipe: LibraryRecipe;
  lines: WorkingLine[];
  used: Chosen[];
  unused: Chosen[];
  /** Chosen items on the recipe's list whose steps never say where they go: not counted as used. */
  listedOnly: Chosen[];
  swaps: { from: string; to: string }[];
  score: number;
  mealExact: boolean;
};

/** Matches chosen ingredients to a recipe's lines, swapping within families where the recipe lacks one. */
function planFor(recipe: LibraryRecipe, lines: WorkingLine[], chosen: Chosen[]): Omit<Plan, "recipe" | "score" | "mealExact"> {
  const used: Chosen[] = [];
  const listedOnly: Chosen[] = [];
  const unused: Chosen[] = [];
  const claimed = new Set<number>();
  const pending: Chosen[] = [];
  // A chosen item is used only where the steps say what to do with it: named in a step, or taken in by a step that
  // combines "all the ingredients" (compose names it there).
  const allInOne = combinesAll(recipe);
  const callOf = (name: string) => libraryCall(recipe, name);
  const inSteps = (line: WorkingLine) => allInOne || callOf(line.name) !== null;
  // A swap rewrites the steps where they name the line; a word the steps use for several lines ("beans" in a
  // three-bean salad) cannot be rewritten for one of them.
  const swappable = (index: number) => {
    const call = callOf(lines[index]?.name ?? "");
    return call === null ? allInOne : lines.filter((line) => callOf(line.name) === call).length === 1;
  };
  for (const item of chosen) {
    const index = lines.findIndex((line, i) => !claimed.has(i) && isSameFood(line.name, item.name));
    const line = index >= 0 ? lines[index] : undefined;
    if (line && inSteps(line)) {
      claimed.add(index);
      used.push(item);
    } else if (line) {
      claimed.add(index);
      listedOnly.push(item);
    } else pending.push(item);
  }
  let current = lines;
  const swaps: { from: string; to: string }[] = [];
  for (const item of pending) {
    const family = familyOf(item.name);
    // The line must belong to the same family, not merely share a word: "ground pork" is mince, not a pork chop.
    const index = family
      ? current.findIndex((line, i) => !claimed.has(i) && !isStaple(line.name) && familyOf(line.name) === family && family.some((member) => isSameFood(member, line.name)) && swappable(i))
      : -1;
    const line = index >= 0 ? current[index] : undefined;
    if (!line) {
      unused.push(item);
      continue;
    }
    claimed.add(index);
    used.push(item);
    if (GENERIC_NAMES.has(item.name.trim().toLowerCase())) continue;
    swaps.push({ from: line.name, to: item.name });
    current = current.map((l, i) => (i === index ? replaceLineFood(l, item.name, "chosen") : l));
  }
  return { lines: current, used, unused, listedOnly, swaps };
}

function requestWords(request: string | null): string[] {
  if (!request) return [];
  return [...new Set(normalizeFoodText(request).split(/[\s,]+/).filter((w) => w.length >= 3 && !STOP_WORDS.has(w)))].slice(0, 12);
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Composing

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const foodPattern = (name: string) => new RegExp(`\\b${escapeRegExp(name).replace(/\\s+/g, "\\s*")}(?:e?s)?\\b`, "gi");

/**
 * How a recipe's steps call a food: its whole name ("pork chops", also written "porkchops"), else one of its words
 * ("broccoli" for "Broccoli florets", "chickpeas" for "canned chickpeas"), longest first; null when the steps never
 * name it.
 */
function nameInSteps(steps: string[], name: string): string | null {
  const text = steps.join(" ");
  const words = name.toLowerCase().replace(/[^a-z\s-]/g, " ").split(/\s+/).filter((w) => w.length >= 4 && !STOP_WORDS.has(w) && !NOT_A_FOOD_WORD.has(w));
  // The last word names the food ("broccoli florets" aside): try it first, then the others.
  const candidates = [name.trim(), ...words.reverse()];
  return candidates.find((candidate) => candidate && foodPattern(candidate).test(text)) ?? null;
}

// Library recipes are constant objects: what their steps say is remembered per recipe object.
const combinesAllMemo = new WeakMap<LibraryRecipe, boolean>();
/** Whether a library recipe has a step that takes in "all the ingredients". */
function combinesAll(recipe: LibraryRecipe): boolean {
  let known = combinesAllMemo.get(recipe);
  if (known === undefined) {
    known = recipe.instructions.some((step) => ALL_INGREDIENTS.test(step));
    combinesAllMemo.set(recipe, known);
  }
  return known;
}

const callMemo = new WeakMap<LibraryRecipe, Map<string, string | null>>();
/** nameInSteps over a library recipe's own steps, lower case. */
function libraryCall(recipe: LibraryRecipe, name: string): string | null {
  let calls = callMemo.get(recipe);
  if (!calls) {
    calls = new Map();
    callMemo.set(recipe, calls);
  }
  let call = calls.get(name);
  if (call === undefined) {
    call = nameInSteps(recipe.instructions, name)?.toLowerCase() ?? null;
    calls.set(name, call);
  }
  return call;
}

/** Words that describe a food or name a kind of thing, not the food itself: "sweet peppers" is not "sweet potato". */
const NOT_A_FOOD_WORD = new Set([
  "sweet", "green", "yellow", "white", "black", "brown", "fresh", "dried", "large", "small", "medium", "extra", "light",
  "dark", "ground", "whole", "baby", "cooked", "smoked", "sliced", "chopped", "minced", "mixed", "frozen", "canned",
  "plain", "kosher", "salad", "sauce", "powder", "paste", "seeds", "leaves", "pieces", "juice", "stock", "broth",
]);

/** Replaces a food's name (and its plural) in a step or title, keeping the first letter's case. */
function replaceFood(text: string, from: string, to: string): string {
  return text.replace(foodPattern(from), (match) => (match[0] && match[0] === match[0].toUpperCase() ? to.charAt(0).toUpperCase() + to.slice(1) : to));
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const ASSUMED_SERVINGS = 4;

/**
 * Builds one recipe for the request from the library (see the module comment). Throws RecipeEngineError when no
 * library recipe fits: "no-fit" (meal type, diet, allergies and dislikes leave nothing), "percentage" (pantry mode:
 * none uses enough of the selected items) or "no-match" (typed mode: none uses any of the typed ingredients).
 */
export function composeRecipe(input: RecipeGenerationInput, library: LibraryRecipe[]): RecipeGenerationOutput {
  const diets = [...new Set([...input.dietary, ...input.preferences.dietaryRestrictions].map(toDietTag).filter((d): d is DietTag => d !== null))];
  const unchecked = [...new Set(input.preferences.dietaryRestrictions.filter((d) => toDietTag(d) === null && d.trim() !== ""))];
  const allergies = input.preferences.allergies.filter((a) => a.trim() !== "");
  const dislikes = input.preferences.dislikedFoods.filter((d) => d.trim() !== "");
  const chosen: Chosen[] = input.ingredients.map((i) => ({
    name: i.name,
    daysLeft: i.expirationDate ? daysBetween(input.today, i.expirationDate) : null,
  }));
  const required = input.mode === "pantry" ? input.minimumUsed : chosen.length > 0 ? 1 : 0;
  const words = requestWords(input.request);
  const wanted = DIFFICULTY_RANK[input.difficulty] ?? 1;
  const avoid = new Set(input.avoidLibraryKeys ?? []);

  const fits: Plan[] = [];
  for (const recipe of library) {
    if (recipe.component || recipe.truncatedSteps || recipe.ingredients.length === 0 || recipe.instructions.length === 0) continue;
    const mealExact = recipe.mealType === input.mealType;
    if (!mealExact && !COMPATIBLE_MEALS[input.mealType].includes(recipe.mealType)) continue;
    const asWritten = diets.every((diet) => meetsAsWritten(recipe, diet));
    const lines = asWritten ? workingLines(recipe) : adaptForDiets(workingLines(recipe), diets, SAVORY_MEALS.has(recipe.mealType), recipe.servings);
    if (!lines) continue;
    const plan = planFor(recipe, lines, chosen);
    // Allergens and dislikes are checked on the final lines: a swap may bring one in.
    if (allergies.length || dislikes.length || diets.length) {
      const finalTags = plan.lines.map(toTagIngredient);
      if (allergenViolations(finalTags, allergies).length > 0) continue;
      if (dislikes.some((d) => finalTags.some((line) => mentionsFood(line.original ?? line.name, d)))) continue;
      if (diets.some((diet) => dietViolations(diet, finalTags, recipe.servings).length > 0)) continue;
    }

    const counted = plan.lines.filter((l) => !isStaple(l.name));
    const covered = counted.filter((l) => chosen.some((c) => isSameFood(l.name, c.name))).length;
    const coverage = counted.length ? covered / counted.length : 0;
    const haystack = normalizeFoodText(`${recipe.title} ${recipe.tags.join(" ")} ${recipe.description ?? ""}`);
    const expiringUsed = plan.used.filter((c) => c.daysLeft !== null && c.daysLeft <= 3).length;
    const difficultyRank = DIFFICULTY_RANK[deriveDifficulty({ prepTime: recipe.prepTime, cookTime: recipe.cookTime, stepCount: recipe.instructions.length }).difficulty] ?? 1;
    const familiar = recipe.tags.some((t) => FAMILIAR_TAGS.has(t));
    let score = plan.used.length * 10 - plan.swaps.length * 2 + coverage * 4 + expiringUsed * 1.5;
    score += mealExact ? 3 : 0;
    score -= Math.abs(Math.min(wanted, 2) - difficultyRank) * 1;
    score += words.filter((w) => haystack.includes(` ${w} `) || haystack.includes(` ${w}s `)).length * 2;
    score += input.preferences.favoriteCuisines.some((c) => recipe.tags.includes(c.toLowerCase())) ? 1 : 0;
    score += input.preferences.favoriteFoods.some((f) => recipe.ingredients.some((l) => isSameFood(l.name, f))) ? 0.5 : 0;
    if (input.obscurity === "common") score += familiar ? 0.5 : 0;
    if (input.obscurity === "unique" || input.obscurity === "exotic") score += familiar ? 0 : input.obscurity === "exotic" ? 1 : 0.5;
    if (avoid.has(recipe.key)) score -= 5;
    fits.push({ recipe, ...plan, score, mealExact });
  }

  if (fits.length === 0) {
    const limits = [input.mealType, ...diets, allergies.length ? `no ${joinNames(allergies)}` : "", dislikes.length ? `without ${joinNames(dislikes)}` : ""].filter(Boolean);
    throw new RecipeEngineError("no-fit", `No recipe in the built-in library fits your choices (${limits.join(", ")}). Try another meal type or fewer restrictions.`);
  }
  // An exact meal type beats a stand-in whenever one uses enough ingredients.
  const enough = fits.filter((p) => p.used.length >= required);
  if (enough.length === 0) {
    const best = Math.max(...fits.map((p) => p.used.length));
    if (input.mode === "pantry") {
      throw new RecipeEngineError(
        "percentage",
        `No library recipe uses at least ${required} of your ${chosen.length} selected ingredients (your fridge percentage is ${input.fridgePercentage ?? 100}%); the best uses ${best}. Lower the fridge percentage or select ingredients that go together.`,
      );
    }
    const kind = [...diets, input.mealType].join(" ");
    throw new RecipeEngineError(
      "no-match",
      `No ${kind} recipe in the built-in library uses ${joinNames(chosen.map((c) => c.name))}. Try more common ingredients, or leave the ingredients empty for a suggestion.`,
    );
  }
  enough.sort((a, b) => b.score - a.score || Number(b.mealExact) - Number(a.mealExact) || a.recipe.title.localeCompare(b.recipe.title));
  const plan = enough[0]!;
  return compose(plan, input, diets, unchecked);
}

function compose(plan: Plan, input: RecipeGenerationInput, diets: DietTag[], unchecked: string[]): RecipeGenerationOutput {
  const { recipe } = plan;
  const fromServings = recipe.servings ?? ASSUMED_SERVINGS;
  const rescaled = fromServings !== input.servings;
  const scaled = scaleIngredients(plan.lines, fromServings, input.servings).map((line) =>
    // A second measure in the note ("500g", "15 oz") was for the original amount: drop it once scaled.
    rescaled && line.comment ? { ...line, comment: line.comment.split(/,\s*/).filter((part) => !/\d/.test(part)).join(", ") || null } : line,
  );

  // Steps and title follow the chosen swaps (diet swaps only change the ingredient list and the steps).
  const allSwaps = plan.lines.filter((l) => l.swappedFrom).map((l) => ({ from: l.swappedFrom!, to: l.name, reason: l.reason }));
  let instructions = recipe.instructions;
  let title = recipe.title;
  for (const swap of allSwaps) {
    const called = nameInSteps(instructions, swap.from) ?? swap.from;
    instructions = instructions.map((step) => replaceFood(step, called, swap.to));
    // The title follows a swap only where it names the food; it never gets one stuck on ("... with chicken thighs").
    if (swap.reason === "chosen" && !foodPattern(swap.to).test(title)) title = replaceFood(title, nameInSteps([title], swap.from) ?? swap.from, swap.to);
  }
  instructions = nameChosenInSteps(instructions, plan, scaled);
  const chosenSwaps = allSwaps.filter((s) => s.reason === "chosen");

  const notes: string[] = [];
  const by = recipe.author ? `, by ${recipe.author}` : "";
  notes.push(`Adapted from "${recipe.title}" in Plantry's built-in recipe library (${LIBRARY_SOURCE_NAME}, public domain${by}).`);
  if (recipe.description) notes.push(recipe.description);
  if (recipe.servings === null) notes.push(`The original does not say how many it serves; quantities assume ${ASSUMED_SERVINGS} and are scaled to ${input.servings}.`);
  else if (recipe.servings !== input.servings) notes.push(`Scaled from ${recipe.servings} to ${input.servings} servings.`);
  if (chosenSwaps.length) notes.push(`Uses ${joinNames(chosenSwaps.map((s) => `${s.to} instead of ${s.from}`))}.`);
  const dietSwaps = allSwaps.filter((s) => s.reason === "diet");
  if (dietSwaps.length) notes.push(`Made ${joinNames(diets)}: ${joinNames(dietSwaps.map((s) => `${s.to} instead of ${s.from}`))}.`);
  if (input.ingredients.length) {
    notes.push(`Uses ${plan.used.length} of your ${input.ingredients.length} chosen ingredients${plan.used.length ? ` (${joinNames(plan.used.map((c) => c.name))})` : ""}.`);
    if (plan.listedOnly.length) notes.push(`${capitalize(joinNames(plan.listedOnly.map((c) => c.name)))} ${plan.listedOnly.length === 1 ? "is" : "are"} on the ingredient list, but the original steps do not say where ${plan.listedOnly.length === 1 ? "it goes" : "they go"}.`);
    if (plan.unused.length) notes.push(`Not used: ${joinNames(plan.unused.map((c) => c.name))}.`);
  }
  if (unchecked.length) notes.push(`The offline recipe engine cannot check ${joinNames(unchecked)}; please check the ingredients yourself.`);

  const { difficulty } = deriveDifficulty({ prepTime: recipe.prepTime, cookTime: recipe.cookTime, stepCount: instructions.length });
  const finalTags = scaled.map(toTagIngredient);
  return {
    title: capitalize(title),
    description: notes.join(" "),
    servings: input.servings,
    prepTime: recipe.prepTime,
    cookTime: recipe.cookTime,
    difficulty,
    mealType: recipe.mealType === input.mealType || COMPATIBLE_MEALS[input.mealType].includes(recipe.mealType) ? input.mealType : recipe.mealType,
    dietary: deriveDietary(finalTags, input.servings),
    ingredients: scaled.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unit: line.unit,
      preparation: [line.preparation, line.comment].filter(Boolean).join(", ") || null,
    })),
    instructions,
    adaptedFromKey: recipe.key,
  };
}

const ALL_INGREDIENTS = /\b(?:all|the rest of the|the remaining|remaining|the other|other|everything)\s+(?:of\s+the\s+)?(?:remaining\s+|other\s+)?(?:ingredients|items)\b|\beverything\b/i;

/**
 * Chosen items the recipe uses but whose steps only say "combine all ingredients" are named in that step, so the
 * cook sees where each one goes.
 */
function nameChosenInSteps(steps: string[], plan: Plan, lines: WorkingLine[]): string[] {
  const unnamed = plan.used
    .map((item) => lines.find((line) => isSameFood(line.name, item.name))?.name ?? null)
    .filter((name): name is string => name !== null && nameInSteps(steps, name) === null);
  const at = steps.findIndex((step) => ALL_INGREDIENTS.test(step));
  if (unnamed.length === 0 || at < 0) return steps;
  const names = joinNames([...new Set(unnamed.map((n) => n.toLowerCase()))]);
  return steps.map((step, i) => (i === at ? step.replace(/\s*([.!?]*)\s*$/, (_m, end: string) => ` (including the ${names})${end || "."}`) : step));
}

/** Parses a free-text line into the engine's working shape (for tests and callers that hold plain text). */
export function libraryIngredientFromLine(line: string, section: string | null = null): LibraryIngredient {
  const p = parseIngredientLine(line);
  return { original: line, name: p.name, quantity: p.quantity, quantityMax: p.quantityMax, unit: p.unit, preparation: p.preparation, comment: p.comment, section };
}
