import { describe, expect, it } from "vitest";
import fc from "fast-check";
import groceryNamesData from "../../worker/data/groceryNames.json";
import { PANTRY_CATEGORIES } from "../../worker/domain/constants";
import { categorizeGroceryName, normalizeReceiptName, searchGroceryNames } from "../../worker/domain/groceryNames";

describe("normalizeReceiptName", () => {
  it.each([
    ["ORG BNNA", "bananas", "Fresh Fruits"],
    ["GRND BF 80/20", "ground beef", "Fresh Meat"],
    ["GV 2% MLK GAL", "milk", "Milk & Eggs"],
    ["KS EGGS 24CT", "eggs", "Milk & Eggs"],
    ["BNLS SKNLS CHKN BRST", "chicken breasts", "Fresh Meat"],
    ["HASS AVOCADO", "avocados", "Fresh Fruits"],
    ["STRWBRY 1LB", "strawberries", "Fresh Fruits"],
    ["KS WHL MLK 2PK", "whole milk", "Milk & Eggs"],
    ["DANNON YGRT", "yogurt", "Cheese & Yogurt"],
    ["365 SHRD MOZZ CHS", "mozzarella cheese", "Cheese & Yogurt"],
    ["GV WHL WHT BRD", "whole wheat bread", "Bread & Bakery"],
    ["ORG BABY SPINACH", "baby spinach", "Fresh Vegetables"],
    ["RED ONIONS", "red onions", "Fresh Vegetables"],
    ["YEL ONION", "onions", "Fresh Vegetables"],
    ["ROTISSERIE CHKN", "rotisserie chicken", "Deli & Prepared"],
    ["FRZ PIZZA", "frozen pizza", "Frozen Foods"],
    ["TORT CHPS", "tortilla chips", "Snacks"],
    ["COKE 12PK", "cola", "Beverages"],
    ["GG STRWBRY PRESERVES", "strawberry preserves", "Condiments & Sauces"],
    ["Roma Tomatoes", "tomatoes", "Fresh Vegetables"],
  ])("%s -> %s (%s)", (raw, name, category) => {
    const result = normalizeReceiptName(raw);
    expect(result).toMatchObject({ name, category, isFood: true });
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  it.each(["BAG FEE", "CRV SFT DRNK", "BTL DEPOSIT", "DEPOSIT", "TAX", "DURACELL AA 8PK", "PAPER TOWELS", "TIDE DETERGENT 64OZ", "GLAD TRASH BAGS", "MFR COUPON"])(
    "%s is not food",
    (raw) => {
      expect(normalizeReceiptName(raw)).toMatchObject({ isFood: false, category: "Other" });
    },
  );

  it("keeps food that merely shares a word with household goods", () => {
    expect(normalizeReceiptName("HOT DOG BUNS")).toMatchObject({ name: "hot dog buns", isFood: true, category: "Bread & Bakery" });
  });

  it("falls back to the cleaned text with low confidence when nothing matches", () => {
    const result = normalizeReceiptName("GV ZXQW PLORT 12OZ");
    expect(result.name).toBe("zxqw plort");
    expect(result.isFood).toBe(true);
    expect(result.confidence).toBeLessThan(0.5);
  });

  it("always answers with a pantry category and a confidence between 0 and 1", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const result = normalizeReceiptName(raw);
        expect(PANTRY_CATEGORIES).toContain(result.category);
        expect(result.confidence).toBeGreaterThanOrEqual(0);
        expect(result.confidence).toBeLessThanOrEqual(1);
        expect(typeof result.name).toBe("string");
      }),
      { numRuns: 200 },
    );
  });
});

describe("categorizeGroceryName", () => {
  it.each([
    ["bananas", "Fresh Fruits"],
    ["carrots", "Fresh Vegetables"],
    ["milk", "Milk & Eggs"],
    ["cheddar cheese", "Cheese & Yogurt"],
    ["greek yogurt", "Cheese & Yogurt"],
    ["pork chops", "Fresh Meat"],
    ["salmon", "Fresh Meat"],
    ["salami", "Deli & Prepared"],
    ["ice cream", "Frozen Foods"],
    ["bagels", "Bread & Bakery"],
    ["black beans", "Canned Goods"],
    ["rice", "Dry Goods"],
    ["paprika", "Spices & Seasonings"],
    ["ketchup", "Condiments & Sauces"],
    ["orange juice", "Beverages"],
    ["pretzels", "Snacks"],
    ["frozen peas", "Frozen Foods"],
    ["paper towels", "Other"],
    ["", "Other"],
  ])("%j -> %s", (name, category) => {
    expect(categorizeGroceryName(name)).toBe(category);
  });

  it("uses only the pantry categories in the shipped name list", () => {
    expect(groceryNamesData.categories).toEqual([...PANTRY_CATEGORIES]);
    const used = new Set(groceryNamesData.names.map(([, index]) => index));
    for (const index of used) expect(PANTRY_CATEGORIES[index as number]).toBeDefined();
    expect(groceryNamesData.names.length).toBeGreaterThan(1000);
  });
});

describe("searchGroceryNames", () => {
  it("lists names starting with the text first, then other matches, each group alphabetical", () => {
    const results = searchGroceryNames("milk", 50);
    expect(results[0]).toBe("milk");
    const firstNonPrefix = results.findIndex((n) => !n.startsWith("milk"));
    expect(firstNonPrefix).toBeGreaterThan(0);
    const prefixed = results.slice(0, firstNonPrefix);
    const others = results.slice(firstNonPrefix);
    expect(others.every((n) => !n.startsWith("milk") && n.includes("milk"))).toBe(true);
    expect(prefixed).toEqual([...prefixed].sort((a, b) => a.localeCompare(b)));
    expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b)));
    expect(others).toContain("almond milk");
  });

  it("matches case-insensitively, respects the limit and never repeats a name", () => {
    expect(searchGroceryNames("CHICK", 5)).toHaveLength(5);
    expect(searchGroceryNames("chick", 5)).toEqual(searchGroceryNames("CHICK", 5));
    const all = searchGroceryNames("a", 5000);
    expect(new Set(all).size).toBe(all.length);
    expect(searchGroceryNames("banana")).toContain("bananas");
  });

  it("returns nothing for empty or unknown text", () => {
    expect(searchGroceryNames("")).toEqual([]);
    expect(searchGroceryNames("   ")).toEqual([]);
    expect(searchGroceryNames("qqqzzz")).toEqual([]);
  });
});
