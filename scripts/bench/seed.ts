/**
 * The bench's data: users with 10, 1,000, 2,000 and 5,000 pantry items named like real food (the library's own
 * ingredient names, written the ways people write them), the 410-recipe library, a week of meal plans and a
 * grocery list per plan user. The first items of every user go through the real HTTP path; the bulk is SQL
 * (wrangler d1 execute), run while the Worker is stopped.
 */
import { executeSql, sqlValue, type Target } from "../lib/local";
import { bundledLibrary } from "../../worker/ai/offline/recipeEngine";
import { addDays } from "../../worker/domain/dates";
import { PANTRY_CATEGORIES } from "../../worker/domain/constants";
import { registerUser, trpcMutation, trpcQuery, type BenchServer, type BenchUser } from "./lib";

const LOCATIONS = ["fridge", "pantry", "freezer"] as const;
const DECORATIONS = [(n: string) => n, (n: string) => n[0]!.toUpperCase() + n.slice(1), (n: string) => `Organic ${n}`, (n: string) => `${n} (store brand)`, (n: string) => `Fresh ${n}`];

let foodNames: string[] | null = null;
/** Distinct food names from the library's ingredients, in a fixed order. */
function libraryFoodNames(): string[] {
  foodNames ??= [...new Set(bundledLibrary().flatMap((recipe) => recipe.ingredients.map((i) => (i.name || i.original).trim().toLowerCase())))].filter((n) => n.length > 1 && n.length < 60).sort();
  return foodNames;
}

function isoDay(offsetDays: number): string {
  return addDays(new Date().toISOString().slice(0, 10), offsetDays);
}

/** Item i of a pantry: a food name, and a spread of dates like a real pantry (some expired, many soon, most later, some undated). */
export function benchItem(i: number) {
  const names = libraryFoodNames();
  const base = names[(i * 7919) % names.length]!;
  const name = DECORATIONS[Math.floor(i / names.length) % DECORATIONS.length]!(base).slice(0, 120);
  const roll = (i * 7919) % 100;
  const offset = roll < 5 ? -((i % 20) + 1) : roll < 20 ? i % 8 : roll < 90 ? 8 + (i % 365) : null;
  return {
    name,
    category: PANTRY_CATEGORIES[i % PANTRY_CATEGORIES.length]!,
    quantity: 1 + (i % 4),
    storageLocation: LOCATIONS[i % LOCATIONS.length]!,
    expirationDate: offset === null ? null : isoDay(offset),
  };
}

/** The users every scenario may use, by label, with how many items each holds. */
export const PANTRY_SIZES: Record<string, number> = { p10: 10, p1000: 1_000, p2000: 2_000, p5000: 5_000, plan: 40 };
/** Items added over HTTP per user (the rest is SQL). */
const OVER_HTTP = 10;

/** Registers the users and adds their first items over HTTP; returns them without the SQL bulk yet. */
export async function registerBenchUsers(server: BenchServer, loadClients: number): Promise<{ users: Record<string, BenchUser>; loadUsers: BenchUser[] }> {
  const users: Record<string, BenchUser> = {};
  for (const [label, items] of Object.entries(PANTRY_SIZES)) {
    const user = { ...(await registerUser(server, label)), items };
    for (let i = 0; i < Math.min(OVER_HTTP, items); i++) await trpcMutation(server, "pantry.create", benchItem(i), { cookie: user.cookie });
    users[label] = user;
  }
  const loadUsers: BenchUser[] = [];
  for (let i = 0; i < loadClients; i++) {
    const user = { ...(await registerUser(server, `load${i}`)), items: 20 };
    loadUsers.push(user);
  }
  // The first list seeds the shared library (ensureLibrarySeeded).
  await trpcQuery(server, "recipes.list", {}, { cookie: users.p10!.cookie });
  return { users, loadUsers };
}

/** The week the plan users have planned: Monday of this week and the six days after it. */
export function plannedWeek(): string[] {
  const today = new Date();
  const monday = addDays(today.toISOString().slice(0, 10), -((today.getUTCDay() + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The bulk, as SQL: pantry items beyond the first ten, the load users' items, a week of meals and a grocery list. */
export function seedWithSql(users: Record<string, BenchUser>, loadUsers: BenchUser[], target: Target): void {
  const statements: string[] = [];
  const insertItems = (userId: string, from: number, to: number) => {
    for (let start = from; start < to; start += 250) {
      const values: string[] = [];
      for (let i = start; i < Math.min(to, start + 250); i++) {
        const item = benchItem(i);
        values.push(`(${[userId, item.name, item.category, item.quantity, item.storageLocation, item.expirationDate, item.expirationDate ? "user" : null].map(sqlValue).join(", ")})`);
      }
      statements.push(`INSERT INTO pantry_items (user_id, name, category, quantity, storage_location, expiration_date, expiry_source) VALUES ${values.join(", ")}`);
    }
  };
  for (const user of Object.values(users)) if (user.items > OVER_HTTP) insertItems(user.id, OVER_HTTP, user.items);
  for (const user of loadUsers) insertItems(user.id, 0, user.items);
  // A week of meals (three a day, library recipes) and a grocery list, for the plan user and every load user.
  const week = plannedWeek();
  for (const user of [users.plan!, ...loadUsers]) {
    const meals = week.flatMap((day, d) =>
      ["breakfast", "lunch", "dinner"].map(
        (meal, m) => `(${sqlValue(user.id)}, ${sqlValue(day)}, ${sqlValue(meal)}, (SELECT id FROM recipes WHERE user_id IS NULL ORDER BY id LIMIT 1 OFFSET ${(d * 3 + m) * 13}), NULL)`,
      ),
    );
    statements.push(`INSERT INTO meal_plans (user_id, date, meal_type, recipe_id, notes) VALUES ${meals.join(", ")}`);
    statements.push(`INSERT INTO grocery_lists (user_id, name) VALUES (${sqlValue(user.id)}, 'Weekly shop')`);
    const listItems = Array.from({ length: 15 }, (_, i) => `(
      (SELECT id FROM grocery_lists WHERE user_id = ${sqlValue(user.id)} ORDER BY id DESC LIMIT 1), ${sqlValue(user.id)}, ${sqlValue(benchItem(i + 500).name)}, 1, NULL, 'Other', 0, NULL, ${i})`);
    statements.push(`INSERT INTO grocery_list_items (list_id, user_id, name, quantity, unit, category, checked, recipe_id, position) VALUES ${listItems.join(", ")}`);
  }
  executeSql(statements, target);
}
