/**
 * Receipt scanning: checking an upload, storing it once (content hash), reading its text (lines the browser
 * recognised, or the Workers AI vision task), turning the text into reviewable pantry items with an estimated
 * expiry, and confirming the reviewed items into the pantry in one atomic batch.
 */
import { TRPCError } from "@trpc/server";
import { and, count, desc, eq, getTableColumns, gte, inArray, is, isNull, ne, sql, SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db";
import { pantryItems, receipts, users, type ParsedReceiptItem } from "../../db/schema";
import type { AppContext, UserRow } from "../context";
import { isPremiumUser } from "../context";
import { STORAGE_LOCATIONS, type PantryCategory, type StorageLocation } from "../domain/constants";
import { daysBetween, isIsoDate, todayIn } from "../domain/dates";
import { contentTypeFor, detectFileType, jpegDimensions, looksLikeDecompressionBomb, pngDimensions, type FileKind } from "../domain/fileType";
import { receiptContainerAmounts, receiptLineMeasure } from "../domain/foodNames";
import { normalizeReceiptName } from "../domain/groceryNames";
import { parseReceiptText, type ParsedReceipt, type ReceiptLineItem } from "../domain/receiptParser";
import { estimateExpiry, suggestStorageLocation } from "../domain/shelfLife";
import { receiptIdentity, sameReceipt } from "../domain/receiptIdentity";
import { receiptReadingTask } from "../ai/tasks/receiptReading";
import { RATE_LIMITS, rateLimit } from "../auth/rateLimit";
import { ErrorDetails } from "../errors";
import { readPdfTextLines } from "../lib/pdfText";
import { RECEIPT_LIMITS, RECEIPT_MESSAGES, type ExpiryFrom, type ReviewedReceiptItem } from "../schemas/receipts";
import { toPantryItemOutput, type ExpirySource } from "./pantry";

export type ReceiptRow = typeof receipts.$inferSelect;
type SignedInContext = AppContext & { user: UserRow };

/** Receipt status: parsed (ready for review), failed (nothing read; items can be added by hand), confirmed. */
export type ReceiptStatus = "parsed" | "failed" | "confirmed";

/** A parsed line as stored in receipts.items: the review row plus what the review step needs to remember. */
export type StoredReceiptItem = ParsedReceiptItem & {
  kind?: ReceiptLineItem["kind"] | "manual";
  selected?: boolean;
};

const ACCEPTED_KINDS: ReadonlySet<FileKind> = new Set(["jpeg", "png", "pdf"]);
const SAFE_CONTENT_TYPES = new Set(["image/jpeg", "image/png", "application/pdf"]);
/** Receipts older than this are taken as a misread date rather than a real purchase date. */
const PLAUSIBLE_RECEIPT_AGE_DAYS = 366;

// ---------------------------------------------------------------------------------------------------------
// Output shapes

export function receiptImageUrl(id: number): string {
  return `/api/receipts/${id}/image`;
}

export function toReceiptOutput(row: ReceiptRow) {
  return {
    id: row.id,
    storeName: row.storeName,
    purchaseDate: row.purchaseDate,
    total: row.total,
    subtotal: row.subtotal,
    tax: row.tax,
    imageUrl: row.imageKey ? receiptImageUrl(row.id) : null,
    fileType: row.contentType === "application/pdf" ? ("pdf" as const) : ("image" as const),
    status: row.status as ReceiptStatus,
    createdAt: row.createdAt.toISOString(),
  };
}
export type ReceiptOutput = ReturnType<typeof toReceiptOutput>;

/**
 * The receipts that count as the user's (the dashboard tile, spending): confirmed ones. A draft waiting for
 * review, or one scanned and abandoned, is not a purchase the user has told us about yet.
 */
export const confirmedReceipt = eq(receipts.status, "confirmed");

/**
 * One row of the review step ("groceryItems" in the scan response). Estimates count from the receipt's date, so
 * an old receipt's can already be past: such rows say so (`pastExpiry`), and every estimated row carries the
 * date counted from today as well, so the review step can offer that and nothing lands in the pantry already
 * expired without a word.
 */
export function toReviewItem(item: StoredReceiptItem, today: string) {
  const pastExpiry = item.expirationDate !== null && item.expirationDate < today;
  const fromToday = item.isFood && item.expirationDate !== null ? estimateExpiry({ name: item.name, category: item.category, storageLocation: item.storageLocation, purchaseDate: today }) : null;
  return {
    name: item.name,
    rawName: item.rawName,
    quantity: item.quantity,
    unit: item.unit,
    price: item.price,
    category: item.category,
    storageLocation: item.storageLocation,
    expirationDate: item.expirationDate,
    expiryNote: item.expiryNote,
    isFood: item.isFood,
    kind: item.kind ?? (item.isFood ? "item" : "fee"),
    // Food lines start ticked; bags, deposits, fees and discounts start unticked.
    selected: item.selected ?? item.isFood,
    pastExpiry,
    expirationDateFromToday: fromToday?.expirationDate ?? null,
  };
}
export type ReviewItem = ReturnType<typeof toReviewItem>;

function storedItemsOf(row: ReceiptRow): StoredReceiptItem[] {
  return Array.isArray(row.items) ? (row.items as StoredReceiptItem[]) : [];
}

// ---------------------------------------------------------------------------------------------------------
// Plan limit

/** The monthly scan allowance: null for premium users (and for everyone while PREMIUM_FOR_ALL is on). */
export function receiptScanLimit(env: Env, user: UserRow): number | null {
  return isPremiumUser(env, user) ? null : RECEIPT_LIMITS.freeScansPerMonth;
}

/** Start of the current calendar month in UTC, as the epoch milliseconds receipts.created_at holds. */
export function monthStartUtc(now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

export async function scansThisMonth(db: Db, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(receipts)
    .where(and(eq(receipts.userId, userId), gte(receipts.createdAt, new Date(monthStartUtc(now)))));
  return row?.value ?? 0;
}

export async function scanAllowance(ctx: SignedInContext): Promise<{ used: number; max: number | null }> {
  return { used: await scansThisMonth(ctx.db, ctx.user.id), max: receiptScanLimit(ctx.env, ctx.user) };
}

function limitReachedError(): TRPCError {
  return new TRPCError({
    code: "FORBIDDEN",
    message: RECEIPT_MESSAGES.limitMessage,
    cause: new ErrorDetails({ limitReached: true, title: RECEIPT_MESSAGES.limitTitle }),
  });
}

// ---------------------------------------------------------------------------------------------------------
// The file

export type InspectedFile = { kind: "jpeg" | "png" | "pdf"; contentType: string };

/**
 * What the upload really is, from its bytes (the name and declared type are ignored): a JPEG, PNG or PDF of at
 * most 10 MB, with a readable header and sane dimensions. Everything else is a 4xx with a sentence to show.
 */
export function inspectReceiptFile(bytes: Uint8Array): InspectedFile {
  if (bytes.byteLength === 0) throw new TRPCError({ code: "BAD_REQUEST", message: RECEIPT_MESSAGES.emptyFile });
  if (bytes.byteLength > RECEIPT_LIMITS.maxBytes) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: RECEIPT_MESSAGES.tooLarge });
  const kind = detectFileType(bytes);
  if (!kind || !ACCEPTED_KINDS.has(kind)) throw new TRPCError({ code: "BAD_REQUEST", message: RECEIPT_MESSAGES.invalidType });
  if (kind === "png" || kind === "jpeg") {
    const size = kind === "png" ? pngDimensions(bytes) : jpegDimensions(bytes);
    if (!size) throw new TRPCError({ code: "BAD_REQUEST", message: RECEIPT_MESSAGES.damaged });
    if (looksLikeDecompressionBomb(bytes, kind)) throw new TRPCError({ code: "BAD_REQUEST", message: RECEIPT_MESSAGES.imageTooBig });
  } else if (!hasPdfTrailer(bytes)) {
    throw new TRPCError({ code: "BAD_REQUEST", message: RECEIPT_MESSAGES.damaged });
  }
  return { kind: kind as InspectedFile["kind"], contentType: contentTypeFor(kind) };
}

