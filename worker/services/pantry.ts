/**
 * Pantry writes shared by every router that touches pantry items (pantry, groceries, receipts, recipes):
 * adding with an estimated expiry, editing with re-estimation, using some, and deleting, each recording the
 * waste event in the same D1 batch.
 */
import { containsText } from "./textSearch";
import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, getTableColumns, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { pantryItems, wasteEvents } from "../../db/schema";
import type { StorageLocation } from "../domain/constants";
import { isVisible, moreThanLeftMessage, remainingTotal, useAmount } from "../domain/containers";
import { daysUntil, expiringSoonLastDate, highlightLastDate, isExpiringSoon, pantryBandDates, pantryExpiry } from "../domain/expiry";
import { estimateExpiry, reestimateExpiry } from "../domain/shelfLife";
import type { PantryExpiryFilter, PantryListValues, PantryPageValues } from "../schemas/pantry";

export type PantryItemRow = typeof pantryItems.$inferSelect;
export type ExpirySource = "user" | "foodkeeper" | "category" | "receipt";

/** Anything with a per-request db handle: the tRPC context, the cron context, a test. */
export type PantryDb = { db: Db };

export const ITEM_NOT_FOUND = "Item not found";
/** D1 refuses statements with more than 100 bound parameters. */
const MAX_BOUND_PARAMETERS = 100;

/**
 * Rows with something left: isVisible() from domain/containers.ts as SQL, the one SQL form of that rule (lists,
 * dashboard, smart insights, reminders). It repeats the WHERE of the partial index pantry_items_user_id_visible_idx
 * term for term, with literal zeros (not bound parameters), so SQLite can use it. test/worker/pantry-rules.test.ts
 * holds it to isVisible() and to the index.
 */
export const visiblePantryItem: SQL = sql`(${pantryItems.quantity} > 0 AND (${pantryItems.amountPerUnit} IS NULL OR ${pantryItems.amountPerUnit} > 0))`;

/** Expiring soon (isExpiringSoon in domain/expiry.ts) as SQL: dated, on or before the window's last day. */
export function expiringSoonPantryItem(today: string): SQL {
  return and(isNotNull(pantryItems.expirationDate), lte(pantryItems.expirationDate, expiringSoonLastDate(today)))!;
}

export type NewPantryItem = {
  name: string;
  category: string;
  quantity?: number;
  unit?: string | null;
  size?: string | null;
  storageLocation?: StorageLocation;
  isOpened?: boolean;
  amountPerUnit?: number | null;
  maxAmountPerUnit?: number | null;
  /** A date; null for no expiry; absent to have one estimated (when autoExpiry is on). */
  expirationDate?: string | null;
  /** Default: true unless expirationDate is explicitly null (the "Don't auto-generate" checkbox sends null). */
  autoExpiry?: boolean;
  /** Where a given expirationDate came from; "user" when absent. */
  expirySource?: ExpirySource;
  expiryNote?: string | null;
  /** Price paid for the whole item; as it is used, the stored price shrinks to the value of what is left. */
  price?: number | null;
  purchaseDate?: string | null;
  receiptId?: number | null;
};

type ResolvedExpiry = { expirationDate: string | null; expirySource: ExpirySource | null; expiryNote: string | null };

function resolveExpiry(item: NewPantryItem, storageLocation: StorageLocation, today: string): ResolvedExpiry {
  if (item.expirationDate) {
    return { expirationDate: item.expirationDate, expirySource: item.expirySource ?? "user", expiryNote: item.expiryNote ?? null };
  }
  const auto = item.autoExpiry ?? item.expirationDate !== null;
  if (!auto) return { expirationDate: null, expirySource: null, expiryNote: null };
  const estimate = estimateExpiry({
    name: item.name,
    category: item.category,
    storageLocation,
    isOpened: item.isOpened ?? false,
    purchaseDate: item.purchaseDate ?? today,
  });
  return { expirationDate: estimate.expirationDate, expirySource: estimate.source, expiryNote: estimate.note };
}

