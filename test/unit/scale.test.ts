import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseIngredientLine } from "../../worker/domain/ingredients";
import { formatAmount, formatQuantity, scaleIngredients } from "../../worker/domain/scale";
import { toBaseUnit } from "../../worker/domain/units";

describe("formatQuantity", () => {
  it.each<[number, string]>([
    [0.333, "1/3"], [1 / 3, "1/3"], [0.667, "2/3"], [1.5, "1 1/2"], [0.25, "1/4"], [0.75, "3/4"], [0.125, "1/8"],
    [2.375, "2 3/8"], [3, "3"], [0.9999, "1"], [1.99, "2"], [0.2, "0.2"], [0.05, "0.05"], [12.4, "12 1/2"], [12.1, "12"],
    [150.3, "150"], [0, "0"],
  ])("%d -> %s", (n, text) => expect(formatQuantity(n)).toBe(text));

  it("rounds metric amounts the way a scale reads", () => {
    expect(formatQuantity(1234, "g")).toBe("1230");
    expect(formatQuantity(152, "g")).toBe("150");
    expect(formatQuantity(47.6, "ml")).toBe("48");
    expect(formatQuantity(7.25, "g")).toBe("7.3");
    expect(formatQuantity(1.255, "kg")).toBe("1.25");
    expect(formatQuantity(0.5, "l")).toBe("0.5");
  });

  it("gives nothing for a non-number", () => {
    expect(formatQuantity(Number.NaN)).toBe("");
    expect(formatQuantity(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("stays within a kitchen fraction of the true amount (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 9.99, noNaN: true }), (n) => {
        const text = formatQuantity(n);
        const value = parseIngredientLine(`${text} cups flour`).quantity ?? Number.NaN;
        expect(Math.abs(value - n)).toBeLessThanOrEqual(0.031);
      }),
    );
  });
});

describe("scaleIngredients", () => {
  const recipe = ["1 teaspoon salt", "2-3 tablespoons olive oil", "500 g flour", "2 eggs", "Salt and pepper to taste", "1/2 cup milk", "1 (14 oz) can tomatoes"].map(parseIngredientLine);

  it("doubles amounts and moves to friendlier units", () => {
    const scaled = scaleIngredients(recipe, 4, 8);
    expect(scaled.map((i) => [i.quantity, i.quantityMax, i.unit])).toEqual([
      [2, null, "tsp"],
      [4, 6, "tbsp"],
      [1, null, "kg"],
      [4, null, null],
      [null, null, null],
      [1, null, "cups"],
      [2, null, "can"],
    ]);
    expect(scaled[4]?.name).toBe("Salt and pepper");
  });

  it("halves amounts and moves to smaller units when needed", () => {
    const scaled = scaleIngredients(recipe, 4, 2);
    expect(scaled.map((i) => [i.quantity, i.quantityMax, i.unit])).toEqual([
      [0.5, null, "tsp"],
      [1, 1.5, "tbsp"],
      [250, null, "g"],
      [1, null, null],
      [null, null, null],
      [0.25, null, "cups"],
      [0.5, null, "can"],
    ]);
  });

  it("turns 3 teaspoons into a tablespoon and 4 tablespoons into a quarter cup", () => {
    const [salt, butter] = scaleIngredients([parseIngredientLine("1 tsp salt"), parseIngredientLine("2 tbsp butter")], 2, 6);
    expect([salt?.quantity, salt?.unit]).toEqual([1, "tbsp"]);
    expect([butter?.quantity, butter?.unit]).toEqual([6, "tbsp"]);
    const [more] = scaleIngredients([parseIngredientLine("2 tbsp butter")], 1, 2);
    expect([more?.quantity, more?.unit]).toEqual([0.25, "cups"]);
  });

  it("keeps other fields and does not change the input", () => {
    const input = [parseIngredientLine("2 cups flour, sifted")];
    const scaled = scaleIngredients(input, 2, 3);
    expect(scaled[0]).toMatchObject({ quantity: 3, unit: "cups", name: "flour", preparation: "sifted", input: "2 cups flour, sifted" });
    expect(input[0]?.quantity).toBe(2);
    expect(scaled[0]).not.toBe(input[0]);
  });

  it("accepts plain ingredient rows", () => {
    const rows = [{ quantity: 1.5, quantityMax: null, unit: "lb", name: "beef", recipeId: 7 }];
    expect(scaleIngredients(rows, 3, 2)).toEqual([{ quantity: 1, quantityMax: null, unit: "lb", name: "beef", recipeId: 7 }]);
  });

  it("leaves amounts alone for a missing or non-positive serving count", () => {
    for (const [from, to] of [[0, 4], [4, 0], [-2, 4], [Number.NaN, 2]] as const) {
      expect(scaleIngredients(recipe, from, to).map((i) => i.quantity)).toEqual(recipe.map((i) => i.quantity));
    }
  });

  it("keeps the total amount whatever unit it lands in (property)", () => {
    const line = fc.constantFrom("1 tsp salt", "3 tbsp oil", "1/2 cup milk", "250 g flour", "750 ml stock", "1.2 kg potatoes", "2 eggs");
    fc.assert(
      fc.property(line, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 20 }), (text, from, to) => {
        const original = parseIngredientLine(text);
        const [scaled] = scaleIngredients([original], from, to);
        const before = toBaseUnit((original.quantity ?? 0) * (to / from), original.unit);
        const after = toBaseUnit(scaled?.quantity ?? 0, scaled?.unit ?? null);
        expect(after?.unit).toBe(before?.unit);
        expect(after?.quantity ?? 0).toBeCloseTo(before?.quantity ?? 0, 3);
      }),
    );
  });
});

describe("formatAmount", () => {
  it("writes an amount or range with its unit", () => {
    expect(formatAmount(1.5, 2, "cups")).toBe("1 1/2-2 cups");
    expect(formatAmount(1, null, "cups")).toBe("1 cup");
    expect(formatAmount(1250, null, "g")).toBe("1250 g");
    expect(formatAmount(2, null, null)).toBe("2");
    expect(formatAmount(null, null, "cups")).toBe("");
  });
});

describe("scaling keeps cooks' units", () => {
  it("does not turn cups into a pile of spoons", () => {
    const [water, rice] = scaleIngredients(
      [
        { quantity: 1.75, quantityMax: null, unit: "cups", name: "water" },
        { quantity: 2 / 3, quantityMax: null, unit: "cups", name: "rice" },
      ],
      4,
      5,
    );
    expect(water!.unit).toBe("cups");
    expect(water!.quantity).toBeCloseTo(2.1875, 4);
    expect(rice!.unit).toBe("cups");
  });

  it("still moves a tiny amount down to spoons and a large one up to cups", () => {
    const [small, large] = scaleIngredients(
      [
        { quantity: 0.25, quantityMax: null, unit: "cups", name: "oil" },
        { quantity: 4, quantityMax: null, unit: "tbsp", name: "butter" },
      ],
      4,
      2,
    );
    expect(small!.unit).toBe("tbsp");
    expect(small!.quantity).toBe(2);
    expect(large!.unit).toBe("tbsp");
    expect(large!.quantity).toBe(2);
  });
});
