import { TRPCError } from "@trpc/server";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createApp, type AppEnv } from "../app";
import { appRouter } from "../routers";
import { createCallerFactory } from "../trpc";
import { httpStatusFor, publicMessage } from "../errors";
import { RECEIPT_LIMITS, RECEIPT_MESSAGES } from "../schemas/receipts";
import { ReceiptScanProblem } from "../services/receipts";
import { callProcedure, jsonBody } from "./adapter";

const createCaller = createCallerFactory(appRouter);

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

function errorBody(c: Context<AppEnv>, error: unknown) {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal error", cause: error });
  if (trpcError.code === "INTERNAL_SERVER_ERROR") console.error("REST receipts procedure failed", error);
  // The limit flag and the kept receipt's id travel beside the message (part 2 §6: "signalled with a limit flag").
  const details = trpcError.cause instanceof ReceiptScanProblem ? trpcError.cause.details : {};
  return c.json({ message: publicMessage(trpcError), ...details }, httpStatusFor(trpcError.code) as ContentfulStatusCode);
}

/**
 * /api/receipts: the multipart scan upload (field `receipt`, optional `ocrText`), the list, one receipt, the
 * review confirmation and the stored image. Only translation lives here; the procedures decide.
 */
export const receiptsRest = createApp()
  .post("/receipts/scan", async (c) => {
    let form: FormData;
    try {
      const body = await readBodyWithin(c.req.raw, MAX_BODY_BYTES);
      form = await new Response(body, { headers: { "Content-Type": c.req.header("Content-Type") ?? "" } }).formData();
    } catch (error) {
      if (error instanceof BodyTooLarge) return c.json({ message: RECEIPT_MESSAGES.tooLarge }, 413);
      return c.json({ message: RECEIPT_MESSAGES.missingFile }, 400);
    }
    const file = form.get("receipt");
    if (!file || typeof file === "string") return c.json({ message: RECEIPT_MESSAGES.missingFile }, 400);
    if (file.size > RECEIPT_LIMITS.maxBytes) return c.json({ message: RECEIPT_MESSAGES.tooLarge }, 413);
    const input = {
      bytes: new Uint8Array(await file.arrayBuffer()),
      filename: file.name,
      declaredType: file.type,
      ocrLines: ocrLinesFrom(form.get("ocrText")),
    };
    try {
      return c.json(await createCaller(c.var.ctx).receipts.scan(input as never), 200);
    } catch (error) {
      return errorBody(c, error);
    }
  })
  .get("/receipts", (c) => callProcedure(c, (api) => api.receipts.list()))
  .get("/receipts/scan-info", (c) => callProcedure(c, (api) => api.receipts.scanInfo()))
  .get("/receipts/:id", (c) => callProcedure(c, (api) => api.receipts.get({ id: c.req.param("id") } as never)))
  .post("/receipts/:id/confirm", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.receipts.confirm({ ...body, receiptId: c.req.param("id") } as never));
  })
  .get("/receipts/:id/image", async (c) => {
    try {
      const file = await createCaller(c.var.ctx).receipts.image({ id: c.req.param("id") } as never);
      return new Response(file.body, {
        headers: {
          "Content-Type": file.contentType,
          "Content-Length": String(file.size),
          "Content-Disposition": `inline; filename="${file.filename}"`,
          "X-Content-Type-Options": "nosniff",
          // Even if a browser were talked into rendering it as a document, it could run nothing.
          "Content-Security-Policy": file.contentType === "application/pdf" ? "default-src 'none'; object-src 'self'" : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          "Cache-Control": "private, max-age=3600",
          ETag: file.etag,
        },
      });
    } catch (error) {
      return errorBody(c, error);
    }
  });
