/**
 * Recipe inputs shared by the procedures, the REST adapters (which pass path and query text) and the client forms.
 * Numbers may arrive as JSON numbers (tRPC) or as text (REST query strings, form fields).
 */
import { z } from "zod";
import "./zodMessages";
import { DIFFICULTIES, LIMITS, MEAL_TYPES, OBSCURITY_LEVELS, RECIPE_SOURCE_FILTERS } from "../domain/constants";
import { DIET_TAGS } from "../domain/recipeTags";

export const RECIPE_LIMITS = {
  titleMax: 200,
  searchMax: 120,
  ingredientNameMax: 120,
  unitMax: 30,
  quantityMax: 100_000,
  commentMax: 2000,
  requestMax: 500,
  typedIngredientsMax: 30,
  selectedIngredientsMax: 100,
  urlMax: 2048,
  scaleServingsMax: 100,
} as const;

/** Source filters: the panel's four (generated, nyt, saved, substack) plus the library and other imports. */
export const RECIPE_SOURCES = [...RECIPE_SOURCE_FILTERS, "library", "imported"] as const;
export type RecipeSource = (typeof RECIPE_SOURCES)[number];

export const FEEDBACK_TYPES = ["thumbs_up", "thumbs_down"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** A positive integer id from a number or path text. */
function idOf(label: string) {
  const message = `Invalid ${label} id`;
  return z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
}

export const recipeId = idOf("recipe");
export const commentId = idOf("comment");
export const pantryLinkId = idOf("pantry item link");
export const pantryItemRef = idOf("pantry item");

/** An integer in [min, max] from a number or text; `label` words the messages. */
function boundedInt(label: string, min: number, max: number) {
  const range = `${label} must be between ${min} and ${max}`;
  return z
    .union([z.number(), z.string().trim().regex(/^-?\d+(?:\.\d+)?$/, `${label} must be a number`).transform(Number)], {
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .pipe(z.number().int(`${label} must be a whole number`).min(min, range).max(max, range));
}

/**
 * Quantity text as cooks type it: "1.5", ".5", "3/4" or "1 1/2" (the amounts on the page are shown as fractions, so
 * they must read back). Null when the text is none of these.
 */
export function quantityFromText(text: string): number | null {
  if (/^(?:\d+\.?\d*|\.\d+)$/.test(text)) return Number(text);
  const fraction = /^(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(text);
  if (!fraction || Number(fraction[3]) === 0) return null;
  return Number(fraction[1] ?? 0) + Number(fraction[2]) / Number(fraction[3]);
}

/** A quantity: a positive number, numeric or fraction text ("1.5", "1 1/2"), or blank/null for none. */
const optionalQuantity = z
  .union([
    z.null(),
    z.literal(""),
    z.number(),
    z
      .string()
      .trim()
      .transform((text, ctx) => {
        const value = quantityFromText(text);
        if (value === null) {
          ctx.addIssue({ code: "custom", message: "Quantity must be a number" });
          return z.NEVER;
        }
        return value;
      }),
  ], { error: "Quantity must be a number" })
  .optional()
  .transform((value) => (value === "" || value === undefined ? null : value))
  .pipe(
    z
      .number()
      .min(0, "Quantity can't be negative")
      .max(RECIPE_LIMITS.quantityMax, `Quantity must be at most ${RECIPE_LIMITS.quantityMax.toLocaleString("en-US")}`)
      .nullable(),
  );

const optionalUnit = z
  .string({ error: "Unit must be text" })
  .trim()
  .max(RECIPE_LIMITS.unitMax, `Unit must be at most ${RECIPE_LIMITS.unitMax} characters`)
  .nullish()
  .transform((value) => (value ? value : null));

export const ingredientName = z
  .string({ error: (issue) => (issue.input === undefined ? "Ingredient name is required" : "Ingredient name must be text") })
  .trim()
  .min(1, "Ingredient name is required")
  .max(RECIPE_LIMITS.ingredientNameMax, `Ingredient name must be at most ${RECIPE_LIMITS.ingredientNameMax} characters`);

const difficulty = z.enum(DIFFICULTIES, { error: "Difficulty must be easy, medium, hard or expert" });
const mealType = z.enum(MEAL_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? "Please select a meal type" : "Unknown meal type"),
});
const obscurity = z.enum(OBSCURITY_LEVELS, { error: "Obscurity must be common, moderate, unique or exotic" });

/** "all", "any", "none" and blank mean no filter. */
const noFilter = (value: unknown) => (typeof value === "string" && /^(?:|all|any|none)$/i.test(value.trim()) ? undefined : value);

/** Text "true"/"false" (query strings) or a boolean. */
const booleanParam = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")], { error: "Expected true or false" })
  .optional();

/** One or several diets: an array, or comma-separated text. Unknown names are refused. */
const dietList = z
  .preprocess(
    (value) => {
      const cleaned = noFilter(value);
      if (cleaned === undefined || cleaned === null) return [];
      const list = Array.isArray(cleaned) ? cleaned : String(cleaned).split(",");
      return list.map((d) => (typeof d === "string" ? d.trim().toLowerCase().replace(/\s+/g, "-") : d)).filter((d) => d !== "" && d !== "none");
    },
    z.array(z.enum(DIET_TAGS, { error: "Unknown dietary filter" })).max(DIET_TAGS.length),
  )
  .optional()
  .transform((value) => value ?? []);

export const recipeListInput = z
  .object({
    search: z.string().trim().max(RECIPE_LIMITS.searchMax, `Search must be at most ${RECIPE_LIMITS.searchMax} characters`).optional(),
    difficulty: z.preprocess(noFilter, difficulty.optional()),
    dietary: dietList,
    source: z.preprocess(noFilter, z.enum(RECIPE_SOURCES, { error: "Unknown source filter" }).optional()),
    /** Minimum number of the user's pantry items a recipe uses (the filter's "2+" to "6+"). */
    pantryUsage: z.preprocess(
      (value) => (typeof value === "string" ? noFilter(value.replace(/\+$/, "")) : value),
      boundedInt("Pantry usage", 2, 6).optional(),
    ),
    /** Only the user's own recipes. */
    owner: booleanParam,
    /** "pantry": what can I make — best pantry coverage first, soonest-expiring items weighted up. */
    sort: z.preprocess(noFilter, z.enum(["default", "pantry"], { error: "Unknown sort" }).optional()),
    /** "Fits my preferences": no allergen and the profile's diets met; disliked foods rank last. */
    fitsPreferences: booleanParam,
    page: boundedInt("Page", 1, 100_000).default(1),
  })
  .optional()
  .transform((value) => value ?? { dietary: [] as (typeof DIET_TAGS)[number][], page: 1 });
export type RecipeListInput = z.input<typeof recipeListInput>;

export const recipeRef = z.object({ id: recipeId });

export const addIngredientInput = z.object({
  recipeId,
  name: ingredientName,
  quantity: optionalQuantity,
  unit: optionalUnit,
});

/** Edit by the name the ingredient has now (the REST path carries it); missing fields keep their value. */
export const updateIngredientInput = z.object({
  recipeId,
  originalName: ingredientName,
  name: ingredientName.optional(),
  quantity: optionalQuantity.optional(),
  unit: optionalUnit.optional(),
});

export const deleteIngredientInput = z.object({ recipeId, name: ingredientName });

export const addCommentInput = z.object({
  recipeId,
  comment: z
    .string({ error: (issue) => (issue.input === undefined ? "Comment is required" : "Comment must be text") })
    .trim()
    .min(1, "Comment can't be empty")
    .max(RECIPE_LIMITS.commentMax, `Comment must be at most ${RECIPE_LIMITS.commentMax} characters`),
  rating: z
    .union([z.number(), z.string().trim().regex(/^\d$/, "Rating must be between 1 and 5").transform(Number)], { error: "Rating must be between 1 and 5" })
    .pipe(z.number().int("Rating must be between 1 and 5").min(1, "Rating must be between 1 and 5").max(5, "Rating must be between 1 and 5"))
    .nullish()
    .transform((value) => value ?? 5),
});

export const setFeedbackInput = z.object({
  recipeId,
  feedbackType: z.enum(FEEDBACK_TYPES, { error: "Feedback must be thumbs_up or thumbs_down" }),
});

export const addPantryLinkInput = z.object({
  recipeId,
  groceryItemId: pantryItemRef,
  quantityUsed: optionalQuantity,
  unitUsed: optionalUnit,
});

export const scaledInput = z.object({ id: recipeId, servings: boundedInt("Servings", 1, RECIPE_LIMITS.scaleServingsMax) });

/** Typed ingredients: an array, or the form's comma-separated text; trimmed, blanks dropped. */
const typedIngredients = z
  .preprocess(
    (value) => {
      if (value === undefined || value === null) return [];
      const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : value;
      return Array.isArray(list) ? list.map((v) => (typeof v === "string" ? v.trim() : v)).filter((v) => v !== "") : list;
    },
    z
      .array(z.string({ error: "Ingredients must be text" }).max(RECIPE_LIMITS.ingredientNameMax, `Each ingredient must be at most ${RECIPE_LIMITS.ingredientNameMax} characters`), {
        error: "Ingredients must be a list",
      })
      .max(RECIPE_LIMITS.typedIngredientsMax, `At most ${RECIPE_LIMITS.typedIngredientsMax} ingredients`),
  )
  .transform((list) => [...new Map(list.map((name) => [name.toLowerCase(), name])).values()]);

/** A single diet for the generator ("none" or one of the generator's options; any known diet is accepted). */
const generatorDiet = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase().replace(/\s+/g, "-") || "none" : value ?? "none"),
  z.enum(["none", ...DIET_TAGS], { error: "Unknown dietary option" }),
);

