import { describe, expect, it } from "vitest";
import { servingsScale, suggestedUse, type CookPantryItem } from "../../worker/domain/cookedMeal";

const item = (values: Partial<CookPantryItem>): CookPantryItem => ({ name: "Item", unit: null, quantity: 1, amountPerUnit: null, maxAmountPerUnit: null, isOpened: false, ...values });

describe("Cooked it: amounts in the pantry item's terms", () => {
  it("scales by the entry's servings over the recipe's", () => {
    expect(servingsScale(6, 4)).toBe(1.5);
    expect(servingsScale(null, 4)).toBe(1);
    expect(servingsScale(2, null)).toBe(1);
  });

  it("counts pieces for an item kept as a count", () => {
    expect(suggestedUse({ name: "eggs", quantity: 2, unit: null }, item({ name: "Eggs", quantity: 12 }))).toBe(2);
    expect(suggestedUse({ name: "eggs", quantity: 1, unit: "dozen" }, item({ name: "Eggs", quantity: 18, unit: "each" }))).toBe(12);
    expect(suggestedUse({ name: "eggs", quantity: 2, unit: null }, item({ name: "Eggs", quantity: 12 }), 1.5)).toBe(3);
    // A weight says nothing about how many pieces.
    expect(suggestedUse({ name: "onion", quantity: 200, unit: "g" }, item({ name: "Onions", quantity: 3 }))).toBeNull();
  });

  it("converts into the unit of an item measured by amount, and never asks for more than is left", () => {
    const milk = item({ name: "Milk", unit: "ml", quantity: 1, amountPerUnit: 1000, maxAmountPerUnit: 1000 });
    expect(suggestedUse({ name: "milk", quantity: 1, unit: "cup" }, milk)).toBeCloseTo(236.59, 1);
    expect(suggestedUse({ name: "milk", quantity: 2, unit: "l" }, milk)).toBe(1000);
    const flour = item({ name: "Flour", unit: "g", quantity: 1, amountPerUnit: 900, maxAmountPerUnit: 1000 });
    expect(suggestedUse({ name: "flour", quantity: 1, unit: "cups" }, flour)).toBeCloseTo(125.4, 0);
  });

  it("an item with a unit but no container amounts takes its quantity in that unit", () => {
    expect(suggestedUse({ name: "milk", quantity: 2, unit: "cups" }, item({ name: "Milk", unit: "gallon", quantity: 1 }))).toBe(0.13);
  });

  it("asks the user when the recipe gives no amount or units do not convert", () => {
    expect(suggestedUse({ name: "parsley", quantity: null, unit: null }, item({ name: "Parsley" }))).toBeNull();
    expect(suggestedUse({ name: "garlic", quantity: 2, unit: "clove" }, item({ name: "Garlic", quantity: 1, unit: "head" }))).toBeNull();
  });
});