/** A complete PDF ends with %%EOF (readers tolerate a little trailing junk, so the last 2 KB are searched). */
function hasPdfTrailer(bytes: Uint8Array): boolean {
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.byteLength - 2048)));
  return tail.includes("%%EOF");
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------------------------------------------------
// Text -> review rows

/**
 * The printed date when it can be a real purchase (not in the future, not over a year old): OCR misreads
 * years ("2006" for "2026"), and an estimate counted from a wrong date would be useless.
 */
export function plausiblePurchaseDate(printed: string | null, today: string): string | null {
  if (!printed || !isIsoDate(printed)) return null;
  const age = daysBetween(printed, today);
  return age >= -1 && age <= PLAUSIBLE_RECEIPT_AGE_DAYS ? printed : null;
}

/** Day counting for estimates starts at the purchase date, never later than today. */
function expiryStart(purchaseDate: string | null, today: string): string {
  return purchaseDate && purchaseDate <= today ? purchaseDate : today;
}

function sentenceCase(name: string): string {
  const trimmed = name.trim();
  return trimmed ? trimmed[0]!.toUpperCase() + trimmed.slice(1) : trimmed;
}

function clampQuantity(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  return Math.min(Math.max(Math.round(value * 1000) / 1000, 0.01), 10_000);
}

