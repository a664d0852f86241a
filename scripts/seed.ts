/**
 * Seeds local demo data, idempotently: the demo account with a realistic pantry, a little history for the
 * insights charts, and the built-in recipe library. Running it again changes nothing.
 * `npm run seed [-- --persist-to <dir>]`
 */
import { parseTargetFlags, query, executeSql, sqlValue, type Target } from "./lib/local";
import { hashPassword } from "../worker/auth/password";
import { estimateExpiry } from "../worker/domain/shelfLife";
import { addDays, todayIn } from "../worker/domain/dates";
import type { StorageLocation } from "../worker/domain/constants";
import { recipeLibraryStatements } from "./lib/recipeLibrarySeed";

export const DEMO_USERNAME = "demo";
export const DEMO_PASSWORD = "plantry-demo";

type DemoItem = {
  name: string;
  category: string;
  storageLocation: StorageLocation;
  quantity: number;
  unit?: string;
  size?: string;
  amountPerUnit?: number;
  maxAmountPerUnit?: number;
  isOpened?: boolean;
  price?: number;
  /** Days ago it was bought; expiry is estimated from that date unless `expiresIn` is given. */
  boughtDaysAgo: number;
  expiresIn?: number;
};

const DEMO_PANTRY: DemoItem[] = [
  { name: "Milk", category: "Milk & Eggs", storageLocation: "fridge", quantity: 1, unit: "gallon", size: "bottle", amountPerUnit: 0.6, maxAmountPerUnit: 1, isOpened: true, price: 3.99, boughtDaysAgo: 4, expiresIn: 2 },
  { name: "Bananas", category: "Fresh Fruits", storageLocation: "pantry", quantity: 5, unit: "each", size: "bunch", price: 1.45, boughtDaysAgo: 2 },
  { name: "Apples", category: "Fresh Fruits", storageLocation: "fridge", quantity: 6, unit: "each", price: 4.5, boughtDaysAgo: 3 },
  { name: "Baby spinach", category: "Fresh Vegetables", storageLocation: "fridge", quantity: 1, unit: "oz", size: "bag", amountPerUnit: 5, maxAmountPerUnit: 5, price: 3.49, boughtDaysAgo: 4 },
  { name: "Chicken breast", category: "Fresh Meat", storageLocation: "fridge", quantity: 2, unit: "lb", size: "package", amountPerUnit: 1, maxAmountPerUnit: 1, price: 8.98, boughtDaysAgo: 1 },
  { name: "Eggs", category: "Milk & Eggs", storageLocation: "fridge", quantity: 1, unit: "count", size: "box", amountPerUnit: 12, maxAmountPerUnit: 12, price: 3.29, boughtDaysAgo: 6 },
  { name: "Cheddar cheese", category: "Cheese & Yogurt", storageLocation: "fridge", quantity: 1, unit: "oz", size: "package", amountPerUnit: 8, maxAmountPerUnit: 8, price: 4.29, boughtDaysAgo: 5 },
  { name: "Greek yogurt", category: "Cheese & Yogurt", storageLocation: "fridge", quantity: 2, unit: "oz", size: "container", amountPerUnit: 32, maxAmountPerUnit: 32, price: 6.98, boughtDaysAgo: 8 },
  { name: "Carrots", category: "Fresh Vegetables", storageLocation: "fridge", quantity: 1, unit: "lb", size: "bag", amountPerUnit: 2, maxAmountPerUnit: 2, price: 1.99, boughtDaysAgo: 3 },
  { name: "Yellow onions", category: "Fresh Vegetables", storageLocation: "pantry", quantity: 3, unit: "each", price: 2.1, boughtDaysAgo: 7 },
  { name: "Garlic", category: "Fresh Vegetables", storageLocation: "pantry", quantity: 1, unit: "each", size: "head", price: 0.6, boughtDaysAgo: 7 },
  { name: "Long grain rice", category: "Dry Goods", storageLocation: "pantry", quantity: 1, unit: "lb", size: "bag", amountPerUnit: 2, maxAmountPerUnit: 2, price: 2.79, boughtDaysAgo: 20 },
  { name: "Spaghetti", category: "Dry Goods", storageLocation: "pantry", quantity: 2, unit: "oz", size: "box", amountPerUnit: 16, maxAmountPerUnit: 16, price: 2.58, boughtDaysAgo: 15 },
  { name: "Canned diced tomatoes", category: "Canned Goods", storageLocation: "pantry", quantity: 3, unit: "oz", size: "can", amountPerUnit: 14.5, maxAmountPerUnit: 14.5, price: 2.97, boughtDaysAgo: 15 },
  { name: "Frozen peas", category: "Frozen Foods", storageLocation: "freezer", quantity: 1, unit: "oz", size: "bag", amountPerUnit: 12, maxAmountPerUnit: 12, price: 1.79, boughtDaysAgo: 10 },
  { name: "Sourdough bread", category: "Bread & Bakery", storageLocation: "pantry", quantity: 1, unit: "each", size: "each", price: 4.99, boughtDaysAgo: 2 },
  { name: "Olive oil", category: "Condiments & Sauces", storageLocation: "pantry", quantity: 1, unit: "fl oz", size: "bottle", amountPerUnit: 12, maxAmountPerUnit: 16.9, isOpened: true, price: 8.99, boughtDaysAgo: 40 },
  { name: "Fresh basil", category: "Fresh Vegetables", storageLocation: "fridge", quantity: 1, unit: "each", size: "bunch", price: 2.49, boughtDaysAgo: 6, expiresIn: -1 },
];

