import { z } from "zod";
import { confirmReceiptInput, listReceiptsInput, receiptId, scanReceiptInput } from "../schemas/receipts";
import { confirmReceipt, getReceipt, listReceipts, openReceiptImage, scanAllowance, scanReceipt } from "../services/receipts";
import { protectedProcedure, router } from "../trpc";

export const receiptsRouter = router({
  /**
   * A receipt upload as multipart FormData: the scan screen sends it over tRPC (httpLink), third-party clients to
   * POST /api/receipts/scan. Both paths pass uploadGuard first: signed in, and the body within the size cap,
   * before any of it is read.
   */
  scan: protectedProcedure.input(scanReceiptInput).mutation(({ ctx, input }) => scanReceipt(ctx, input)),

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
