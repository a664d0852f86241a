/**
 * What the public pages and the help say about receipt reading, from the measured evaluation
 * (worker/data/receiptEvaluation.json, written by `npm run eval:receipts`). Percentages are rounded down: a claim
 * may understate the measurement, never overstate it.
 */
import evaluation from "../../worker/data/receiptEvaluation.json";

export const RECEIPT_EVALUATION = evaluation;

export function percentDown(ratio: number): string {
  return `${Math.floor(ratio * 100 + 1e-9)}%`;
}

/** "94%": the share of printed items read exactly (name, count and price). */
export const RECEIPT_ITEM_ACCURACY = percentDown(evaluation.lineItemRecall);

/** One sentence saying what the figure is and how it was measured. */
export const RECEIPT_ACCURACY_SENTENCE =
  `In our test on ${evaluation.receipts} real store receipts (the public CORD set), ${RECEIPT_ITEM_ACCURACY} of the items ` +
  `were read exactly right: name, count and price.`;
