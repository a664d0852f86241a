/**
 * Receipt text -> store, date, totals and line items. Pure: runs in the Worker and in the browser.
 *
 * Input is OCR output, one receipt line per entry. Receipts come in many layouts, so every line is first
 * analysed on its own (name text, count, unit price, price, weight) and a small state machine then groups
 * lines into items: the name may sit on the same line as the numbers, on the line before them (wrapped
 * names, "NAME" + "2 @ 1.99 3.98") or on the line after them ("1x 36.000 36.000" + "NAME").
 * Arithmetic (count x unit price = price) settles most ambiguities between counts, prices and name digits.
 */
import { lookupTable } from "./lookup";

export type ReceiptLineItem = {
  rawName: string;
  quantity: number;
  /** "lb", "kg" for weighed items, else null. */
  unit: string | null;
  unitPrice: number | null;
  price: number | null;
  kind: "item" | "discount" | "deposit" | "fee" | "bag";
};

export type ParsedReceipt = {
  storeName: string | null;
  /** yyyy-MM-dd */
  date: string | null;
  subtotal: number | null;
  tax: number | null;
  total: number | null;
  items: ReceiptLineItem[];
  currency: string | null;
};

// ---------------------------------------------------------------------------------------------------------
// Amounts

const CURRENCY_PREFIX = /^(?:rp\.?|idr|usd|us\$|\$|€|£|eur|gbp|cad|aud)/i;

/**
 * Parses a money amount written with any common convention: "1,346,000" -> 1346000, "12,50" -> 12.5,
 * "1.234,56" -> 1234.56, "$3.99", "3.99-" / "-3.99" / "(3.99)" -> -3.99. A single separator followed by exactly
 * three digits is a thousands separator ("75,000", "43.636"), as receipts never print prices to 3 decimals.
 */
export function parseAmount(text: string): number | null {
  let s = text.trim().replace(/\s+/g, "");
  if (!s) return null;
  let negative = false;
  const bracketed = /^\[(.*)\]$/.exec(s);
  if (bracketed) s = bracketed[1] ?? "";
  const parenthesised = /^\((.*)\)$/.exec(s);
  if (parenthesised) {
    s = parenthesised[1] ?? "";
    negative = true;
  }
  if (/^[-–]/.test(s)) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.replace(CURRENCY_PREFIX, "");
  if (/^[-–]/.test(s)) {
    negative = !negative;
    s = s.slice(1);
  }
  if (/[-–]$/.test(s)) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  // OCR noise: a stray trailing separator ("40,000.") or a leading one before a thousands group (".48000").
  s = s.replace(/^(\d[\d.,]*\d)[.,]$/, "$1");
  if (/^[.,]\d{3,}$/.test(s)) s = s.slice(1);
  if (!/^\d[\d.,]*$/.test(s) && !/^[.,]\d{1,2}$/.test(s)) return null;
  if (/[.,]{2}/.test(s)) return null;

  const value = parseUnsignedNumber(s);
  if (value === null || !Number.isFinite(value)) return null;
  const signed = negative ? -value : value;
  return Object.is(signed, -0) ? 0 : signed;
}

function parseUnsignedNumber(s: string): number | null {
  const separators = s.replace(/\d/g, "");
  if (separators.length === 0) return Number(s);
  if (s.startsWith(".") || s.startsWith(",")) return Number(`0.${s.slice(1)}`);
  const groups = s.split(/[.,]/);
  const hasDot = separators.includes(".");
  const hasComma = separators.includes(",");
  if (hasDot && hasComma) {
    // The last separator is the decimal point, the other one groups thousands.
    const decimalAt = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
    const decimalChar = s.charAt(decimalAt);
    const intPart = s.slice(0, decimalAt);
    if (intPart.includes(decimalChar)) return null;
    const intGroups = intPart.split(decimalChar === "." ? "," : ".");
    if (!validThousandGroups(intGroups)) return null;
    return Number(`${intGroups.join("")}.${s.slice(decimalAt + 1)}`);
  }
  if (groups.length > 2) {
    const last = groups[groups.length - 1] ?? "";
    // "121.000.00": thousands groups with a decimal tail printed with the same character.
    if (last.length <= 2 && validThousandGroups(groups.slice(0, -1))) return Number(`${groups.slice(0, -1).join("")}.${last}`);
    return validThousandGroups(groups) ? Number(groups.join("")) : null;
  }
  const [intPart = "", fraction = ""] = groups;
  if (fraction.length === 3 && intPart !== "0" && intPart.length <= 3) return Number(intPart + fraction);
  return Number(`${intPart}.${fraction}`);
}

function validThousandGroups(groups: string[]): boolean {
  const [first, ...rest] = groups;
  if (!first || first.length > 3) return false;
  return rest.every((g) => g.length === 3);
}

/** Counts are written "2", "1.00", "0.264", "1,000" (one, with a decimal comma). */
function parseCount(text: string): number | null {
  const m = /^(\d{1,4})(?:[.,](\d{1,3}))?\.?$/.exec(text);
  if (!m) return null;
  return Number(`${m[1]}.${m[2] ?? "0"}`);
}

const nearlyEqual = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.002);
const consistent = (count: number, unitPrice: number, price: number) => count > 0 && nearlyEqual(count * unitPrice, price);

// ---------------------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { kind: "text"; raw: string }
  | { kind: "number"; raw: string; value: number; count: number | null; moneyLike: boolean } // 12, 3.99, 75,000
  | { kind: "count"; raw: string; count: number } // 2x, x2, Qty 2
  | { kind: "at"; raw: string; value: number; per: string | null } // @1.99, @1.29/lb
  | { kind: "perUnit"; raw: string; value: number; per: string } // 1.29/lb
  | { kind: "weight"; raw: string; amount: number; unit: string } // 0.58lb
  | { kind: "code"; raw: string }; // barcodes, PLU and article numbers

const WEIGHT_UNITS: Readonly<Record<string, string>> = lookupTable({ lb: "lb", lbs: "lb", kg: "kg", kgs: "kg", oz: "oz", g: "g" });