/** A few weeks of consumed / discarded history so the insights charts have something true to show. */
const DEMO_HISTORY: { name: string; category: string; kind: "consumed" | "discarded"; value: number; daysAgo: number }[] = [
  { name: "Strawberries", category: "Fresh Fruits", kind: "discarded", value: 3.99, daysAgo: 26 },
  { name: "Whole milk", category: "Milk & Eggs", kind: "consumed", value: 3.79, daysAgo: 24 },
  { name: "Ground beef", category: "Fresh Meat", kind: "consumed", value: 6.49, daysAgo: 22 },
  { name: "Romaine lettuce", category: "Fresh Vegetables", kind: "discarded", value: 2.49, daysAgo: 19 },
  { name: "Bagels", category: "Bread & Bakery", kind: "consumed", value: 3.5, daysAgo: 17 },
  { name: "Cilantro", category: "Fresh Vegetables", kind: "discarded", value: 0.99, daysAgo: 15 },
  { name: "Salmon fillet", category: "Fresh Meat", kind: "consumed", value: 9.99, daysAgo: 12 },
  { name: "Blueberries", category: "Fresh Fruits", kind: "consumed", value: 4.49, daysAgo: 9 },
  { name: "Sour cream", category: "Cheese & Yogurt", kind: "discarded", value: 2.29, daysAgo: 8 },
  { name: "Tortillas", category: "Bread & Bakery", kind: "consumed", value: 2.99, daysAgo: 5 },
  { name: "Bell peppers", category: "Fresh Vegetables", kind: "consumed", value: 3.0, daysAgo: 3 },
];

export async function seed(target: Target): Promise<{ createdDemo: boolean; libraryRecipes: number }> {
  executeSql(recipeLibraryStatements(), target);
  const library = query<{ n: number }>("SELECT COUNT(*) AS n FROM recipes WHERE user_id IS NULL", target)[0]?.n ?? 0;

  const existing = query<{ id: string }>(`SELECT id FROM users WHERE username_key = ${sqlValue(DEMO_USERNAME)}`, target);
  if (existing.length > 0) return { createdDemo: false, libraryRecipes: library };

  const userId = "demo_user_0001";
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const today = todayIn(timeZone);
  const now = Date.now();
  const statements: string[] = [
    `INSERT OR IGNORE INTO users (id, username, username_key, email, email_verified, password_hash, first_name, last_name, display_name, time_zone, is_premium)
     VALUES (${sqlValue(userId)}, 'demo', 'demo', 'demo@plantry.local', 1, ${sqlValue(await hashPassword(DEMO_PASSWORD))}, 'Dana', 'Demo', 'Dana', ${sqlValue(timeZone)}, 1)`,
  ];
  for (const item of DEMO_PANTRY) {
    const purchaseDate = addDays(today, -item.boughtDaysAgo);
    const estimate =
      item.expiresIn === undefined
        ? estimateExpiry({ name: item.name, category: item.category, storageLocation: item.storageLocation, isOpened: item.isOpened, purchaseDate })
        : null;
    const expirationDate = estimate?.expirationDate ?? addDays(today, item.expiresIn ?? 7);
    statements.push(
      `INSERT INTO pantry_items (user_id, name, category, quantity, unit, size, storage_location, is_opened, amount_per_unit, max_amount_per_unit,
        expiration_date, expiry_source, expiry_note, original_expiration_date, price, purchase_date, created_at)
       VALUES (${[
         userId, item.name, item.category, item.quantity, item.unit ?? null, item.size ?? null, item.storageLocation, item.isOpened ?? false,
         item.amountPerUnit ?? null, item.maxAmountPerUnit ?? null, expirationDate, estimate ? estimate.source : "user",
         estimate ? estimate.note : null, expirationDate, item.price ?? null, purchaseDate, now - item.boughtDaysAgo * 86_400_000,
       ].map(sqlValue).join(", ")})`,
    );
  }
  for (const event of DEMO_HISTORY) {
    statements.push(
      `INSERT INTO waste_events (user_id, name, category, kind, amount, value, was_expired, created_at)
       VALUES (${[userId, event.name, event.category, event.kind, 1, event.value, event.kind === "discarded", now - event.daysAgo * 86_400_000].map(sqlValue).join(", ")})`,
    );
  }
  executeSql(statements, target);
  return { createdDemo: true, libraryRecipes: library };
}

// Run directly: `npm run seed`.
if (process.argv[1] && /seed\.ts$/.test(process.argv[1])) {
  const { target } = parseTargetFlags(process.argv.slice(2));
  seed(target)
    .then((r) => {
      console.log(r.createdDemo ? `Seeded the demo account (${DEMO_USERNAME} / ${DEMO_PASSWORD}).` : "Demo account already present; nothing to do.");
      console.log(`Recipe library: ${r.libraryRecipes} recipes.`);
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
