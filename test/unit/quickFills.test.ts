import { describe, expect, it } from "vitest";
import { quickFills } from "../../worker/domain/containers";

type Item = Parameters<typeof quickFills>[0];
const item = (over: Partial<Item>): Item => ({ quantity: 1, unit: null, size: null, amountPerUnit: null, maxAmountPerUnit: null, category: "Other", ...over });
/** The dialog's chosen container holds `amount` (the open one, a full one, or one whole item). */
const fillsFor = (value: Item, amount: number) => quickFills(value, { index: 0, label: "", amount }).map((f) => `${f.label}: ${f.amountText}`);

describe("Use Some quick fills", () => {
  it("say what they fill in, in the item's unit", () => {
    expect(fillsFor(item({ unit: "gallon", size: "container", amountPerUnit: 1, maxAmountPerUnit: 1, category: "Milk & Eggs" }), 1)).toEqual([
      "Full: 1 gallon",
      "Half: 0.5 gallon",
      "Quarter: 0.25 gallon",
    ]);
    // The open container holds 0.5: Full is what is left in it.
    expect(fillsFor(item({ unit: "gallon", amountPerUnit: 0.5, maxAmountPerUnit: 1 }), 0.5)[0]).toBe("Full: 0.5 gallon");
  });

  it("apply to one item when there are several, and say so", () => {
    expect(fillsFor(item({ quantity: 6, category: "Fresh Fruits" }), 1)).toEqual(["One whole: 1 item", "Half of one: 0.5 items", "Quarter of one: 0.25 items"]);
    expect(fillsFor(item({ quantity: 1, category: "Fresh Fruits" }), 1)).toEqual(["All: 1 item", "Half: 0.5 items", "Quarter: 0.25 items"]);
    expect(fillsFor(item({ quantity: 2, unit: "ml", size: "bottle", amountPerUnit: 500, maxAmountPerUnit: 500 }), 500)).toEqual([
      "One full: 500 ml",
      "Half of one: 250 ml",
      "Quarter of one: 125 ml",
    ]);
    expect(fillsFor(item({ quantity: 3, size: "bunch" }), 1)[0]).toBe("One full: 1 bunch");
  });
});
