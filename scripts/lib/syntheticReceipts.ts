/**
 * Synthetic US supermarket receipts for the photo benchmark (npm run eval:receipts-photo): seeded, so every run
 * draws the same receipts. Layouts follow the ways real register tapes print items (written for Plantry, not
 * copied from any receipt): name and price on one line with a tax flag; a quantity line ("2 @ 1.99") above or
 * below the item; a weighed item with its weight line ("2.31 lb @ 0.59 /lb") above, below, or carrying the price
 * under a name printed alone; UPCs, PLUs and article numbers before or after the name; savings and coupon lines.
 */

import type { ReceiptLineItem } from "../../worker/domain/receiptParser";
import { seededRandom } from "./random";

export type PrintedLine = { left: string; right?: string; align?: "left" | "center"; bold?: boolean };
export type TruthItem = { name: string; price: number; quantity: number };
export type SyntheticReceipt = { id: string; style: string; lines: PrintedLine[]; items: TruthItem[]; total: number };

// Names as registers abbreviate them (at most 24 characters).
const PACKAGED = [
  "WHOLE MILK GAL", "2% REDUCED FAT MILK", "LG GRADE A EGGS 12CT", "SHARP CHEDDAR 8OZ", "SHRD MOZZARELLA", "GREEK YOGURT PLAIN",
  "SALTED BUTTER", "SOUR CREAM 16OZ", "CREAM CHEESE", "WHEAT BREAD", "SOURDOUGH LOAF", "BAGELS PLAIN 6CT", "FLOUR TORTILLAS",
  "SPAGHETTI 1LB", "PENNE RIGATE", "LONG GRAIN RICE", "BLACK BEANS 15OZ", "DICED TOMATOES", "TOMATO SAUCE", "CHICKEN BROTH",
  "PEANUT BUTTER", "STRAWBERRY JAM", "HONEY BEAR 12OZ", "OLD FASHION OATS", "CORN FLAKES", "GRANOLA BARS", "SALTINE CRACKERS",
  "TORTILLA CHIPS", "SALSA MEDIUM", "ORANGE JUICE 52OZ", "APPLE JUICE", "SPARKLING WATER", "COFFEE GROUND", "GREEN TEA BAGS",
  "FROZEN PEAS", "FROZEN BROCCOLI", "VANILLA ICE CREAM", "FISH STICKS", "CHICKEN THIGHS", "GROUND BEEF 80/20", "PORK CHOPS",
  "BACON THICK CUT", "DELI TURKEY", "SLICED HAM", "HOT DOGS", "ATLANTIC SALMON", "TUNA IN WATER", "BABY SPINACH",
  "SPRING MIX", "BABY CARROTS", "CELERY HEARTS", "BROCCOLI CROWNS", "GREEN BEANS", "SWEET CORN", "MUSHROOMS SLICED",
  "HUMMUS CLASSIC", "OLIVE OIL", "CANOLA OIL", "WHITE VINEGAR", "KETCHUP", "YELLOW MUSTARD", "MAYONNAISE", "SOY SAUCE",
  "BROWN SUGAR", "GRANULATED SUGAR", "BAKING SODA", "PAPER TOWELS", "DISH SOAP", "TOILET TISSUE", "ALUMINUM FOIL",
];
const WEIGHED = [
  "BANANAS", "GALA APPLES", "ROMA TOMATOES", "RED ONIONS", "YELLOW ONIONS", "RUSSET POTATOES", "SWEET POTATOES", "LEMONS",
  "LIMES", "GREEN GRAPES", "RED PEPPERS", "ZUCCHINI", "CUCUMBERS", "CARROTS", "PEARS BARTLETT", "GINGER ROOT", "BROCCOLI",
  "CHICKEN BREAST", "GROUND TURKEY", "TILAPIA FILLET",
];
const COUNTED = ["AVOCADOS", "LIMES EACH", "YOGURT CUP", "CANNED SOUP", "BELL PEPPER", "KIWI EACH", "SPARKLING WATER", "PASTA SAUCE", "GRANOLA BAR"];

