/**
 * Keeps what visitors are told true: the receipt figure the landing page and the help show is the one the
 * evaluation measures on today's parser, and no invented figure (the old copy's 99% accuracy, 1000+ recipes,
 * "thousands of beta users") is anywhere in the client.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultReceiptsPath, evaluateReceipts, readLabelledReceipts } from "../../scripts/eval-receipts";
import { receiptClaimFrom } from "../../scripts/lib/receiptClaim";
import { RECEIPT_ACCURACY_SENTENCE, RECEIPT_EVALUATION, RECEIPT_ITEM_ACCURACY, percentDown } from "../../src/lib/claims";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(tsx?|html|css)$/.test(name) ? [path] : [];
  });
}

describe("receipt accuracy claim", () => {
  it("is what `npm run eval:receipts` measures on the current parser (run it after changing the parser)", () => {
    const measured = receiptClaimFrom(evaluateReceipts(readLabelledReceipts(defaultReceiptsPath())));
    expect(RECEIPT_EVALUATION).toEqual(measured);
  });

  it("is stated rounded down, with how it was measured", () => {
    expect(RECEIPT_ITEM_ACCURACY).toBe(`${Math.floor(RECEIPT_EVALUATION.lineItemRecall * 100)}%`);
    expect(percentDown(0.9999)).toBe("99%");
    expect(percentDown(0.94)).toBe("94%");
    expect(RECEIPT_ACCURACY_SENTENCE).toContain(`${RECEIPT_EVALUATION.receipts} real store receipts`);
    expect(RECEIPT_ACCURACY_SENTENCE).toContain(RECEIPT_ITEM_ACCURACY);
  });
});

describe("no invented claims in the client", () => {
  it("has no hard-coded accuracy, recipe count or user count", () => {
    const offending = sourceFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [/\b99%/, /1000\+/, /1,000\+/, /thousands of (beta )?users/i, /\b9[0-9]-9[0-9]% accura/i]
        .filter((pattern) => pattern.test(text))
        .map((pattern) => `${file.slice(SRC.length)}: ${pattern}`);
    });
    expect(offending).toEqual([]);
  });
});
