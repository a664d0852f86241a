import { sqliteTable, text, integer, real, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";
import { recipes } from "./recipes";
import type { GroceryItemSource } from "../../worker/domain/groceryMerge";

export type { GroceryItemSource };

export const groceryLists = sqliteTable(
  "grocery_lists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    notes: text("notes"),
    isTemplate: integer("is_template", { mode: "boolean" }).notNull().default(false),
    /**
     * The key the list was created under: "sample:<name>" for a sample list (seeding twice adds nothing), a random
     * one for generated lists, so their items can be inserted in the same batch as the list.
     */
    creationKey: text("creation_key"),
    /** manual | plan | recipes | ai | sample */
    origin: text("origin").notNull().default("manual"),
    /** Raised by every change to the list or its items: other devices poll it to know when to reload. */
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("grocery_lists_user_id_created_at_idx").on(t.userId, t.createdAt),
    uniqueIndex("grocery_lists_user_id_creation_key_idx").on(t.userId, t.creationKey),
  ],
);

export const groceryListItems = sqliteTable(
  "grocery_list_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listId: integer("list_id")
      .notNull()
      .references(() => groceryLists.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** What to buy, in `unit`. */
    quantity: real("quantity"),
    unit: text("unit"),
    category: text("category"),
    checked: integer("checked", { mode: "boolean" }).notNull().default(false),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    /** Generated lines: the recipes and planned meals behind the amount. Null for items added by hand. */
    sources: text("sources", { mode: "json" }).$type<GroceryItemSource[]>(),
    /** How much of the need the pantry covered when the line was made, in `unit`. */
    fromPantry: real("from_pantry"),
    /** The pantry covers the whole need: shown under "Already in your pantry", not bought. */
    coveredByPantry: integer("covered_by_pantry", { mode: "boolean" }).notNull().default(false),
    /** Price paid, entered when shopping (counts as spending once the item goes into the pantry). */
    price: real("price"),
    /** When the item went into the pantry (checked off with "add to pantry", or Done shopping): never twice. */
    movedAt: integer("moved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("grocery_list_items_list_id_idx").on(t.listId, t.position),
    index("grocery_list_items_user_id_idx").on(t.userId),
    index("grocery_list_items_recipe_id_idx").on(t.recipeId),
  ],
);

/** Names a user has put on lists before, for autocomplete. */
export const groceryHistory = sqliteTable(
  "grocery_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    timesUsed: integer("times_used").notNull().default(1),
    lastUsedAt: createdAt(),
  },
  (t) => [uniqueIndex("grocery_history_user_id_name_idx").on(t.userId, t.name)],
);

/**
 * Check-offs already applied, by the client's mutation id: a check-off queued offline and sent again after a lost
 * answer is applied once, so a replay never undoes a later change made on another device.
 */
export const groceryItemMutations = sqliteTable(
  "grocery_item_mutations",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutationId: text("mutation_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mutationId] }), index("grocery_item_mutations_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

/**
 * What a shopping trip cost, from the prices entered when moving a list's items into the pantry (Done shopping).
 * Insights adds these to the spending from confirmed receipts.
 */
export const groceryPurchases = sqliteTable(
  "grocery_purchases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listId: integer("list_id").references(() => groceryLists.id, { onDelete: "set null" }),
    /** yyyy-MM-dd in the user's time zone. */
    purchaseDate: text("purchase_date").notNull(),
    total: real("total").notNull(),
    itemCount: integer("item_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("grocery_purchases_user_id_purchase_date_idx").on(t.userId, t.purchaseDate), index("grocery_purchases_list_id_idx").on(t.listId)],
);
