import { describe, expect, it } from "vitest";
import { findSubstitution, SUBSTITUTIONS, substitutionsFor } from "../../worker/domain/substitutions";

describe("substitution table", () => {
  it("gives the standard buttermilk ratio", () => {
    const found = substitutionsFor("buttermilk", []);
    expect(found?.options[0]?.text).toMatch(/^1 cup milk \+ 1 tbsp lemon juice or white vinegar/);
  });

  it.each([
    ["an egg", "egg"],
    ["Eggs", "egg"],
    ["double cream", "heavy cream"],
    ["cup of buttermilk for pancakes", "buttermilk"],
    ["self raising flour", "self-rising flour"],
    ["icing sugar", "powdered sugar"],
    ["fresh basil", "fresh herbs"],
  ])("finds %s as %s", (query, food) => {
    expect(findSubstitution(query)?.food).toBe(food);
  });

  it("says it does not know rather than guessing", () => {
    expect(findSubstitution("saffron")).toBeNull();
    expect(findSubstitution("")).toBeNull();
  });

  it("leaves out options with an allergen and counts them", () => {
    const dairyFree = substitutionsFor("buttermilk", ["dairy"])!;
    expect(dairyFree.options.map((o) => o.text)).toEqual(["1 cup unsweetened soy or oat milk + 1 tbsp lemon juice (dairy-free)"]);
    expect(dairyFree.withheld).toBe(2);
    const noSoy = substitutionsFor("buttermilk", ["dairy", "soy"])!;
    expect(noSoy.options).toEqual([]);
  });

  it("egg swaps are offered to people who avoid eggs (the wording says egg; the foods used decide)", () => {
    expect(substitutionsFor("egg", ["egg"])!.options.length).toBe(4);
    expect(substitutionsFor("egg", ["egg", "banana"])!.options.map((o) => o.uses)).not.toContainEqual(["banana"]);
  });

  it("every entry has at least one option with a ratio and a food it uses", () => {
    for (const entry of SUBSTITUTIONS) {
      expect(entry.options.length, entry.food).toBeGreaterThan(0);
      for (const option of entry.options) {
        expect(option.text, entry.food).toMatch(/\d|1:1/);
        expect(option.uses.length, entry.food).toBeGreaterThan(0);
      }
    }
  });
});
