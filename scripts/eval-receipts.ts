/**
 * Scores the receipt-text parser against labelled receipts (CORD-style JSONL: `ocr_lines` + `gt_parse`).
 *
 *   npm run eval:receipts -- [file.jsonl]      (default data/receipts/cord-dev.jsonl)
 *
 * Every receipt falls in the tune or the held-out half by a hash of its file name (scripts/lib/split.ts, decision
 * record 015); figures are printed for both halves and the whole file, and the examples of misses come from the
 * tune half only, so that rules are written while looking at the tune half and judged on the other.
 * The last line is machine-readable: `RESULT eval:receipts ...`.
 *
 * A predicted line item is correct only when its name (case and whitespace folded), count and price all match
 * a ground-truth item not already matched. Discounts are left out of the predictions: CORD records a discount
 * as an attribute of the item it applies to, never as an item of its own.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { parseAmount, parseReceiptText, type ReceiptLineItem } from "../worker/domain/receiptParser";
import { resultLine, splitOf, type SplitName } from "./lib/split";
import { receiptClaimFrom, writeReceiptClaim } from "./lib/receiptClaim";

type GroundTruthItem = { nm?: unknown; cnt?: unknown; price?: unknown };
export type LabelledReceipt = {
  file?: string;
  ocr_lines: string[];
  gt_parse: { menu?: GroundTruthItem | GroundTruthItem[]; total?: { total_price?: unknown } };
};

type Comparable = { name: string; count: number; price: number | null };

export type EvaluationExample = { file: string; kind: "missed" | "wrong"; item: Comparable };
export type EvaluationResult = {
  receipts: number;
  predicted: number;
  expected: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
  totalsLabelled: number;
  totalsCorrect: number;
  totalAccuracy: number;
  examples: EvaluationExample[];
};

export const normaliseName = (name: string) => name.toLowerCase().replace(/\s+/g, " ").trim();

/** "x 3", "3x", "2.00", "1,000" (one, decimal comma) -> number; missing -> 1. */
export function parseGroundTruthCount(value: unknown): number {
  const m = /(\d+)(?:[.,](\d+))?/.exec(String(value ?? ""));
  if (!m) return 1;
  return Number(`${m[1]}.${m[2] ?? "0"}`);
}

function groundTruthItems(receipt: LabelledReceipt): Comparable[] {
  const menu = receipt.gt_parse.menu;
  const list = Array.isArray(menu) ? menu : menu ? [menu] : [];
  return list
    .filter((item) => typeof item.nm === "string")
    .map((item) => ({
      name: normaliseName(String(item.nm)),
      count: parseGroundTruthCount(item.cnt),
      price: typeof item.price === "string" ? parseAmount(item.price) : null,
    }));
}

function predictedItems(items: ReceiptLineItem[]): Comparable[] {
  return items
    .filter((item) => item.kind !== "discount")
    .map((item) => ({ name: normaliseName(item.rawName), count: item.quantity, price: item.price }));
}

const sameNumber = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 0.005);

export function evaluateReceipts(receipts: LabelledReceipt[], exampleLimit = 12): EvaluationResult {
  let predicted = 0;
  let expected = 0;
  let correct = 0;
  let totalsLabelled = 0;
  let totalsCorrect = 0;
  const examples: EvaluationExample[] = [];

  for (const receipt of receipts) {
    const parsed = parseReceiptText(receipt.ocr_lines);
    const truth = groundTruthItems(receipt);
    const guesses = predictedItems(parsed.items);
    predicted += guesses.length;
    expected += truth.length;
    const unmatched = [...truth];
    for (const guess of guesses) {
      const at = unmatched.findIndex((t) => t.name === guess.name && sameNumber(t.count, guess.count) && sameNumber(t.price, guess.price));
      if (at >= 0) {
        correct++;
        unmatched.splice(at, 1);
      } else if (examples.length < exampleLimit) {
        examples.push({ file: receipt.file ?? "?", kind: "wrong", item: guess });
      }
    }
    for (const miss of unmatched) if (examples.length < exampleLimit) examples.push({ file: receipt.file ?? "?", kind: "missed", item: miss });

    const totalText = receipt.gt_parse.total?.total_price;
    if (typeof totalText === "string") {
      totalsLabelled++;
      const expectedTotal = parseAmount(totalText);
      if (expectedTotal !== null && parsed.total !== null && sameNumber(parsed.total, expectedTotal)) totalsCorrect++;
    }
  }
  const precision = predicted === 0 ? 0 : correct / predicted;
  const recall = expected === 0 ? 0 : correct / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    receipts: receipts.length,
    predicted,
    expected,
    correct,
    precision,
    recall,
    f1,
    totalsLabelled,
    totalsCorrect,
    totalAccuracy: totalsLabelled === 0 ? 0 : totalsCorrect / totalsLabelled,
    examples,
  };
}

export function readLabelledReceipts(path: string): LabelledReceipt[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledReceipt);
}

export const defaultReceiptsPath = () => resolve(dirname(fileURLToPath(import.meta.url)), "../data/receipts/cord-dev.jsonl");

/** The half a receipt belongs to: by file name, or by its position when the file gives none. */
export function receiptSplit(receipt: LabelledReceipt, index: number): SplitName {
  return splitOf(receipt.file ?? `#${index}`);
}

function main() {
  const argument = process.argv.slice(2).find((a) => a !== "--" && !a.startsWith("--"));
  const path = argument ? resolve(process.env.INIT_CWD ?? process.cwd(), argument) : defaultReceiptsPath();
  const receipts = readLabelledReceipts(path);
  const halves = { tune: [] as LabelledReceipt[], heldout: [] as LabelledReceipt[] };
  receipts.forEach((receipt, index) => halves[receiptSplit(receipt, index)].push(receipt));
  const all = evaluateReceipts(receipts, 0);
  const tune = evaluateReceipts(halves.tune, Number(process.env.EVAL_EXAMPLES ?? 12));
  const heldout = evaluateReceipts(halves.heldout, 0);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`file            ${path}`);
  console.log("split        receipts  predicted  expected  correct  precision  recall     F1  total acc.");
  for (const [name, r] of [["tune", tune], ["held-out", heldout], ["all", all]] as const) {
    console.log(
      `${name.padEnd(12)} ${String(r.receipts).padStart(8)} ${String(r.predicted).padStart(10)} ${String(r.expected).padStart(9)} ${String(r.correct).padStart(8)}` +
        `  ${pct(r.precision).padStart(9)} ${pct(r.recall).padStart(7)}  ${r.f1.toFixed(3)}  ${pct(r.totalAccuracy).padStart(9)}`,
    );
  }
  if (tune.examples.length) console.log("examples (tune half):");
  for (const e of tune.examples) console.log(`  ${e.kind.padEnd(6)} ${e.file}  "${e.item.name}" x${e.item.count} @ ${e.item.price}`);
  console.log(
    resultLine("eval:receipts", {
      receipts: all.receipts,
      f1: all.f1,
      precision: all.precision,
      recall: all.recall,
      total_acc: all.totalAccuracy,
      tune_f1: tune.f1,
      heldout_f1: heldout.f1,
      heldout_precision: heldout.precision,
      heldout_recall: heldout.recall,
      heldout_total_acc: heldout.totalAccuracy,
    }),
  );
  // Only the standard set may change what visitors are told (worker/data/receiptEvaluation.json).
  if (path === defaultReceiptsPath()) writeReceiptClaim(receiptClaimFrom(all));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