const recipeUrl = z
  .string({ error: "Recipe link must be text" })
  .trim()
  .max(RECIPE_LIMITS.urlMax, "That link is too long");

/**
 * POST /api/recipes/generate: a recipe link means URL import; otherwise AI generation from typed ingredients,
 * with the form's defaults (dinner, no diet, 4 servings, medium, moderate).
 */
export const generateRecipeInput = z.object({
  recipeUrl: recipeUrl.optional().transform((value) => (value ? value : undefined)),
  ingredients: typedIngredients.optional().transform((value) => value ?? []),
  mealType: z.preprocess((v) => (v === "" || v === null ? undefined : v), mealType.default("dinner")),
  dietary: generatorDiet.optional().transform((value) => value ?? "none"),
  servings: z.preprocess((v) => (v === "" || v === null ? undefined : v), boundedInt("Servings", 1, LIMITS.servingsGenerateMax).optional()),
  difficulty: z.preprocess((v) => (v === "" || v === null ? undefined : v), difficulty.default("medium")),
  obscurity: z.preprocess((v) => (v === "" || v === null ? undefined : v), obscurity.default("moderate")),
});
export type GenerateRecipeInput = z.input<typeof generateRecipeInput>;

/** POST /api/recipes/generate-from-pantry. */
export const generateFromPantryInput = z.object({
  selectedIngredients: z
    .array(pantryItemRef, { error: "You must select at least 1 ingredient from your pantry" })
    .min(1, "You must select at least 1 ingredient from your pantry")
    .max(RECIPE_LIMITS.selectedIngredientsMax, `You can select at most ${RECIPE_LIMITS.selectedIngredientsMax} ingredients`)
    .transform((ids) => [...new Set(ids)]),
  dietaryRestrictions: z
    .preprocess(
      (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : String(value).split(",")),
      z.array(z.string().trim().max(60, "Dietary restriction is too long")).max(20, "Too many dietary restrictions"),
    )
    .transform((list) => list.filter((d) => d !== "" && d.toLowerCase() !== "none")),
  mealType,
  servings: boundedInt("Servings", 1, LIMITS.servingsPantryMax).default(4),
  recipeRequest: z
    .string({ error: "Request must be text" })
    .trim()
    .max(RECIPE_LIMITS.requestMax, `Request must be at most ${RECIPE_LIMITS.requestMax} characters`)
    .nullish()
    .transform((value) => value || null),
  difficulty: z.preprocess((v) => (v === "" || v === null ? undefined : v), difficulty.default("medium")),
  fridgePercentage: z
    .union([z.number(), z.string().trim().regex(/^\d+(?:\.\d+)?$/, "Fridge percentage must be a number").transform(Number)], {
      error: "Fridge percentage must be a number",
    })
    .pipe(
      z
        .number()
        .min(LIMITS.fridgePercentMin, `Fridge percentage must be between ${LIMITS.fridgePercentMin} and ${LIMITS.fridgePercentMax}`)
        .max(LIMITS.fridgePercentMax, `Fridge percentage must be between ${LIMITS.fridgePercentMin} and ${LIMITS.fridgePercentMax}`),
    )
    .default(LIMITS.fridgePercentDefault),
});
export type GenerateFromPantryInput = z.input<typeof generateFromPantryInput>;

/** At least ceil(selected x percentage / 100) of the selected items must be used (the fridge-match slider). */
export function requiredIngredientCount(selected: number, fridgePercentage: number): number {
  return Math.max(selected > 0 ? 1 : 0, Math.ceil((selected * fridgePercentage) / 100 - 1e-9));
}