function toInsertValues(userId: string, item: NewPantryItem, today: string) {
  const storageLocation = item.storageLocation ?? "fridge";
  const isOpened = item.isOpened ?? false;
  const expiry = resolveExpiry(item, storageLocation, today);
  return {
    userId,
    name: item.name,
    category: item.category,
    quantity: item.quantity ?? 1,
    unit: item.unit ?? null,
    size: item.size ?? null,
    storageLocation,
    isOpened,
    amountPerUnit: item.amountPerUnit ?? null,
    maxAmountPerUnit: item.maxAmountPerUnit ?? null,
    expirationDate: expiry.expirationDate,
    expirySource: expiry.expirySource,
    expiryNote: expiry.expiryNote,
    // The sealed date is what opening or moving may shorten but never extend.
    originalExpirationDate: isOpened ? null : expiry.expirationDate,
    price: item.price ?? null,
    receiptId: item.receiptId ?? null,
    purchaseDate: item.purchaseDate ?? null,
    openedAt: isOpened ? new Date() : null,
  };
}

/**
 * Inserts items for one user atomically (one db.batch), in chunks that keep each statement under D1's bound
 * parameter limit. Items without a date get an estimated one unless auto-expiry is off. Returns the rows in input order.
 */
export async function addPantryItems(ctx: PantryDb, userId: string, items: readonly NewPantryItem[], options: { today: string }): Promise<PantryItemRow[]> {
  if (items.length === 0) return [];
  const rows = items.map((item) => toInsertValues(userId, item, options.today));
  // At most one bound parameter per column and row, whatever drizzle fills in for defaults.
  const parametersPerRow = Object.keys(getTableColumns(pantryItems)).length;
  const rowsPerStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / parametersPerRow));
  const statements = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    statements.push(ctx.db.insert(pantryItems).values(rows.slice(start, start + rowsPerStatement)).returning());
  }
  const [first, ...rest] = statements;
  const results = await ctx.db.batch([first!, ...rest]);
  return results.flat();
}

/** The item if it belongs to the user and still has something left; NOT_FOUND otherwise (same answer for both). */
export async function findVisiblePantryItem(ctx: PantryDb, userId: string, id: number): Promise<PantryItemRow> {
  const row = await ctx.db.query.pantryItems.findFirst({ where: and(eq(pantryItems.id, id), eq(pantryItems.userId, userId)) });
  if (!row || !isVisible(row)) throw new TRPCError({ code: "NOT_FOUND", message: ITEM_NOT_FOUND });
  return row;
}

export type PantryItemChanges = {
  name?: string;
  category?: string;
  quantity?: number;
  unit?: string | null;
  size?: string | null;
  storageLocation?: StorageLocation;
  isOpened?: boolean;
  amountPerUnit?: number | null;
  maxAmountPerUnit?: number | null;
  /** Set by the user: wins over any estimate. null clears the date. */
  expirationDate?: string | null;
  price?: number | null;
  purchaseDate?: string | null;
};

/**
 * Edits an item. Moving it or opening/closing it re-estimates the expiry (reestimateExpiry never extends it on
 * opening), unless the user set a new date in the same edit; that date wins and is marked as the user's.
 */
