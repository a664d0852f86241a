import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { UNITS } from "../../worker/domain/constants";
import { CANONICAL_UNITS, convert, densityOf, normalizeUnit, toBaseUnit, unitKind, unitLabel } from "../../worker/domain/units";

describe("normalizeUnit", () => {
  it.each([
    ["cup", "cups"], ["Cups", "cups"], ["c.", "cups"], ["C", "cups"],
    ["tablespoon", "tbsp"], ["Tablespoons", "tbsp"], ["tbsp.", "tbsp"], ["Tbs", "tbsp"], ["T", "tbsp"], ["table spoon", "tbsp"],
    ["teaspoon", "tsp"], ["tsp", "tsp"], ["t", "tsp"],
    ["ounce", "oz"], ["oz.", "oz"], ["fluid ounces", "fl oz"], ["fl. oz", "fl oz"], ["fl oz", "fl oz"],
    ["pound", "lb"], ["lbs", "lb"], ["lb.", "lb"],
    ["gram", "g"], ["grams", "g"], ["G", "g"], ["kilogram", "kg"], ["kilos", "kg"],
    ["millilitre", "ml"], ["mL", "ml"], ["liter", "l"], ["L", "l"], ["litres", "l"],
    ["pint", "pint"], ["quarts", "quart"], ["gallon", "gallon"], ["gal", "gallon"],
    ["clove", "clove"], ["cloves", "clove"], ["can", "can"], ["tins", "can"], ["package", "package"], ["pkg", "package"],
    ["stick", "stick"], ["slice", "slices"], ["slices", "slices"], ["pinch", "pinch"], ["dashes", "dash"],
    ["bunch", "bunch"], ["sprigs", "sprig"], ["head", "head"], ["handful", "handful"], ["pieces", "piece"],
  ])("%s -> %s", (raw, unit) => expect(normalizeUnit(raw)).toBe(unit));

  it("does not mistake other words for units", () => {
    for (const word of ["large", "onion", "", "  ", "tablespoonsful of", "cupboard", "x"]) expect(normalizeUnit(word)).toBeNull();
  });

  it("treats single letters by case: T is a tablespoon and t a teaspoon", () => {
    expect(normalizeUnit("T")).toBe("tbsp");
    expect(normalizeUnit("t")).toBe("tsp");
  });

  it("knows every unit the unit picker offers", () => {
    for (const unit of UNITS) {
      expect(normalizeUnit(unit), unit).toBe(unit);
      expect(CANONICAL_UNITS).toContain(unit);
      expect(unitKind(unit), unit).not.toBeNull();
    }
  });
});

describe("unitKind and unitLabel", () => {
  it("classifies units", () => {
    expect(unitKind("cups")).toBe("volume");
    expect(unitKind("fl oz")).toBe("volume");
    expect(unitKind("oz")).toBe("weight");
    expect(unitKind("kg")).toBe("weight");
    expect(unitKind("clove")).toBe("count");
    expect(unitKind("each")).toBe("count");
    expect(unitKind("tablespoons")).toBe("volume");
    expect(unitKind("furlong")).toBeNull();
    expect(unitKind(null)).toBeNull();
  });

  it("reads singular for one and plural otherwise", () => {
    expect(unitLabel("cups", 1)).toBe("cup");
    expect(unitLabel("cups", 0.5)).toBe("cup");
    expect(unitLabel("cups", 2)).toBe("cups");
    expect(unitLabel("clove", 3)).toBe("cloves");
    expect(unitLabel("tbsp", 3)).toBe("tbsp");
  });
});