const STYLES = ["flagged", "weight-below-name", "upc", "article", "dept-code", "plain"] as const;
type Style = (typeof STYLES)[number];

const STORES: Record<Style, { name: string; city: string; flag: string }> = {
  flagged: { name: "FRESHWAY MARKET", city: "DAYTON, OH 45402", flag: "B" },
  "weight-below-name": { name: "GREEN HARVEST FOODS", city: "BOULDER, CO 80302", flag: "F" },
  upc: { name: "VALUE MART SUPERCENTER", city: "TULSA OK 74103", flag: "N" },
  article: { name: "THRIFTY FOODS", city: "JOLIET, IL 60432", flag: "FB" },
  "dept-code": { name: "HOMETOWN GROCERY", city: "FRESNO, CA 93721", flag: "NF" },
  plain: { name: "CORNER PANTRY CO", city: "SALEM, OR 97301", flag: "" },
};

const money = (n: number) => n.toFixed(2);
const round2 = (n: number) => Math.round(n * 100) / 100;

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function digits(random: () => number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(Math.floor(random() * 10));
  return out;
}

/** One receipt; `index` picks the layout so a batch covers every style. */
export function syntheticReceipt(seed: number, index: number): SyntheticReceipt {
  const random = seededRandom(seed * 7919 + index * 104729);
  const style = STYLES[index % STYLES.length] as Style;
  const store = STORES[style];
  const lines: PrintedLine[] = [
    { left: store.name, align: "center", bold: true },
    { left: `${100 + Math.floor(random() * 8900)} ${pick(random, ["MAIN ST", "OAK AVE", "MARKET ST", "ELM DR", "PINE RD"])}`, align: "center" },
    { left: store.city, align: "center" },
    { left: `(${digits(random, 3)}) 555-${digits(random, 4)}`, align: "center" },
    { left: "" },
    { left: `11/${String(1 + Math.floor(random() * 28)).padStart(2, "0")}/2026 ${1 + Math.floor(random() * 11)}:${digits(random, 2).replace(/^[6-9]/, "4")} PM  REG ${1 + Math.floor(random() * 9)}` },
    { left: "" },
  ];
  const items: TruthItem[] = [];
  const used = new Set<string>();
  const count = 6 + Math.floor(random() * 7);
  const flag = store.flag ? ` ${store.flag}` : "";
  const prefix = () => (style === "upc" ? "" : style === "article" ? `${digits(random, 6)} ` : style === "dept-code" ? `${digits(random, 9)} ` : "");
  const suffixCode = () => (style === "upc" ? ` 0${digits(random, 11)} F` : "");

  for (let i = 0; i < count; i++) {
    const kind = random();
    if (kind < 0.22) {
      // A weighed item.
      let name = pick(random, WEIGHED);
      if (used.has(name)) continue;
      used.add(name);
      const weight = round2(0.4 + random() * 3.2);
      const perLb = round2(0.49 + random() * (name.includes("CHICKEN") || name.includes("TILAPIA") || name.includes("TURKEY") ? 8 : 2.5));
      const price = round2(weight * perLb);
      const weightText = `${money(weight)} lb @ ${money(perLb)} /lb`;
      if (style === "weight-below-name") {
        lines.push({ left: name }, { left: weightText, right: `${money(price)}${flag}` });
      } else if (style === "flagged" || style === "plain") {
        // The weight line first, then the name with the price ("0.94 lb @ 2.49 /lb" / "WT TOMATOES 2.34 S").
        if (style === "flagged") name = `WT ${name}`;
        lines.push({ left: weightText }, { left: name, right: `${money(price)}${flag}` });
      } else {
        lines.push({ left: `${prefix()}${name}${suffixCode()}`, right: `${money(price)}${flag}` }, { left: weightText });
      }
      items.push({ name, price, quantity: weight });
    } else if (kind < 0.42) {
      // Several of one item at a unit price.
      const name = pick(random, COUNTED);
      if (used.has(name)) continue;
      used.add(name);
      const quantity = 2 + Math.floor(random() * 4);
      const unit = round2(0.5 + random() * 4);
      const price = round2(quantity * unit);
      const qtyText = `${quantity} @ ${money(unit)}`;
      const itemLine: PrintedLine = { left: `${prefix()}${name}${suffixCode()}`, right: `${money(price)}${flag}` };
      if (style === "weight-below-name") lines.push({ left: `${name} ${qtyText}`, right: `${money(price)}${flag}` });
      else if (style === "flagged" || style === "dept-code") lines.push({ left: qtyText }, itemLine);
      else lines.push(itemLine, { left: qtyText });
      items.push({ name, price, quantity });
    } else {
      const name = pick(random, PACKAGED);
      if (used.has(name)) continue;
      used.add(name);
      const price = round2(0.79 + random() * 11);
      lines.push({ left: `${prefix()}${name}${suffixCode()}`, right: `${money(price)}${flag}` });
      items.push({ name, price, quantity: 1 });
      if (random() < 0.12) lines.push({ left: pick(random, ["SC CARD SAVINGS", "MFR COUPON", "MEMBER SAVINGS"]), right: `${money(Math.min(price - 0.1, 0.5 + Math.floor(random() * 3) * 0.25))}-` });
    }
  }
  const subtotal = round2(items.reduce((sum, item) => sum + item.price, 0));
  const tax = round2(subtotal * 0.03);
  const total = round2(subtotal + tax);
  lines.push(
    { left: "" },
    { left: "SUBTOTAL", right: money(subtotal) },
    { left: "TAX", right: money(tax) },
    { left: "TOTAL", right: money(total), bold: true },
    { left: pick(random, ["VISA", "DEBIT TEND", "MASTERCARD", "CASH"]), right: money(total) },
    { left: "" },
    { left: `ITEMS SOLD ${items.length}`, align: "center" },
    { left: "THANK YOU FOR SHOPPING", align: "center" },
  );
  return { id: `synthetic-${seed}-${index}`, style, lines, items, total };
}

