import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseReceiptText } from "../../worker/domain/receiptParser";
import { nearName, receiptText, scoreReceipt, syntheticReceipt } from "../../scripts/lib/syntheticReceipts";

// Text as tesseract.js reads photos of receipts: "lb" as "1b", "@" glued to its count, a colon for a decimal point,
// specks as punctuation, misread tax flags. The files in test/fixtures/receipts-ocr/ are real tesseract.js output
// for receipts of the photo benchmark (npm run eval:receipts-photo -- --save=dir), kept so these readings stay
// covered by npm test without running OCR.
const ocrFixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/receipts-ocr/${name}.txt`, import.meta.url)), "utf8").split("\n").filter(Boolean);

describe("receipt photos: OCR-style text", () => {
  it("keeps the name of a weighed item printed alone above its weight line", () => {
    const { items } = parseReceiptText(["GREEN HARVEST FOODS", "HONEY BEAR 12OZ      1.35 F", "BANANAS", "2.31 1b @ 0.59 /1b    1.36 F", "TOTAL 2.71"]);
    expect(items).toEqual([
      expect.objectContaining({ rawName: "HONEY BEAR 12OZ", price: 1.35 }),
      expect.objectContaining({ rawName: "BANANAS", quantity: 2.31, unit: "lb", unitPrice: 0.59, price: 1.36 }),
    ]);
  });

  it.each([
    ["2@1.99", "YOGURT CUP 3.98 B"],
    ["2 @1.99", "YOGURT CUP 3.98 B"],
    ["2:@ 1.99", "YOGURT CUP 3.98 B"],
  ])("reads the quantity line %j above its item", (qty, itemLine) => {
    const { items } = parseReceiptText(["FRESHWAY MARKET", "MILK 3.49 B", qty, itemLine, "TOTAL 7.47"]);
    expect(items[1]).toMatchObject({ rawName: "YOGURT CUP", quantity: 2, unitPrice: 1.99, price: 3.98 });
  });

  it("reads the quantity line below its item", () => {
    const { items } = parseReceiptText(["VALUE MART", "AVOCADOS 029730749637 F   8.62 N", "2@4.31", "HOT DOGS 040612505926 F  1.71 N", "TOTAL 10.33"]);
    expect(items[0]).toMatchObject({ rawName: "AVOCADOS", quantity: 2, unitPrice: 4.31, price: 8.62 });
    expect(items[1]).toMatchObject({ rawName: "HOT DOGS", quantity: 1 });
  });

  it("reads misread decimal points and tax flags", () => {
    const { items } = parseReceiptText([
      "CORNER PANTRY",
      "CELERY HEARTS        7:95 F",
      "DISH SOAP            2.71:B",
      "RED PEPPERS          2.95.F",
      "GREEN BEANS          4.94 8",
      "BABY SPINACH         5.34 §",
      "GREEK YOGURT PLAIN   :   2.93 B",
      "SUBTOTAL 26.62",
      "TOTAL 26.62",
    ]);
    expect(items.map((i) => [i.rawName, i.price])).toEqual([
      ["CELERY HEARTS", 7.95],
      ["DISH SOAP", 2.71],
      ["RED PEPPERS", 2.95],
      ["GREEN BEANS", 4.94],
      ["BABY SPINACH", 5.34],
      ["GREEK YOGURT PLAIN", 2.93],
    ]);
  });

  it("drops a speck read as a third decimal on a dollars-and-cents receipt, but keeps thousands elsewhere", () => {
    const us = parseReceiptText(["MILK 3.49 F", "EGGS 2.99 F", "BREAD 2.50 F", "PASTA SAUCE 7.760 F", "TOTAL 16.74"]);
    expect(us.items.map((i) => i.price)).toEqual([3.49, 2.99, 2.5, 7.76]);
    const indonesian = parseReceiptText(["BASO TAHU 1 43.636 43.636", "ES TEH 1 8.000 8.000", "TOTAL 51.636"]);
    expect(indonesian.items.map((i) => i.price)).toEqual([43636, 8000]);
  });

  it("does not take a city line with a misread state as an item", () => {
    const { items } = parseReceiptText(["VALUE MART", "2256 MAIN ST", "TULSA 0K 74103", "MILK 3.49 N", "TOTAL 3.49"]);
    expect(items.map((i) => i.rawName)).toEqual(["MILK"]);
  });

  it("uses the receipt's habit when a misread digit breaks the weight arithmetic", () => {
    const { items } = parseReceiptText([
      "676352840 GREEN GRAPES   1.15 NF",
      "0.56 lb @ 2.05 /lb",
      "403739711 GREEN TEA BAGS  8.62 NF",
      "1.87 1b @ 6.76 /1b",
      "TOTAL 9.77",
    ]);
    expect(items[1]).toMatchObject({ rawName: "GREEN TEA BAGS", quantity: 1.87, unit: "lb", price: 8.62 });
  });
});

describe("receipt photos: real OCR output of the benchmark", () => {
  it.each([
    ["synthetic-1-1-mild", 1, 1, 10],
    ["synthetic-1-13-mild", 1, 13, 6],
    ["synthetic-1-18-mild", 1, 18, 7],
    ["synthetic-1-2-clean", 1, 2, 7],
    ["synthetic-1-4-mild", 1, 4, 9],
  ])("%s: reads the expected items", (name, seed, index, expectedRead) => {
    const receipt = syntheticReceipt(seed, index);
    const parsed = parseReceiptText(ocrFixture(name));
    const score = scoreReceipt(receipt.items, parsed.items);
    expect(score.nearNamePrice).toBe(expectedRead);
    expect(score.predicted).toBe(receipt.items.length);
    // Every item read with its price also has the quantity printed for it.
    for (const truth of receipt.items) {
      const read = parsed.items.find((i) => i.price === truth.price && nearName(i.rawName, truth.name));
      if (read) expect(read.quantity).toBeCloseTo(truth.quantity, 3);
    }
  });

  it("reads every synthetic receipt perfectly from clean text", () => {
    for (let index = 0; index < 30; index++) {
      const receipt = syntheticReceipt(7, index);
      const score = scoreReceipt(receipt.items, parseReceiptText(receiptText(receipt)).items);
      expect(score.namePrice, receipt.id).toBe(receipt.items.length);
      expect(score.multiQuantity, receipt.id).toBe(score.multi);
    }
  });
});