export async function updatePantryItem(ctx: PantryDb, userId: string, id: number, changes: PantryItemChanges, options: { today: string }): Promise<PantryItemRow> {
  const row = await findVisiblePantryItem(ctx, userId, id);
  const next = {
    name: changes.name ?? row.name,
    category: changes.category ?? row.category,
    quantity: changes.quantity ?? row.quantity,
    unit: changes.unit !== undefined ? changes.unit : row.unit,
    size: changes.size !== undefined ? changes.size : row.size,
    storageLocation: (changes.storageLocation ?? row.storageLocation) as StorageLocation,
    isOpened: changes.isOpened ?? row.isOpened,
    amountPerUnit: changes.amountPerUnit !== undefined ? changes.amountPerUnit : row.amountPerUnit,
    maxAmountPerUnit: changes.maxAmountPerUnit !== undefined ? changes.maxAmountPerUnit : row.maxAmountPerUnit,
    price: changes.price !== undefined ? changes.price : row.price,
    purchaseDate: changes.purchaseDate !== undefined ? changes.purchaseDate : row.purchaseDate,
  };
  if (next.amountPerUnit !== null && next.maxAmountPerUnit !== null && next.amountPerUnit > next.maxAmountPerUnit) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "Amount remaining can't be more than the full amount per container" });
  }

  let expiry: ResolvedExpiry & { originalExpirationDate: string | null } = {
    expirationDate: row.expirationDate,
    expirySource: row.expirySource as ExpirySource | null,
    expiryNote: row.expiryNote,
    originalExpirationDate: row.originalExpirationDate,
  };
  // A form that echoes the stored date has not set a new one.
  const userSetDate = changes.expirationDate !== undefined && changes.expirationDate !== row.expirationDate;
  if (userSetDate) {
    const date = changes.expirationDate ?? null;
    expiry = {
      expirationDate: date,
      expirySource: date ? "user" : null,
      expiryNote: null,
      originalExpirationDate: next.isOpened ? row.originalExpirationDate : date,
    };
  } else if (next.storageLocation !== row.storageLocation || next.isOpened !== row.isOpened) {
    const estimate = reestimateExpiry({
      name: next.name,
      category: next.category,
      before: { storageLocation: row.storageLocation as StorageLocation, isOpened: row.isOpened, expirationDate: row.expirationDate },
      after: { storageLocation: next.storageLocation, isOpened: next.isOpened },
      today: options.today,
      originalExpirationDate: row.originalExpirationDate,
    });
    if (estimate) expiry = { ...expiry, expirationDate: estimate.expirationDate, expirySource: estimate.source, expiryNote: estimate.note };
  }

  const openedAt = next.isOpened === row.isOpened ? row.openedAt : next.isOpened ? new Date() : null;
  const [updated] = await ctx.db
    .update(pantryItems)
    .set({ ...next, ...expiry, openedAt, updatedAt: new Date() })
    .where(and(eq(pantryItems.id, row.id), eq(pantryItems.userId, userId)))
    .returning();
  if (!updated) throw new TRPCError({ code: "NOT_FOUND", message: ITEM_NOT_FOUND });
  return updated;
}

/** The row is still exactly as read: guards against two uses of the same item racing each other. */
function unchangedSince(row: PantryItemRow): SQL {
  return and(
    eq(pantryItems.id, row.id),
    eq(pantryItems.userId, row.userId),
    eq(pantryItems.quantity, row.quantity),
    row.amountPerUnit === null ? sql`${pantryItems.amountPerUnit} IS NULL` : eq(pantryItems.amountPerUnit, row.amountPerUnit),
  )!;
}

/**
 * Records a waste event copied from the item row, only if the row is still as read. It is an INSERT ... SELECT
 * (drizzle's batch cannot run raw SQL with parameters), so its columns follow the table's order.
 */
