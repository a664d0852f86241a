/**
 * Receipt scanning inputs and their user-facing messages, shared by the procedures and the scan screen.
 */
import { z } from "zod";
import "./zodMessages";
import { LIMITS } from "../domain/constants";
import { calendarDate, pantryCategory, pantryName, quantity, storageLocation, unit, PANTRY_LIMITS } from "./pantry";

export const RECEIPT_MESSAGES = {
  invalidType: "Invalid file type: Please upload a JPG, PNG, or PDF file",
  invalidTypeTitle: "Invalid file type",
  invalidTypeDescription: "Please upload a JPG, PNG, or PDF file",
  tooLarge: "File too large: Please upload a file smaller than 10MB",
  tooLargeTitle: "File too large",
  tooLargeDescription: "Please upload a file smaller than 10MB",
  emptyFile: "The file is empty: Please upload a photo or PDF of your receipt",
  missingFile: "Please choose a receipt to upload",
  damaged: "The file looks damaged or incomplete: Please upload a clear photo or PDF of your receipt",
  imageTooBig: "The image is too big to read: Please upload a photo smaller than 40 megapixels",
  limitTitle: "Free Plan Limit Reached",
  limitMessage: "Upgrade to premium for unlimited receipt scanning",
  uploadFailedTitle: "Upload failed",
  uploadFailedFallback: "Failed to upload receipt",
  notFound: "Receipt not found",
  nothingSelected: "Select at least one item to add to your pantry",
  readingFailed: "We couldn't read this receipt automatically. You can add the items by hand.",
  sendText:
    "This server can't read photos by itself: send the receipt's text with the photo (the ocrText field, a JSON array of lines), or upload a PDF with a text layer. The receipt is saved, so you can also add its items by hand.",
  pdfWithoutText:
    "This PDF has no text layer to read (it looks like a scan): send the receipt's text with it (the ocrText field, a JSON array of lines), or upload a photo. The receipt is saved, so you can also add its items by hand.",
} as const;

export const RECEIPT_LIMITS = {
  maxBytes: LIMITS.receiptMaxBytes,
  freeScansPerMonth: LIMITS.freeReceiptScansPerMonth,
  /** Lines of recognised text accepted with an upload (a long receipt has a few hundred). */
  maxOcrLines: 1500,
  maxOcrLineLength: 300,
  /** Rows on the review step, parsed plus added by hand. */
  maxReviewItems: 200,
  storeNameMax: 120,
} as const;

/** The upload's whole body: the file plus the recognised text and the multipart framing. */
export const RECEIPT_UPLOAD_LIMITS = {
  maxBodyBytes: RECEIPT_LIMITS.maxBytes + 1024 * 1024,
  tooLargeMessage: RECEIPT_MESSAGES.tooLarge,
} as const;

/** What the file picker accepts; the server trusts none of it and checks magic bytes. */
export const RECEIPT_ACCEPT = "image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf";
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/jpg", "image/pjpeg", "image/png", "application/pdf"]);
const ACCEPTED_EXTENSION = /\.(jpe?g|png|pdf)$/i;

/**
 * The client's check before uploading, so a wrong file is explained without a round trip: JPG, PNG or PDF by
 * declared type (or by extension when the browser gives no type), at most 10 MB. Returns which message to show, or
 * null when the file may be sent. The server still judges the bytes.
 */
export function receiptFileProblem(file: { name: string; type: string; size: number }): "invalidType" | "tooLarge" | null {
  const typeOk = file.type ? ACCEPTED_TYPES.has(file.type.toLowerCase()) : ACCEPTED_EXTENSION.test(file.name);
  if (!typeOk) return "invalidType";
  if (file.size > RECEIPT_LIMITS.maxBytes) return "tooLarge";
  return null;
}

/** Ids arrive as numbers (tRPC) or path text (REST). */
export const receiptId = z
  .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, "Invalid receipt id").transform(Number)], { error: "Invalid receipt id" })
  .pipe(z.number().int("Invalid receipt id").positive("Invalid receipt id").max(Number.MAX_SAFE_INTEGER, "Invalid receipt id"));

/** Control characters (tabs, NULs, escapes) become spaces: recognised text never needs them. */
export function printable(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? " " : ch;
  }
  return out;
}

