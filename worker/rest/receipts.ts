import { TRPCError } from "@trpc/server";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createApp, type AppEnv } from "../app";
import { appRouter } from "../routers";
import { createCallerFactory } from "../trpc";
import { errorDetailsOf, httpStatusFor, publicMessage } from "../errors";
import { uploadGuard } from "../middleware";
import { RECEIPT_MESSAGES, RECEIPT_UPLOAD_LIMITS } from "../schemas/receipts";
import { callProcedure, jsonBody } from "./adapter";

const createCaller = createCallerFactory(appRouter);

function errorBody(c: Context<AppEnv>, error: unknown) {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal error", cause: error });
  if (trpcError.code === "INTERNAL_SERVER_ERROR") console.error("REST receipts procedure failed", error);
  return c.json({ message: publicMessage(trpcError), ...errorDetailsOf(trpcError.cause) }, httpStatusFor(trpcError.code) as ContentfulStatusCode);
}

/**
 * /api/receipts: the multipart scan upload for third-party clients (field `receipt`, optional `ocrText`; the app
 * sends the same form over tRPC), the list, one receipt, the review confirmation and the stored image. Only
 * translation lives here; the procedures decide. Error bodies carry the limit flag or the kept receipt's id
 * beside the message.
 */
export const receiptsRest = createApp()
  // Signed in and within the size cap before the body is read (uploadGuard); the form goes to the procedure as is.
  .post("/receipts/scan", uploadGuard(RECEIPT_UPLOAD_LIMITS), async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return c.json({ message: RECEIPT_MESSAGES.missingFile }, 400);
    }
    return callProcedure(c, (api) => api.receipts.scan(form));
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
