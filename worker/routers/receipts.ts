import { z } from "zod";
import { confirmReceiptInput, listReceiptsInput, receiptId, scanReceiptInput } from "../schemas/receipts";
import { confirmReceipt, getReceipt, listReceipts, openReceiptImage, scanAllowance, scanReceipt } from "../services/receipts";
import { protectedProcedure, router } from "../trpc";

export const receiptsRouter = router({
  /**
   * An upload from the scan screen (POST /api/receipts/scan, multipart). The bytes come through the REST adapter
   * and createCaller: tRPC over HTTP carries no files.
   */
  scan: protectedProcedure.input(scanReceiptInput).mutation(({ ctx, input }) => scanReceipt(ctx, { bytes: input.bytes, ocrLines: input.ocrLines })),

  /** The review step's result: ticked rows into the pantry in one batch; the receipt becomes confirmed. */
  confirm: protectedProcedure.input(confirmReceiptInput).mutation(({ ctx, input }) => confirmReceipt(ctx, input)),

  /** Newest first (GET /api/receipts; the scan screen shows the first 3). */
  list: protectedProcedure.input(listReceiptsInput).query(({ ctx, input }) => listReceipts(ctx, input.limit)),

  get: protectedProcedure.input(z.object({ id: receiptId })).query(({ ctx, input }) => getReceipt(ctx, input.id)),

  /**
   * What the scan screen needs before an upload: the free plan's usage (max null for premium) and who reads the
   * text: the device (tesseract.js, offline) or the server (Workers AI vision).
   */
  scanInfo: protectedProcedure.query(async ({ ctx }) => ({
    limit: await scanAllowance(ctx),
    reader: ctx.ai.provider === "workers-ai" ? ("server" as const) : ("device" as const),
  })),

  /** The stored file as a stream, for GET /api/receipts/:id/image only (the REST adapter sets safe headers). */
  image: protectedProcedure.input(z.object({ id: receiptId })).query(({ ctx, input }) => openReceiptImage(ctx, input.id)),
});