export function reviewItemsFrom(parsed: ParsedReceipt, purchaseDate: string | null, today: string): StoredReceiptItem[] {
  const start = expiryStart(purchaseDate, today);
  return parsed.items.slice(0, RECEIPT_LIMITS.maxReviewItems).map((line) => {
    const normalized = normalizeReceiptName(line.rawName);
    const isFood = line.kind === "item" && normalized.isFood;
    const name = sentenceCase(normalized.name || line.rawName).slice(0, 120) || "Item";
    const category: PantryCategory = normalized.category;
    const storageLocation: StorageLocation = isFood ? suggestStorageLocation(name, category) : "pantry";
    const estimate = isFood ? estimateExpiry({ name, category, storageLocation, purchaseDate: start }) : null;
    // A size printed in the name ("MILK 1 GAL") becomes the unit; packs and counts multiply the quantity.
    const measure = isFood ? receiptLineMeasure(line.rawName, line.quantity, line.unit) : line;
    return {
      name,
      rawName: line.rawName.slice(0, 500),
      quantity: clampQuantity(measure.quantity),
      unit: measure.unit,
      unitPrice: line.unitPrice,
      price: line.price,
      category,
      storageLocation,
      isFood,
      expirationDate: estimate?.expirationDate ?? null,
      expiryNote: estimate?.note ?? null,
      kind: line.kind,
      selected: isFood,
    };
  });
}

type Reading = { lines: string[]; source: "device" | "pdf-text" | "vision" | "none"; error: TRPCError | null };

/** Nothing on this server can read the file and the client sent no text: say what would work. */
function nothingToReadError(file: InspectedFile): TRPCError {
  return new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: file.kind === "pdf" ? RECEIPT_MESSAGES.pdfWithoutText : RECEIPT_MESSAGES.sendText });
}

/**
 * The receipt's text, from the first of: the lines the client recognised (an empty list means it tried and
 * found nothing: the user adds items by hand), a PDF's text layer (read here too, so API clients get what the
 * browser gets), the Workers AI vision task for photos when the binding exists. Otherwise an error that says
 * what to send.
 */
async function readReceipt(ctx: SignedInContext, bytes: Uint8Array, file: InspectedFile, deviceLines: string[] | null | undefined): Promise<Reading> {
  if (deviceLines) return { lines: deviceLines, source: "device", error: null };
  if (file.kind === "pdf") {
    const lines = await readPdfTextLines(bytes);
    return lines ? { lines, source: "pdf-text", error: null } : { lines: [], source: "none", error: nothingToReadError(file) };
  }
  if (ctx.ai.provider !== "workers-ai") return { lines: [], source: "none", error: nothingToReadError(file) };
  try {
    const result = await ctx.ai.run(receiptReadingTask, { image: bytes, contentType: file.contentType }, { id: ctx.user.id, premium: isPremiumUser(ctx.env, ctx.user) });
    return { lines: result.output.lines, source: "vision", error: null };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { lines: [], source: "vision", error };
  }
}

type ParsedForStorage = {
  status: Exclude<ReceiptStatus, "confirmed">;
  storeName: string | null;
  purchaseDate: string | null;
  total: number | null;
  subtotal: number | null;
  tax: number | null;
  rawText: string | null;
  items: StoredReceiptItem[];
};

