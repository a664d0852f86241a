/**
 * Grocery list inputs and their user-facing messages, shared by the procedures, the REST adapters (path text) and
 * the client forms, so every path words a refusal the same way.
 */
import { z } from "zod";
import "./zodMessages";
import { LIMITS } from "../domain/constants";
import { calendarDate, pantryCategory, pantryName, quantity as pantryQuantity, storageLocation, unit, PANTRY_LIMITS } from "./pantry";
import { recipeId } from "./recipes";

export const GROCERY_LIMITS = {
  listNameMax: 100,
  notesMax: 500,
  itemNameMax: 120,
  unitMax: 20,
  categoryMax: 40,
  quantityMax: 10_000,
  promptMax: LIMITS.chatMessageMax,
  recipesPerList: 30,
  planDaysMax: 31,
  reviewItemsMax: 200,
  mutationIdMax: 64,
} as const;

export const GROCERY_MESSAGES = {
  nameRequired: "Name is required",
  itemNameRequired: "Item name is required",
  listNotFound: "Grocery list not found",
  itemNotFound: "Item not found",
  noRecipesInPlan: "No recipes in meal plan",
  noRecipesInPlanDescription: "Add some recipes to your meal plan first.",
  mealPlanNotFound: "Meal plan entry not found",
  generateFailed: "Failed to generate grocery list",
  aiApology: "Sorry, I couldn't generate a grocery list for that. Please try different requirements.",
  nothingToMove: "Tick at least one item to add to your pantry",
  tipsPremium: "Upgrade to premium for AI-powered shopping tips",
  promptRequired: "Please tell me what you need",
} as const;

/** A positive integer id from a number or path text. */
function idOf(label: string) {
  const message = `Invalid ${label} id`;
  return z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
}

export const groceryListId = idOf("list");
export const groceryItemId = idOf("item");
export const mealPlanId = idOf("meal plan");

const listName = z
  .string({ error: (issue) => (issue.input === undefined ? GROCERY_MESSAGES.nameRequired : "Name must be text") })
  .trim()
  .min(1, GROCERY_MESSAGES.nameRequired)
  .max(GROCERY_LIMITS.listNameMax, `Name must be at most ${GROCERY_LIMITS.listNameMax} characters`);

const notes = z
  .string({ error: "Notes must be text" })
  .trim()
  .max(GROCERY_LIMITS.notesMax, `Notes must be at most ${GROCERY_LIMITS.notesMax} characters`)
  .nullish()
  .transform((value) => value || null);

export const createListInput = z.object({ name: listName, notes });
export type CreateListInput = z.input<typeof createListInput>;

/** The Edit button: a new name and notes. */
export const updateListInput = z.object({ id: groceryListId, name: listName, notes });

/** A blank field means no amount; otherwise a number between 0.01 and 10,000. */
const optionalQuantity = z
  .union([z.null(), z.literal(""), pantryQuantity], { error: "Quantity must be a number" })
  .optional()
  .transform((value) => (value === "" || value === undefined ? null : value));

const optionalCategory = z
  .string({ error: "Category must be text" })
  .trim()
  .max(GROCERY_LIMITS.categoryMax, `Category must be at most ${GROCERY_LIMITS.categoryMax} characters`)
  .nullish()
  .transform((value) => value || null);

export const addItemInput = z.object({
  listId: groceryListId,
  name: z
    .string({ error: (issue) => (issue.input === undefined ? GROCERY_MESSAGES.itemNameRequired : "Item name must be text") })
    .trim()
    .min(1, GROCERY_MESSAGES.itemNameRequired)
    .max(GROCERY_LIMITS.itemNameMax, `Item name must be at most ${GROCERY_LIMITS.itemNameMax} characters`),
  quantity: optionalQuantity,
  unit,
  category: optionalCategory,
});
export type AddItemInput = z.input<typeof addItemInput>;

