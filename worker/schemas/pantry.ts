/**
 * Pantry and simple-grocery inputs, shared by the procedures and the client forms (same rules, same messages).
 */
import { z } from "zod";
import "./zodMessages";
import { CONTAINER_TYPES, PANTRY_CATEGORIES, PANTRY_SORTS, STORAGE_LOCATIONS } from "../domain/constants";
import { isIsoDate } from "../domain/dates";

export const PANTRY_LIMITS = {
  nameMax: 120,
  unitMax: 20,
  searchMax: 120,
  quantityMin: 0.01,
  quantityMax: 10_000,
  amountMax: 1_000_000,
  priceMax: 100_000,
} as const;

/**
 * Expiry filters of the pantry list. "expiring" is the expiring-soon rule (isExpiringSoon in domain/expiry.ts:
 * expired or due within 7 days), the list behind the dashboard's View all link; the others are the badge's bands.
 */
export const PANTRY_EXPIRY_FILTERS = ["all", "expiring", "expired", "critical", "warning", "good", "none"] as const;
export type PantryExpiryFilter = (typeof PANTRY_EXPIRY_FILTERS)[number];

/** Why an item was deleted: a mistaken entry is not waste. */
export const DELETE_REASONS = ["discarded", "mistake"] as const;

/** A number, or the decimal text a form field holds ("1.5"), checked by `bounds`. Blank text is not a number. */
function decimal(label: string, bounds: z.ZodNumber) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .max(32)
          .regex(/^-?(\d+\.?\d*|\.\d+)$/)
          .transform(Number),
      ],
      { error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) },
    )
    .pipe(bounds);
}

function boundedDecimal(label: string, min: number, max: number, minMessage = `${label} must be at least ${min}`) {
  return decimal(label, z.number().min(min, minMessage).max(max, `${label} must be at most ${max.toLocaleString("en-US")}`));
}

/** Ids arrive as numbers (tRPC) or path text (REST). */
export const pantryItemId = z
  .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, "Invalid item id").transform(Number)], { error: "Invalid item id" })
  .pipe(z.number({ error: "Invalid item id" }).int("Invalid item id").positive("Invalid item id").max(Number.MAX_SAFE_INTEGER, "Invalid item id"));

export const pantryName = z
  .string({ error: (issue) => (issue.input === undefined ? "Name is required" : "Name must be text") })
  .trim()
  .min(1, "Name is required")
  .max(PANTRY_LIMITS.nameMax, `Name must be at most ${PANTRY_LIMITS.nameMax} characters`);

export const pantryCategory = z.enum(PANTRY_CATEGORIES, {
  error: (issue) => (issue.input === undefined ? "Category is required" : "Please choose a category from the list"),
});

export const storageLocation = z.enum(STORAGE_LOCATIONS, { error: "Storage location must be fridge, pantry or freezer" });

export const quantity = boundedDecimal("Quantity", PANTRY_LIMITS.quantityMin, PANTRY_LIMITS.quantityMax);

/** Free text (UNITS are the suggestions); blank means no unit. */
export const unit = z
  .string({ error: "Unit must be text" })
  .trim()
  .max(PANTRY_LIMITS.unitMax, `Unit must be at most ${PANTRY_LIMITS.unitMax} characters`)
  .nullish()
  .transform((value) => (value ? value : null));

export const containerSize = z
  .enum(CONTAINER_TYPES, { error: "Please choose a container type from the list" })
  .nullish()
  .transform((value) => value ?? null);

const optionalAmount = (label: string) =>
  z
    .union([z.null(), z.literal(""), boundedDecimal(label, 0, PANTRY_LIMITS.amountMax, `${label} can't be negative`)], { error: `${label} must be a number` })
    .optional()
    .transform((value) => (value === "" ? null : value));

/**
 * yyyy-MM-dd. A full ISO timestamp is cut to its date part as written (the calendar day the user picked);
 * blank text counts as not given.
 */
export const calendarDate = z
  .string({ error: "Invalid date" })
  .trim()
  .transform((value, ctx) => {
    const date = value.slice(0, 10);
    if (value.length > 40 || !isIsoDate(date) || (value.length > 10 && value[10] !== "T")) {
      ctx.addIssue({ code: "custom", message: "Invalid date" });
      return z.NEVER;
    }
    return date;
  });

const expirationDate = z
  .union([z.null(), z.literal(""), calendarDate], { error: "Invalid date" })
  .optional()
  .transform((value) => (value === "" ? undefined : value));

const price = z
  .union([z.null(), z.literal(""), boundedDecimal("Price", 0, PANTRY_LIMITS.priceMax, "Price can't be negative")], { error: "Price must be a number" })
  .optional()
  .transform((value) => (value === "" ? null : value));

const purchaseDate = z
  .union([z.null(), z.literal(""), calendarDate], { error: "Invalid date" })
  .optional()
  .transform((value) => (value ? value : null));

const booleanFlag = (label: string) => z.boolean({ error: `${label} must be true or false` });

function amountsFit(value: { amountPerUnit?: number | null; maxAmountPerUnit?: number | null }) {
  return value.amountPerUnit == null || value.maxAmountPerUnit == null || value.amountPerUnit <= value.maxAmountPerUnit;
}
const AMOUNTS_MESSAGE = "Amount remaining can't be more than the full amount per container";