function parseForStorage(lines: string[], today: string): ParsedForStorage {
  const parsed = parseReceiptText(lines);
  const purchaseDate = plausiblePurchaseDate(parsed.date, today);
  const items = reviewItemsFrom(parsed, purchaseDate, today);
  const money = (value: number | null) => (value !== null && Number.isFinite(value) && Math.abs(value) < 1e9 ? value : null);
  return {
    status: items.some((item) => item.kind === "item") ? "parsed" : "failed",
    storeName: parsed.storeName ? parsed.storeName.slice(0, RECEIPT_LIMITS.storeNameMax) : null,
    purchaseDate,
    total: money(parsed.total),
    subtotal: money(parsed.subtotal),
    tax: money(parsed.tax),
    rawText: lines.length > 0 ? lines.join("\n").slice(0, 50_000) : null,
    items,
  };
}

/**
 * The answer for a kept receipt that could not be read: the reader's own 429 or 422 message, or a 503 for a
 * model failure, each with the receipt's id so the client can open it and add the items by hand.
 */
function readingFailedError(reading: Reading, receipt: ReceiptRow): TRPCError {
  const cause = reading.error!;
  const passThrough = cause.code === "TOO_MANY_REQUESTS" || cause.code === "UNPROCESSABLE_CONTENT";
  return new TRPCError({
    code: passThrough ? cause.code : "SERVICE_UNAVAILABLE",
    message: passThrough ? cause.message : RECEIPT_MESSAGES.readingFailed,
    cause: new ErrorDetails({ receiptId: receipt.id, receipt: toReceiptOutput(receipt) }),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Guarded inserts

/**
 * INSERT ... SELECT <row> FROM <table> WHERE <guard>: inserts the row only while the guard holds at write time,
 * so checks such as "the receipt is not confirmed yet" or "under the monthly limit" cannot race the write.
 * Columns follow the table's definition; absent values take the column default, as drizzle's own insert does.
 */
function guardedInsert(db: Db, table: SQLiteTable, row: Record<string, unknown>, from: SQLiteTable, guard: SQL) {
  const fields: Record<string, SQL.Aliased> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    // Generated columns cannot be written (drizzle's own insert skips them the same way).
    if (column.generated !== undefined && column.generated.type !== "byDefault") continue;
    const value = row[key];
    let expression: SQL;
    const fallback = value === undefined ? (column.default ?? column.defaultFn?.()) : undefined;
    if (value !== undefined) expression = sql`${sql.param(value, column)}`;
    else if (is(fallback, SQL)) expression = fallback;
    else if (fallback !== undefined) expression = sql`${sql.param(fallback, column)}`;
    else expression = sql`NULL`;
    fields[key] = expression.as(column.name);
  }
  return db.insert(table).select(db.select(fields).from(from).where(guard) as never);
}

// ---------------------------------------------------------------------------------------------------------
// Scan

export type ScanReceiptArgs = { file: Blob; ocrLines?: string[] | null };

export type ScanReceiptResult = {
  receipt: ReceiptOutput;
  groceryItems: ReviewItem[];
  duplicate: boolean;
  limit: { used: number; max: number } | null;
  reading: { source: Reading["source"]; lines: number };
};

async function findByHash(db: Db, userId: string, contentHash: string): Promise<ReceiptRow | undefined> {
  return db.query.receipts.findFirst({ where: and(eq(receipts.userId, userId), eq(receipts.contentHash, contentHash)) });
}

/**
 * A receipt of the user's with the same printed content (another photo of it, or the same PDF downloaded again).
 * With a purchase date any receipt of that day may match; without one only drafts do, so a regular weekly shop
 * with the same basket is never mistaken for last week's confirmed receipt.
 */
async function findSameReceipt(db: Db, userId: string, parsed: ParsedForStorage): Promise<ReceiptRow | undefined> {
  if (parsed.status !== "parsed" || receiptIdentity(parsed) === null) return undefined;
  const candidates = await db
    .select()
    .from(receipts)
    .where(
      parsed.purchaseDate
        ? and(eq(receipts.userId, userId), eq(receipts.purchaseDate, parsed.purchaseDate))
        : and(eq(receipts.userId, userId), isNull(receipts.purchaseDate), ne(receipts.status, "confirmed")),
    )
    .orderBy(desc(receipts.createdAt))
    .limit(50);
  return candidates.find((row) => sameReceipt(parsed, { ...row, items: storedItemsOf(row) }));
}

async function limitOutput(ctx: SignedInContext): Promise<ScanReceiptResult["limit"]> {
  const max = receiptScanLimit(ctx.env, ctx.user);
  return max === null ? null : { used: await scansThisMonth(ctx.db, ctx.user.id), max };
}

async function scanResult(ctx: SignedInContext, row: ReceiptRow, duplicate: boolean, reading: Reading, today: string): Promise<ScanReceiptResult> {
  return {
    receipt: toReceiptOutput(row),
    groceryItems: storedItemsOf(row).map((item) => toReviewItem(item, today)),
    duplicate,
    limit: await limitOutput(ctx),
    reading: { source: reading.source, lines: reading.lines.length },
  };
}

/**
 * Stores a receipt upload and reads it. The same receipt again (the same file, or another photo or download of
 * it) answers the stored receipt (duplicate: true), so scanning twice never makes a second draft; a stored
 * receipt that could not be read is read again with the new text. Free users get 5 new receipts per calendar
 * month (UTC); everyone gets at most RATE_LIMITS.receiptScan scans an hour. A receipt nothing could read is kept
 * (status failed) and the error carries its id.
 */
export async function scanReceipt(ctx: SignedInContext, args: ScanReceiptArgs): Promise<ScanReceiptResult> {
  await rateLimit(ctx, RATE_LIMITS.receiptScan, ctx.user.id);
  if (args.file.size > RECEIPT_LIMITS.maxBytes) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: RECEIPT_MESSAGES.tooLarge });
  const bytes = new Uint8Array(await args.file.arrayBuffer());
  const file = inspectReceiptFile(bytes);
  const contentHash = await sha256Hex(bytes);
  const today = todayIn(ctx.user.timeZone);
  const userId = ctx.user.id;

  const existing = await findByHash(ctx.db, userId, contentHash);
  if (existing) {
    let row = existing;
    let reading: Reading = { lines: [], source: "none", error: null };
    if (existing.status === "failed") {
      reading = await readReceipt(ctx, bytes, file, args.ocrLines);
      if (reading.lines.length > 0) {
        const parsed = parseForStorage(reading.lines, today);
        const [updated] = await ctx.db
          .update(receipts)
          .set(parsed)
          .where(and(eq(receipts.id, existing.id), eq(receipts.userId, userId), eq(receipts.status, "failed")))
          .returning();
        row = updated ?? row;
      } else if (reading.error) {
        throw readingFailedError(reading, existing);
      }
    }
    return scanResult(ctx, row, true, reading, today);
  }

  const max = receiptScanLimit(ctx.env, ctx.user);
  if (max !== null && (await scansThisMonth(ctx.db, userId)) >= max) throw limitReachedError();

  const reading = await readReceipt(ctx, bytes, file, args.ocrLines);
  const parsed = parseForStorage(reading.lines, today);
  const same = await findSameReceipt(ctx.db, userId, parsed);
  if (same) return scanResult(ctx, same, true, reading, today);

  const imageKey = `users/${userId}/receipts/${crypto.randomUUID()}`;
  await ctx.env.BUCKET.put(imageKey, bytes, {
    httpMetadata: { contentType: file.contentType },
    customMetadata: { kind: "receipt", contentHash },
  });

  let inserted: ReceiptRow | undefined;
  try {
    const underLimit =
      max === null
        ? sql`1 = 1`
        : sql`(SELECT COUNT(*) FROM ${receipts} WHERE ${receipts.userId} = ${userId} AND ${receipts.createdAt} >= ${monthStartUtc()}) < ${max}`;
    const rows = (await guardedInsert(
      ctx.db,
      receipts,
      { userId, contentHash, imageKey, contentType: file.contentType, ...parsed },
      users,
      and(eq(users.id, userId), underLimit)!,
    )
      .onConflictDoNothing()
      .returning()) as ReceiptRow[];
    inserted = rows[0];
  } catch (error) {
    await ctx.env.BUCKET.delete(imageKey);
    throw error;
  }

  if (!inserted) {
    // Another request won the race: either it stored the same file, or it used up the month's allowance.
    await ctx.env.BUCKET.delete(imageKey);
    const winner = await findByHash(ctx.db, userId, contentHash);
    if (!winner) throw limitReachedError();
    return scanResult(ctx, winner, true, reading, today);
  }
  if (reading.error) throw readingFailedError(reading, inserted);
  return scanResult(ctx, inserted, false, reading, today);
}

