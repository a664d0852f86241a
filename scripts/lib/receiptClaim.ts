/**
 * The one place the receipt-reading accuracy shown to visitors comes from. `npm run eval:receipts` writes it after
 * measuring the parser on the labelled development set; the landing page and the help read this file, and
 * test/unit/landingClaims.test.ts re-runs the evaluation and fails when the file no longer matches the parser.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { EvaluationResult } from "../eval-receipts";

export const RECEIPT_CLAIM_PATH = fileURLToPath(new URL("../../worker/data/receiptEvaluation.json", import.meta.url));

export type ReceiptClaim = {
  /** What was measured, in words the landing page can use. */
  dataset: string;
  command: string;
  receipts: number;
  lineItemsExpected: number;
  lineItemsCorrect: number;
  /** Items printed on the receipts that were read exactly (name, count and price): correct / expected. */
  lineItemRecall: number;
  /** Items read that were exactly right: correct / predicted. */
  lineItemPrecision: number;
  totalsLabelled: number;
  totalsCorrect: number;
};

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function receiptClaimFrom(result: EvaluationResult): ReceiptClaim {
  return {
    dataset: "CORD receipts (public dataset, printed text already read)",
    command: "npm run eval:receipts",
    receipts: result.receipts,
    lineItemsExpected: result.expected,
    lineItemsCorrect: result.correct,
    lineItemRecall: round(result.recall),
    lineItemPrecision: round(result.precision),
    totalsLabelled: result.totalsLabelled,
    totalsCorrect: result.totalsCorrect,
  };
}

export function writeReceiptClaim(claim: ReceiptClaim, path = RECEIPT_CLAIM_PATH): void {
  writeFileSync(path, `${JSON.stringify(claim, null, 2)}\n`);
}