export const toggleItemInput = z.object({
  id: groceryItemId,
  checked: z.boolean({ error: "Checked must be true or false" }),
  /** The client's id for this change: sent again after a lost answer, it is applied once. */
  mutationId: z
    .string({ error: "Invalid change id" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Invalid change id")
    .optional(),
  /** Checking off also puts the item into the pantry, with an estimated expiry. */
  addToPantry: z.boolean({ error: "Add to pantry must be true or false" }).optional().default(false),
});
export type ToggleItemInput = z.input<typeof toggleItemInput>;
export type ToggleItemValues = z.output<typeof toggleItemInput>;

const recipeIds = z
  .array(recipeId, { error: "Recipes must be a list of recipe ids" })
  .max(GROCERY_LIMITS.recipesPerList, `At most ${GROCERY_LIMITS.recipesPerList} recipes per list`);

/** POST /api/grocery-lists/generate from the plan: the planned recipes (a recipe planned twice is listed twice). */
export const generateFromRecipesInput = z.object({
  name: listName.optional().default("Shopping List"),
  recipeIds: recipeIds.optional().default([]),
});

/** The week (or any range up to a month) of the meal plan. */
export const generateFromPlanInput = z
  .object({ start: calendarDate, end: calendarDate, name: listName.optional() })
  .refine((value) => value.end >= value.start, { message: "The end date must not be before the start date", path: ["end"] })
  .refine((value) => Date.parse(value.end) - Date.parse(value.start) <= (GROCERY_LIMITS.planDaysMax - 1) * 86_400_000, {
    message: `Choose at most ${GROCERY_LIMITS.planDaysMax} days`,
    path: ["end"],
  });

export const generateWithAiInput = z.object({
  prompt: z
    .string({ error: GROCERY_MESSAGES.promptRequired })
    .trim()
    .min(1, GROCERY_MESSAGES.promptRequired)
    .max(GROCERY_LIMITS.promptMax, `Message is too long (max ${GROCERY_LIMITS.promptMax} characters)`),
  recipeIds: recipeIds.optional().default([]),
});

export const planChangeInput = z.object({ mealPlanId });
export const applyPlanChangeInput = z.object({
  mealPlanId,
  /** The lists to update; all the meal's lists when absent. */
  listIds: z.array(groceryListId).max(20).optional(),
});

const optionalPrice = z
  .union([z.null(), z.literal(""), z.coerce.number().min(0, "Price can't be negative").max(PANTRY_LIMITS.priceMax, "Price is too large")], { error: "Price must be a number" })
  .optional()
  .transform((value) => (value === "" || value === undefined ? null : value));

const optionalDate = z
  .union([z.null(), z.literal(""), calendarDate], { error: "Invalid date" })
  .optional()
  .transform((value) => (value ? value : null));

/** One row of the Done shopping review as the user left it. */
export const shoppedItem = z.object({
  itemId: groceryItemId,
  selected: z.boolean({ error: "Selected must be true or false" }),
  name: pantryName,
  quantity: pantryQuantity,
  unit,
  price: optionalPrice,
  category: pantryCategory,
  storageLocation,
  /** Empty: estimated from the name, category and place. */
  expirationDate: optionalDate,
});
export type ShoppedItem = z.output<typeof shoppedItem>;

export const doneShoppingInput = z.object({
  listId: groceryListId,
  purchaseDate: optionalDate,
  items: z.array(shoppedItem).max(GROCERY_LIMITS.reviewItemsMax, `At most ${GROCERY_LIMITS.reviewItemsMax} items at once`),
});
export type DoneShoppingInput = z.input<typeof doneShoppingInput>;

/** The curated list Add Sample Lists offers. */
export const SAMPLE_LIST_NAME = "Top 20 Grocery Items for One Person";

/** The AI dialog's opening message and quick chips (they fill the input). */
export const GROCERY_AI_GREETING =
  "Hi! Tell me what you're shopping for, like a week of family dinners, vegetarian meals or lunches to prep, and I'll build a list. Tick any of your saved recipes to include them. I'll leave off what your pantry already has.";
export const GROCERY_AI_CHIPS = ["Weekly family plan", "Vegetarian dinners", "Budget meals", "Meal prep lunches"] as const;