// ---------------------------------------------------------------------------------------------------------
// Read

export async function findReceipt(ctx: SignedInContext, id: number): Promise<ReceiptRow> {
  const row = await ctx.db.query.receipts.findFirst({ where: and(eq(receipts.id, id), eq(receipts.userId, ctx.user.id)) });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: RECEIPT_MESSAGES.notFound });
  return row;
}

/** The user's receipts, newest first, with how many lines were read and how many pantry items came from each. */
export async function listReceipts(ctx: SignedInContext, limit: number) {
  const rows = await ctx.db
    .select()
    .from(receipts)
    .where(eq(receipts.userId, ctx.user.id))
    .orderBy(desc(receipts.createdAt), desc(receipts.id))
    .limit(limit);
  const ids = rows.map((r) => r.id);
  const added = new Map<number, number>();
  if (ids.length > 0) {
    const counts = await ctx.db
      .select({ receiptId: pantryItems.receiptId, value: count() })
      .from(pantryItems)
      .where(and(inArray(pantryItems.receiptId, ids), eq(pantryItems.userId, ctx.user.id)))
      .groupBy(pantryItems.receiptId);
    for (const c of counts) if (c.receiptId !== null) added.set(c.receiptId, c.value);
  }
  return rows.map((row) => ({ ...toReceiptOutput(row), itemCount: storedItemsOf(row).length, addedCount: added.get(row.id) ?? 0 }));
}

