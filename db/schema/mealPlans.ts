import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";
import { recipes } from "./recipes";

/**
 * Why Plan my week chose a recipe, stored as facts (items and their dates, counts) so the sentence shown is
 * worded against the reader's own today ("expires tomorrow" stays true the next day as "expires today").
 */
export type MealPlanReason = {
  /** Pantry items the recipe uses that expire soon (or have expired), soonest first. */
  expiring: { name: string; expirationDate: string }[];
  /** Counted ingredients (staples such as salt and water left out) and how many the pantry has. */
  matched: number;
  total: number;
  /** A few missing ingredient names. */
  missing: string[];
  saved: boolean;
  /** A disliked food the recipe still contains, when nothing else fitted the slot. */
  disliked: string[];
};

export const mealPlans = sqliteTable(
  "meal_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** yyyy-MM-dd */
    date: text("date").notNull(),
    mealType: text("meal_type").notNull(),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "set null" }),
    notes: text("notes"),
    servings: integer("servings"),
    /** manual (the slot dialog), auto (Plan my week), repeat (a weekly rule), template (an applied week). */
    source: text("source").notNull().default("manual"),
    /** Kept by Plan my week and reshuffle. */
    locked: integer("locked", { mode: "boolean" }).notNull().default(false),
    reason: text("reason", { mode: "json" }).$type<MealPlanReason>(),
    /**
     * The weekly rule that made this entry; cleared when the entry is edited on its own. Not a foreign key: SQLite
     * cannot add one with ON DELETE to an existing table, so the services clear it when a rule goes.
     */
    repeatId: integer("repeat_id"),
    cookedAt: integer("cooked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("meal_plans_user_id_date_idx").on(t.userId, t.date),
    index("meal_plans_recipe_id_idx").on(t.recipeId),
    // One occurrence per rule and date, so two readers extending the same rule at once cannot both add it.
    uniqueIndex("meal_plans_repeat_id_date_idx").on(t.repeatId, t.date),
  ],
);

/**
 * "Repeat weekly": entries are made from the rule as ordinary rows, up to `materializedThrough`, and further as
 * later weeks are read. A date never comes back once made, so deleting one occurrence deletes it for good.
 */
export const mealPlanRepeats = sqliteTable(
  "meal_plan_repeats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first occurrence; later ones fall on the same weekday. */
    startDate: text("start_date").notNull(),
    /** Last date an occurrence may fall on; null repeats until stopped. */
    untilDate: text("until_date"),
    mealType: text("meal_type").notNull(),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "cascade" }),
    notes: text("notes"),
    servings: integer("servings"),
    /** Occurrences up to this date exist as entries. */
    materializedThrough: text("materialized_through").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("meal_plan_repeats_user_id_idx").on(t.userId, t.materializedThrough), index("meal_plan_repeats_recipe_id_idx").on(t.recipeId)],
);

export const mealPlanTemplates = sqliteTable(
  "meal_plan_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("meal_plan_templates_user_id_idx").on(t.userId, t.createdAt)],
);

export const mealPlanTemplateEntries = sqliteTable(
  "meal_plan_template_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    templateId: integer("template_id")
      .notNull()
      .references(() => mealPlanTemplates.id, { onDelete: "cascade" }),
    /** 0 for the week's first day, up to 6. */
    dayOffset: integer("day_offset").notNull(),
    mealType: text("meal_type").notNull(),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "set null" }),
    notes: text("notes"),
    servings: integer("servings"),
  },
  (t) => [index("meal_plan_template_entries_template_id_idx").on(t.templateId), index("meal_plan_template_entries_recipe_id_idx").on(t.recipeId)],
);

/** One secret calendar-feed address per user; only the token's SHA-256 is kept. */
export const mealPlanFeeds = sqliteTable(
  "meal_plan_feeds",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastFetchedAt: integer("last_fetched_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("meal_plan_feeds_token_hash_idx").on(t.tokenHash)],
);
