import { TRPCError } from "@trpc/server";
import { createApp } from "../app";
import { RECEIPT_LIMITS, RECEIPT_MESSAGES, type ScanReceiptInput } from "../schemas/receipts";
import { procedure, type RestRequest, type Unchecked } from "./adapter";

/** The file plus the recognised text and multipart framing; anything longer is refused before it is read. */
const MAX_BODY_BYTES = RECEIPT_LIMITS.maxBytes + 1024 * 1024;

class BodyTooLarge extends Error {}

/** Reads the request body, stopping as soon as it passes `max` bytes (Content-Length is checked first). */
async function readBodyWithin(request: Request, max: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > max) throw new BodyTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The `ocrText` field: a JSON array of lines, or plain text with one line per row. */
function ocrLinesFrom(value: File | string | null): unknown {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value.split(/\r?\n/);
  }
}

const tooLarge = () => new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: RECEIPT_MESSAGES.tooLarge });
const missingFile = () => new TRPCError({ code: "BAD_REQUEST", message: RECEIPT_MESSAGES.missingFile });

/** The multipart upload (field `receipt`, optional `ocrText`) as the scan procedure's input. */
async function scanInput({ raw }: RestRequest): Promise<Unchecked<ScanReceiptInput>> {
  let form: FormData;
  try {
    const body = await readBodyWithin(raw, MAX_BODY_BYTES);
    form = await new Response(body, { headers: { "Content-Type": raw.headers.get("Content-Type") ?? "" } }).formData();
  } catch (error) {
    throw error instanceof BodyTooLarge ? tooLarge() : missingFile();
  }
  const file = form.get("receipt");
  if (!file || typeof file === "string") throw missingFile();
  if (file.size > RECEIPT_LIMITS.maxBytes) throw tooLarge();
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    filename: file.name,
    declaredType: file.type,
    ocrLines: ocrLinesFrom(form.get("ocrText")),
  };
}

/**
 * /api/receipts: the multipart scan upload, the list, one receipt, the review confirmation and the stored image.
 * Only translation lives here; the procedures decide.
 */
export const receiptsRest = createApp()
  .post("/receipts/scan", procedure((api) => api.receipts.scan, scanInput))
  .get("/receipts", procedure((api) => api.receipts.list))
  .get("/receipts/scan-info", procedure((api) => api.receipts.scanInfo))
  .get("/receipts/:id", procedure((api) => api.receipts.get, ({ param }) => ({ id: param("id") })))
  .post("/receipts/:id/confirm", procedure((api) => api.receipts.confirm, ({ body, param }) => ({ ...body, receiptId: param("id") })))
  .get(
    "/receipts/:id/image",
    procedure((api) => api.receipts.image, ({ param }) => ({ id: param("id") }), {
      respond: (_c, file) =>
        new Response(file.body, {
          headers: {
            "Content-Type": file.contentType,
            "Content-Length": String(file.size),
            "Content-Disposition": `inline; filename="${file.filename}"`,
            "X-Content-Type-Options": "nosniff",
            // Even if a browser were talked into rendering it as a document, it could run nothing.
            "Content-Security-Policy":
              file.contentType === "application/pdf" ? "default-src 'none'; object-src 'self'" : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
            "Cache-Control": "private, max-age=3600",
            ETag: file.etag,
          },
        }),
    }),
  );