/** One receipt with its review rows and the pantry items created from it. */
export async function getReceipt(ctx: SignedInContext, id: number) {
  const row = await findReceipt(ctx, id);
  const today = todayIn(ctx.user.timeZone);
  const linked = await ctx.db
    .select()
    .from(pantryItems)
    .where(and(eq(pantryItems.receiptId, row.id), eq(pantryItems.userId, ctx.user.id)))
    .orderBy(pantryItems.id);
  return {
    receipt: toReceiptOutput(row),
    groceryItems: storedItemsOf(row).map((item) => toReviewItem(item, today)),
    pantryItems: linked.map((item) => toPantryItemOutput(item, today)),
  };
}

/** The stored file for its owner only, with a content type from our allow-list (never one the client chose). */
export async function openReceiptImage(ctx: SignedInContext, id: number) {
  const row = await findReceipt(ctx, id);
  if (!row.imageKey) throw new TRPCError({ code: "NOT_FOUND", message: RECEIPT_MESSAGES.notFound });
  const object = await ctx.env.BUCKET.get(row.imageKey);
  if (!object) throw new TRPCError({ code: "NOT_FOUND", message: RECEIPT_MESSAGES.notFound });
  const contentType = row.contentType && SAFE_CONTENT_TYPES.has(row.contentType) ? row.contentType : "application/octet-stream";
  const extension = contentType === "application/pdf" ? "pdf" : contentType === "image/png" ? "png" : contentType === "image/jpeg" ? "jpg" : "bin";
  return { body: object.body, size: object.size, etag: object.httpEtag, contentType, filename: `receipt-${row.id}.${extension}` };
}

// ---------------------------------------------------------------------------------------------------------
// Confirm

export type ConfirmReceiptArgs = {
  receiptId: number;
  storeName: string | null;
  purchaseDate: string | null;
  /** Where estimates count from: the receipt's purchase date (default) or today, for an old receipt. */
  expiryFrom: ExpiryFrom;
  items: ReviewedReceiptItem[];
};

/**
 * The expiry to store: the user's own date, else the estimate counted from `start`. A date equal to the estimate
 * counted from the purchase date is that estimate, not the user's, so choosing "today" re-estimates it.
 */