/** The lines of text the browser recognised, sent as JSON in the `ocrText` form field. */
export const ocrLines = z
  .array(z.string().max(RECEIPT_LIMITS.maxOcrLineLength * 4))
  .max(RECEIPT_LIMITS.maxOcrLines, "Too many lines of receipt text")
  .transform((lines) =>
    lines
      .map((line) => printable(line).trim().slice(0, RECEIPT_LIMITS.maxOcrLineLength))
      .filter((line) => line.length > 0),
  );

/** The multipart fields of a scan upload: the file, and optionally the text the client recognised. */
export const RECEIPT_FORM_FIELDS = { file: "receipt", ocrText: "ocrText" } as const;

/** The upload as the scan procedure takes it (the browser's tRPC client and the REST path both send this form). */
export function receiptScanForm(file: Blob, filename: string, lines: string[] | null): FormData {
  const form = new FormData();
  form.append(RECEIPT_FORM_FIELDS.file, file, filename);
  if (lines) form.append(RECEIPT_FORM_FIELDS.ocrText, JSON.stringify(lines));
  return form;
}

/** The `ocrText` field: a JSON array of lines, or plain text with one line per row. Absent or blank: no text. */
function ocrTextValue(value: File | string | null): unknown {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value.split(/\r?\n/);
  }
}

/**
 * The scan upload: a multipart form with the file under `receipt` and optional `ocrText`. The file's name and
 * declared type are not looked at: what a file is comes from its bytes (the service checks them).
 */
export const scanReceiptInput = z.instanceof(FormData, { error: RECEIPT_MESSAGES.missingFile }).transform((form, ctx) => {
  const file = form.get(RECEIPT_FORM_FIELDS.file);
  if (file === null || typeof file === "string") {
    ctx.addIssue({ code: "custom", message: RECEIPT_MESSAGES.missingFile, path: [RECEIPT_FORM_FIELDS.file] });
    return z.NEVER;
  }
  const lines = ocrLines.nullish().safeParse(ocrTextValue(form.get(RECEIPT_FORM_FIELDS.ocrText)));
  if (!lines.success) {
    ctx.addIssue({ code: "custom", message: lines.error.issues[0]?.message ?? "Invalid receipt text", path: [RECEIPT_FORM_FIELDS.ocrText] });
    return z.NEVER;
  }
  return { file, ocrLines: lines.data ?? null };
});
export type ScanReceiptInput = z.input<typeof scanReceiptInput>;

const optionalPrice = z
  .union([z.null(), z.literal(""), z.coerce.number().min(0, "Price can't be negative").max(PANTRY_LIMITS.priceMax, "Price is too large")], { error: "Price must be a number" })
  .optional()
  .transform((value) => (value === "" || value === undefined ? null : value));

const optionalDate = z
  .union([z.null(), z.literal(""), calendarDate], { error: "Invalid date" })
  .optional()
  .transform((value) => (value ? value : null));

/** One row of the review step as the user left it. */
export const reviewedReceiptItem = z.object({
  selected: z.boolean({ error: "Selected must be true or false" }),
  name: pantryName,
  rawName: z.string().max(500).nullish().transform((v) => v ?? null),
  quantity,
  unit,
  price: optionalPrice,
  category: pantryCategory,
  storageLocation,
  /** Empty: estimate it on confirm. */
  expirationDate: optionalDate,
});
export type ReviewedReceiptItem = z.output<typeof reviewedReceiptItem>;

/**
 * Where estimated expiry dates count from on confirm: the receipt's purchase date, or today (offered when an
 * old receipt's estimates have already passed).
 */
export const expiryFrom = z.enum(["purchase-date", "today"], { error: "Choose whether dates count from the receipt's date or from today" });
export type ExpiryFrom = z.output<typeof expiryFrom>;

export const confirmReceiptInput = z.object({
  receiptId,
  expiryFrom: expiryFrom.default("purchase-date"),
  storeName: z.string().trim().max(RECEIPT_LIMITS.storeNameMax, "Store name is too long").nullish().transform((v) => v || null),
  purchaseDate: optionalDate,
  items: z.array(reviewedReceiptItem).max(RECEIPT_LIMITS.maxReviewItems, `At most ${RECEIPT_LIMITS.maxReviewItems} items per receipt`),
});
export type ConfirmReceiptInput = z.input<typeof confirmReceiptInput>;

export const listReceiptsInput = z
  .object({ limit: z.number().int().min(1).max(100).default(20) })
  .optional()
  .transform((value) => value ?? { limit: 20 });