/** Width in characters of a printed line pair, as a 42-column printer lays it out. */
export const RECEIPT_COLUMNS = 42;

/** The receipt as plain text lines (name padded to the price column): what a perfect reader would see. */
export function receiptText(receipt: SyntheticReceipt): string[] {
  return receipt.lines
    .filter((line) => line.left || line.right)
    .map((line) => {
      if (!line.right) return line.left;
      const gap = Math.max(2, RECEIPT_COLUMNS - line.left.length - line.right.length);
      return `${line.left}${" ".repeat(gap)}${line.right}`;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring: an item is read when the parser returns it with its price and its name

/** Upper case, letters and digits, single spaces. */
export const foldName = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, " ").trim();

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

export const nearName = (a: string, b: string) => editDistance(foldName(a), foldName(b)) <= Math.floor(foldName(b).length / 8);

export type PhotoScore = { items: number; predicted: number; namePrice: number; nearNamePrice: number; price: number; multi: number; multiQuantity: number };

const samePrice = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 0.005;

/** Matches each true item to at most one read item. */
export function scoreReceipt(truth: TruthItem[], read: ReceiptLineItem[]): PhotoScore {
  const items = read.filter((item) => item.kind === "item");
  const score: PhotoScore = { items: truth.length, predicted: items.length, namePrice: 0, nearNamePrice: 0, price: 0, multi: 0, multiQuantity: 0 };
  const take = (pool: ReceiptLineItem[], test: (item: ReceiptLineItem) => boolean) => {
    const at = pool.findIndex(test);
    return at >= 0 ? pool.splice(at, 1)[0] : undefined;
  };
  const strict = [...items];
  const near = [...items];
  const priced = [...items];
  for (const t of truth) {
    const exact = take(strict, (item) => samePrice(item.price, t.price) && foldName(item.rawName) === foldName(t.name));
    if (exact) score.namePrice++;
    const close = take(near, (item) => samePrice(item.price, t.price) && nearName(item.rawName, t.name));
    if (close) score.nearNamePrice++;
    if (take(priced, (item) => samePrice(item.price, t.price))) score.price++;
    if (t.quantity !== 1) {
      score.multi++;
      if (close && Math.abs(close.quantity - t.quantity) < 0.005) score.multiQuantity++;
    }
  }
  return score;
}

