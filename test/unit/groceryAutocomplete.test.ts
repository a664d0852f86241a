import { describe, expect, it } from "vitest";
import { COMMON_GROCERY_ITEMS, MAX_SUGGESTIONS, grocerySuggestions, rankSuggestions } from "../../worker/domain/groceryAutocomplete";

describe("rankSuggestions (table)", () => {
  const names = ["Oat milk", "Milk", "Buttermilk", "milk chocolate", "Almond milk", "Bread", "MILK", "  Coconut   milk "];
  const cases: { typed: string; expected: string[] }[] = [
    // Starting with the text first (alphabetical), then containing it (alphabetical); case aside; each once.
    { typed: "milk", expected: ["Milk", "milk chocolate", "Almond milk", "Buttermilk", "Coconut milk", "Oat milk"] },
    { typed: "MIL", expected: ["Milk", "milk chocolate", "Almond milk", "Buttermilk", "Coconut milk", "Oat milk"] },
    { typed: "  oat ", expected: ["Oat milk"] },
    { typed: "ilk", expected: ["Almond milk", "Buttermilk", "Coconut milk", "Milk", "milk chocolate", "Oat milk"] },
    { typed: "bread", expected: ["Bread"] },
    { typed: "xyz", expected: [] },
    { typed: "", expected: [] },
    { typed: "   ", expected: [] },
  ];
  for (const c of cases) {
    it(`"${c.typed}"`, () => {
      expect(rankSuggestions(c.typed, names)).toEqual(c.expected);
    });
  }

  it("keeps the first spelling given of a name", () => {
    expect(rankSuggestions("milk", ["MILK", "Milk"])).toEqual(["MILK"]);
  });

  it("gives at most 8 by default, and the limit asked for", () => {
    const many = Array.from({ length: 20 }, (_, i) => `Apple ${String(i).padStart(2, "0")}`);
    expect(rankSuggestions("apple", many)).toHaveLength(MAX_SUGGESTIONS);
    expect(MAX_SUGGESTIONS).toBe(8);
    expect(rankSuggestions("apple", many, 3)).toEqual(["Apple 00", "Apple 01", "Apple 02"]);
    expect(rankSuggestions("apple", many, 0)).toEqual([]);
  });
});

describe("grocerySuggestions", () => {
  it("offers about 80 built-in items, each once", () => {
    expect(COMMON_GROCERY_ITEMS.length).toBeGreaterThanOrEqual(75);
    expect(COMMON_GROCERY_ITEMS.length).toBeLessThanOrEqual(90);
    expect(new Set(COMMON_GROCERY_ITEMS.map((n) => n.toLowerCase())).size).toBe(COMMON_GROCERY_ITEMS.length);
  });

  it("mixes the built-in items with the user's history, built-in spelling first, no duplicates", () => {
    expect(grocerySuggestions("pea", ["peanut butter", "Pea shoots", "Frozen peas"])).toEqual(["Pea shoots", "Peanut butter", "Chickpeas", "Frozen peas"]);
    expect(grocerySuggestions("sau", ["Sauerkraut"])).toEqual(["Sauerkraut", "Soy sauce", "Tomato sauce"]);
  });
});
