import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";
import { recipes } from "./recipes";

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
    createdAt: createdAt(),
  },
  (t) => [index("meal_plans_user_id_date_idx").on(t.userId, t.date), index("meal_plans_recipe_id_idx").on(t.recipeId)],
);