function expiryFor(item: ReviewedReceiptItem, start: string, purchaseStart: string): { expirationDate: string; expirySource: ExpirySource; expiryNote: string | null } {
  const estimateFrom = (day: string) => estimateExpiry({ name: item.name, category: item.category, storageLocation: item.storageLocation, purchaseDate: day });
  const estimate = estimateFrom(start);
  const ownDate = item.expirationDate && item.expirationDate !== estimate.expirationDate && (start === purchaseStart || item.expirationDate !== estimateFrom(purchaseStart).expirationDate);
  if (ownDate && item.expirationDate) return { expirationDate: item.expirationDate, expirySource: "user", expiryNote: null };
  return { expirationDate: estimate.expirationDate, expirySource: estimate.source, expiryNote: estimate.note };
}

function storedFromReviewed(item: ReviewedReceiptItem, previous: StoredReceiptItem | undefined): StoredReceiptItem {
  return {
    name: item.name,
    rawName: item.rawName ?? previous?.rawName ?? item.name,
    quantity: item.quantity,
    unit: item.unit,
    unitPrice: previous?.unitPrice ?? null,
    price: item.price,
    category: item.category,
    storageLocation: item.storageLocation,
    isFood: previous?.isFood ?? true,
    expirationDate: item.expirationDate,
    expiryNote: previous?.expirationDate === item.expirationDate ? (previous?.expiryNote ?? null) : null,
    kind: previous?.kind ?? "manual",
    selected: item.selected,
  };
}

/**
 * Adds the ticked rows to the pantry (price, receipt link and purchase date set; expiry estimated when left
 * empty) and marks the receipt confirmed, all in one D1 batch. Every insert is guarded by "the receipt is not
 * confirmed yet", so confirming twice, even at the same moment, adds the items once.
 */
export async function confirmReceipt(ctx: SignedInContext, args: ConfirmReceiptArgs) {
  const receipt = await findReceipt(ctx, args.receiptId);
  const today = todayIn(ctx.user.timeZone);
  const userId = ctx.user.id;
  if (receipt.status === "confirmed") return { ...(await getReceipt(ctx, receipt.id)), added: 0, alreadyConfirmed: true };

  const chosen = args.items.filter((item) => item.selected);
  if (chosen.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: RECEIPT_MESSAGES.nothingSelected });

  const purchaseDate = args.purchaseDate && plausiblePurchaseDate(args.purchaseDate, today) ? args.purchaseDate : receipt.purchaseDate;
  const purchaseStart = expiryStart(purchaseDate, today);
  const start = args.expiryFrom === "today" ? today : purchaseStart;
  const notConfirmed = and(eq(receipts.id, receipt.id), eq(receipts.userId, userId), ne(receipts.status, "confirmed"))!;
  const now = new Date();

  const inserts = chosen.map((item) => {
    const expiry = expiryFor(item, start, purchaseStart);
    return guardedInsert(
      ctx.db,
      pantryItems,
      {
        userId,
        name: item.name,
        category: item.category,
        quantity: item.quantity,
        unit: item.unit,
        // What one package holds ("5OZ"), while the unit is still the one read from the name.
        ...receiptContainerAmounts(item.rawName ?? item.name, item.unit),
        storageLocation: STORAGE_LOCATIONS.includes(item.storageLocation) ? item.storageLocation : "fridge",
        isOpened: false,
        ...expiry,
        originalExpirationDate: expiry.expirationDate,
        price: item.price,
        receiptId: receipt.id,
        purchaseDate: purchaseDate ?? purchaseStart,
        dateAdded: now,
      },
      receipts,
      notConfirmed,
    ).returning({ id: pantryItems.id });
  });

  const previous = storedItemsOf(receipt);
  // Rows are matched to what was read by their printed text; rows added by hand have none.
  const reviewed = args.items.map((item) => storedFromReviewed(item, item.rawName ? previous.find((p) => p.rawName === item.rawName) : undefined));
  const markConfirmed = ctx.db
    .update(receipts)
    .set({
      status: "confirmed",
      items: reviewed,
      storeName: args.storeName ?? receipt.storeName,
      purchaseDate,
    })
    .where(notConfirmed)
    .returning({ id: receipts.id });

  const results = await ctx.db.batch([inserts[0]!, ...inserts.slice(1), markConfirmed]);
  const added = results.slice(0, inserts.length).reduce((sum, rows) => sum + (rows as unknown[]).length, 0);
  return { ...(await getReceipt(ctx, receipt.id)), added, alreadyConfirmed: added === 0 };
}
