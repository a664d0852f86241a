import { createApp } from "../app";
import { uploadGuard } from "../middleware";
import { RECEIPT_MESSAGES, RECEIPT_UPLOAD_LIMITS } from "../schemas/receipts";
import { formProcedure, procedure } from "./adapter";

/**
 * /api/receipts: the multipart scan upload for third-party clients (field `receipt`, optional `ocrText`; the app
 * sends the same form over tRPC), the list, one receipt, the review confirmation and the stored image. Only
 * translation lives here; the procedures decide.
 */
export const receiptsRest = createApp()
  // Signed in and within the size cap before the body is read.
  .post("/receipts/scan", uploadGuard(RECEIPT_UPLOAD_LIMITS), formProcedure((api) => api.receipts.scan, RECEIPT_MESSAGES.missingFile))
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