function normaliseLine(line: string): string {
  return (
    line
      .replace(/[\t\u00a0]+/g, " ")
      // OCR reads the "l" of "lb" as "1", "I" or "|" ("2.31 1b @ 0.59 /1b"), and glues "@" to a count ("5@ 1.77").
      .replace(/(\d\s*)\/\s*[1Il|]{0,2}b\b/g, "$1/lb")
      .replace(/(\d)\s*[1Il|]b(s?)(?=\s*(?:@|\/|$)|\s+\$?\d)/g, "$1 lb$2")
      .replace(/(\d[.,]\d{2})\s+[A-Za-z1|]?b(?=\s*@)/g, "$1 lb")
      .replace(/(\d)[:;.,]?@/g, "$1 @")
      .replace(/@[ae](?=\s+\$?\d)/g, "@")
      // Specks read as punctuation: lone marks between words ("PLAIN  :  2.93"), a colon after a price ("3.71: B").
      .replace(/(^|\s)[©®°¢§|:;'`‘’",.~_]{1,2}(?=\s|$)/g, "$1")
      .replace(/(\d):(?=\s|$)/g, "$1")
      // A decimal point read as a colon or doubled at the price ("7:95 F", "2.95.F", "2.71:B").
      .replace(/(\s\$?\d{1,4})[:;](\d{2})(?=[.:;]?\s*(?:[A-Z*+]{1,2})?\s*$)(?<!\b\d{1,2}:\d{2}(?=\s*[AP]M\b))/i, "$1.$2")
      .replace(/(\d[.,]\d{2})[.:;'`’]?([A-Z*]{1,2}|[.:;'`’]\d)$/, "$1 $2")
      // Walmart prints the unit price as "@ 1 lb /0.50".
      .replace(/@\s*1\s*(lbs?|kg)\s*\/\s*\$?(\d+[.,]\d+)/gi, "@$2/$1")
      .replace(/\s*\/\s*(lbs?|kg|oz|ea)\b/gi, "/$1")
      .replace(/@\s+/g, "@")
      .replace(/(^|\s)(rp\.?|idr|usd|\$)\s+(?=-?\.?\d)/gi, "$1$2")
      .replace(/(\d)\s+-(\s*[A-Z*]{0,2})\s*$/i, "$1-$2")
      .replace(/(\d)\s*(lbs?|kgs?)\b/gi, "$1$2")
      .replace(/\bqty\s*[:=]?\s*(\d+)/gi, "x$1")
      .trim()
  );
}

function classifyToken(raw: string): Token {
  if (/^\d{8,}[A-Z]{0,2}$/i.test(raw) || /^[A-Z]{1,4}\d{4,}$/.test(raw) || /^\[\d{6,}\]?$/.test(raw) || /^\d{3,}-$/.test(raw)) {
    return { kind: "code", raw };
  }
  const countMatch = /^(?:[x×](\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)[x×])$/i.exec(raw);
  if (countMatch) {
    const count = parseCount(countMatch[1] ?? countMatch[2] ?? "");
    if (count !== null) return { kind: "count", raw, count };
  }
  const weightMatch = /^(\d+(?:[.,]\d+)?)(lbs?|kgs?)$/i.exec(raw);
  if (weightMatch) {
    const amount = Number((weightMatch[1] ?? "").replace(",", "."));
    return { kind: "weight", raw, amount, unit: WEIGHT_UNITS[(weightMatch[2] ?? "").toLowerCase().replace(/s$/, "")] ?? "lb" };
  }
  const atMatch = /^@\$?([^/]+?)(?:\/(lbs?|kg|oz|ea))?$/i.exec(raw);
  if (atMatch) {
    const value = parseAmount(atMatch[1] ?? "");
    if (value !== null) {
      const per = atMatch[2] ? (WEIGHT_UNITS[atMatch[2].toLowerCase().replace(/s$/, "")] ?? atMatch[2].toLowerCase()) : null;
      return { kind: "at", raw, value, per };
    }
  }
  const perMatch = /^\$?(\d+(?:[.,]\d+)?)\/(lbs?|kg|oz|ea)$/i.exec(raw);
  if (perMatch) {
    const value = parseAmount(perMatch[1] ?? "");
    if (value !== null) return { kind: "perUnit", raw, value, per: WEIGHT_UNITS[(perMatch[2] ?? "").toLowerCase().replace(/s$/, "")] ?? "ea" };
  }
  if (/\d/.test(raw)) {
    const value = parseAmount(raw);
    if (value !== null) {
      const bare = /^\d+$/.test(raw);
      const count = parseCount(raw);
      return { kind: "number", raw, value, count: count !== null && count > 0 && count < 1000 ? count : null, moneyLike: !bare || raw.length >= 3 || value === 0 };
    }
  }
  return { kind: "text", raw };
}

function tokenize(line: string): Token[] {
  const pieces = line.split(" ").filter(Boolean);
  const tokens: Token[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] ?? "";
    const prev = tokens[tokens.length - 1];
    const next = pieces[i + 1];
    // A lone "x" binds to the number before it ("2 x 1.99") or after it ("x 3").
    if (/^[x×]$/i.test(piece)) {
      // ... but a trailing "X" after the price is a tax flag ("7.97 X").
      // "210.00 x 80": a price in cents is the unit price, and the whole number after the "x" is the count.
      const centsBeforeWholeAfter = prev !== undefined && /^\d+[.,]\d{2}$/.test(prev.raw) && next !== undefined && /^\d{1,3}$/.test(next);
      if (prev && prev.kind === "number" && prev.count !== null && next !== undefined && !centsBeforeWholeAfter) {
        tokens[tokens.length - 1] = { kind: "count", raw: `${prev.raw}x`, count: prev.count };
        continue;
      }
      if (next && /^\d+(?:[.,]\d+)?$/.test(next)) {
        const count = parseCount(next);
        if (count !== null) {
          tokens.push({ kind: "count", raw: `x${next}`, count });
          i++;
          continue;
        }
      }
    }
    // "*4 Pcs", "2 PCS": a count with its word.
    if (/^(pcs?|ea|each)$/i.test(piece) && tokens.length === 1 && prev && prev.kind === "number" && prev.count !== null && !/[.,]/.test(prev.raw)) {
      tokens[tokens.length - 1] = { kind: "count", raw: `${prev.raw} ${piece}`, count: prev.count };
      continue;
    }
    tokens.push(classifyToken(piece.replace(/^\*(?=\d)/, "")));
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------
// One line

type LineInfo = {
  raw: string;
  name: string;
  /** Leading count ("2 Ayam Bakar", "3 x Name") and how it was written. */
  leadCount: number | null;
  leadRaw: string | null;
  count: number | null;
  weightUnit: string | null;
  unitPrice: number | null;
  price: number | null;
  /** The line holds numbers only (no name text). */
  numericOnly: boolean;
};

const TAX_FLAG = /^(?:[A-Z]{1,2}|\*{1,2}|[A-Z]\*|\*[A-Z])$/;
const SIZE_WORD = /^(?:lbs?|oz|ct|pk|pack|kg|g|gr|ml|l|ltr|gal|qt|pt|dz|doz|in|ft|cm|mm)$/i;

function analyzeLine(raw: string): LineInfo {
  const tokens = tokenize(normaliseLine(raw));
  // Trailing tax flags after the price: "3.49 F", "1.24 N", "6.99 E", "2.00 *".
  for (let guard = 0; guard < 2; guard++) {
    const last = tokens[tokens.length - 1];
    const beforeLast = tokens[tokens.length - 2];
    if (!last || !beforeLast || beforeLast.kind !== "number" || !beforeLast.moneyLike) break;
    // After dollars and cents, a lone digit or mark is a flag misread by OCR ("4.94 8" for "4.94 B", "5.34 §").
    const misreadFlag = /^-?\$?\d+[.,]\d{2}-?$/.test(beforeLast.raw) && /^(?:[.:;'`’]?\d|[^\p{L}\p{N}]{1,2}|\p{L}{1,2}[^\p{L}\p{N}]?)$/u.test(last.raw);
    if ((last.kind === "text" && TAX_FLAG.test(last.raw)) || misreadFlag) tokens.pop();
    else break;
  }
  // "42,000 0": an empty discount or tax column after the amount is not the price.
  const lastToken = tokens[tokens.length - 1];
  const amountBefore = tokens[tokens.length - 2];
  if (lastToken?.kind === "number" && lastToken.raw === "0" && amountBefore?.kind === "number" && amountBefore.moneyLike && amountBefore.value > 0) tokens.pop();
  // "3.49F": a flag glued to the price.
  const last = tokens[tokens.length - 1];
  if (last && last.kind === "text") {
    const glued = /^(-?\$?\d+[.,]\d{2}-?)([A-Z*]{1,2})$/.exec(last.raw);
    if (glued?.[1]) tokens[tokens.length - 1] = classifyToken(glued[1]);
  }

  // Codes (UPCs, article numbers) carry no meaning for the item; a one- or two-letter flag right after a
  // code ("007874235186 F") goes with it.
  const kept: Token[] = [];
  const hadCode = tokens.some((t) => t.kind === "code");
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (token.kind === "code") {
      // Walmart prints flags after the UPC that follows the name: "GV 2% MLK GAL 007874235186 F 3.28 N".
      const after = tokens[i + 1];
      if (i > 0 && after && after.kind === "text" && /^[A-Z]{1,2}$/.test(after.raw)) i++;
      continue;
    }
    kept.push(token);
  }
  // Lines that carry a barcode print their tax/food-stamp flags before the price ("GG MILK 2% GAL NF $3.59").
  const priceToken = kept[kept.length - 1];
  const flagToken = kept[kept.length - 2];
  if (hadCode && priceToken?.kind === "number" && flagToken?.kind === "text" && /^[A-Z]{1,2}$/.test(flagToken.raw) && kept.length > 3) kept.splice(kept.length - 2, 1);
  // Costco / Aldi article numbers before the name, sometimes behind a one-letter flag: "E 1234567 KS EGGS".
  const [flag, article] = kept;
  if (flag && article && flag.kind === "text" && /^[A-Z]$/.test(flag.raw) && article.kind === "number" && /^\d{4,7}$/.test(article.raw) && kept.length > 3) {
    kept.splice(0, 2);
  }

  const firstText = kept.findIndex((t) => t.kind === "text");
  const lastText = findLastIndex(kept, (t) => t.kind === "text");
  const numericOnly = firstText === -1;

  // Before the name: a count ("2 Ayam Bakar", "3 x Name", "1.0 BITTERBALLEN") or an article number
  // ("1234567 KS EGGS"); other leading numbers belong to the name ("1 500 days of summer").
  let leadCount: number | null = null;
  let nameFrom = 0;
  const first = kept[0];
  if (!numericOnly && first && firstText > 0) {
    const afterFirst = kept[1];
    const sizeFollows = afterFirst !== undefined && afterFirst.kind === "text" && SIZE_WORD.test(afterFirst.raw);
    if (first.kind === "number" && (/^\d{5,7}$/.test(first.raw) || /^0\d{3,}$/.test(first.raw))) nameFrom = 1;
    else if (first.kind === "count") {
      leadCount = first.count;
      nameFrom = 1;
    } else if (first.kind === "number" && first.count !== null && !sizeFollows && /^\d{1,3}(?:[.,]\d{1,3})?$/.test(first.raw) && (first.count <= 99 || !looksLikeCents(kept[kept.length - 1]))) {
      leadCount = first.count;
      nameFrom = 1;
    }
  }

  const tail = numericOnly ? kept.slice() : kept.slice(lastText + 1);
  const interpretation = interpretTail(tail, leadCount, numericOnly);
  const nameTokens = numericOnly ? [] : kept.slice(nameFrom, lastText + 1).concat(interpretation.leftover);

  let count = interpretation.count ?? leadCount;
  const unitPrice = interpretation.unitPrice;
  if (interpretation.count !== null && leadCount !== null && interpretation.weightUnit === null) {
    // Both a leading and a trailing count: keep the one the arithmetic agrees with.
    if (unitPrice !== null && interpretation.price !== null && !consistent(interpretation.count, unitPrice, interpretation.price) && consistent(leadCount, unitPrice, interpretation.price)) {
      count = leadCount;
    }
  }
  // A priceless name line ending in a small count: "RTD Madu Aloevera 1" (its price follows on the next line).
  if (!numericOnly && interpretation.price === null && count === null) {
    const lastName = nameTokens[nameTokens.length - 1];
    if (lastName && lastName.kind === "number" && /^\d{1,2}$/.test(lastName.raw) && nameTokens.length > 1 && lastName.count !== null) {
      count = lastName.count;
      nameTokens.pop();
    }
  }

  // An "@" the reader could not make sense of ("5 @1.3¢") still ends the name; the number before it is the count.
  const atIndex = nameTokens.findIndex((t, i) => i > 0 && t.kind === "text" && t.raw.startsWith("@"));
  if (atIndex > 0) {
    const before = nameTokens[atIndex - 1];
    const countBefore = before?.kind === "number" && before.count !== null && /^\d{1,3}$/.test(before.raw) ? before.count : null;
    if (countBefore !== null && count === null) count = countBefore;
    nameTokens.splice(countBefore !== null ? atIndex - 1 : atIndex);
  }

  const joinedName = nameTokens
    .map((t) => t.raw)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  // "378811 / 1234567 3.00-": punctuation and numbers alone do not name anything.
  const name = /\p{L}/u.test(joinedName) ? joinedName : "";
  return {
    raw,
    name,
    leadCount,
    leadRaw: leadCount !== null ? (first?.raw ?? null) : null,
    count,
    weightUnit: interpretation.weightUnit,
    unitPrice,
    price: interpretation.price,
    numericOnly: numericOnly || name === "",
  };
}

function findLastIndex<T>(list: T[], predicate: (value: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (predicate(list[i] as T)) return i;
  return -1;
}

type TailReading = { price: number | null; unitPrice: number | null; count: number | null; weightUnit: string | null; leftover: Token[] };

/** Reads the numbers after the name, right to left: price, then unit price and count. */
function interpretTail(tail: Token[], leadCount: number | null, numbersOnly: boolean): TailReading {
  const reading: TailReading = { price: null, unitPrice: null, count: null, weightUnit: null, leftover: [] };
  let end = tail.length;
  const at = (i: number) => (i >= 0 && i < end ? tail[i] : undefined);

  const last = at(end - 1);
  if (last && last.kind === "number" && last.moneyLike) {
    reading.price = last.value;
    end--;
  }

  while (end > 0) {
    const token = at(end - 1);
    if (!token) break;
    if ((token.kind === "at" || token.kind === "perUnit") && reading.unitPrice === null) {
      reading.unitPrice = token.value;
      if (token.per === "lb" || token.per === "kg") reading.weightUnit = token.per;
      end--;
      continue;
    }
    // A weight is the quantity only next to a per-weight price; otherwise it is a package size ("STRWBRY 1LB").
    if (token.kind === "weight" && reading.count === null && (reading.unitPrice !== null || numbersOnly)) {
      reading.count = token.amount;
      reading.weightUnit = token.unit;
      end--;
      break;
    }
    if (token.kind === "count" && reading.count === null) {
      reading.count = token.count;
      end--;
      // "25.000 x1 25.000": the unit price comes before the count.
      const before = at(end - 1);
      if (before && before.kind === "number" && before.moneyLike && reading.unitPrice === null && reading.price !== null && consistent(token.count, before.value, reading.price)) {
        reading.unitPrice = before.value;
        end--;
      }
      break;
    }
    if (token.kind === "number" && reading.price !== null) {
      const before = at(end - 2);
      // "CNT UNIT PRICE": the count is a plain number before the unit price.
      if (token.moneyLike && reading.unitPrice === null) {
        const beforeCount = before ? countOf(before) : null;
        if (beforeCount !== null && consistent(beforeCount, token.value, reading.price)) {
          reading.unitPrice = token.value;
          reading.count = beforeCount;
          end -= 2;
          break;
        }
        if (leadCount !== null && consistent(leadCount, token.value, reading.price)) {
          reading.unitPrice = token.value;
          end--;
          break;
        }
        // A money-shaped number right before the price is a unit price even when the arithmetic is off, except
        // a count of one written with decimals ("1.00 48000").
        if (/[.,]/.test(token.raw) && token.count !== 1) {
          reading.unitPrice = token.value;
          end--;
          continue;
        }
      }
      // "NAME CNT PRICE" and "NAME UNIT CNT PRICE".
      if (token.count !== null && reading.count === null && (leadCount === null || reading.unitPrice !== null)) {
        const countValue = token.count;
        // Without a unit price to check against, only a small count counts, and never before a dollars-and-cents
        // price: "KS PAPER TOWEL 12 21.99" is a 12-roll pack, "Bintang Bremer 1 59,000" is one beer.
        const plausible =
          reading.unitPrice !== null
            ? consistent(countValue, reading.unitPrice, reading.price)
            : /^\d{1,2}(?:[.,]0{1,3})?\.?$/.test(token.raw) && countValue <= 20 && !looksLikeCents(last);
        if (plausible && leadCount === null) {
          reading.count = countValue;
          end--;
          const unitBefore = at(end - 1);
          if (unitBefore && unitBefore.kind === "number" && unitBefore.moneyLike && reading.unitPrice === null && consistent(countValue, unitBefore.value, reading.price)) {
            reading.unitPrice = unitBefore.value;
            end--;
          }
        }
      }
      break;
    }
    if (token.kind === "number" && reading.price === null && reading.count === null && token.count !== null && reading.unitPrice !== null) {
      // Quantity lines without a price: "2 @1.99".
      reading.count = token.count;
      end--;
      break;
    }
    break;
  }
  reading.leftover = tail.slice(0, end);
  return reading;
}

/** "3.99", "$12.49": a price in a currency with cents (unlike "75,000" or "43.636"). */
function looksLikeCents(token: Token | undefined): boolean {
  return token !== undefined && token.kind === "number" && /^-?\$?\d{1,3}\.\d{2}-?$/.test(token.raw);
}

function countOf(token: Token): number | null {
  if (token.kind === "count") return token.count;
  if (token.kind === "number" && token.count !== null && /^\d{1,3}(?:[.,]\d{1,3})?\.?$/.test(token.raw)) return token.count;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Line roles

type SummaryRole = "subtotal" | "tax" | "total" | "payment" | "discount" | "rounding" | "itemCount" | "savings";

const SAVINGS_SUMMARY = /\b(?:total\s+savings?|you\s+saved|your\s+savings|savings\s+today|saved\s+today|total\s+saved|total\s+discounts?|points?\b|rewards?\b|member\s+savings\s+total)/i;
const SUBTOTAL = /\bsub[\s.\-_]*(?:t(?:o)?t(?:a)?l|tl)\b|\bsubttl\b|\bnet\s+sales\b|\bharga\s+jual\b|\bgross\s+total\b|\bsub\b\s*$|^\W*sub\b/i;
const TAX = /\b(?:tax(?:es)?|vat|pb\s*1|ppn|pajak(?:\s+\w+)?|p\.\s?rest\w*|f\.\s?rest\w*|resto\s+tax|sales\s+tax)\b|^\W*(?:gst|hst|pst|qst)\b|\b(?:gst|hst|pst|qst)\s*(?:\d|[:(%]|$)/i;
const NOT_TAX = /\b(?:tax\s*(?:id|invoice|exempt)|taxable|npwp|included|incl\.?)\b/i;
const TOTAL = /\b(?:grand\s*total|g\.?\s*total|total|ttl|balance(?:\s+due)?|amount(?:\s+due)?|amt\s+due|due|netto|jumlah|dibayar\s+total)\b|^\W*(?:tl|du|ttl)\b/i;
const NOT_TOTAL = /\b(?:items?|qty|quantity|disc(?:ount)?s?|savings?|saved|tax|pcs|sold)\b/i;
const PAYMENT =
  /(?:^|\W)(?:cash|tunai|tendered|tend|change|changed|kembali(?:an)?|visa|mastercard|amex|debit|debet|credit\s+card|edc|ebt|paid|payment|bayar|dibayar|approved|auth(?:orization)?\s*(?:code|#|no))(?:\W|$)/i;
const PAYMENT_START = /^\W*(?:cash|tunai|card|debit|debet|credit|visa|master\w*|amex|discover|edc|ebt|bca|bni|bri|mandiri|ovo|go-?pay|flazz|t-?cash|e-?money|paid|payment|pay|tendered|bayar|dibayar|change|chang\w*|chance|kembali\w*|cg|customer\s+(?:paid|change)|\[?d\]?\s+debit|vmb)\b/i;
const ROUNDING = /\b(?:rounding|pembulatan)\b|^\W*(?:round(?:ed)?|rnd)\b/i;
const ITEM_COUNT = /\b(?:qty|lines?)\s*\(s\)|\b(?:total\s+)?items?\b\s*[:=]?\s*\d{1,3}(?![\d.,])|\d+(?:[.,]\d+)?\s*x?\s*items?\b|\bitems?\s+sold\b|\bnumber\s+of\s+items\b|\bjumlah\s+item\b|\btotal\s+items?\b/i;
const DISCOUNT_WORD = /\b(?:disc(?:ount)?|diskon|coupon|cpn|savings?|markdown|rebate|voucher)\b/i;
/** Department headings and per-department subtotals ("PRODUCE", "FOOD 1,213,000") are not items. */
const DEPARTMENT_LINE = /^\W*(?:food|foods|beverages?|drinks?|others?|makanan|minuman|grocery|groceries|produce|dairy|meat|meats|deli|bakery|frozen(?:\s+foods?)?|seafood|health\s*(?:&|and)\s*beauty|household|home|baby|pets?|apparel|electronics|general\s+merchandise|pharmacy|floral|liquor|wine|beer)\W*$/i;
const DEPOSIT_WORD = /\b(?:crv|deposit|dep|btl\s*dep|bottle\s+dep\w*|redemp\w*|ca\s+redemp\w*)\b/i;
const BAG_WORD =
  /^(?:\W*\d*\s*)?(?:bag|bags)\b|\b(?:bag|bags)\s+(?:fee|charge|tax)\b|\b(?:checkout|paper|plastic|plastik|reusable|shopping|carrier|grocery|carry\s*out)\s+bags?\b|\bbag\s+(?:small|medium|large)\b/i;
const FEE_WORD = /\b(?:fee|surcharge|charge|delivery|tip|gratuity|take\s*away)\b/i;

/** Lines that are neither items nor totals: store furniture, times, register data, card slips, barcodes. */
const SKIP_LINE = new RegExp(
  [
    /^\W*$/.source,
    /^[-=*_~#.\s]{3,}$/.source,
    /\b(?:cashier|kasir|register|reg\s*#|lane|operator|op\s*#|st\s*#|store\s*#|te\s*#|tr\s*#|tc\s*#|trans(?:action)?\s*#|trans(?:action)?(?:\s+id)?\s*:|terminal|term\s*#|server|table|guest|order\s*#|check\s*#|invoice|receipt\s*#|ref(?:erence)?\s*#|seq\s*#|batch|entry\s+method|chip\s+read|contactless|swiped|pin\s+verified|signature|merchant)(?![a-z])/i
      .source,
    /\b(?:thank\s*you|thanks|welcome|come\s+again|have\s+a\s+(?:nice|great)|visit\s+us|survey|feedback|return\s+policy|refund|receipt\s+required|customer\s+copy|store\s+copy|low\s+prices|save\s+money|live\s+better|hours|open\s+\d)/i.source,
    /(?:www\.|https?:|\.com\b|\.co\.id\b|@[a-z][\w.-]*\.[a-z]{2,})/i.source,
    /\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/.source,
    /\(\s*\d{3}\s*\)\s*\d{3}\s*[-.]?\s*\d{4}\b/.source,
    /\b(?:tel|telp|phone|ph|fax|npwp)\b\.?\s*[:.]?\s*\+?\d/i.source,
    /[*xX#]{4,}\s*\d{2,4}\b/.source,
    // EMV slip fields: "AID: A0000000031010", "TVR 0080008000".
    /\b(?:aid|tvr|iad|tsi|arqc|mid|tid)\s*[:#]?\s*[0-9a-f]{4,}\b/i.source,
  ].join("|"),
  "i",
);

const ADDRESS_LINE =
  /^\s*\d{1,6}\s+(?:[NSEW]\.?\s+)?[A-Za-z0-9.' -]+\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|hwy|highway|ln|lane|way|pkwy|parkway|ct|court|pl|place|plaza|sq|square|cir|circle|ter|terrace|trl|trail|pike|tpke|suite|ste)\b\.?/i;
const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC";
const CITY_STATE_ZIP = new RegExp(`\\b[A-Za-z][A-Za-z .'-]*,?\\s+(?:${US_STATES})\\.?\\s+\\d{5}(?:-\\d{4})?\\s*$`);
const TIME_LINE = /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:am|pm)?\b/i;

/** "TOTAL QTY 16", "Qty: 1 Subtotal 20.000" count the items; "Qty 2 Donut 2.50" is an item. */
function isQuantitySummary(text: string): boolean {
  if (!/\b(?:total\s+)?(?:qty|quantity)\b\s*[:=]?\s*\d{1,3}(?![\d.,])/.test(text)) return false;
  const otherWords = text.replace(/\b(?:total|sub\s*total|amount|items?|qty|quantity|pcs|due|no|of|rp|idr)\b/g, " ").replace(/[^a-z]/g, "");
  return otherWords.length <= 1;
}

function summaryRoleOf(text: string, amount: number | null): SummaryRole | null {
  const t = text.toLowerCase();
  if (SAVINGS_SUMMARY.test(t)) return "savings";
  if (SUBTOTAL.test(t)) return "subtotal";
  if ((ITEM_COUNT.test(t) || isQuantitySummary(t)) && !/\b(?:amount|total\s*[:.]?\s*$)/i.test(t)) return "itemCount";
  if (TAX.test(t) && !NOT_TAX.test(t)) return "tax";
  if (ROUNDING.test(t)) return "rounding";
  if (PAYMENT_START.test(t)) return "payment";
  if (TOTAL.test(t) && !NOT_TOTAL.test(t)) {
    // "AMOUNT -7,800" after a per-item discount line is the discount, not the total.
    if (amount !== null && amount < 0) return "discount";
    return "total";
  }
  if (PAYMENT.test(t) && !/^\W*\d/.test(t)) return "payment";
  if (/\bqty\b.*\bamount\b/i.test(t)) return "total";
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Dates

const MONTH_NAMES = [
  ["january", "januari"], ["february", "februari"], ["march", "maret"], ["april"], ["may", "mei"], ["june", "juni"],
  ["july", "juli"], ["august", "agustus"], ["september"], ["october", "oktober"], ["november", "nopember"], ["december", "desember"],
];

/** "nov", "November", "sept", "Okt" -> month number; null for other words. */
function monthNumber(word: string): number | null {
  const w = word.toLowerCase();
  if (w.length < 3) return null;
  if (w === "agt") return 8;
  const index = MONTH_NAMES.findIndex((names) => names.some((name) => name.startsWith(w)));
  return index >= 0 ? index + 1 : null;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Finds a calendar date in one receipt line; US month-first unless the first number cannot be a month. */
export function findDate(line: string): string | null {
  const text = line.toLowerCase();
  let m = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}|\d{2})\b/.exec(text);
  if (m && monthNumber(m[1] ?? "") !== null) return isoDate(Number(m[3]), monthNumber(m[1] ?? "") ?? 0, Number(m[2]));
  m = /\b(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?[\s,-]+(\d{4}|\d{2})\b/.exec(text);
  if (m && monthNumber(m[2] ?? "") !== null) return isoDate(Number(m[3]), monthNumber(m[2] ?? "") ?? 0, Number(m[1]));
  // Dotted dates are day-first ("03.11.26"); slashed and dashed ones month-first unless impossible.
  m = /(?:^|[^\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d.])/.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1])) ?? isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /(?:^|[^\d/-])(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?![\d/])/.exec(text);
  if (m) {
    const first = Number(m[1]);
    const second = Number(m[2]);
    const year = Number(m[3]);
    if (first > 12) return isoDate(year, second, first);
    return isoDate(year, first, second) ?? isoDate(year, second, first);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Receipt

type Kind = ReceiptLineItem["kind"];

function kindOf(name: string, price: number | null): Kind {
  if (price !== null && price < 0) return "discount";
  if (DISCOUNT_WORD.test(name) && !/\b(?:disc(?:ount)?\s*\w*\s*0)\b/i.test(name)) return "discount";
  if (DEPOSIT_WORD.test(name)) return "deposit";
  if (BAG_WORD.test(name) && !/\b(?:trash|garbage|sandwich|freezer|storage|zip|ziploc|kitchen|lawn|leaf|compost|tea|snack)\b|\bbags?\s+of\b/i.test(name)) return "bag";
  if (FEE_WORD.test(name)) return "fee";
  return "item";
}

function detectCurrency(lines: string[]): string | null {
  const text = lines.join("\n");
  if (/\brp\.?\s*\d|\bidr\b/i.test(text)) return "IDR";
  if (/€|\beur\b/i.test(text)) return "EUR";
  if (/£|\bgbp\b/i.test(text)) return "GBP";
  if (/\bcad\b|\bc\$/i.test(text)) return "CAD";
  if (/\$\s*\d|\busd\b/i.test(text)) return "USD";
  // No symbol printed: a US address in the header settles it.
  if (lines.slice(0, 12).some((l) => CITY_STATE_ZIP.test(l))) return "USD";
  return null;
}

type Draft = ReceiptLineItem & {
  /** Line of the numbers; `lastLine` is the last line that belongs to the item (wrapped name, options). */
  line: number;
  lastLine: number;
  explicitCount: boolean;
  named: boolean;
  /** The name was printed above the numbers, so the next wrapped text starts the next item's name. */
  nameAbove?: boolean;
  optionChain?: boolean;
  /** The item line opened with its count ("2 x NAME 26,000"). */
  leadCounted?: boolean;
};

/** Option and add-on lines printed under an item: "+Ice", "=*MEDIUM*=", "- Pedas", "> PAKET", "50%". */
function isModifierText(text: string): boolean {
  return (
    /^\s*(?:[+=~>]|-\s|\*\D)/.test(text) ||
    // Sugar and ice levels ("50%", "Gula Murni 100%", "100%, LESS ICE"), not "2% MILK".
    /\d\s*%\s*$|^\s*\d{1,3}\s*%\s*,/.test(text) ||
    /^\s*(?:less|no|non|extra|add|with|w\/o?|without|hold|xtra)\s+\w/i.test(text) ||
    /^\s*(?:well\s+done|medium(?:\s+(?:well|rare))?|rare|hot|cold|iced?|dine\s+in|take\s*away|to\s+go)\s*$/i.test(text)
  );
}

/** Option lines that carry a price of their own ("+ Extra Shot 5,000", "- Pedas 0"). */
function isModifierItem(text: string): boolean {
  return /^\s*(?:[+=~>]|-\s)/.test(text);
}

/** Zero-priced lines that are real purchases rather than options of the item above. */
const FREE_OR_BAG = /\b(?:free|gratis|bonus|bag|bags|plastik|plastic|kantong|kresek)\b/i;

function cleanStoreName(line: string): string {
  return line.replace(/^[\s*=#~_.-]+|[\s*=#~_.-]+$/g, "").replace(/\s+/g, " ").trim();
}

function looksLikeHeaderNoise(line: string): boolean {
  return SKIP_LINE.test(line) || ADDRESS_LINE.test(line) || CITY_STATE_ZIP.test(line) || TIME_LINE.test(line) || findDate(line) !== null;
}

const unbalancedOpen = (text: string) => (text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0);
const unbalancedClose = (text: string) => (text.match(/\)/g)?.length ?? 0) > (text.match(/\(/g)?.length ?? 0);

export function parseReceiptText(input: string | string[]): ParsedReceipt {
  const empty: ParsedReceipt = { storeName: null, date: null, subtotal: null, tax: null, total: null, items: [], currency: null };
  try {
    const rawLines = (Array.isArray(input) ? input : String(input ?? "").split(/\r?\n/))
      .flatMap((l) => String(l ?? "").split(/\r?\n/))
      .map((l) => l.replace(/\s+/g, " ").trim())
      .filter((l) => l.length > 0)
      // OCR of a photographed receipt has no business past a few thousand lines.
      .slice(0, 2000)
      .map((l) => l.slice(0, 500));
    return parseLines(centsStyle(rawLines) ? rawLines.map(dropThirdDecimal) : rawLines);
  } catch {
    return empty;
  }
}

/**
 * Whether the receipt prints dollars and cents ("3.49") rather than thousands ("43.636", "75,000"): then an amount
 * with a third decimal is a cents amount with a speck read as a digit ("7.760 F").
 */
function centsStyle(lines: string[]): boolean {
  let cents = 0;
  let thousands = 0;
  for (const line of lines) {
    cents += line.match(/(?:^|\s)\$?\d{1,3}\.\d{2}(?=\s|$|-)/g)?.length ?? 0;
    thousands += line.match(/(?:^|\s)\d{1,3}[.,]\d{3}(?=\s|$)/g)?.length ?? 0;
  }
  return cents >= 4 && thousands * 4 <= cents;
}

function dropThirdDecimal(line: string): string {
  return line.replace(/(\s\$?\d{1,3}\.\d{2})\d(?=[.:;'`’]?(?:\s+\S{1,2})?\s*$)/, "$1");
}

/** Whether this receipt prints quantity lines ("2 @ 1.99", "1.24 lb @ 0.50/lb") after or before their item. */
function quantityLineHabit(classes: LineClass[], infos: LineInfo[]): "after" | "before" | null {
  let after = 0;
  let before = 0;
  classes.forEach((c, i) => {
    const info = infos[i];
    if (c !== "qty" || !info || info.unitPrice === null) return;
    const count = info.count ?? 1;
    const fits = (j: number) => classes[j] === "item" && infos[j]?.price !== null && infos[j]?.count === null && consistent(count, info.unitPrice ?? 0, infos[j]?.price ?? 0);
    if (fits(i - 1) && !fits(i + 1)) after++;
    if (fits(i + 1) && !fits(i - 1)) before++;
  });
  return after > before ? "after" : before > after ? "before" : null;
}

type LineClass = "summary" | "savings" | "discount" | "discountLabel" | "department" | "skip" | "qty" | "numeric" | "text" | "item";

function classifyLines(lines: string[], infos: LineInfo[], roles: (SummaryRole | null)[]): LineClass[] {
  return lines.map((line, i) => {
    const info = infos[i] as LineInfo;
    const role = roles[i] ?? null;
    if (role === "savings") return "savings";
    if (role && role !== "discount") return "summary";
    if (role === "discount" || (info.price !== null && info.price < 0)) return "discount";
    if (!info.numericOnly && info.price === null && DISCOUNT_WORD.test(info.name) && /%|\d/.test(line)) return "discountLabel";
    if (!info.numericOnly && DEPARTMENT_LINE.test(info.name)) return "department";
    if (looksLikeSkipLine(line, info)) return "skip";
    if (info.numericOnly) {
      if (info.price !== null) return "numeric";
      return info.count !== null || info.unitPrice !== null ? "qty" : "skip";
    }
    return info.price === null ? "text" : "item";
  });
}

function parseLines(lines: string[]): ParsedReceipt {
  const infos = lines.map(analyzeLine);
  const roles = lines.map((line, i) => (infos[i]?.numericOnly ? null : summaryRoleOf(line, infos[i]?.price ?? null)));
  const classes = classifyLines(lines, infos, roles);

  const items: Draft[] = [];
  const usedLines: number[] = [];
  const leadCountLayout = classes.filter((c, i) => c === "item" && infos[i]?.leadCount !== null).length >= 2;
  let inSummary = false;

  let pendingText: { index: number; info: LineInfo }[] = [];
  let pendingQty: { count: number; unitPrice: number | null; weightUnit: string | null; index?: number } | null = null;
  const quantityHabit = quantityLineHabit(classes, infos);
  const quantityLinesFollow = quantityHabit === "after";
  let awaitingName: Draft | null = null;
  let danglingAmount: { index: number; value: number; used: boolean } | null = null;
  let lastDiscountLabel: string | null = null;

  const subtotals: number[] = [];
  const taxes: number[] = [];
  const totals: number[] = [];
  const weakTotals: number[] = [];
  let date: string | null = null;

  const lastItem = (): Draft | undefined => {
    for (let i = items.length - 1; i >= 0; i--) if (items[i]?.kind !== "discount" && items[i]?.named) return items[i];
    return undefined;
  };
  const isDirectlyAfterItem = (index: number) => {
    const prev = lastItem();
    return prev !== undefined && prev.lastLine === index - 1 ? prev : undefined;
  };

  const pushItem = (draft: Omit<Draft, "kind" | "lastLine">, index: number) => {
    const kind = kindOf(draft.rawName, draft.price);
    const price = kind === "discount" && draft.price !== null ? -Math.abs(draft.price) : draft.price;
    const item: Draft = { ...draft, kind, price, lastLine: index };
    items.push(item);
    usedLines.push(index);
    return item;
  };

  const takePendingName = (): { name: string; count: number | null; firstIndex: number } | null => {
    if (pendingText.length === 0) return null;
    // Wrapped names span at most three lines; older text belongs to something else.
    const parts = pendingText.slice(-3);
    for (const p of parts) usedLines.push(p.index);
    pendingText = [];
    const count = parts.find((p) => p.info.count !== null)?.info.count ?? null;
    return { name: parts.map((p) => p.info.name).join(" ").trim(), count, firstIndex: parts[0]?.index ?? 0 };
  };

  /** The first line after `index` that is not plain text: tells a name above its numbers from an option line. */
  const nextNonText = (index: number): LineClass | undefined => {
    for (let j = index + 1; j < Math.min(lines.length, index + 5); j++) {
      const c = classes[j];
      if (c === "text") continue;
      if (c === "skip" && infos[j]?.numericOnly) continue; // a barcode between a name and its price
      return c;
    }
    return undefined;
  };

  const recordSummary = (role: SummaryRole, amount: number | null, line: string) => {
    if (amount === null) return;
    if (role === "subtotal") subtotals.push(amount);
    else if (role === "tax") taxes.push(amount);
    else if (role === "total") totals.push(amount);
    else if (role === "itemCount" && amount >= 100 && /\btotal\b/i.test(line)) weakTotals.push(amount);
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const info = infos[index];
    const lineClass = classes[index];
    if (!info || !lineClass) continue;
    date ??= findDate(line);
    const role = roles[index] ?? null;

    if (lineClass === "savings") continue;
    if (lineClass === "summary" && role) {
      const weakRole = role === "itemCount" || role === "rounding";
      if (weakRole && items.length === 0 && !inSummary) continue;
      inSummary = true;
      awaitingName = null;
      pendingText = [];
      pendingQty = null;
      let amount = info.price;
      const endsWithPercent = /%\s*\)?\s*$/.test(line);
      if (amount === null) {
        // The amount printed on the line before ("56,181" / "TOTAL") or after ("GRAND TOTAL" / "33,000").
        if (danglingAmount && !danglingAmount.used && danglingAmount.index === index - 1) {
          amount = danglingAmount.value;
          danglingAmount.used = true;
        } else if (!endsWithPercent && role !== "itemCount") {
          const next = infos[index + 1];
          if (next && next.numericOnly && next.price !== null && next.count === null && next.unitPrice === null) {
            recordSummary(role, next.price, line);
            danglingAmount = { index: index + 1, value: next.price, used: true };
            index++;
            continue;
          }
        }
      }
      if (role === "itemCount" && amount !== null && amount >= 100) subtotals.push(amount);
      recordSummary(role, amount, line);
      continue;
    }

    if (inSummary) {
      if (info.numericOnly && info.price !== null) danglingAmount = { index, value: info.price, used: false };
      continue;
    }

    if (lineClass === "discount") {
      // Per-item discounts: "DISC ITEM -30.000%" then "AMOUNT -7,800"; "SC KROGER SAVINGS 0.50-"; "MFR COUPON 1.00-".
      const ownName = role === "discount" ? "" : info.name;
      const label = ownName || lastDiscountLabel || "Discount";
      pushItem({ rawName: label, quantity: 1, unit: null, unitPrice: null, price: info.price, line: index, explicitCount: false, named: true }, index);
      lastDiscountLabel = null;
      if (awaitingName && !awaitingName.named) items.splice(items.indexOf(awaitingName), 1);
      awaitingName = null;
      continue;
    }
    if (lineClass === "discountLabel") {
      lastDiscountLabel = info.name.replace(/[-(]*\d+(?:[.,]\d+)?\s*%\)?/g, "").trim() || "Discount";
      continue;
    }
    if (lineClass === "department") {
      const itemPrices = items.filter((d) => d.kind === "item" && d.price !== null).map((d) => d.price ?? 0);
      const departmentSubtotal = info.price !== null && itemPrices.length >= 2 && info.price > Math.max(...itemPrices);
      if (info.price === null || departmentSubtotal) {
        pendingText = [];
        continue;
      }
    }
    if (lineClass === "skip") {
      if (!info.numericOnly) pendingText = [];
      continue;
    }

    if (lineClass === "qty") {
      const count = info.count ?? 1;
      const next = infos[index + 1];
      const prev = lastItem();
      const fitsNext = next && classes[index + 1] === "item" && next.price !== null && info.unitPrice !== null && consistent(count, info.unitPrice, next.price);
      const fitsPrevious = prev && !prev.explicitCount && prev.price !== null && info.unitPrice !== null && consistent(count, info.unitPrice, prev.price);
      // When a misread digit breaks the arithmetic, the receipt's own habit decides: its other quantity lines
      // show whether they follow or precede their item.
      const byHabit = !fitsNext && !fitsPrevious && quantityLinesFollow && prev !== undefined && prev.lastLine === index - 1 && !prev.explicitCount;
      if ((!fitsNext && fitsPrevious) || byHabit) {
        if (pendingText.length === 0 && prev) {
          // "BANANAS 1.14" then "6 @ 0.19", "BANANAS 1.24" then "2.48 lb @ 0.50/lb".
          prev.quantity = count;
          prev.unitPrice = byHabit ? null : info.unitPrice;
          prev.unit = info.weightUnit;
          prev.explicitCount = true;
          prev.lastLine = index;
          continue;
        }
      }
      pendingQty = { count, unitPrice: info.unitPrice, weightUnit: info.weightUnit, index };
      continue;
    }

    if (lineClass === "numeric") {
      const pending = takePendingName();
      if (pending && pending.name) {
        if (awaitingName && !awaitingName.named) items.splice(items.indexOf(awaitingName), 1);
        awaitingName = null;
        pushItem(
          {
            rawName: pending.name,
            quantity: info.count ?? pending.count ?? pendingQty?.count ?? 1,
            unit: info.weightUnit ?? pendingQty?.weightUnit ?? null,
            unitPrice: info.unitPrice ?? pendingQty?.unitPrice ?? null,
            price: info.price,
            line: index,
            explicitCount: info.count !== null || pending.count !== null || pendingQty !== null,
            named: true,
            nameAbove: true,
          },
          index,
        );
        pendingQty = null;
        continue;
      }

      // A numbers-only line right under an item with the same price details or repeats it
      // ("0.58 lb @ 1.29/lb 0.75"), unless the next line's price shows it is the next item's quantity.
      const prev = lastItem();
      const next = infos[index + 1];
      const leadsNext = next && classes[index + 1] === "item" && next.price !== null && info.price !== null && info.count !== null && !nearlyEqual(next.price, info.price) && consistent(info.count, info.price, next.price);
      if (prev && prev.line === index - 1 && prev.price !== null && info.price !== null && nearlyEqual(prev.price, info.price) && !leadsNext) {
        if (!prev.explicitCount && info.count !== null) {
          prev.quantity = info.count;
          prev.unit = info.weightUnit;
          prev.explicitCount = true;
        }
        if (prev.unitPrice === null && info.unitPrice !== null) prev.unitPrice = info.unitPrice;
        prev.lastLine = index;
        continue;
      }

      // The name comes after the numbers ("1x 36.000 36.000" then "Kimchi P"), or on the next line with its
      // own price ("2 X 13,000" then "CHOCO CHIP 26,000").
      if (awaitingName && !awaitingName.named) items.splice(items.indexOf(awaitingName), 1);
      const orphan: Draft = {
        rawName: "",
        quantity: info.count ?? pendingQty?.count ?? 1,
        unit: info.weightUnit ?? pendingQty?.weightUnit ?? null,
        unitPrice: info.unitPrice ?? pendingQty?.unitPrice ?? null,
        price: info.price,
        kind: "item",
        line: index,
        lastLine: index,
        explicitCount: info.count !== null || pendingQty !== null,
        named: false,
      };
      pendingQty = null;
      awaitingName = orphan;
      items.push(orphan);
      if (info.count === null && info.unitPrice === null && info.price !== null) danglingAmount = { index, value: info.price, used: false };
      continue;
    }

    if (lineClass === "text" || lineClass === "department") {
      if (lineClass === "department") continue;
      if (awaitingName && !awaitingName.named && !isModifierText(info.name) && !looksLikeHeaderNoise(line)) {
        awaitingName.rawName = info.name;
        awaitingName.named = true;
        awaitingName.kind = kindOf(info.name, awaitingName.price);
        if (info.count !== null && !awaitingName.explicitCount) {
          awaitingName.quantity = info.count;
          awaitingName.explicitCount = true;
        }
        awaitingName.lastLine = index;
        usedLines.push(awaitingName.line, index);
        awaitingName = null;
        continue;
      }
      const previous = isDirectlyAfterItem(index);
      if (isModifierText(info.name)) {
        if (previous) previous.lastLine = index;
        continue;
      }
      if (looksLikeHeaderNoise(line)) {
        pendingText = [];
        continue;
      }
      if (unbalancedClose(info.name) && pendingText.length === 0) {
        // The tail of a wrapped bracket from the line above ("Afternoon Discount (" / "After 4pm) (30%)").
        if (previous) previous.lastLine = index;
        continue;
      }
      const after = nextNonText(index);
      const startsNextName = after === "numeric" || after === "qty";
      // A line with digits in it is not the rest of a name (a US item whose price OCR could not read: "SPINACH 034°").
      if (!startsNextName && previous && !previous.nameAbove && info.count === null && pendingText.length === 0 && !/\d/.test(info.name)) {
        // A wrapped item name continues under its price line ("HAEMUL 1 85,000" / "DENJANG" / "JJIGAE").
        previous.rawName = `${previous.rawName} ${info.name}`.trim();
        previous.lastLine = index;
        usedLines.push(index);
        continue;
      }
      pendingText.push({ index, info });
      continue;
    }

    // lineClass === "item": name and price on one line.
    const previous = isDirectlyAfterItem(index);
    const zeroPricedOption = info.price === 0 && (info.count ?? 1) <= 1 && !FREE_OR_BAG.test(info.name) && pendingText.length === 0;
    // Where items open with their count ("1 x MANGO GT (L) 25,000"), a priced line without one right under an item is
    // its add-on ("PEARL (L) 4,000"), not an item of its own.
    const addOn = previous !== undefined && leadCountLayout && info.leadCount === null && info.count === null && previous.leadCounted === true && pendingText.length === 0;
    if (previous && (addOn || isModifierItem(info.name) || (zeroPricedOption && ((previous.price ?? 0) > 0 || previous.optionChain)))) {
      // Options of the item above, printed with their own (often zero) price.
      previous.lastLine = index;
      previous.optionChain = true;
      continue;
    }
    let name = info.name;
    let quantity = info.count;
    let unitPrice = info.unitPrice;
    let unit = info.weightUnit;
    let explicitCount = info.count !== null;
    if (awaitingName && !awaitingName.named && info.price !== null) {
      const orphan = awaitingName;
      const orphanPrice = orphan.price ?? 0;
      const matches =
        nearlyEqual(orphanPrice, info.price) ||
        consistent(orphan.quantity, orphanPrice, info.price) ||
        (orphan.unitPrice !== null && consistent(orphan.quantity, orphan.unitPrice, info.price));
      items.splice(items.indexOf(orphan), 1);
      // "1X 6,000" then "7 UP CAN 330 ML 6,000": with the count above, a leading number is part of the name.
      const leadIsName = info.leadRaw !== null && info.count === info.leadCount && orphan.explicitCount;
      if (matches && (quantity === null || leadIsName)) {
        if (leadIsName) name = `${info.leadRaw} ${name}`;
        quantity = orphan.quantity;
        unitPrice = orphan.unitPrice ?? (nearlyEqual(orphanPrice, info.price) ? null : orphanPrice);
        unit = orphan.unit;
        explicitCount = orphan.explicitCount;
        usedLines.push(orphan.line);
      }
      awaitingName = null;
    }
    const pendingFits = pendingQty !== null && info.price !== null && (pendingQty.unitPrice === null || consistent(pendingQty.count, pendingQty.unitPrice, info.price));
    const pendingByHabit = pendingQty !== null && !pendingFits && quantityHabit === "before" && pendingQty.index === index - 1 && info.price !== null;
    if (pendingQty && quantity === null && (pendingFits || pendingByHabit)) {
      quantity = pendingQty.count;
      unitPrice = unitPrice ?? (pendingByHabit ? null : pendingQty.unitPrice);
      unit = unit ?? pendingQty.weightUnit;
      explicitCount = true;
    }
    pendingQty = null;
    // Text above a complete item line is an option of the item before it, unless it opened a bracket that
    // this line closes ("Spaghetti Bini Muda (Bol" / "ognese) - DINE IN 1 19.000").
    const pendingJoined = pendingText.map((p) => p.info.name).join(" ");
    const previousNamedAbove = lastItem()?.nameAbove === true;
    if (pendingText.length > 0 && (unbalancedOpen(pendingJoined) || previousNamedAbove)) {
      name = `${pendingJoined} ${name}`;
      for (const p of pendingText) usedLines.push(p.index);
    }
    pendingText = [];
    pushItem({ rawName: name, quantity: quantity ?? 1, unit, unitPrice, price: info.price, line: index, explicitCount, named: true, leadCounted: info.leadCount !== null }, index);
  }

  const finalItems: ReceiptLineItem[] = items
    .filter((d) => d.named && d.rawName.trim() !== "")
    .map((d) => ({
      rawName: d.rawName.replace(/\s+/g, " ").trim(),
      quantity: roundTo(d.quantity, 3),
      unit: d.unit === "lb" || d.unit === "kg" ? d.unit : null,
      unitPrice: d.unitPrice === null ? null : roundTo(d.unitPrice, 4),
      price: d.price === null ? null : roundTo(d.price, 2),
      kind: d.kind,
    }));

  const firstContent = Math.min(
    lines.length,
    ...usedLines,
    ...classes.map((c, i) => (c === "summary" || c === "item" || c === "numeric" || c === "discount" ? i : lines.length)),
  );
  const storeName = findStoreName(lines, firstContent);
  const subtotal = subtotals[0] ?? null;
  const tax = taxes.length > 0 ? roundTo(taxes.reduce((a, b) => a + b, 0), 2) : null;
  const total = totals.length > 0 ? Math.max(...totals) : weakTotals.length > 0 ? Math.max(...weakTotals) : subtotals.length > 0 ? Math.max(...subtotals) : null;
  return { storeName, date, subtotal, tax, total, items: finalItems, currency: detectCurrency(lines) };
}

/** "TULSA 0K 74103": OCR reads the O of a state as a zero. */
const cityStateZip = (line: string) => CITY_STATE_ZIP.test(line) || CITY_STATE_ZIP.test(line.replace(/\b([A-Z]?)0([A-Z]?)(?=\.?\s+\d{5}\b)/g, "$1O$2"));

function looksLikeSkipLine(line: string, info: LineInfo): boolean {
  if (SKIP_LINE.test(line) || cityStateZip(line)) return true;
  // A full date with a time of day is the register header ("11/18/2026 14:32 Reg 3 Trn 4471"), never an item,
  // even when it ends in a number that looks like a price.
  if (TIME_LINE.test(line) && findDate(line) !== null) return true;
  if (info.price === null && (TIME_LINE.test(line) || findDate(line) !== null)) return true;
  if (info.price === null && (ADDRESS_LINE.test(line) || cityStateZip(line))) return true;
  return false;
}

function findStoreName(lines: string[], firstContentLine: number): string | null {
  const limit = Math.min(firstContentLine, 8);
  for (let i = 0; i < limit; i++) {
    const line = lines[i] ?? "";
    if (looksLikeHeaderNoise(line)) continue;
    const letters = line.replace(/[^A-Za-z]/g, "");
    if (letters.length < 3) continue;
    if (/\b(?:receipt|invoice|order|sale|transaction|copy|duplicate|customer)\b/i.test(line) && letters.length < 20) continue;
    const cleaned = cleanStoreName(line);
    if (cleaned) return cleaned;
  }
  return null;
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
