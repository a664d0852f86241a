/**
 * Grocery lists and their items: reading, creating (by hand, from generated lines, the sample list), adding,
 * checking off (idempotent per client change, optionally straight into the pantry) and deleting. Every write
 * raises the list's version in the same D1 batch, which is what other devices poll.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { groceryHistory, groceryItemMutations, groceryListItems, groceryLists, pantryItems, recipes } from "../../db/schema";
import type { UserRow } from "../context";
import { todayIn } from "../domain/dates";
import { placePlainItems, type GroceryItemSource, type GroceryLine } from "../domain/groceryMerge";
import { compareStoreOrder } from "../domain/storeOrder";
import { categorizeGroceryName } from "../domain/groceryNames";
import { pantryPlacement } from "../domain/pantryPlacement";
import { estimateExpiry } from "../domain/shelfLife";
import { GROCERY_MESSAGES, SAMPLE_LIST_NAME, type ToggleItemValues } from "../schemas/groceryLists";
import { guardedInsert, qualified } from "./guardedInsert";

export type GroceryListRow = typeof groceryLists.$inferSelect;
export type GroceryItemRow = typeof groceryListItems.$inferSelect;
/** What grocery reads and writes need: the per-request db and the signed-in user. */
export type GroceryContext = { db: Db; user: UserRow };

// ---------------------------------------------------------------------------------------------------------------
// 1. Output shapes

export function toListOutput(row: GroceryListRow, counts: { itemCount: number; checkedCount: number } = { itemCount: 0, checkedCount: 0 }) {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    isTemplate: row.isTemplate,
    origin: row.origin,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: (row.updatedAt ?? row.createdAt).toISOString(),
    itemCount: counts.itemCount,
    checkedCount: counts.checkedCount,
  };
}
export type GroceryListOutput = ReturnType<typeof toListOutput>;

/** The recipes a line came from, each once, in the order they were added. */
function recipesOf(row: GroceryItemRow, linkedTitle: string | null): { id: number | null; title: string }[] {
  const out: { id: number | null; title: string }[] = [];
  for (const source of row.sources ?? []) {
    if (!source.recipeTitle || out.some((r) => r.title === source.recipeTitle)) continue;
    out.push({ id: source.recipeId, title: source.recipeTitle });
  }
  if (out.length === 0 && row.recipeId !== null && linkedTitle) out.push({ id: row.recipeId, title: linkedTitle });
  return out;
}

export function toItemOutput(row: GroceryItemRow, linkedTitle: string | null = null) {
  const recipesFrom = recipesOf(row, linkedTitle);
  const sources = row.sources ?? [];
  const quantified = sources.filter((s) => s.quantity !== null);
  return {
    id: row.id,
    listId: row.listId,
    name: row.name,
    quantity: row.quantity,
    unit: row.unit,
    category: row.category,
    checked: row.checked,
    recipeId: row.recipeId,
    /** The list's recipe badge shows one title: the first recipe's. */
    recipeTitle: recipesFrom[0]?.title ?? null,
    recipes: recipesFrom,
    /** What the recipes need before the pantry is counted (generated lines only). */
    needed: quantified.length ? Math.round(quantified.reduce((sum, s) => sum + (s.quantity ?? 0), 0) * 1e6) / 1e6 : null,
    fromPantry: row.fromPantry,
    coveredByPantry: row.coveredByPantry,
    price: row.price,
    inPantry: row.movedAt !== null,
    mealPlanIds: [...new Set(sources.map((s) => s.mealPlanId).filter((id): id is number => id !== null))],
  };
}
export type GroceryItemOutput = ReturnType<typeof toItemOutput>;

// ---------------------------------------------------------------------------------------------------------------
// 2. Access

/** The user's list, or NOT_FOUND (also for anyone else's). */
export async function findList(ctx: { db: Db }, userId: string, id: number): Promise<GroceryListRow> {
  const row = await ctx.db.query.groceryLists.findFirst({ where: and(eq(groceryLists.id, id), eq(groceryLists.userId, userId)) });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: GROCERY_MESSAGES.listNotFound });
  return row;
}