describe("convert", () => {
  it("converts volume to volume", () => {
    expect(convert(3, "tsp", "tbsp")).toBeCloseTo(1, 9);
    expect(convert(16, "tbsp", "cups")).toBeCloseTo(1, 9);
    expect(convert(1, "cups", "ml")).toBeCloseTo(236.59, 1);
    expect(convert(1, "gallon", "quart")).toBeCloseTo(4, 9);
    expect(convert(1, "quart", "pint")).toBeCloseTo(2, 9);
    expect(convert(1, "pint", "cups")).toBeCloseTo(2, 9);
    expect(convert(8, "fl oz", "cups")).toBeCloseTo(1, 9);
    expect(convert(1, "l", "ml")).toBe(1000);
    expect(convert(2, "Tablespoons", "teaspoon")).toBeCloseTo(6, 9);
  });

  it("converts weight to weight", () => {
    expect(convert(1, "lb", "oz")).toBeCloseTo(16, 9);
    expect(convert(1, "kg", "g")).toBe(1000);
    expect(convert(1, "oz", "g")).toBeCloseTo(28.35, 2);
    expect(convert(500, "g", "lb")).toBeCloseTo(1.1023, 3);
  });

  it("converts volume and weight only for foods with a known density", () => {
    expect(convert(1, "cups", "g", "all-purpose flour")).toBeCloseTo(125, -1);
    expect(convert(1, "cups", "g", "granulated sugar")).toBeCloseTo(200, -1);
    expect(convert(1, "cups", "g", "packed brown sugar")).toBeCloseTo(220, -1);
    expect(convert(1, "cups", "g", "water")).toBeCloseTo(236.6, 0);
    expect(convert(1, "tbsp", "g", "honey")).toBeCloseTo(21, 0);
    expect(convert(227, "g", "cups", "butter")).toBeCloseTo(1, 1);
    expect(convert(1, "cups", "g", "unobtainium")).toBeNull();
    expect(convert(1, "cups", "g")).toBeNull();
  });

  it("uses the longest matching food name", () => {
    expect(densityOf("light brown sugar")).toBe(densityOf("brown sugar"));
    expect(densityOf("brown sugar")).not.toBe(densityOf("sugar"));
    expect(densityOf("Whole Milk")).toBe(densityOf("milk"));
  });

  it("converts a stick of butter exactly", () => {
    expect(convert(1, "stick", "tbsp", "butter")).toBeCloseTo(8, 9);
    expect(convert(1, "stick", "g", "unsalted butter")).toBeCloseTo(113.4, 1);
    expect(convert(16, "tbsp", "stick", "butter")).toBeCloseTo(2, 9);
    expect(convert(1, "stick", "g", "cinnamon")).toBeNull();
  });

  it("refuses conversions between unrelated units", () => {
    expect(convert(1, "clove", "g", "garlic")).toBeNull();
    expect(convert(1, "can", "clove")).toBeNull();
    expect(convert(1, "cups", "furlong")).toBeNull();
    expect(convert(Number.NaN, "cups", "ml")).toBeNull();
    expect(convert(2, "dozen", "each")).toBe(24);
  });

  it("round-trips between any two units of a kind (property)", () => {
    const volume = fc.constantFrom("ml", "l", "tsp", "tbsp", "cups", "fl oz", "pint", "quart", "gallon");
    const weight = fc.constantFrom("g", "kg", "oz", "lb", "mg");
    const amount = fc.double({ min: 0.001, max: 10_000, noNaN: true });
    for (const kind of [volume, weight]) {
      fc.assert(
        fc.property(amount, kind, kind, (q, from, to) => {
          const there = convert(q, from, to);
          expect(there).not.toBeNull();
          expect(convert(there ?? 0, to, from)).toBeCloseTo(q, 6);
        }),
      );
    }
  });
});

describe("toBaseUnit", () => {
  it("returns millilitres, grams or a count", () => {
    expect(toBaseUnit(2, "tbsp")).toEqual({ quantity: expect.closeTo(29.57, 2), unit: "ml" });
    expect(toBaseUnit(1.5, "kg")).toEqual({ quantity: 1500, unit: "g" });
    expect(toBaseUnit(3, "clove")).toEqual({ quantity: 3, unit: "count" });
    expect(toBaseUnit(2, "dozen")).toEqual({ quantity: 24, unit: "count" });
    expect(toBaseUnit(4, null)).toEqual({ quantity: 4, unit: "count" });
    expect(toBaseUnit(1, "Cups")).toEqual({ quantity: expect.closeTo(236.59, 2), unit: "ml" });
    expect(toBaseUnit(1, "furlong")).toBeNull();
  });
});
