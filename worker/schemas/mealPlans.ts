/**
 * Meal plan inputs, shared by the procedures, the REST adapters (path and query text) and the slot dialog (same
 * rules, same messages: 'Date is required', 'Meal type is required', 'Meal description is required when no recipe
 * is selected').
 */
import { z } from "zod";
import "./zodMessages";
import { MEAL_TYPES } from "../domain/constants";
import { isIsoDate } from "../domain/dates";
import { DAILY_SLOTS } from "../domain/mealSlots";

export const MEAL_PLAN_LIMITS = {
  notesMax: 500,
  servingsMin: 1,
  servingsMax: 50,
  /** A range read at once: a month view shows up to 42 days; a quarter is plenty. */
  rangeMaxDays: 93,
  templateNameMax: 60,
  templatesMax: 50,
  cookUsesMax: 80,
  amountMax: 1_000_000,
} as const;

export const MEAL_DESCRIPTION_REQUIRED = "Meal description is required when no recipe is selected";
export const MEAL_PLAN_PREMIUM_MESSAGE = "Premium subscription required for meal planning";

/** A positive integer id from a number or path text. */
function idOf(label: string) {
  const message = `Invalid ${label} id`;
  return z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
}

export const mealPlanId = idOf("meal plan");
export const templateId = idOf("template");

/** A calendar date (yyyy-MM-dd) or an ISO timestamp, which the service reads as a date in the user's time zone. */
function dateOrInstant(requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : "Invalid date") })
    .trim()
    .min(1, requiredMessage)
    .max(40, "Invalid date")
    .refine((value) => isIsoDate(value) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))), "Invalid date");
}

export const mealPlanDate = dateOrInstant("Date is required");

export const mealType = z.enum(MEAL_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? "Meal type is required" : "Meal type must be breakfast, lunch, dinner, snack, dessert or appetizer"),
});

/** Optional recipe: a number, id text, or blank/null for a custom meal. */
const optionalRecipeId = z
  .union([z.null(), z.literal(""), idOf("recipe")], { error: "Invalid recipe id" })
  .optional()
  .transform((value) => (value === "" || value === undefined ? null : value));

/** A description; blank text is none. */
const notesValue = z
  .string({ error: "Meal description must be text" })
  .max(MEAL_PLAN_LIMITS.notesMax, `Meal description must be at most ${MEAL_PLAN_LIMITS.notesMax} characters`)
  .nullable()
  .transform((value) => (value && value.trim() ? value.trim() : null));

const servingsRange = `Servings must be between ${MEAL_PLAN_LIMITS.servingsMin} and ${MEAL_PLAN_LIMITS.servingsMax}`;
/** Servings for one entry; blank or null means the recipe's own. */
const servingsValue = z
  .union([z.null(), z.literal(""), z.number(), z.string().trim().regex(/^\d+$/, "Servings must be a whole number").transform(Number)], { error: "Servings must be a number" })
  .transform((value) => (value === "" ? null : value))
  .pipe(z.number().int("Servings must be a whole number").min(MEAL_PLAN_LIMITS.servingsMin, servingsRange).max(MEAL_PLAN_LIMITS.servingsMax, servingsRange).nullable());

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const createMealPlanInput = z
  .object({
    date: mealPlanDate,
    mealType,
    recipeId: optionalRecipeId,
    notes: notesValue.optional().transform((value) => value ?? null),
    servings: servingsValue.optional().transform((value) => value ?? null),
    repeatWeekly: flag("Repeat weekly").default(false),
  })
  .superRefine((value, ctx) => {
    if (value.recipeId === null && !value.notes) ctx.addIssue({ code: "custom", message: MEAL_DESCRIPTION_REQUIRED, path: ["notes"] });
  });
export type CreateMealPlanInput = z.input<typeof createMealPlanInput>;
export type CreateMealPlanValues = z.output<typeof createMealPlanInput>;

/** Any subset; a recipe set to null makes it a custom meal (its description is then required). Moving is a new date or meal type. */
export const updateMealPlanInput = z.object({
  id: mealPlanId,
  date: mealPlanDate.optional(),
  mealType: mealType.optional(),
  recipeId: z
    .union([z.null(), z.literal(""), idOf("recipe")], { error: "Invalid recipe id" })
    .optional()
    .transform((value) => (value === "" ? null : value)),
  notes: notesValue.optional(),
  servings: servingsValue.optional(),
  locked: flag("Locked").optional(),
});
export type UpdateMealPlanInput = z.input<typeof updateMealPlanInput>;

export const mealPlanRef = z.object({ id: mealPlanId });

export const copyMealPlanInput = z.object({ id: mealPlanId, date: mealPlanDate, mealType });

export const mealPlanRangeInput = z.object({
  start: dateOrInstant("Start date is required"),
  end: dateOrInstant("End date is required"),
});

export const planWeekInput = z.object({
  /** The first day of the week as the calendar shows it (the user's own first weekday). */
  weekStart: mealPlanDate,
  /** Replace the unlocked meals Plan my week chose before. */
  reshuffle: flag("Reshuffle").default(false),
  mealTypes: z
    .array(z.enum(DAILY_SLOTS, { error: "Plan my week fills breakfast, lunch and dinner" }), { error: "Meal types must be a list" })
    .min(1, "Choose at least one meal to plan")
    .max(DAILY_SLOTS.length)
    .default([...DAILY_SLOTS]),
});

export const repeatMealPlanInput = z.object({
  id: mealPlanId,
  /** Last date it may repeat on; absent repeats until stopped. */
  untilDate: mealPlanDate.nullish(),
});

const amount = z
  .union([z.number(), z.string().trim().regex(/^(\d+\.?\d*|\.\d+)$/, "Amount must be a number").transform(Number)], { error: "Amount must be a number" })
  .pipe(z.number().positive("Amount must be greater than 0").max(MEAL_PLAN_LIMITS.amountMax, "Amount is too large"));

export const cookMealPlanInput = z.object({
  id: mealPlanId,
  /** What the review confirmed: amounts in each pantry item's own unit (or items when it has none). */
  uses: z
    .array(z.object({ pantryItemId: idOf("pantry item"), amount }), { error: "Uses must be a list" })
    .max(MEAL_PLAN_LIMITS.cookUsesMax, "Too many pantry items")
    .default([])
    .refine((uses) => new Set(uses.map((u) => u.pantryItemId)).size === uses.length, "Each pantry item can be used once"),
});

export const templateName = z
  .string({ error: (issue) => (issue.input === undefined ? "Template name is required" : "Template name must be text") })
  .trim()
  .min(1, "Template name is required")
  .max(MEAL_PLAN_LIMITS.templateNameMax, `Template name must be at most ${MEAL_PLAN_LIMITS.templateNameMax} characters`);

export const saveTemplateInput = z.object({ weekStart: mealPlanDate, name: templateName });
export const applyTemplateInput = z.object({ templateId, weekStart: mealPlanDate });
export const templateRef = z.object({ id: templateId });

/** The feed's secret from the URL; anything malformed is simply not found. */
export const feedTokenInput = z.object({ token: z.string().trim().max(200).default("") });
