import { sqliteTable, text, integer, real, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";
import { recipes } from "./recipes";

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
    createdAt: createdAt(),
  },
  (t) => [index("grocery_lists_user_id_created_at_idx").on(t.userId, t.createdAt)],
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
    quantity: real("quantity"),
    unit: text("unit"),
    category: text("category"),
    checked: integer("checked", { mode: "boolean" }).notNull().default(false),
    recipeId: integer("recipe_id").references(() => recipes.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
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