/** The user's item, or NOT_FOUND (also for anyone else's). */
export async function findItem(ctx: { db: Db }, userId: string, id: number): Promise<GroceryItemRow> {
  const row = await ctx.db.query.groceryListItems.findFirst({ where: and(eq(groceryListItems.id, id), eq(groceryListItems.userId, userId)) });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: GROCERY_MESSAGES.itemNotFound });
  return row;
}

/** Raises a list's version (other devices reload when it changes). */
export function bumpVersion(db: Db, userId: string, listId: number, guard?: SQL) {
  return db
    .update(groceryLists)
    .set({ version: sql`${groceryLists.version} + 1`, updatedAt: new Date() })
    .where(and(eq(groceryLists.id, listId), eq(groceryLists.userId, userId), guard));
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Reading

/** The user's lists, newest first, with how many items each has to buy and how many are checked. */
export async function listLists(ctx: { db: Db }, userId: string): Promise<GroceryListOutput[]> {
  const rows = await ctx.db
    .select({
      list: groceryLists,
      itemCount: sql<number>`(SELECT count(*) FROM ${groceryListItems} WHERE ${qualified(groceryListItems.listId)} = ${qualified(groceryLists.id)} AND ${qualified(groceryListItems.coveredByPantry)} = 0)`,
      checkedCount: sql<number>`(SELECT count(*) FROM ${groceryListItems} WHERE ${qualified(groceryListItems.listId)} = ${qualified(groceryLists.id)} AND ${qualified(groceryListItems.coveredByPantry)} = 0 AND ${qualified(groceryListItems.checked)} = 1)`,
    })
    .from(groceryLists)
    .where(eq(groceryLists.userId, userId))
    .orderBy(desc(groceryLists.createdAt), desc(groceryLists.id));
  return rows.map((r) => toListOutput(r.list, { itemCount: Number(r.itemCount), checkedCount: Number(r.checkedCount) }));
}

/** Items of one list in store order (category, then the order they were added). */
export async function listItems(ctx: { db: Db }, listId: number): Promise<GroceryItemOutput[]> {
  const rows = await ctx.db
    .select({ item: groceryListItems, recipeTitle: recipes.title })
    .from(groceryListItems)
    .leftJoin(recipes, eq(recipes.id, groceryListItems.recipeId))
    .where(eq(groceryListItems.listId, listId))
    .orderBy(asc(groceryListItems.position), asc(groceryListItems.id));
  return rows
    .map((r) => ({ output: toItemOutput(r.item, r.recipeTitle), position: r.item.position }))
    .sort((a, b) => compareStoreOrder({ category: a.output.category, name: "" }, { category: b.output.category, name: "" }) || a.position - b.position)
    .map((r) => r.output);
}

/** The list and its items, as the list's detail screen needs them. */
export async function getList(ctx: { db: Db }, userId: string, id: number) {
  const list = await findList(ctx, userId, id);
  const items = await listItems(ctx, list.id);
  const toBuy = items.filter((i) => !i.coveredByPantry);
  return { list: toListOutput(list, { itemCount: toBuy.length, checkedCount: toBuy.filter((i) => i.checked).length }), items };
}

/** The cheap question other devices ask every few seconds: has the list changed? */
export async function listVersion(ctx: { db: Db }, userId: string, id: number) {
  const row = await ctx.db.query.groceryLists.findFirst({
    where: and(eq(groceryLists.id, id), eq(groceryLists.userId, userId)),
    columns: { id: true, version: true, updatedAt: true, createdAt: true },
  });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: GROCERY_MESSAGES.listNotFound });
  return { id: row.id, version: row.version, updatedAt: (row.updatedAt ?? row.createdAt).toISOString() };
}

