import { sqliteTable, text, integer, real, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";
import { pantryItems } from "./pantry";

export const recipes = sqliteTable(
  "recipes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null for the shared read-only library. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** Numbered steps, one per line. */
    instructions: text("instructions").notNull().default(""),
    prepTime: integer("prep_time"),
    cookTime: integer("cook_time"),
    servings: integer("servings"),
    /** Free text shown to users: library name, site, "Plantry AI". */
    source: text("source"),
    /** library | generated | imported | user */
    sourceType: text("source_type").notNull(),
    sourceUrl: text("source_url"),
    difficulty: text("difficulty"),
    /** How difficulty was decided: "time" (prep + cook minutes), "steps" (estimated from the step count because the
     * times are unknown) or "requested" (a generated recipe without times). */
    difficultyBasis: text("difficulty_basis"),
    dietary: text("dietary", { mode: "json" }).$type<string[]>(),
    mealType: text("meal_type"),
    tags: text("tags", { mode: "json" }).$type<string[]>(),
    imageUrl: text("image_url"),
    isPremium: integer("is_premium", { mode: "boolean" }).notNull().default(false),
    /** The library recipe a generated one was adapted from. */
    adaptedFromId: integer("adapted_from_id"),
    /** Stable id of a library recipe in the shipped data, for idempotent seeding. */
    libraryKey: text("library_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("recipes_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("recipes_source_type_idx").on(t.sourceType),
    uniqueIndex("recipes_library_key_idx").on(t.libraryKey),
  ],
);

export const recipeIngredients = sqliteTable(
  "recipe_ingredients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    quantity: real("quantity"),
    quantityMax: real("quantity_max"),
    unit: text("unit"),
    preparation: text("preparation"),
    comment: text("comment"),
    /** The original free-text line, when parsed from one. */
    original: text("original"),
    /** Sub-heading the line sits under ("For the sauce"), when the recipe groups its ingredients. */
    section: text("section"),
  },
  (t) => [index("recipe_ingredients_recipe_id_idx").on(t.recipeId, t.position)],
);

/**
 * The ingredient index: one row per distinct food word (normalizeFoodName in worker/domain/foodNames.ts) among a
 * recipe's ingredients, filled when the library is seeded and when a recipe or its ingredients are saved
 * (recipeIndexKeys in worker/domain/matching.ts). "What can I make" looks up the pantry's words here, so it reads
 * only the recipes that can use something the user has.
 */
export const recipeIngredientKeys = sqliteTable(
  "recipe_ingredient_keys",
  {
    key: text("key").notNull(),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.key, t.recipeId] }), index("recipe_ingredient_keys_recipe_id_idx").on(t.recipeId)],
);

export const recipeComments = sqliteTable(
  "recipe_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    rating: integer("rating").notNull().default(5),
    createdAt: createdAt(),
  },
  (t) => [index("recipe_comments_recipe_id_idx").on(t.recipeId, t.createdAt), index("recipe_comments_user_id_idx").on(t.userId)],
);

export const recipeFeedback = sqliteTable(
  "recipe_feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** thumbs_up | thumbs_down */
    feedbackType: text("feedback_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("recipe_feedback_user_id_recipe_id_idx").on(t.userId, t.recipeId),
    index("recipe_feedback_recipe_id_idx").on(t.recipeId),
  ],
);

export const savedRecipes = sqliteTable(
  "saved_recipes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.recipeId] }), index("saved_recipes_recipe_id_idx").on(t.recipeId)],
);

export const recipePantryItems = sqliteTable(
  "recipe_pantry_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pantryItemId: integer("pantry_item_id")
      .notNull()
      .references(() => pantryItems.id, { onDelete: "cascade" }),
    quantityUsed: real("quantity_used"),
    unitUsed: text("unit_used"),
    createdAt: createdAt(),
  },
  (t) => [
    index("recipe_pantry_items_user_id_recipe_id_idx").on(t.userId, t.recipeId),
    index("recipe_pantry_items_pantry_item_id_idx").on(t.pantryItemId),
    index("recipe_pantry_items_recipe_id_idx").on(t.recipeId),
  ],
);