function recordWasteEvent(ctx: PantryDb, row: PantryItemRow, event: { kind: "consumed" | "discarded"; amount: number; value: number | null; wasExpired: boolean }) {
  return ctx.db.insert(wasteEvents).select(
    ctx.db
      .select({
        id: sql<number>`NULL`.as("id"),
        userId: pantryItems.userId,
        pantryItemId: pantryItems.id,
        name: pantryItems.name,
        category: pantryItems.category,
        kind: sql<string>`${event.kind}`.as("kind"),
        amount: sql<number>`${event.amount}`.as("amount"),
        unit: pantryItems.unit,
        value: sql<number | null>`${event.value}`.as("value"),
        wasExpired: sql<boolean>`${event.wasExpired ? 1 : 0}`.as("was_expired"),
        occurredAt: sql<Date>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`.as("occurred_at"),
      })
      .from(pantryItems)
      .where(unchangedSince(row)),
  );
}

function wasteValue(row: PantryItemRow, fraction: number): number | null {
  if (row.price === null) return null;
  return Math.round(row.price * fraction * 100) / 100;
}

function remainingPrice(row: PantryItemRow, fractionConsumed: number): number | null {
  if (row.price === null) return null;
  return Math.round(row.price * (1 - fractionConsumed) * 10_000) / 10_000;
}

function isExpired(row: PantryItemRow, today: string): boolean {
  const days = daysUntil(row.expirationDate, today);
  return days !== null && days < 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Listing

/** The expiry filters: "expiring" is the expiring-soon rule, the others are the badge's bands. */
function matchesExpiryFilter(item: PantryItemOutput, filter: PantryExpiryFilter, today: string): boolean {
  if (filter === "all") return true;
  if (filter === "expiring") return isExpiringSoon(item.expirationDate, today);
  return item.expiry.band === filter;
}

const ORDER_BY = {
  // Dated items first, soonest first; undated ones last.
  expiration: [sql`${pantryItems.expirationDate} IS NULL`, asc(pantryItems.expirationDate), sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  name: [sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  category: [asc(pantryItems.category), sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  quantity: [desc(pantryItems.quantity), sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  recently_added: [desc(pantryItems.dateAdded), desc(pantryItems.id)],
} satisfies Record<string, SQL[]>;

/** The search and filter conditions the full list and the paged list share (every user's rows, visible only). */
function listConditions(userId: string, input: Pick<PantryListValues, "category" | "storageLocation" | "search">): SQL[] {
  const conditions: SQL[] = [eq(pantryItems.userId, userId), visiblePantryItem];
  if (input.category) conditions.push(eq(pantryItems.category, input.category));
  if (input.storageLocation) conditions.push(eq(pantryItems.storageLocation, input.storageLocation));
  if (input.search) {
    conditions.push(or(containsText(pantryItems.name, input.search), containsText(pantryItems.category, input.search))!);
  }
  return conditions;
}

/** The list query (exported so a test can read its query plan). */
export function pantryListQuery(ctx: PantryDb, userId: string, input: PantryListValues, today: string) {
  const conditions = listConditions(userId, input);
  if (input.expiry === "expiring") conditions.push(expiringSoonPantryItem(today));
  return ctx.db
    .select()
    .from(pantryItems)
    .where(and(...conditions))
    .orderBy(...ORDER_BY[input.sort]);
}

// ---------------------------------------------------------------------------------------------------------------
// The paged list: keyset paging, each order read from its partial index (db/schema/pantry.ts), so a page costs
// the same whether the pantry holds ten items or ten thousand.

const INVALID_CURSOR = "This list has changed. Please reload the page.";
const nameKey = sql`${pantryItems.name} COLLATE NOCASE`;
const negatedQuantity = sql`(-${pantryItems.quantity})`;
type CursorKey = string | number | null;
type PageCursor = { s: PantryPageValues["sort"]; k: CursorKey[] };

function encodeCursor(cursor: PageCursor): string {
  return btoa(encodeURIComponent(JSON.stringify(cursor))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor a previous page answered, for this sort; anything else is refused with a message. */
function decodeCursor(text: string, sort: PantryPageValues["sort"]): CursorKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(atob(text.replace(/-/g, "+").replace(/_/g, "/"))));
  } catch {
    parsed = null;
  }
  const cursor = parsed as Partial<PageCursor> | null;
  const lengths: Record<PantryPageValues["sort"], number> = { expiration: 3, name: 2, category: 3, quantity: 3, recently_added: 2 };
  const keys = cursor?.k;
  const valid =
    cursor?.s === sort &&
    Array.isArray(keys) &&
    keys.length === lengths[sort] &&
    keys.every((k) => k === null || typeof k === "string" || (typeof k === "number" && Number.isFinite(k))) &&
    typeof keys[keys.length - 1] === "number";
  if (!valid) throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_CURSOR });
  return keys;
}

/** The keys a row is ordered by, in the sort's order (the last is always the id). */
function cursorKeys(row: PantryItemRow, sort: PantryPageValues["sort"]): CursorKey[] {
  switch (sort) {
    case "expiration":
      return [row.expirationDate, row.name, row.id];
    case "name":
      return [row.name, row.id];
    case "category":
      return [row.category, row.name, row.id];
    case "quantity":
      return [row.quantity, row.name, row.id];
    case "recently_added":
      return [row.dateAdded.getTime(), row.id];
  }
}

type PageQuery = { where: SQL[]; orderBy: SQL[] };

/** An expiry filter as conditions on the date: "expiring" is the expiring-soon rule, the others the badge's bands. */
function expiryConditions(filter: PantryExpiryFilter, today: string): SQL[] {
  if (filter === "all") return [];
  if (filter === "expiring") return [expiringSoonPantryItem(today)];
  const band = pantryBandDates(filter, today);
  if (!band.dated) return [isNull(pantryItems.expirationDate)];
  const conditions = [isNotNull(pantryItems.expirationDate)];
  if (band.from) conditions.push(gte(pantryItems.expirationDate, band.from));
  if (band.to) conditions.push(lte(pantryItems.expirationDate, band.to));
  return conditions;
}

/**
 * The queries of one page, in order: their rows, concatenated, are the list from the cursor on. Expiration order
 * puts dated items first, so it is two index ranges (dated, then undated); the others are one.
 */
function pageQueries(sort: PantryPageValues["sort"], after: CursorKey[] | null): PageQuery[] {
  const id = pantryItems.id;
  switch (sort) {
    case "expiration": {
      const queries: PageQuery[] = [];
      const afterUndated = after !== null && after[0] === null;
      if (!afterUndated) {
        const where = [isNotNull(pantryItems.expirationDate)];
        if (after) where.push(sql`(${pantryItems.expirationDate}, ${nameKey}, ${id}) > (${after[0]}, ${after[1]}, ${after[2]})`);
        queries.push({ where, orderBy: [asc(pantryItems.expirationDate), nameKey, asc(id)] });
      }
      const where = [isNull(pantryItems.expirationDate)];
      if (after && afterUndated) where.push(sql`(${nameKey}, ${id}) > (${after[1]}, ${after[2]})`);
      queries.push({ where, orderBy: [nameKey, asc(id)] });
      return queries;
    }
    case "name":
      return [{ where: after ? [sql`(${nameKey}, ${id}) > (${after[0]}, ${after[1]})`] : [], orderBy: [nameKey, asc(id)] }];
    case "category":
      return [{ where: after ? [sql`(${pantryItems.category}, ${nameKey}, ${id}) > (${after[0]}, ${after[1]}, ${after[2]})`] : [], orderBy: [asc(pantryItems.category), nameKey, asc(id)] }];
    case "quantity":
      // Largest first, then by name: the index holds the negated quantity (see db/schema/pantry.ts).
      return [{ where: after ? [sql`(${negatedQuantity}, ${nameKey}, ${id}) > (${-Number(after[0])}, ${after[1]}, ${after[2]})`] : [], orderBy: [negatedQuantity, nameKey, asc(id)] }];
    case "recently_added":
      return [{ where: after ? [sql`(${pantryItems.dateAdded}, ${id}) < (${after[0]}, ${after[1]})`] : [], orderBy: [desc(pantryItems.dateAdded), desc(id)] }];
  }
}

export type PantryPage = {
  items: PantryItemOutput[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** On the first page: how many items match the search and filters, and how many of all items need attention
   * (expired or expiring within two days). Null on later pages. */
  total: number | null;
  needAttention: number | null;
};

/**
 * One page of the user's items with something left: the same search, filters and sorts as the full list, read
 * with keyset paging (one D1 round trip).
 */
export async function listPantryPage(ctx: PantryDb, userId: string, input: PantryPageValues, today: string): Promise<PantryPage> {
  const after = input.cursor ? decodeCursor(input.cursor, input.sort) : null;
  const shared = [...listConditions(userId, input), ...expiryConditions(input.expiry, today)];
  const queries = pageQueries(input.sort, after).map((q) =>
    ctx.db
      .select()
      .from(pantryItems)
      .where(and(...shared, ...q.where))
      .orderBy(...q.orderBy)
      .limit(input.limit + 1),
  );
  // The counts come with the first page only; later pages keep what it said.
  const counts = after
    ? []
    : [
        ctx.db.select({ n: sql<number>`COUNT(*)` }).from(pantryItems).where(and(...shared)),
        ctx.db
          .select({ n: sql<number>`COUNT(*)` })
          .from(pantryItems)
          .where(and(eq(pantryItems.userId, userId), visiblePantryItem, isNotNull(pantryItems.expirationDate), lte(pantryItems.expirationDate, highlightLastDate(today)))),
      ];
  const [first, ...rest] = [...queries, ...counts];
  const results = (await ctx.db.batch([first!, ...rest])) as unknown[][];
  const rows = results.slice(0, queries.length).flat() as PantryItemRow[];
  const pageRows = rows.slice(0, input.limit);
  const last = pageRows[pageRows.length - 1];
  const countRows = results.slice(queries.length) as { n: number }[][];
  return {
    items: pageRows.map((row) => toPantryItemOutput(row, today)),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ s: input.sort, k: cursorKeys(last, input.sort) }) : null,
    total: countRows[0]?.[0]?.n ?? null,
    needAttention: countRows[1]?.[0]?.n ?? null,
  };
}

/** The user's items with something left, filtered and sorted; hidden items are never listed. */
export async function listPantryItems(ctx: PantryDb, userId: string, input: PantryListValues, today: string): Promise<PantryItemOutput[]> {
  const rows = await pantryListQuery(ctx, userId, input, today);
  // Bands come from pantryExpiry so a band filter always agrees with the badge the card shows.
  return rows.map((row) => toPantryItemOutput(row, today)).filter((item) => matchesExpiryFilter(item, input.expiry, today));
}

// ---------------------------------------------------------------------------------------------------------------
// Using and deleting

export type ConsumeResult = {
  deleted: boolean;
  /** The item after use; null when it was used up and deleted. */
  item: PantryItemRow | null;
  /** The item as it was before. */
  before: PantryItemRow;
  amountConsumed: number;
  measuredIn: "amount" | "containers";
};

const CONCURRENT_CHANGE = "This item was just changed elsewhere. Please refresh and try again.";

/**
 * Uses some of an item ("all" uses everything): the open container first, then the next ones. Using everything
 * deletes it. A consumed waste event is written in the same batch. Items used up already answer NOT_FOUND.
 */
export async function consumePantryItem(
  ctx: PantryDb,
  userId: string,
  id: number,
  amountUsed: number | "all",
  options: { today: string; containerIndex?: number },
): Promise<ConsumeResult> {
  // Retry if another request changed the item between our read and our write.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await findVisiblePantryItem(ctx, userId, id);
    const amount = amountUsed === "all" ? remainingTotal(row) : amountUsed;
    const outcome = useAmount(row, amount, options.containerIndex);
    if (!outcome.ok) {
      if (outcome.reason === "nothing_left") throw new TRPCError({ code: "NOT_FOUND", message: ITEM_NOT_FOUND });
      if (outcome.reason === "more_than_left") throw new TRPCError({ code: "BAD_REQUEST", message: moreThanLeftMessage(row.name, outcome.left, row.unit) });
      throw new TRPCError({ code: "BAD_REQUEST", message: "Amount must be greater than 0" });
    }
    const waste = recordWasteEvent(ctx, row, {
      kind: "consumed",
      amount: outcome.amountConsumed,
      value: wasteValue(row, outcome.fractionConsumed),
      wasExpired: isExpired(row, options.today),
    });

    if (outcome.deleted) {
      const [, removed] = await ctx.db.batch([waste, ctx.db.delete(pantryItems).where(unchangedSince(row)).returning({ id: pantryItems.id })]);
      if (removed.length === 0) continue;
      return { deleted: true, item: null, before: row, amountConsumed: outcome.amountConsumed, measuredIn: outcome.measuredIn };
    }

    const state = outcome.state;
    let expiry: Pick<PantryItemRow, "expirationDate" | "expirySource" | "expiryNote"> = {
      expirationDate: row.expirationDate,
      expirySource: row.expirySource,
      expiryNote: row.expiryNote,
    };
    if (state.isOpened && !row.isOpened) {
      // This use opened it: opened shelf life applies (never longer than the sealed date).
      const estimate = reestimateExpiry({
        name: row.name,
        category: row.category,
        before: { storageLocation: row.storageLocation as StorageLocation, isOpened: false, expirationDate: row.expirationDate },
        after: { storageLocation: row.storageLocation as StorageLocation, isOpened: true },
        today: options.today,
        originalExpirationDate: row.originalExpirationDate,
      });
      if (estimate) expiry = { expirationDate: estimate.expirationDate, expirySource: estimate.source, expiryNote: estimate.note };
    } else if (!state.isOpened && row.isOpened && row.originalExpirationDate) {
      // The open container is finished and the next one is still sealed: its sealed date applies again.
      expiry = { ...expiry, expirationDate: row.originalExpirationDate };
    }
    const openedAt = state.isOpened === row.isOpened ? row.openedAt : state.isOpened ? new Date() : null;
    const [, updated] = await ctx.db.batch([
      waste,
      ctx.db
        .update(pantryItems)
        // The price follows what is left, so each event's value (price x fraction of what was left) adds up to what was paid.
        .set({ ...state, ...expiry, openedAt, price: remainingPrice(row, outcome.fractionConsumed), updatedAt: new Date() })
        .where(unchangedSince(row))
        .returning(),
    ]);
    const item = updated[0];
    if (!item) continue;
    return { deleted: false, item, before: row, amountConsumed: outcome.amountConsumed, measuredIn: outcome.measuredIn };
  }
  throw new TRPCError({ code: "CONFLICT", message: CONCURRENT_CHANGE });
}

/** The toast text after a use: "Used 200 ml of Olive oil." or "... has been used up and removed ...". */
export function consumeMessage(result: ConsumeResult): string {
  const { name, unit } = result.before;
  if (result.deleted) return `${name} has been used up and removed from your pantry.`;
  const what = result.measuredIn === "amount" && unit ? `${result.amountConsumed} ${unit}` : `${result.amountConsumed}`;
  return `Used ${what} of ${name}.`;
}

/**
 * Deletes an item. What was left counts as discarded waste, unless the entry was a mistake (then no event, so a
 * wrong entry does not count as waste).
 */
export async function discardPantryItem(
  ctx: PantryDb,
  userId: string,
  id: number,
  options: { today: string; reason?: "discarded" | "mistake" },
): Promise<PantryItemRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await findVisiblePantryItem(ctx, userId, id);
    const remove = ctx.db.delete(pantryItems).where(unchangedSince(row)).returning({ id: pantryItems.id });
    let removed: { id: number }[];
    if (options.reason === "mistake") {
      removed = await remove;
    } else {
      const waste = recordWasteEvent(ctx, row, {
        kind: "discarded",
        amount: remainingTotal(row),
        value: wasteValue(row, 1),
        wasExpired: isExpired(row, options.today),
      });
      [, removed] = await ctx.db.batch([waste, remove]);
    }
    if (removed.length > 0) return row;
  }
  throw new TRPCError({ code: "CONFLICT", message: CONCURRENT_CHANGE });
}

/** The pantry item as every API answers it (never the raw row: no user id, no internal timestamps). */
export function toPantryItemOutput(row: PantryItemRow, today: string) {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    quantity: row.quantity,
    unit: row.unit,
    size: row.size,
    storageLocation: row.storageLocation as StorageLocation,
    isOpened: row.isOpened,
    amountPerUnit: row.amountPerUnit,
    maxAmountPerUnit: row.maxAmountPerUnit,
    expirationDate: row.expirationDate,
    expirySource: row.expirySource as ExpirySource | null,
    expiryNote: row.expiryNote,
    expiry: pantryExpiry(row.expirationDate, today),
    price: row.price,
    purchaseDate: row.purchaseDate,
    receiptId: row.receiptId,
    dateAdded: row.dateAdded.toISOString(),
  };
}
export type PantryItemOutput = ReturnType<typeof toPantryItemOutput>;

/** The simple grocery card the groceries calls answer (id, name, quantity, unit, expiry, category, location). */
export function toGroceryItemOutput(row: PantryItemRow) {
  return {
    id: row.id,
    name: row.name,
    quantity: row.quantity,
    unit: row.unit,
    expirationDate: row.expirationDate,
    category: row.category,
    location: row.storageLocation as StorageLocation,
    used: false as const,
  };
}
export type GroceryItemOutput = ReturnType<typeof toGroceryItemOutput>;