/** Names the user has added before, most used first (the client ranks them with the built-in items). */
export async function groceryHistoryNames(ctx: { db: Db }, userId: string): Promise<{ name: string; timesUsed: number }[]> {
  const rows = await ctx.db
    .select({ name: groceryHistory.name, timesUsed: groceryHistory.timesUsed })
    .from(groceryHistory)
    .where(eq(groceryHistory.userId, userId))
    .orderBy(desc(groceryHistory.timesUsed), desc(groceryHistory.lastUsedAt))
    .limit(200);
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Creating

export async function createList(ctx: { db: Db }, userId: string, input: { name: string; notes: string | null }) {
  const [row] = await ctx.db.insert(groceryLists).values({ userId, name: input.name, notes: input.notes, origin: "manual" }).returning();
  return toListOutput(row!);
}

/** A line to store: a generated one (sources, pantry share) or a plain item. */
export type NewGroceryItem = {
  name: string;
  quantity: number | null;
  unit: string | null;
  category: string | null;
  recipeId?: number | null;
  sources?: GroceryItemSource[] | null;
  fromPantry?: number | null;
  coveredByPantry?: boolean;
};

export function itemFromLine(line: GroceryLine): NewGroceryItem {
  return {
    name: line.name,
    quantity: line.quantity,
    unit: line.unit,
    category: line.category,
    recipeId: line.sources.find((s) => s.recipeId !== null)?.recipeId ?? null,
    sources: line.sources,
    fromPantry: line.fromPantry > 0 ? line.fromPantry : null,
    coveredByPantry: line.coveredByPantry,
  };
}

/** The values of one json_each row: `j.value` holds a NewGroceryItem plus its position. */
const jsonField = (field: string) => sql.raw(`json_extract(j.value, '$.${field}')`);

/**
 * Items inserted from one JSON parameter (json_each), so a list of any length is one statement under D1's
 * bound-parameter limit. `listGuard` picks the list row (and may refuse it).
 */
function insertItemsInto(db: Db, userId: string, listGuard: SQL, items: readonly NewGroceryItem[], firstPosition = 0) {
  const rows = items.map((item, index) => ({
    name: item.name,
    quantity: item.quantity,
    unit: item.unit,
    category: item.category,
    recipeId: item.recipeId ?? null,
    sources: item.sources ? JSON.stringify(item.sources) : null,
    fromPantry: item.fromPantry ?? null,
    coveredByPantry: item.coveredByPantry ? 1 : 0,
    position: firstPosition + index,
  }));
  return guardedInsert(
    db,
    groceryListItems,
    {
      listId: qualified(groceryLists.id),
      userId,
      name: jsonField("name"),
      quantity: jsonField("quantity"),
      unit: jsonField("unit"),
      category: jsonField("category"),
      recipeId: jsonField("recipeId"),
      position: jsonField("position"),
      sources: jsonField("sources"),
      fromPantry: jsonField("fromPantry"),
      coveredByPantry: jsonField("coveredByPantry"),
    },
    sql`${groceryLists}, json_each(${JSON.stringify(rows)}) AS j`,
    and(eq(groceryLists.userId, userId), listGuard)!,
  );
}

/**
 * A new list with its items in one D1 batch. The list row is keyed by `creationKey` (unique per user): a
 * second call with the same key adds nothing (the sample list), and the items find their list by it.
 * Returns null when the key was already used.
 */
export async function insertListWithItems(
  ctx: { db: Db },
  userId: string,
  list: { name: string; notes?: string | null; isTemplate?: boolean; origin: string; creationKey: string },
  items: readonly NewGroceryItem[],
): Promise<{ list: GroceryListRow; itemsAdded: number } | null> {
  const insertList = ctx.db
    .insert(groceryLists)
    .values({ userId, name: list.name, notes: list.notes ?? null, isTemplate: list.isTemplate ?? false, origin: list.origin, creationKey: list.creationKey })
    .onConflictDoNothing()
    .returning();
  const ownList = and(
    eq(groceryLists.creationKey, list.creationKey),
    sql`NOT EXISTS (SELECT 1 FROM ${groceryListItems} WHERE ${groceryListItems.listId} = ${groceryLists.id})`,
  )!;
  if (items.length === 0) {
    const [rows] = await ctx.db.batch([insertList]);
    return rows[0] ? { list: rows[0], itemsAdded: 0 } : null;
  }
  const [rows, inserted] = await ctx.db.batch([insertList, insertItemsInto(ctx.db, userId, ownList, items).returning({ id: groceryListItems.id })]);
  const row = rows[0];
  return row ? { list: row, itemsAdded: inserted.length } : null;
}

/** Adds lines to an existing list (plan changes add new foods), after its last position. */
export function appendItems(db: Db, userId: string, listId: number, items: readonly NewGroceryItem[], firstPosition: number) {
  return insertItemsInto(db, userId, eq(groceryLists.id, listId), items, firstPosition).returning({ id: groceryListItems.id });
}

/** The curated sample list offered by Add Sample Lists. */
export const SAMPLE_LISTS: { key: string; name: string; notes: string; items: NewGroceryItem[] }[] = [
  {
    key: "sample:top-20-one-person",
    name: SAMPLE_LIST_NAME,
    notes: "Staples that keep one person cooking all week without waste: small packs of fresh food, long keepers for the cupboard.",
    items: [
      { name: "Eggs", quantity: 6, unit: null, category: "Milk & Eggs" },
      { name: "Milk", quantity: 1, unit: "quart", category: "Milk & Eggs" },
      { name: "Greek yogurt", quantity: 1, unit: "container", category: "Cheese & Yogurt" },
      { name: "Cheddar cheese", quantity: 8, unit: "oz", category: "Cheese & Yogurt" },
      { name: "Bread", quantity: 1, unit: "loaf", category: "Bread & Bakery" },
      { name: "Bananas", quantity: 3, unit: null, category: "Fresh Fruits" },
      { name: "Apples", quantity: 3, unit: null, category: "Fresh Fruits" },
      { name: "Baby spinach", quantity: 5, unit: "oz", category: "Fresh Vegetables" },
      { name: "Onions", quantity: 2, unit: null, category: "Fresh Vegetables" },
      { name: "Garlic", quantity: 1, unit: "head", category: "Fresh Vegetables" },
      { name: "Tomatoes", quantity: 3, unit: null, category: "Fresh Vegetables" },
      { name: "Carrots", quantity: 1, unit: "lb", category: "Fresh Vegetables" },
      { name: "Chicken breast", quantity: 1, unit: "lb", category: "Fresh Meat" },
      { name: "Rice", quantity: 2, unit: "lb", category: "Dry Goods" },
      { name: "Pasta", quantity: 1, unit: "lb", category: "Dry Goods" },
      { name: "Oats", quantity: 1, unit: "lb", category: "Dry Goods" },
      { name: "Canned beans", quantity: 2, unit: "can", category: "Canned Goods" },
      { name: "Canned tomatoes", quantity: 1, unit: "can", category: "Canned Goods" },
      { name: "Olive oil", quantity: 1, unit: "bottle", category: "Condiments & Sauces" },
      { name: "Frozen vegetables", quantity: 1, unit: "bag", category: "Frozen Foods" },
    ],
  },
];

/** Adds the sample lists the user does not have yet; a second call adds nothing. */
export async function seedSampleLists(ctx: { db: Db }, userId: string) {
  let lists = 0;
  let items = 0;
  for (const sample of SAMPLE_LISTS) {
    const created = await insertListWithItems(ctx, userId, { name: sample.name, notes: sample.notes, isTemplate: true, origin: "sample", creationKey: sample.key }, sample.items);
    if (!created) continue;
    lists += 1;
    items += created.itemsAdded;
  }
  return {
    lists,
    items,
    message: lists > 0 ? `Added ${lists} grocery ${lists === 1 ? "list" : "lists"} with ${items} items!` : "The sample lists are already in My Lists.",
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Changing

export async function updateList(ctx: { db: Db }, userId: string, input: { id: number; name: string; notes: string | null }) {
  const list = await findList(ctx, userId, input.id);
  const [row] = await ctx.db
    .update(groceryLists)
    .set({ name: input.name, notes: input.notes, version: sql`${groceryLists.version} + 1`, updatedAt: new Date() })
    .where(and(eq(groceryLists.id, list.id), eq(groceryLists.userId, userId)))
    .returning();
  return toListOutput(row!);
}

export async function deleteList(ctx: { db: Db }, userId: string, id: number) {
  const list = await findList(ctx, userId, id);
  await ctx.db.delete(groceryLists).where(and(eq(groceryLists.id, list.id), eq(groceryLists.userId, userId)));
  return { ok: true as const, id: list.id, message: "Grocery list deleted" };
}

/** An item added by name: the Add New Item form, the cooking companion, smart insights' Add to List. */
export type ItemByName = { name: string; quantity: number | null; unit: string | null; category?: string | null; recipeId?: number | null };

/**
 * Adds items by name to one of the user's lists in one D1 batch. Each joins the line of the same food still to
 * buy, the way generated lines merge (placePlainItems: "tomato" joins "Tomatoes", 200 g joins a line in lb), or
 * becomes a line after the last one, with the category its name reads as when none is given (so it sorts into
 * its aisle). The names join the user's history for autocomplete and the list's version rises, so open copies
 * reload. Answers the list and, for each item in order, the line it is on now.
 */
export async function addItemsToList(ctx: { db: Db }, userId: string, listId: number, items: readonly ItemByName[]) {
  const list = await findList(ctx, userId, listId);
  const rows = await ctx.db
    .select()
    .from(groceryListItems)
    .where(and(eq(groceryListItems.listId, list.id), eq(groceryListItems.userId, userId)))
    .orderBy(asc(groceryListItems.position), asc(groceryListItems.id));
  // Bought, checked and pantry-covered lines are done with: more of that food is a new line.
  const open = rows.filter((r) => !r.checked && r.movedAt === null && !r.coveredByPantry);
  const plan = placePlainItems(
    open.map((r) => ({ ref: r.id, name: r.name, quantity: r.quantity, unit: r.unit, sources: r.sources, fromPantry: r.fromPantry })),
    items,
  );
  const firstPosition = rows.reduce((max, r) => Math.max(max, r.position), -1) + 1;
  const newLines: NewGroceryItem[] = plan.added.map((line, index) => {
    const first = items[plan.placed.findIndex((p) => "added" in p && p.added === index)];
    return { name: line.name, quantity: line.quantity, unit: line.unit, category: first?.category ?? categorizeGroceryName(line.name), recipeId: line.recipeId };
  });

  const stillOpen = and(eq(groceryListItems.checked, false), isNull(groceryListItems.movedAt));
  const updates = plan.changed.map((line) =>
    ctx.db
      .update(groceryListItems)
      .set({ quantity: line.quantity, unit: line.unit, sources: line.sources, updatedAt: new Date() })
      .where(and(eq(groceryListItems.id, line.ref), eq(groceryListItems.userId, userId), stillOpen)),
  );
  const history = items.map((item) =>
    ctx.db
      .insert(groceryHistory)
      .values({ userId, name: item.name })
      .onConflictDoUpdate({ target: [groceryHistory.userId, groceryHistory.name], set: { timesUsed: sql`${groceryHistory.timesUsed} + 1`, lastUsedAt: new Date() } }),
  );
  const insert = newLines.length
    ? insertItemsInto(ctx.db, userId, eq(groceryLists.id, list.id), newLines, firstPosition).returning({ id: groceryListItems.id, position: groceryListItems.position })
    : null;
  const results = await ctx.db.batch([bumpVersion(ctx.db, userId, list.id), ...history, ...updates, ...(insert ? [insert] : [])]);
  const inserted = insert ? (results[results.length - 1] as { id: number; position: number }[]) : [];
  const idAt = new Map(inserted.map((r) => [r.position, r.id]));

  const ids = plan.placed.map((p) => ("ref" in p ? p.ref : idAt.get(firstPosition + p.added))).filter((id): id is number => id !== undefined);
  const byId = new Map((await itemsById(ctx, userId, ids)).map((row) => [row.id, row]));
  const lines = ids.map((id) => byId.get(id)).filter((row): row is GroceryItemRow => row !== undefined);
  return { list: { id: list.id, name: list.name }, items: lines.map((row) => toItemOutput(row)), added: newLines.length, merged: items.length - newLines.length };
}

/** Add New Item: one item by name (joining the line of the same food still to buy, if there is one). */
export async function addItem(ctx: { db: Db }, userId: string, input: { listId: number; name: string; quantity: number | null; unit: string | null; category: string | null }) {
  const result = await addItemsToList(ctx, userId, input.listId, [input]);
  const line = result.items[0];
  if (!line) throw new TRPCError({ code: "CONFLICT", message: "The list changed while the item was added. Please try again." });
  return line;
}

export async function deleteItem(ctx: { db: Db }, userId: string, id: number) {
  const item = await findItem(ctx, userId, id);
  await ctx.db.batch([
    ctx.db.delete(groceryListItems).where(and(eq(groceryListItems.id, item.id), eq(groceryListItems.userId, userId))),
    bumpVersion(ctx.db, userId, item.listId),
  ]);
  return { ok: true as const, id: item.id, listId: item.listId, message: "Item removed from list" };
}

/** Applied check-offs are remembered this long: far longer than any phone stays offline with a queue. */
const MUTATION_MEMORY_MS = 30 * 86_400_000;

/** The pantry row a grocery item becomes: its amount, its aisle's category, where it keeps, an estimated expiry. */
export function pantryValuesFor(item: Pick<GroceryItemRow, "name" | "quantity" | "unit" | "category" | "price">, today: string) {
  const { category, storageLocation } = pantryPlacement(item.name, item.category);
  const estimate = estimateExpiry({ name: item.name, category, storageLocation, purchaseDate: today });
  return {
    name: item.name,
    category,
    quantity: item.quantity !== null && item.quantity > 0 ? item.quantity : 1,
    unit: item.unit,
    storageLocation,
    isOpened: false,
    expirationDate: estimate.expirationDate,
    expirySource: estimate.source,
    expiryNote: estimate.note,
    originalExpirationDate: estimate.expirationDate,
    price: item.price,
    purchaseDate: today,
  };
}

/**
 * Sets an item's checked state to what the client asked for (not a flip, so a replay cannot undo a later change),
 * once per client mutation id: a check-off queued offline and sent twice is applied once. Checking off with
 * `addToPantry` also puts the item into the pantry, once, with an estimated expiry. All in one D1 batch.
 */
export async function toggleItem(ctx: GroceryContext, input: ToggleItemValues) {
  const userId = ctx.user.id;
  const item = await findItem(ctx, userId, input.id);
  const mutationId = input.mutationId ?? `server-${crypto.randomUUID()}`;
  const notSeen = sql`NOT EXISTS (SELECT 1 FROM ${groceryItemMutations} WHERE ${qualified(groceryItemMutations.userId)} = ${userId} AND ${qualified(groceryItemMutations.mutationId)} = ${mutationId})`;
  const thisItem = and(eq(groceryListItems.id, item.id), eq(groceryListItems.userId, userId))!;
  const today = todayIn(ctx.user.timeZone);
  const toPantry = input.checked && input.addToPantry && item.movedAt === null && !item.coveredByPantry;

  const setChecked = ctx.db
    .update(groceryListItems)
    .set({ checked: input.checked, updatedAt: new Date() })
    .where(and(thisItem, notSeen))
    .returning({ id: groceryListItems.id });
  const intoPantry = guardedInsert(ctx.db, pantryItems, { userId, ...pantryValuesFor(item, today) }, groceryListItems, and(thisItem, isNull(groceryListItems.movedAt), notSeen)!).returning({
    id: pantryItems.id,
  });
  const markMoved = ctx.db
    .update(groceryListItems)
    .set({ movedAt: new Date() })
    .where(and(thisItem, isNull(groceryListItems.movedAt), notSeen));
  const remember = ctx.db.insert(groceryItemMutations).values({ userId, mutationId }).onConflictDoNothing();
  const forget = ctx.db
    .delete(groceryItemMutations)
    .where(and(eq(groceryItemMutations.userId, userId), lt(groceryItemMutations.createdAt, new Date(Date.now() - MUTATION_MEMORY_MS))));

  let applied: boolean;
  let pantryItemId: number | null = null;
  if (toPantry) {
    const [changed, moved] = await ctx.db.batch([setChecked, intoPantry, markMoved, bumpVersion(ctx.db, userId, item.listId, notSeen), remember, forget]);
    applied = changed.length > 0;
    pantryItemId = moved[0]?.id ?? null;
  } else {
    const [changed] = await ctx.db.batch([setChecked, bumpVersion(ctx.db, userId, item.listId, notSeen), remember, forget]);
    applied = changed.length > 0;
  }
  const after = await findItem(ctx, userId, item.id);
  return { ...toItemOutput(after), applied, addedToPantry: pantryItemId !== null, pantryItemId };
}

/** Items of the user's lists by id (for checks that every id given is the user's). */
export async function itemsById(ctx: { db: Db }, userId: string, ids: readonly number[]): Promise<GroceryItemRow[]> {
  if (ids.length === 0) return [];
  // One JSON parameter, however many ids (D1 allows 100 bound parameters).
  return ctx.db
    .select()
    .from(groceryListItems)
    .where(and(eq(groceryListItems.userId, userId), sql`${groceryListItems.id} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`));
}
