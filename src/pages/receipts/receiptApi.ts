/**
 * The scan upload through the typed tRPC client: the file and the recognised text as multipart FormData
 * (receipts.scan; src/lib/trpc.ts sends FormData one request at a time with httpLink).
 */
import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../../worker/routers";
import type { RouterOutputs, trpc } from "../../lib/trpc";
import { RECEIPT_MESSAGES, receiptScanForm } from "../../../worker/schemas/receipts";

export type ScanResponse = RouterOutputs["receipts"]["scan"];
export type ReviewItem = ScanResponse["groceryItems"][number];
export type ReceiptSummary = ScanResponse["receipt"];

/** A refused upload: the server's message and, when present, the limit flag or the receipt it kept. */
export class ReceiptUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly limitReached: boolean,
    readonly receiptId: number | null,
  ) {
    super(message);
    this.name = "ReceiptUploadError";
  }
}

type TrpcClient = ReturnType<typeof trpc.useUtils>["client"];

/** The server's answer to a failed upload, in the terms the scan screen acts on. */
function uploadError(error: unknown): unknown {
  if (error instanceof DOMException && error.name === "AbortError") return error;
  if (!(error instanceof TRPCClientError)) return new ReceiptUploadError(RECEIPT_MESSAGES.uploadFailedFallback, 0, false, null);
  const data = (error as TRPCClientError<AppRouter>).data;
  if (!data) return new ReceiptUploadError(RECEIPT_MESSAGES.uploadFailedFallback, 0, false, null);
  return new ReceiptUploadError(error.message || RECEIPT_MESSAGES.uploadFailedFallback, data.httpStatus, data.details?.limitReached === true, data.details?.receiptId ?? null);
}

/**
 * Sends the file with the lines read on this device: an empty list says the device read nothing (the review
 * step then starts empty); null says it did not read the file, so the server reads what it can.
 */
export async function uploadReceipt(client: TrpcClient, file: File, ocrLines: string[] | null, signal?: AbortSignal): Promise<ScanResponse> {
  try {
    return await client.receipts.scan.mutate(receiptScanForm(file, file.name, ocrLines), { signal });
  } catch (error) {
    if (signal?.aborted) throw new DOMException("Upload cancelled", "AbortError");
    throw uploadError(error);
  }
}

export const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "—" : money.format(value);
}
