import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findDate, parseAmount, parseReceiptText, type ParsedReceipt, type ReceiptLineItem } from "../../worker/domain/receiptParser";
import { defaultReceiptsPath, evaluateReceipts, readLabelledReceipts } from "../../scripts/eval-receipts";

const item = (rawName: string, price: number | null, extra: Partial<ReceiptLineItem> = {}): ReceiptLineItem => ({
  rawName,
  quantity: 1,
  unit: null,
  unitPrice: null,
  price,
  kind: "item",
  ...extra,
});

describe("parseAmount", () => {
  it.each([
    ["1,346,000", 1346000],
    ["75,000", 75000],
    ["43.636", 43636],
    ["3.600.000", 3600000],
    ["12,50", 12.5],
    ["1.234,56", 1234.56],
    ["181,500.00", 181500],
    ["$3.99", 3.99],
    ["$ 3.99", 3.99],
    ["Rp 30,000", 30000],
    ["IDR28,000", 28000],
    ["3.99-", -3.99],
    ["-3.99", -3.99],
    ["(4.200)", -4200],
    ["[25,000]", 25000],
    ["40,000.", 40000],
    ["0", 0],
    ["0.000", 0],
    ["7", 7],
    ["0.99", 0.99],
  ])("%s -> %s", (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each(["", "abc", "12a", "1,,2", "--", "$", "1.2.3.4.5x"])("refuses %j", (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it("reads back amounts printed in US, European and Indonesian styles", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const whole = Math.floor(cents / 100);
        const fraction = String(cents % 100).padStart(2, "0");
        const grouped = (sep: string) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
        expect(parseAmount(`${grouped(",")}.${fraction}`)).toBeCloseTo(cents / 100, 2);
        expect(parseAmount(`${grouped(".")},${fraction}`)).toBeCloseTo(cents / 100, 2);
        expect(parseAmount(`$${whole}.${fraction}-`)).toBeCloseTo(-cents / 100, 2);
        if (whole >= 1000) expect(parseAmount(grouped(","))).toBe(whole);
      }),
    );
  });
});

describe("findDate", () => {
  it.each([
    ["11/03/2026 14:32", "2026-11-03"],
    ["11/03/26 5:42pm", "2026-11-03"],
    ["25/12/2026", "2026-12-25"], // day first only when the first number cannot be a month
    ["2026-11-03", "2026-11-03"],
    ["Nov 3, 2026 6:15 PM", "2026-11-03"],
    ["3 November 2026", "2026-11-03"],
    ["03.11.26", "2026-11-03"],
    ["11-03-2026 10:14AM", "2026-11-03"],
  ])("%s -> %s", (line, expected) => {
    expect(findDate(line)).toBe(expected);
  });

  it.each(["TOTAL 3.600.000", "GRND BF 80/20 5.97", "13/13/2026", "02/30/2026", "3.99 1.99"])("finds no date in %j", (line) => {
    expect(findDate(line)).toBeNull();
  });
});

describe("parseReceiptText: header and totals", () => {
  it("takes the store from the first meaningful header line, skipping decoration, addresses, phones and greetings", () => {
    const parsed = parseReceiptText([
      "*** WELCOME ***",
      "www.example-market.com",
      "=== Green Valley Market ===",
      "123 Main Street",
      "(555) 123-4567",
      "APPLES 3.99",
      "TOTAL 3.99",
    ]);
    expect(parsed.storeName).toBe("Green Valley Market");
  });

  it("accepts a string with newlines as well as an array of lines", () => {
    const text = "CORNER STORE\nMILK 3.49\nTOTAL 3.49";
    expect(parseReceiptText(text)).toEqual(parseReceiptText(text.split("\n")));
  });

  it("does not take TOTAL SAVINGS or the card payment as the total", () => {
    const parsed = parseReceiptText(["EGGS 2.99", "BREAD 3.49", "SUBTOTAL 6.48", "TAX 0.42", "TOTAL 6.90", "VISA 6.90", "TOTAL SAVINGS 12.00"]);
    expect(parsed).toMatchObject({ subtotal: 6.48, tax: 0.42, total: 6.9 });
  });

  it.each([
    ["GRAND TOTAL 48,000", 48000],
    ["Balance due $12.34", 12.34],
    ["AMOUNT DUE 27500", 27500],
    ["Amount: $45.16", 45.16],
  ])("reads the total from %j", (line, expected) => {
    expect(parseReceiptText(["ITEM ONE 1.00", "SUBTOTAL 1.00", line]).total).toBe(expected);
  });

  it("prefers the grand total over a pre-tax total", () => {
    const parsed = parseReceiptText(["BASO TAHU 1 43.636 43.636", "TOTAL 43.636", "TAX 10.00 % 4.364", "GRAND TOTAL 48.000", "TUNAI 50.000", "KEMBALI 2.000"]);
    expect(parsed).toMatchObject({ total: 48000, tax: 4364 });
  });

  it("takes an amount printed on the line after its label", () => {
    expect(parseReceiptText(["CHEEZY DOG BITES", "1 33,000 33,000", "SUB TOTAL 33,000", "GRAND TOTAL", "33,000", "CASH IDR", "100,000"]).total).toBe(33000);
  });

  it("reads the date and currency", () => {
    expect(parseReceiptText(["SHOP", "Nov 3, 2026", "TEA $2.00", "TOTAL $2.00"])).toMatchObject({ date: "2026-11-03", currency: "USD" });
    expect(parseReceiptText(["NASI GORENG Rp 25.000", "Total Rp 25.000"]).currency).toBe("IDR");
  });
});