const pantryItemFields = {
  name: pantryName,
  category: pantryCategory,
  quantity: quantity.default(1),
  unit,
  size: containerSize,
  storageLocation: storageLocation.default("fridge"),
  isOpened: booleanFlag("Opened").default(false),
  amountPerUnit: optionalAmount("Amount"),
  maxAmountPerUnit: optionalAmount("Full amount"),
  /** A date, null for no expiry, or absent to have one estimated. */
  expirationDate,
  /**
   * The "Don't auto-generate expiration date" checkbox, inverted. Defaults to true, except that an explicit
   * null date (what that checkbox sends) keeps the item without a date.
   */
  autoExpiry: booleanFlag("Auto expiry").optional(),
  price,
  purchaseDate,
};

export const createPantryItemInput = z.object(pantryItemFields).refine(amountsFit, { message: AMOUNTS_MESSAGE, path: ["amountPerUnit"] });
export type CreatePantryItemInput = z.input<typeof createPantryItemInput>;
export type CreatePantryItemValues = z.output<typeof createPantryItemInput>;

/** Edit: any subset of the fields; an expirationDate given here is the user's own and wins over estimates. */
export const updatePantryItemInput = z
  .object({
    id: pantryItemId,
    name: pantryName.optional(),
    category: pantryCategory.optional(),
    quantity: quantity.optional(),
    unit: unit.optional(),
    size: containerSize.optional(),
    storageLocation: storageLocation.optional(),
    isOpened: booleanFlag("Opened").optional(),
    amountPerUnit: optionalAmount("Amount"),
    maxAmountPerUnit: optionalAmount("Full amount"),
    expirationDate,
    price,
    purchaseDate: purchaseDate.optional(),
  })
  .refine(amountsFit, { message: AMOUNTS_MESSAGE, path: ["amountPerUnit"] });
export type UpdatePantryItemInput = z.input<typeof updatePantryItemInput>;

export const usePantryItemInput = z.object({
  id: pantryItemId,
  // Only the sign and sanity are checked here; more than what is left is refused by the pantry service.
  quantityUsed: decimal("Amount", z.number().positive("Amount must be greater than 0").max(1e12, "Amount is too large")),
  containerIndex: z
    .number({ error: "Invalid container" })
    .int("Invalid container")
    .min(0, "Invalid container")
    .max(PANTRY_LIMITS.quantityMax, "Invalid container")
    .nullish()
    .transform((value) => value ?? undefined),
});
export type UsePantryItemInput = z.input<typeof usePantryItemInput>;

export const deletePantryItemInput = z.object({
  id: pantryItemId,
  reason: z.enum(DELETE_REASONS, { error: "Reason must be discarded or mistake" }).default("discarded"),
});

const pantryListFields = {
  search: z.string().trim().max(PANTRY_LIMITS.searchMax, `Search must be at most ${PANTRY_LIMITS.searchMax} characters`).optional(),
  category: pantryCategory.optional(),
  storageLocation: storageLocation.optional(),
  expiry: z.enum(PANTRY_EXPIRY_FILTERS, { error: "Unknown expiry filter" }).default("all"),
  sort: z.enum(PANTRY_SORTS, { error: "Unknown sort option" }).default("expiration"),
};

export const pantryListInput = z
  .object(pantryListFields)
  .optional()
  .transform((value) => value ?? { expiry: "all" as const, sort: "expiration" as const });
export type PantryListValues = z.output<typeof pantryListInput>;

export const PANTRY_PAGE = { defaultSize: 48, maxSize: 100, cursorMax: 1_000 } as const;

/**
 * One page of the list: the same search, filters and sort, plus where the previous page ended (`cursor`, as the
 * last page answered it; absent for the first page).
 */
export const pantryPageInput = z
  .object({
    ...pantryListFields,
    cursor: z.string({ error: "Invalid cursor" }).max(PANTRY_PAGE.cursorMax, "Invalid cursor").nullish(),
    limit: z
      .number({ error: "Page size must be a number" })
      .int("Page size must be a whole number")
      .min(1, "Page size must be at least 1")
      .max(PANTRY_PAGE.maxSize, `Page size must be at most ${PANTRY_PAGE.maxSize}`)
      .default(PANTRY_PAGE.defaultSize),
  })
  .optional()
  .transform((value) => value ?? { expiry: "all" as const, sort: "expiration" as const, limit: PANTRY_PAGE.defaultSize, cursor: undefined });
export type PantryPageValues = z.output<typeof pantryPageInput>;

/** The simple grocery call used by the recipe page to add an ingredient to the pantry. */
export const createGroceryInput = z.object({
  name: pantryName,
  quantity: quantity.default(1),
  unit: z
    .string({ error: "Unit must be text" })
    .trim()
    .max(PANTRY_LIMITS.unitMax, `Unit must be at most ${PANTRY_LIMITS.unitMax} characters`)
    .nullish()
    .transform((value) => value || "unit"),
  category: pantryCategory.default("Other"),
  location: storageLocation.default("pantry"),
  expirationDate,
});
export type CreateGroceryInput = z.input<typeof createGroceryInput>;

/** A food's name alone: what adding it to the pantry would make of it. */
export const groceryNameInput = z.object({ name: pantryName });

export const markGroceryUsedInput = z.object({
  id: pantryItemId,
  used: z.literal(true, { error: "Only marking an item as used is supported" }),
});

export const groceryIdInput = z.object({ id: pantryItemId, reason: z.enum(DELETE_REASONS).default("discarded") });
