/**
 * The scan upload (POST /api/receipts/scan, multipart field `receipt` plus the recognised `ocrText`). It uses
 * XMLHttpRequest rather than fetch because only XHR reports upload progress.
 */
import type { RouterOutputs } from "../../lib/trpc";
import { RECEIPT_MESSAGES } from "../../../worker/schemas/receipts";

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

export type UploadProgress = { phase: "uploading" | "processing"; /** 0..1 of the bytes sent */ sent: number };

export function uploadReceipt(file: File, ocrLines: string[] | null, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<ScanResponse> {
  const form = new FormData();
  form.append("receipt", file, file.name);
  if (ocrLines && ocrLines.length > 0) form.append("ocrText", JSON.stringify(ocrLines));

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/receipts/scan");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: "uploading", sent: event.total > 0 ? event.loaded / event.total : 0 });
    };
    // Every byte is sent: the server is now checking, storing and parsing.
    xhr.upload.onload = () => onProgress({ phase: "processing", sent: 1 });
    xhr.onerror = () => reject(new ReceiptUploadError(RECEIPT_MESSAGES.uploadFailedFallback, 0, false, null));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    xhr.onload = () => {
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        resolve(body as unknown as ScanResponse);
        return;
      }
      const message = typeof body?.message === "string" && body.message ? body.message : RECEIPT_MESSAGES.uploadFailedFallback;
      const receiptId = typeof body?.receiptId === "number" ? body.receiptId : null;
      reject(new ReceiptUploadError(message, xhr.status, body?.limitReached === true, receiptId));
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    onProgress({ phase: "uploading", sent: 0 });
    xhr.send(form);
  });
}

export const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "—" : money.format(value);
}
