/**
 * Every parser, at least 1,000 generated inputs each: receipt text, ingredient lines, recipe pages, units and
 * durations, uploads (file type by content), and the meal plan's iCalendar feed.
 * None may throw, and what each returns keeps its promises (finite numbers, real dates, its own types).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findDate, parseAmount, parseReceiptText } from "../../worker/domain/receiptParser";
import { formatIngredient, parseIngredientLine } from "../../worker/domain/ingredients";
import { decodeEntities, extractRecipeFromHtml, htmlToText } from "../../worker/domain/recipeExtract";
import { convert, normalizeUnit, toBaseUnit, unitKind, unitLabel } from "../../worker/domain/units";
import { parseIsoDuration } from "../../worker/domain/isoDuration";
import { detectFileType, jpegDimensions, looksLikeDecompressionBomb, pngDimensions } from "../../worker/domain/fileType";
import { isIsoDate } from "../../worker/domain/dates";
import { mealPlanFeed } from "../../worker/domain/calendarFeed";
import { MEAL_TYPES } from "../../worker/domain/constants";

const RUNS = { numRuns: 1_000 };
const finiteOrNull = (n: number | null) => n === null || Number.isFinite(n);

// ---------------------------------------------------------------------------------------------------------------
// Receipt text

const receiptWord = fc.constantFrom("TOTAL", "SUBTOTAL", "TAX", "BALANCE DUE", "CASH", "CHANGE", "VISA", "2 @", "3 x", "lb", "kg", "@", "BAG FEE", "CRV", "COUPON", "-", "*", "Rp.", "€", "$", "12/31/2025", "2026-01-05", "05.01.26");
const priceText = fc.oneof(fc.double({ min: -10_000, max: 1e7, noNaN: true }).map((n) => n.toFixed(2)), fc.integer({ min: 0, max: 99_999_999 }).map(String), fc.constantFrom("1,234.56", "1.234,56", "0.00", "-3.00", "3.00-", "$ 4.99", ".99", "99."));
const receiptLine = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.tuple(fc.array(fc.oneof(receiptWord, fc.stringMatching(/^[A-Z][A-Z ]{0,18}$/)), { maxLength: 4 }), priceText).map(([words, price]) => `${words.join(" ")}   ${price}`),
  fc.stringMatching(/^[A-Z0-9 @x.,$%*\-/():]{0,48}$/),
);

describe("receipt text", () => {
  it("parseReceiptText: never throws; items, amounts and dates keep their types", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(receiptLine, { maxLength: 60 }), fc.string({ maxLength: 2_000 })), (input) => {
        const parsed = parseReceiptText(input);
        expect(Array.isArray(parsed.items)).toBe(true);
        for (const amount of [parsed.subtotal, parsed.tax, parsed.total]) expect(finiteOrNull(amount)).toBe(true);
        if (parsed.date !== null) expect(isIsoDate(parsed.date)).toBe(true);
        for (const item of parsed.items) {
          expect(typeof item.rawName).toBe("string");
          expect(Number.isFinite(item.quantity)).toBe(true);
          expect(finiteOrNull(item.price)).toBe(true);
          expect(finiteOrNull(item.unitPrice)).toBe(true);
          expect(["item", "discount", "deposit", "fee", "bag"]).toContain(item.kind);
        }
      }),
      RUNS,
    );
  });

  it("parseAmount and findDate: a finite number or null, a real date or null", () => {
    fc.assert(
      fc.property(fc.oneof(priceText, fc.string({ maxLength: 30 }), receiptLine), (text) => {
        expect(finiteOrNull(parseAmount(text))).toBe(true);
        const date = findDate(text);
        if (date !== null) expect(isIsoDate(date)).toBe(true);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Ingredient lines

const ingredientPiece = fc.constantFrom("1", "2 1/2", "½", "3-4", "1.5", "a pinch of", "cups", "cup", "tbsp", "g", "kg", "oz", "lb", "ml", "large", "eggs", "flour", "chopped", ",", "(", ")", "to taste", "or", "and", "about", "x", "/", "-", "🍅", "", "  ");
const ingredientLine = fc.oneof(fc.string({ maxLength: 120 }), fc.array(ingredientPiece, { maxLength: 12 }).map((parts) => parts.join(" ")), fc.array(ingredientPiece, { maxLength: 8 }).map((parts) => parts.join("")));

describe("ingredient lines", () => {
  it("parseIngredientLine: never throws; quantities finite and ordered; formatting it back never throws", () => {
    fc.assert(
      fc.property(ingredientLine, (line) => {
        const parsed = parseIngredientLine(line);
        expect(typeof parsed.name).toBe("string");
        expect(finiteOrNull(parsed.quantity)).toBe(true);
        expect(finiteOrNull(parsed.quantityMax)).toBe(true);
        if (parsed.quantity !== null && parsed.quantityMax !== null) expect(parsed.quantityMax).toBeGreaterThanOrEqual(parsed.quantity);
        if (parsed.unit !== null) expect(normalizeUnit(parsed.unit)).toBe(parsed.unit);
        expect(typeof formatIngredient(parsed)).toBe("string");
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Recipe pages

const jsonLdValue = fc.jsonValue({ maxDepth: 4 });
const recipeJson = fc.record(
  {
    "@type": fc.constantFrom("Recipe", ["Recipe"], "HowTo", "Thing", 3, null),
    name: fc.oneof(fc.string({ maxLength: 40 }), jsonLdValue),
    recipeIngredient: fc.oneof(fc.array(fc.oneof(ingredientLine, jsonLdValue), { maxLength: 8 }), jsonLdValue),
    recipeInstructions: fc.oneof(fc.array(fc.oneof(fc.string({ maxLength: 60 }), fc.record({ "@type": fc.constantFrom("HowToStep", "HowToSection"), text: fc.string(), itemListElement: jsonLdValue })), { maxLength: 6 }), jsonLdValue),
    prepTime: fc.oneof(fc.constantFrom("PT15M", "PT1H30M", "P1DT2H", "PT", "15 minutes", ""), jsonLdValue),
    recipeYield: fc.oneof(fc.constantFrom("4", "4 servings", ["6", "6 bowls"], "1 dozen"), jsonLdValue),
    image: jsonLdValue,
  },
  { requiredKeys: ["@type"] },
);
const pageFragment = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom("<html>", "</html>", "<body>", "<div itemscope itemtype=\"http://schema.org/Recipe\">", "<span itemprop=\"name\">Soup</span>", "<li itemprop=\"recipeIngredient\">1 cup rice</li>", "</div>", "<!--", "-->", "&amp;", "&#x1F600;", "&#99999999;", "<script>", "</script>", "<h2>Ingredients</h2>", "<ul>", "</ul>"),
  fc.oneof(recipeJson, jsonLdValue).map((value) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`),
  fc.oneof(recipeJson, jsonLdValue).map((value) => `<script type="application/ld+json">${JSON.stringify({ "@graph": [value] }).slice(0, 200)}</script>`),
);

describe("recipe pages", () => {
  it("extractRecipeFromHtml: never throws; a found recipe has a title, text lines and sane numbers", () => {
    fc.assert(
      fc.property(fc.array(pageFragment, { maxLength: 30 }).map((parts) => parts.join("\n")), (html) => {
        const recipe = extractRecipeFromHtml(html, "https://example.com/recipe");
        if (recipe === null) return;
        expect(typeof recipe.title).toBe("string");
        for (const line of [...recipe.ingredients, ...recipe.instructions, ...recipe.keywords]) expect(typeof line).toBe("string");
        for (const n of [recipe.prepTime, recipe.cookTime, recipe.totalTime, recipe.servings]) {
          expect(finiteOrNull(n)).toBe(true);
          if (n !== null) expect(n).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it("htmlToText and decodeEntities: never throw, and the text stays within its limit", () => {
    fc.assert(
      fc.property(fc.array(pageFragment, { maxLength: 20 }).map((parts) => parts.join("")), fc.integer({ min: 0, max: 500 }), (html, max) => {
        expect(htmlToText(html, max).length).toBeLessThanOrEqual(max);
        expect(typeof decodeEntities(html)).toBe("string");
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Units and durations

const unitText = fc.oneof(fc.constantFrom("g", "gram", "grams", "kg", "oz", "ounce", "lb", "pound", "ml", "l", "litre", "cup", "cups", "tbsp", "Tablespoon", "tsp", "pinch", "can", "clove", "fl oz", "gallon", "qt", "pt", "stick"), fc.string({ maxLength: 12 }));

describe("units", () => {
  it("normalizeUnit is idempotent; kinds, labels and conversions never throw and stay finite", () => {
    fc.assert(
      fc.property(unitText, unitText, fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(undefined, "flour", "sugar", "water", "butter", "zzz"), (a, b, quantity, food) => {
        const unit = normalizeUnit(a);
        if (unit !== null) {
          expect(normalizeUnit(unit)).toBe(unit);
          expect(typeof unitLabel(unit, quantity)).toBe("string");
        }
        expect(["weight", "volume", "count", null]).toContain(unitKind(unit) ?? null);
        const converted = convert(quantity, a, b, food);
        expect(finiteOrNull(converted)).toBe(true);
        const base = toBaseUnit(quantity, unit);
        if (base) expect(Number.isFinite(base.quantity)).toBe(true);
      }),
      RUNS,
    );
  });

  it("converting there and back returns the amount (same kind)", () => {
    const massOrVolume = fc.constantFrom("g", "kg", "oz", "lb", "ml", "l", "cup", "tbsp", "tsp");
    fc.assert(
      fc.property(massOrVolume, massOrVolume, fc.double({ min: 0.001, max: 1e5, noNaN: true }), (from, to, quantity) => {
        const there = convert(quantity, from, to);
        if (there === null) return;
        const back = convert(there, to, from);
        expect(back).not.toBeNull();
        expect(Math.abs(back! - quantity)).toBeLessThanOrEqual(quantity * 1e-9 + 1e-9);
      }),
      RUNS,
    );
  });

  it("parseIsoDuration: minutes, never negative, or null", () => {
    const duration = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.tuple(fc.nat(50), fc.nat(99), fc.nat(500), fc.nat(1000)).map(([d, h, m, s]) => `P${d ? `${d}D` : ""}T${h}H${m}M${s}S`),
      fc.constantFrom("PT", "P", "PT-5M", "PT1.5H", "P1W", "PT1H-30M", "PT10M-PT15M", ""),
    );
    fc.assert(
      fc.property(duration, (text) => {
        const minutes = parseIsoDuration(text);
        expect(finiteOrNull(minutes)).toBe(true);
        if (minutes !== null) expect(minutes).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Uploads

const MAGIC: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  gif: [...new TextEncoder().encode("GIF89a")],
};

describe("uploads", () => {
  it("random bytes: the type comes from the content alone, and reading sizes never throws", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const kind = detectFileType(bytes);
        expect([null, "jpeg", "png", "pdf", "webp", "gif", "heic"]).toContain(kind);
        for (const dims of [pngDimensions(bytes), jpegDimensions(bytes)]) if (dims) expect(Number.isFinite(dims.width) && Number.isFinite(dims.height)).toBe(true);
        if (kind) expect(typeof looksLikeDecompressionBomb(bytes, kind)).toBe("boolean");
      }),
      RUNS,
    );
  });

  it("a file is what its first bytes say, whatever follows (names and extensions play no part)", () => {
    fc.assert(
      fc.property(fc.constantFrom("png", "jpeg", "pdf", "gif"), fc.uint8Array({ maxLength: 400 }), (kind, rest) => {
        const bytes = new Uint8Array([...MAGIC[kind]!, ...rest]);
        expect(detectFileType(bytes)).toBe(kind);
        expect(typeof looksLikeDecompressionBomb(bytes, kind as "png")).toBe("boolean");
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The meal plan's iCalendar feed

describe("iCalendar output", () => {
  it("mealPlanFeed: CRLF lines of at most 75 octets, one event per entry, text escaped (1,000 plans)", () => {
    const entry = fc.record({
      id: fc.integer({ min: 1, max: 1e6 }),
      date: fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2026, 2, 1 + d)).toISOString().slice(0, 10)),
      mealType: fc.constantFrom(...MEAL_TYPES),
      title: fc.string({ minLength: 1, maxLength: 120 }),
      notes: fc.option(fc.string({ maxLength: 300 })),
      servings: fc.option(fc.integer({ min: 1, max: 20 })),
      recipeId: fc.option(fc.integer({ min: 1, max: 1e6 })),
      reason: fc.option(fc.string({ maxLength: 80 })),
      cooked: fc.boolean(),
      updatedAt: fc.constant(new Date(Date.UTC(2026, 1, 1))),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { maxLength: 12, selector: (e) => e.id }), fc.constantFrom("UTC", "America/New_York", "Europe/Berlin", "Asia/Kathmandu", "Not/AZone"), (entries, timeZone) => {
        const text = mealPlanFeed(entries, { timeZone, origin: "https://plantry.example", uidHost: "plantry.example", from: "2026-03-01", through: "2026-04-30", now: new Date(Date.UTC(2026, 1, 1)) });
        expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
        expect(text.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
        expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
        for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        expect((text.match(/\r\nBEGIN:VEVENT\r\n/g) ?? []).length).toBe(entries.length);
      }),
      RUNS,
    );
  });
});
