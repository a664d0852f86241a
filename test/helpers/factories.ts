/**
 * Test objects, made the way the app makes them: through the real procedures (the typed tRPC client or the
 * documented HTTP path) where one exists, otherwise with real SQL on the same tables (grocery lists and
 * notifications have no creating procedure yet: notifications come from the reminder job; createMealPlan writes a
 * bare row for tests that need a stored shape no procedure makes).
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb } from "../../db";
import { groceryListItems, groceryLists, mealPlans, notifications, receipts, recipeIngredients, recipes, users, type NotificationData } from "../../db/schema";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../worker/routers";
import { addDays, todayIn } from "../../worker/domain/dates";
import { ensureLibrarySeeded, saveUserRecipe, type NewRecipe } from "../../worker/services/recipes";
import { json, request, sessionCookieFrom, trpcClient, type TestTrpcClient } from "./http";

type RouterInputs = inferRouterInputs<AppRouter>;
type RouterOutputs = inferRouterOutputs<AppRouter>;

let counter = 0;
/** Unique within a test file (files run in separate storage). */
function nextStamp(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

// ---------------------------------------------------------------------------------------------------------
// Users

export type TestUser = {
  id: string;
  username: string;
  password: string;
  cookie: string;
  /** The typed tRPC client signed in as this user. */
  api: TestTrpcClient;
};

/** Registers a fresh account through the real HTTP path and returns its session cookie and client. */
export async function createUser(overrides: Partial<{ username: string; password: string; email: string; firstName: string }> = {}): Promise<TestUser> {
  const username = overrides.username ?? `cook_${nextStamp()}`;
  const password = overrides.password ?? "correct horse battery";
  const response = await request("/api/auth/register", {
    // Registration is limited per address: each test user signs up from its own, as separate people would.
    headers: { "CF-Connecting-IP": `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` },
    body: {
      username,
      password,
      email: overrides.email ?? `${username}@example.com`,
      firstName: overrides.firstName ?? "Test",
    },
  });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = await json(response);
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error("no session cookie");
  return { id: body.user.id, username, password, cookie, api: trpcClient(cookie) };
}

/** Signs in through POST /api/auth/login and returns the cookie. */
export async function loginAs(username: string, password: string): Promise<string> {
  const response = await request("/api/auth/login", { body: { username, password } });
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error(`login failed: ${response.status}`);
  return cookie;
}

export function testDb() {
  return createDb(env.DB);
}

export async function setPremium(userId: string, isPremium: boolean) {
  await testDb().update(users).set({ isPremium }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------------------
// Pantry

export type TestPantryItem = RouterOutputs["pantry"]["create"];

/** One pantry item through pantry.create (defaults: "Test carrots", Fresh Vegetables, estimated expiry). */
export function createPantryItem(user: TestUser, input: Partial<RouterInputs["pantry"]["create"]> = {}): Promise<TestPantryItem> {
  return user.api.pantry.create.mutate({ name: "Test carrots", category: "Fresh Vegetables", ...input });
}

// ---------------------------------------------------------------------------------------------------------
// Recipes

/** A complete recipe as the generators save it; tests override what they look at. */
export function newRecipe(overrides: Partial<NewRecipe> = {}): NewRecipe {
  return {
    title: "Weeknight Fried Rice",
    description: "Leftover rice, fried.",
    steps: ["Heat the oil.", "Fry the rice with the egg and peas."],
    prepTime: 5,
    cookTime: 10,
    servings: 2,
    source: "Plantry recipe engine (built-in library)",
    sourceType: "generated",
    mealType: "dinner",
    isPremium: true,
    ingredients: [
      { name: "cooked rice", quantity: 2, unit: "cups", original: "2 cups cooked rice" },
      { name: "eggs", quantity: 2, unit: null, original: "2 eggs" },
      { name: "frozen peas", quantity: 100, unit: "g", original: "100 g frozen peas" },
      { name: "salt", quantity: null, unit: null, original: "salt to taste" },
    ],
    ...overrides,
  };
}

/**
 * The user's own recipe, saved by the service generation and import save through (no procedure takes a whole
 * recipe: the generators decide its content).
 */
export async function createOwnRecipe(user: Pick<TestUser, "id">, overrides: Partial<NewRecipe> = {}) {
  return saveUserRecipe({ db: testDb() }, user.id, newRecipe(overrides));
}

/** A recipe of the shipped library (seeded on first use), by its library key or the first one. */
export async function libraryRecipe(key?: string) {
  await ensureLibrarySeeded(testDb());
  const row = await testDb().query.recipes.findFirst({
    where: (r, { eq: is, isNotNull }) => (key ? is(r.libraryKey, key) : isNotNull(r.libraryKey)),
    orderBy: (r, { asc }) => asc(r.id),
  });
  if (!row) throw new Error(`no library recipe ${key ?? ""}`);
  return row;
}

/**
 * A bare recipe row with just a title, ingredient names and tags (SQL): for ranking and matching tests that need
 * recipes nothing else describes. A null owner makes it a library recipe.
 */
export async function createRecipeRow(values: { title: string; ingredients?: string[]; userId?: string | null; tags?: string[] }) {
  const userId = values.userId ?? null;
  const [recipe] = await testDb()
    .insert(recipes)
    .values({ title: values.title, userId, sourceType: userId ? "user" : "library", tags: values.tags ?? [] })
    .returning();
  const names = values.ingredients ?? [];
  if (names.length > 0) await testDb().insert(recipeIngredients).values(names.map((name, position) => ({ recipeId: recipe!.id, name, position })));
  return recipe!;
}

export type TestComment = RouterOutputs["recipes"]["comments"]["add"];

/** A comment by `user` on a recipe they can read, through recipes.comments.add. */
export function createComment(user: TestUser, recipeId: number, input: Partial<RouterInputs["recipes"]["comments"]["add"]> = {}): Promise<TestComment> {
  return user.api.recipes.comments.add.mutate({ recipeId, comment: "Lovely with extra garlic.", rating: 4, ...input });
}

/** A "used for this recipe" link between the user's recipe-readable recipe and pantry item. */
export function createPantryLink(user: TestUser, recipeId: number, groceryItemId: number) {
  return user.api.recipes.pantryItems.add.mutate({ recipeId, groceryItemId, quantityUsed: 1 });
}

// ---------------------------------------------------------------------------------------------------------
// Receipts

type GlobWithQuery = { glob<T>(pattern: string, options: { eager: true; query: string; import: "default" }): Record<string, T> };
// workerd has no file system: Vite inlines the fixture as a data URL.
const inlinedPhotos = (import.meta as unknown as GlobWithQuery).glob<string>("../fixtures/receipts-images/photo-receipt.png", {
  eager: true,
  query: "?inline",
  import: "default",
});

function photoReceipt(): Uint8Array {
  const url = Object.values(inlinedPhotos)[0];
  if (!url) throw new Error("no receipt photo fixture");
  const binary = atob(url.slice(url.indexOf(",") + 1));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The receipt photo with a tEXt chunk naming `tag`: a different file (a new receipt) that is still a valid PNG. */
export function receiptPhoto(tag: string): Uint8Array {
  const photo = photoReceipt();
  const iendAt = photo.length - 12;
  const text = pngChunk("tEXt", new TextEncoder().encode(`Comment\0${tag}`));
  const out = new Uint8Array(photo.length + text.length);
  out.set(photo.subarray(0, iendAt), 0);
  out.set(text, iendAt);
  out.set(photo.subarray(iendAt), iendAt + text.length);
  return out;
}

/** What a device would read from a short receipt: two food lines and a total. */
export const RECEIPT_LINES = ["GREEN VALLEY MARKET", "WHOLE MILK 1 GAL           3.49", "BANANAS                   1.29", "TOTAL                     4.78"];

export type TestReceipt = RouterOutputs["receipts"]["scan"];

let receiptCount = 0;
/**
 * RECEIPT_LINES with the bananas' price (and so the total) changed on each call: the same printed receipt
 * scanned twice is one receipt, so each factory receipt must print something different.
 */
function distinctReceiptLines(): string[] {
  receiptCount += 1;
  const bananas = 1.29 + receiptCount / 100;
  const money = (n: number) => n.toFixed(2).padStart(8);
  return [RECEIPT_LINES[0]!, RECEIPT_LINES[1]!, `BANANAS            ${money(bananas)}`, `TOTAL              ${money(3.49 + bananas)}`];
}

/**
 * A scanned receipt through POST /api/receipts/scan (multipart, with the device-read lines): a draft waiting for
 * review, or with `confirm` its food rows added to the pantry through POST /api/receipts/{id}/confirm.
 */
export async function createReceipt(user: TestUser, options: { confirm?: boolean; lines?: string[] } = {}): Promise<TestReceipt> {
  const form = new FormData();
  form.append("receipt", new File([receiptPhoto(`${user.id}-${nextStamp()}`)], "receipt.png", { type: "image/png" }));
  form.append("ocrText", JSON.stringify(options.lines ?? distinctReceiptLines()));
  const response = await request("/api/receipts/scan", { method: "POST", body: form, cookie: user.cookie });
  if (response.status !== 200) throw new Error(`scan failed: ${response.status} ${await response.text()}`);
  const scanned: TestReceipt = await json(response);
  if (!options.confirm) return scanned;
  // The review step sends the rows back as the scan shaped them (categories are plain text there).
  const confirmed = await request(`/api/receipts/${scanned.receipt.id}/confirm`, { method: "POST", body: { items: scanned.groceryItems }, cookie: user.cookie });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${await confirmed.text()}`);
  return { ...scanned, receipt: { ...scanned.receipt, status: "confirmed" } };
}

/**
 * A receipt row with the total, date and status a test needs (SQL): spending and count tests need amounts and
 * dates that a scan would have to print.
 */
export async function createReceiptRow(userId: string, values: Partial<Omit<typeof receipts.$inferInsert, "userId">> = {}) {
  const [row] = await testDb()
    .insert(receipts)
    .values({ contentHash: `hash-${userId}-${nextStamp()}`, status: "confirmed", storeName: "Store", ...values, userId })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------------------
// Notifications, grocery lists, meal plans (no creating procedure yet: SQL)

let notificationDays = 0;

/** An expiry reminder; each call without a `day` takes an earlier day (one reminder per user per day). */
export async function createNotification(userId: string, values: Partial<Omit<typeof notifications.$inferInsert, "userId">> = {}) {
  const day = values.day ?? addDays(todayIn("UTC"), -notificationDays++);
  const data: NotificationData = { items: [{ id: 1, name: "Milk", expirationDate: day }], recipe: null };
  const [row] = await testDb()
    .insert(notifications)
    .values({ kind: "expiry", title: "Use these soon", body: "Milk expires today.", data, ...values, day, userId })
    .returning();
  return row!;
}

export async function createGroceryList(userId: string, values: Partial<Omit<typeof groceryLists.$inferInsert, "userId">> = {}) {
  const [row] = await testDb()
    .insert(groceryLists)
    .values({ name: "Weekly shop", ...values, userId })
    .returning();
  return row!;
}

export async function createGroceryListItem(userId: string, listId: number, values: Partial<Omit<typeof groceryListItems.$inferInsert, "userId" | "listId">> = {}) {
  const [row] = await testDb()
    .insert(groceryListItems)
    .values({ name: "Oat milk", quantity: 1, unit: "carton", category: "Milk & Eggs", ...values, userId, listId })
    .returning();
  return row!;
}

export async function createMealPlan(userId: string, values: Partial<Omit<typeof mealPlans.$inferInsert, "userId">> = {}) {
  const [row] = await testDb()
    .insert(mealPlans)
    .values({ date: new Date().toISOString().slice(0, 10), mealType: "dinner", notes: "Pasta night", ...values, userId })
    .returning();
  return row!;
}

export type TestMealPlan = RouterOutputs["mealPlans"]["create"];

/** A meal plan entry through mealPlans.create (default: a custom dinner today in the user's zone). */
export function createMealPlanEntry(user: TestUser, input: Partial<RouterInputs["mealPlans"]["create"]> = {}): Promise<TestMealPlan> {
  return user.api.mealPlans.create.mutate({ date: todayIn("UTC"), mealType: "dinner", notes: "Pasta night", ...input });
}

/** A week template through mealPlans.templates.save, from one meal planned on `weekStart`. */
export async function createMealPlanTemplate(user: TestUser, weekStart = todayIn("UTC"), name = "Usual week") {
  await createMealPlanEntry(user, { date: weekStart, mealType: "lunch", notes: "Soup" });
  return user.api.mealPlans.templates.save.mutate({ weekStart, name });
}