describe("parseReceiptText: line items", () => {
  it("reads count and unit price on the item line", () => {
    const { items } = parseReceiptText(["3 x Iced Tea 13.50", "Hot Dog 2 @ 1.99 3.98", "Bagel x 3 5.97", "Qty 2 Donut 2.50", "TOTAL 25.95"]);
    expect(items).toEqual([
      item("Iced Tea", 13.5, { quantity: 3 }),
      item("Hot Dog", 3.98, { quantity: 2, unitPrice: 1.99 }),
      item("Bagel", 5.97, { quantity: 3 }),
      item("Donut", 2.5, { quantity: 2 }),
    ]);
  });

  it("applies a quantity line to the item it fits, before or after it", () => {
    const { items } = parseReceiptText(["BANANAS 1.14", "6 @ 0.19", "2 @ 1.99", "YOGURT 3.98", "BREAD 2.50", "TOTAL 7.62"]);
    expect(items).toEqual([
      item("BANANAS", 1.14, { quantity: 6, unitPrice: 0.19 }),
      item("YOGURT", 3.98, { quantity: 2, unitPrice: 1.99 }),
      item("BREAD", 2.5),
    ]);
  });

  it("reads weighed items in lb and kg, with the weight on the line under the name", () => {
    const { items } = parseReceiptText(["ORGANIC BANANAS", "0.58 lb @ 1.29/lb 0.75", "TOMATOES", "1.234 kg @ 2.99/kg 3.69", "TOTAL 4.44"]);
    expect(items).toEqual([
      item("ORGANIC BANANAS", 0.75, { quantity: 0.58, unit: "lb", unitPrice: 1.29 }),
      item("TOMATOES", 3.69, { quantity: 1.234, unit: "kg", unitPrice: 2.99 }),
    ]);
  });

  it("keeps milk-fat percentages in a name printed above its numbers, but drops sugar and ice levels", () => {
    const { items } = parseReceiptText(["LUCERNE 2% MILK", "2 @ 2.50 5.00", "Kopi Susu", "Gula Murni 100%", "1x 18.000 18.000", "TOTAL 23.00"]);
    expect(items).toEqual([item("LUCERNE 2% MILK", 5, { quantity: 2, unitPrice: 2.5 }), item("Kopi Susu", 18000, { unitPrice: 18000 })]);
  });

  it("keeps a package size in the name instead of reading it as a weight", () => {
    const { items } = parseReceiptText(["STRWBRY 1LB 2.98", "CARROTS 2 LB 1.49", "TOTAL 4.47"]);
    expect(items.map((i) => [i.rawName, i.quantity, i.unit])).toEqual([
      ["STRWBRY 1LB", 1, null],
      ["CARROTS 2LB", 1, null],
    ]);
  });

  it("joins a name wrapped over two lines", () => {
    const { items } = parseReceiptText(["BAJU ATASAN(PETITE MIMI ROMPER 3D", "FOREST / RM0003) 1000600098", "53,000", "Qty: 1 Amount: 53,000"]);
    expect(items).toEqual([item("BAJU ATASAN(PETITE MIMI ROMPER 3D FOREST / RM0003)", 53000)]);
  });

  it("reads names printed after their numbers", () => {
    const { items } = parseReceiptText(["1x 36.000 36.000", "Kimchi P", "2x 12.000 24.000", "Ice tea", "***TOTAL 60.000"]);
    expect(items).toEqual([item("Kimchi P", 36000, { unitPrice: 36000 }), item("Ice tea", 24000, { quantity: 2, unitPrice: 12000 })]);
  });

  it("strips tax flags, barcodes and article numbers", () => {
    const { items } = parseReceiptText([
      "GV 2% MLK GAL 007874235186 F 3.28 N",
      "E 1234567 KS EGGS 24CT 6.99 E",
      "284020086 GG MILK 2% GAL NF $3.59",
      "PAPER TOWELS 003700083245 7.97 X",
      "BREAD 2.49 T",
      "TOTAL 24.32",
    ]);
    expect(items.map((i) => [i.rawName, i.price])).toEqual([
      ["GV 2% MLK GAL", 3.28],
      ["KS EGGS 24CT", 6.99],
      ["GG MILK 2% GAL", 3.59],
      ["PAPER TOWELS", 7.97],
      ["BREAD", 2.49],
    ]);
  });

  it("marks coupons and savings as negative discounts, deposits, bag fees and other fees", () => {
    const { items } = parseReceiptText([
      "COKE 12PK 6.99",
      "SC KROGER SAVINGS 0.50-",
      "MFR COUPON 1.00",
      "BTL DEPOSIT 0.60",
      "CRV SFT DRNK 0.30",
      "BAG FEE 0.10",
      "DELIVERY FEE 4.99",
      "GLAD TRASH BAGS 13GAL 8.99",
      "SUBTOTAL 20.37",
    ]);
    expect(items.map((i) => [i.rawName, i.kind, i.price])).toEqual([
      ["COKE 12PK", "item", 6.99],
      ["SC KROGER SAVINGS", "discount", -0.5],
      ["MFR COUPON", "discount", -1],
      ["BTL DEPOSIT", "deposit", 0.6],
      ["CRV SFT DRNK", "deposit", 0.3],
      ["BAG FEE", "bag", 0.1],
      ["DELIVERY FEE", "fee", 4.99],
      ["GLAD TRASH BAGS 13GAL", "item", 8.99],
    ]);
  });

  it("skips cashier, register, payment, card, loyalty and barcode lines", () => {
    const parsed = parseReceiptText([
      "FRESH MART",
      "Cashier: Maria",
      "REG 04 TRANS # 5521",
      "MILK 3.49",
      "0123456789012",
      "EGGS 2.99",
      "SUBTOTAL 6.48",
      "TOTAL 6.48",
      "VISA TEND 6.48",
      "************1234",
      "AUTH CODE 123456",
      "REWARDS POINTS EARNED 6",
      "CHANGE DUE 0.00",
    ]);
    expect(parsed.items).toEqual([item("MILK", 3.49), item("EGGS", 2.99)]);
    expect(parsed.total).toBe(6.48);
  });

  it("reads thousands separators and decimal commas", () => {
    const { items, total } = parseReceiptText(["1 Nasi Campur Bali 75,000", "2 Tahu Goreng 36.000", "Tomaten 2 x 1,49 2,98", "Total 113.000"]);
    expect(items).toEqual([
      item("Nasi Campur Bali", 75000),
      item("Tahu Goreng", 36000, { quantity: 2 }),
      item("Tomaten", 2.98, { quantity: 2, unitPrice: 1.49 }),
    ]);
    expect(total).toBe(113000);
  });

  it("never throws, whatever the lines", () => {
    const receiptish = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[A-Z0-9 @x.,$%*\-/():]{0,40}$/),
      fc.tuple(fc.constantFrom("TOTAL", "SUBTOTAL", "TAX", "CASH", "2 @", "x", "lb", "", "1.234 kg @"), fc.double({ noNaN: false })).map(([w, n]) => `${w} ${n}`),
    );
    fc.assert(
      fc.property(fc.array(receiptish, { maxLength: 40 }), (lines) => {
        const parsed: ParsedReceipt = parseReceiptText(lines);
        expect(Array.isArray(parsed.items)).toBe(true);
        for (const line of parsed.items) expect(Number.isFinite(line.quantity)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(() => parseReceiptText(null as unknown as string)).not.toThrow();
    expect(parseReceiptText("").items).toEqual([]);
  });
});

describe("US grocery receipts (fixtures)", () => {
  const folder = fileURLToPath(new URL("../fixtures/receipts/", import.meta.url));
  const names = readdirSync(folder).filter((f) => f.endsWith(".txt"));

  it("has at least eight receipts, each with its expected output", () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) expect(existsSync(`${folder}${name.replace(/\.txt$/, ".json")}`)).toBe(true);
  });

  it.each(names)("%s", (name) => {
    const text = readFileSync(`${folder}${name}`, "utf8");
    const expected = JSON.parse(readFileSync(`${folder}${name.replace(/\.txt$/, ".json")}`, "utf8")) as ParsedReceipt;
    expect(parseReceiptText(text)).toEqual(expected);
  });
});

describe("CORD evaluation", () => {
  const path = defaultReceiptsPath();
  it("reaches line-item F1 >= 0.90 on the shared CORD receipts", () => {
    expect(existsSync(path)).toBe(true);
    const result = evaluateReceipts(readLabelledReceipts(path));
    expect(result.receipts).toBe(400);
    expect(result.expected).toBeGreaterThan(1000);
    expect(result.f1).toBeGreaterThanOrEqual(0.9);
    expect(result.totalAccuracy).toBeGreaterThanOrEqual(0.9);
  });
});

describe("register header lines", () => {
  it("never reads a date-and-time header as an item, even when it ends in a number", () => {
    const parsed = parseReceiptText(["KROGER", "123 MAIN ST", "11/18/2026 14:32 Reg 3 Trn 4471", "BANANAS 1.29", "MILK 3.49", "SUBTOTAL 4.78", "TOTAL 4.78"]);
    expect(parsed.items.map((i) => i.rawName)).toEqual(["BANANAS", "MILK"]);
    expect(parsed.date).toBe("2026-11-18");
  });
});
