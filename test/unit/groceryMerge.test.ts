import { describe, expect, it } from "vitest";
import {
  addNeedsToLines,
  groceryKey,
  mergeGroceryNeeds,
  pieceWeightOf,
  placePlainItems,
  removeMealFromLines,
  roundForShopping,
  type GroceryNeed,
  type ListedLine,
  type PantryStock,
} from "../../worker/domain/groceryMerge";
import { compareStoreOrder, STORE_ORDER } from "../../worker/domain/storeOrder";
import { PANTRY_CATEGORIES } from "../../worker/domain/constants";
import { parseIngredientLine } from "../../worker/domain/ingredients";

/** A need as a recipe line reads ("1 (14 oz) can chickpeas"), for recipe 1 unless told. */
function need(line: string, extra: Partial<GroceryNeed> = {}): GroceryNeed {
  const p = parseIngredientLine(line);
  return { name: p.name, quantity: p.quantityMax ?? p.quantity, unit: p.unit, note: p.comment, recipeId: 1, recipeTitle: "Recipe", mealPlanId: null, date: null, ...extra };
}

function stock(name: string, amount: number, unit: string | null, expirationDate: string | null = null, id = 1): PantryStock {
  return { id, name, amount, unit, expirationDate };
}

/** The lines as [name, quantity to buy, unit]. */
function summary(lines: ReturnType<typeof mergeGroceryNeeds>) {
  return lines.map((l) => [l.name, l.quantity, l.unit]);
}

describe("merging and converting (table)", () => {
  const cases: { title: string; lines: string[]; expected: (string | number | null)[][] }[] = [
    // Mixed units: volume and weight of one food become one line, in weight, through its density.
    { title: "1 cup flour + 100 g flour", lines: ["1 cup flour", "100 g flour"], expected: [["Flour", 226, "g"]] },
    { title: "2 tbsp + 1/4 cup olive oil", lines: ["2 tbsp olive oil", "1/4 cup olive oil"], expected: [["Olive oil", 0.5, "cups"]] },
    { title: "1 lb + 8 oz ground beef (US units stay US)", lines: ["1 lb ground beef", "8 oz ground beef"], expected: [["Ground beef", 1.5, "lb"]] },
    { title: "500 g + 1 kg potatoes (metric, in kg from 1000 g)", lines: ["500 g potatoes", "1 kg potatoes"], expected: [["Potatoes", 1.5, "kg"]] },
    { title: "1 cup + 500 ml milk", lines: ["1 cup milk", "500 ml milk"], expected: [["Milk", 737, "ml"]] },
    // Plurals and spellings: one key.
    { title: "onions, onion, large onion", lines: ["2 onions", "1 onion", "1 large onion"], expected: [["Onions", 4, null]] },
    { title: "tomato and Tomatoes", lines: ["1 tomato", "2 Tomatoes"], expected: [["Tomato", 3, null]] },
    // Pieces and weights meet through a piece weight, rounded up to whole pieces.
    { title: "2 onions + 200 g onion", lines: ["2 onions", "200 g onion"], expected: [["Onions", 4, null]] },
    { title: "1 dozen eggs + 3 eggs", lines: ["1 dozen eggs", "3 eggs"], expected: [["Eggs", 15, null]] },
    // Unitless items: an amount-less line joins the food's line and adds nothing to the amount.
    { title: "olive oil (no amount) + 2 tbsp", lines: ["olive oil", "2 tbsp olive oil"], expected: [["Olive oil", 2, "tbsp"]] },
    { title: "only amount-less lines", lines: ["fresh parsley", "parsley"], expected: [["Parsley", null, null]] },
    // Pack counts: a package with its size written counts as what it holds.
    { title: "1 (14 oz) can + 2 cans (15 oz each) chickpeas", lines: ["1 (14 oz) can chickpeas", "2 cans (15 oz each) chickpeas"], expected: [["Canned chickpeas", 2.75, "lb"]] },
    { title: "2 x 400 g tins tomatoes + 200 g canned tomatoes", lines: ["2 x 400g tins chopped tomatoes", "200 g canned tomatoes"], expected: [["Canned tomatoes", 1, "kg"]] },
    { title: "packages without a size stay packages", lines: ["1 package tortillas", "2 packages tortillas"], expected: [["Tortillas", 3, "package"]] },
    // No good data: two lines rather than a guess.
    { title: "cloves and heads of garlic", lines: ["3 cloves garlic", "1 head garlic"], expected: [["Garlic", 3, "clove"], ["Garlic", 1, "head"]] },
    { title: "a bunch and grams of cilantro", lines: ["1 bunch cilantro", "20 g cilantro"], expected: [["Cilantro", 20, "g"], ["Cilantro", 1, "bunch"]] },
    { title: "cups of spinach (no density) and grams", lines: ["2 cups spinach", "100 g spinach"], expected: [["Spinach", 100, "g"], ["Spinach", 2, "cups"]] },
    // Fresh and canned are different products.
    { title: "fresh and canned tomatoes", lines: ["2 tomatoes", "1 (14 oz) can tomatoes"], expected: [["Tomatoes", 2, null], ["Canned tomatoes", 14, "oz"]] },
    // Always at hand: left out.
    { title: "salt, pepper and water", lines: ["salt and pepper to taste", "1 cup water", "freshly ground black pepper"], expected: [] },
  ];
  for (const c of cases) {
    it(c.title, () => {
      const got = summary(mergeGroceryNeeds(c.lines.map((l) => need(l)), []));
      expect([...got].sort((a, b) => String(a).localeCompare(String(b)))).toEqual([...c.expected].sort((a, b) => String(a).localeCompare(String(b))));
    });
  }

  it("keeps each source with its share in the line's unit", () => {
    const [line] = mergeGroceryNeeds([need("1 cup flour", { recipeId: 7, recipeTitle: "Bread" }), need("100 g flour", { recipeId: 8, recipeTitle: "Cake" })], []);
    expect(line!.sources.map((s) => [s.recipeTitle, s.quantity])).toEqual([
      ["Bread", 125.391725],
      ["Cake", 100],
    ]);
    expect(line!.needed).toBe(225.391725);
  });
});

describe("subtracting the pantry", () => {
  const cases: { title: string; lines: string[]; pantry: PantryStock[]; expected: { name: string; quantity: number | null; fromPantry: number; covered: boolean }[] }[] = [
    { title: "one pepper at home for two", lines: ["1 red bell pepper", "1 red bell pepper"], pantry: [stock("Red bell pepper", 1, "each")], expected: [{ name: "Red bell pepper", quantity: 1, fromPantry: 1, covered: false }] },
    { title: "enough at home: covered", lines: ["2 onions"], pantry: [stock("Yellow onions", 3, "each")], expected: [{ name: "Onions", quantity: 0, fromPantry: 2, covered: true }] },
    { title: "pantry in another unit converts", lines: ["500 g flour"], pantry: [stock("All-purpose flour", 1, "lb")], expected: [{ name: "Flour", quantity: 47, fromPantry: 453.59237, covered: false }] },
    { title: "pantry in a unit that does not convert is not counted", lines: ["3 cloves garlic"], pantry: [stock("Garlic", 1, "each")], expected: [{ name: "Garlic", quantity: 3, fromPantry: 0, covered: false }] },
    { title: "an amount-less need is covered by any stock", lines: ["olive oil"], pantry: [stock("Olive oil", 12, "fl oz")], expected: [{ name: "Olive oil", quantity: null, fromPantry: 0, covered: true }] },
    { title: "canned stock does not stand in for fresh", lines: ["2 tomatoes"], pantry: [stock("Canned diced tomatoes", 28, "oz")], expected: [{ name: "Tomatoes", quantity: 2, fromPantry: 0, covered: false }] },
  ];
  for (const c of cases) {
    it(c.title, () => {
      const lines = mergeGroceryNeeds(c.lines.map((l) => need(l)), c.pantry);
      expect(lines.map((l) => ({ name: l.name, quantity: l.quantity, fromPantry: l.fromPantry, covered: l.coveredByPantry }))).toEqual(c.expected);
    });
  }

  it("counts soonest-expiring stock first and never stock that is gone before the meal", () => {
    const needs = [
      need("1 red bell pepper", { mealPlanId: 2, date: "2026-03-05" }),
      need("1 red bell pepper", { mealPlanId: 1, date: "2026-03-02" }),
    ];
    // Expires on the 3rd: good for the meal on the 2nd, not for the one on the 5th.
    const [line] = mergeGroceryNeeds(needs, [stock("Red bell pepper", 1, "each", "2026-03-03")]);
    expect(line).toMatchObject({ needed: 2, fromPantry: 1, quantity: 1 });
    const [late] = mergeGroceryNeeds([needs[0]!], [stock("Red bell pepper", 1, "each", "2026-03-03")]);
    expect(late).toMatchObject({ needed: 1, fromPantry: 0, quantity: 1 });
    // Two lots: the one expiring first is used up first.
    const [both] = mergeGroceryNeeds([need("1 red bell pepper")], [stock("Red bell pepper", 1, "each", "2026-03-09", 1), stock("Red bell pepper", 1, "each", "2026-03-04", 2)]);
    expect(both).toMatchObject({ fromPantry: 1, quantity: 0, coveredByPantry: true });
  });
});

describe("changing a planned meal", () => {
  const needs = [
    need("200 g spaghetti", { mealPlanId: 1, recipeTitle: "Pasta" }),
    need("1 onion", { mealPlanId: 1, recipeTitle: "Pasta" }),
    need("1 onion", { mealPlanId: 2, recipeTitle: "Salad" }),
  ];

  it("removes a meal's share, keeping lines other meals still need", () => {
    const lines = mergeGroceryNeeds(needs, []);
    const { kept, emptied, changed } = removeMealFromLines(lines, 1);
    expect(emptied.map((l) => l.name)).toEqual(["Spaghetti"]);
    expect(changed.map((l) => [l.name, l.quantity])).toEqual([["Onion", 1]]);
    expect(kept).toHaveLength(2);
  });

  it("releases the pantry counted for the removed meal, and new needs join their lines", () => {
    const pantry = [stock("Onion", 1, "each")];
    const lines = mergeGroceryNeeds(needs, pantry);
    expect(lines.find((l) => l.name === "Onion")).toMatchObject({ needed: 2, fromPantry: 1, quantity: 1 });
    const { kept } = removeMealFromLines(lines, 1);
    const again = addNeedsToLines(kept, [need("2 onions", { mealPlanId: 1 }), need("2 carrots", { mealPlanId: 1 })], pantry);
    expect(again.find((l) => l.name === "Onion")).toMatchObject({ needed: 3, fromPantry: 1, quantity: 2 });
    expect(again.find((l) => l.name === "Carrots")).toMatchObject({ quantity: 2 });
  });

  it("stock bought from the list is earmarked for it, not counted again", () => {
    const [line] = mergeGroceryNeeds([need("2 onions", { mealPlanId: 1 })], []);
    const bought = { ...line!, bought: 2 };
    const more = addNeedsToLines([bought], [need("1 onion", { mealPlanId: 2 })], [stock("Onion", 2, "each")]);
    expect(more[0]).toMatchObject({ needed: 3, fromPantry: 0, quantity: 3 });
  });
});

describe("store order, keys and rounding", () => {
  it("walks the shop: produce first, frozen last, every category once", () => {
    expect(STORE_ORDER[0]).toBe("Fresh Fruits");
    expect(STORE_ORDER.at(-1)).toBe("Frozen Foods");
    expect([...STORE_ORDER].sort()).toEqual([...PANTRY_CATEGORIES].sort());
    const sorted = [
      { category: "Frozen Foods", name: "Peas" },
      { category: "Dry Goods", name: "Rice" },
      { category: "Fresh Vegetables", name: "Kale" },
      { category: null, name: "Foil" },
      { category: "Fresh Vegetables", name: "carrots" },
    ].sort(compareStoreOrder);
    expect(sorted.map((s) => s.name)).toEqual(["carrots", "Kale", "Rice", "Foil", "Peas"]);
  });

  it.each([
    ["Tomatoes", null, "tomato"],
    ["2 lb tomatoes", null, "tomato"],
    ["canned tomatoes", null, "canned tomato"],
    ["tomatoes", "can", "canned tomato"],
    ["Frozen peas", null, "frozen pea"],
    ["Red bell peppers", null, "red bell pepper"],
  ])("groceryKey(%s, %s) = %s", (name, unit, key) => {
    expect(groceryKey(name, unit)).toBe(key);
  });

  it.each([
    ["onion", 150],
    ["red onion", 150],
    ["green onion", 15],
    ["sweet potato", 250],
    ["eggplant", 450],
    ["egg", 50],
    ["garlic", null],
  ])("pieceWeightOf(%s) = %s", (key, grams) => {
    expect(pieceWeightOf(key)).toBe(grams);
  });

  it.each([
    [2.1, null, 3],
    [2, null, 2],
    [0.0000001, null, 0],
    [225.39, "g", 226],
    [1.247, "kg", 1.25],
    [1.3, "cups", 1.5],
    [0.7, "tbsp", 1],
    [1.01, "lb", 1.25],
    [2.2, "can", 3],
  ])("roundForShopping(%s, %s) = %s", (quantity, unit, expected) => {
    expect(roundForShopping(quantity, unit)).toBe(expected);
  });
});

describe("items added by name (placePlainItems)", () => {
  const listed = (ref: number, name: string, quantity: number | null, unit: string | null, extra: Partial<ListedLine> = {}): ListedLine => ({ ref, name, quantity, unit, sources: null, fromPantry: null, ...extra });

  it("adds the amount to the line of the same food, across plurals and units", () => {
    const plan = placePlainItems(
      [listed(1, "Tomatoes", 3, null), listed(2, "Ground beef", 1, "lb"), listed(3, "Milk", 1, "quart")],
      [
        { name: "tomato", quantity: 2, unit: null },
        { name: "ground beef", quantity: 8, unit: "oz" },
        { name: "Milk", quantity: 1, unit: "quart" },
      ],
    );
    expect(plan.changed).toEqual([
      { ref: 1, quantity: 5, unit: null, sources: null },
      { ref: 2, quantity: 1.5, unit: "lb", sources: null },
      { ref: 3, quantity: 2, unit: "quart", sources: null },
    ]);
    expect(plan.added).toEqual([]);
    expect(plan.placed).toEqual([{ ref: 1 }, { ref: 2 }, { ref: 3 }]);
  });

  it("never guesses: an amount that does not convert starts its own line; canned is another product", () => {
    const plan = placePlainItems([listed(1, "Garlic", 1, "head"), listed(2, "Tomatoes", 3, null)], [
      { name: "garlic", quantity: 3, unit: "cloves" },
      { name: "canned tomatoes", quantity: 1, unit: "can" },
    ]);
    expect(plan.changed).toEqual([]);
    expect(plan.added.map((l) => [l.name, l.quantity, l.unit])).toEqual([
      ["garlic", 3, "cloves"],
      ["canned tomatoes", 1, "can"],
    ]);
    expect(plan.placed).toEqual([{ added: 0 }, { added: 1 }]);
  });

  it("an item without an amount joins its food's line as it is; a line without one takes the item's", () => {
    const plan = placePlainItems([listed(1, "Bread", 1, "loaf"), listed(2, "Milk", null, null)], [
      { name: "bread", quantity: null, unit: null },
      { name: "milk", quantity: 2, unit: "quart" },
    ]);
    expect(plan.changed).toEqual([{ ref: 2, quantity: 2, unit: "quart", sources: null }]);
    expect(plan.placed).toEqual([{ ref: 1 }, { ref: 2 }]);
  });

  it("items of one add merge with each other, in the first one's unit (converted amounts rounded for the shop)", () => {
    const plan = placePlainItems([], [
      { name: "Chicken breast", quantity: 1, unit: "lb" },
      { name: "chicken breasts", quantity: 200, unit: "g" },
      { name: "Eggs", quantity: 1, unit: "dozen" },
      { name: "egg", quantity: 6, unit: null },
    ]);
    expect(plan.added.map((l) => [l.name, l.quantity, l.unit])).toEqual([
      ["Chicken breast", 1.5, "lb"],
      // Six eggs on a line counted in dozens: 1.5 dozen, and eggs are sold by the dozen.
      ["Eggs", 2, "dozen"],
    ]);
    expect(plan.placed).toEqual([{ added: 0 }, { added: 0 }, { added: 1 }, { added: 1 }]);
  });

  it("a generated line gains a source for the amount and its amount to buy is worked out again with the pantry's share", () => {
    const sources = [{ recipeId: 7, recipeTitle: "Soup", mealPlanId: 3, date: "2026-01-05", quantity: 500 }];
    const plan = placePlainItems([listed(1, "Carrots", 300, "g", { sources, fromPantry: 200 })], [{ name: "carrot", quantity: 250, unit: "g" }]);
    expect(plan.changed).toEqual([
      { ref: 1, quantity: 550, unit: "g", sources: [...sources, { recipeId: null, recipeTitle: null, mealPlanId: null, date: null, quantity: 250 }] },
    ]);
    // The plan's later change keeps the added amount: it is a source of its own.
    const { kept } = removeMealFromLines(
      [{ key: "carrot", name: "Carrots", category: "Fresh Vegetables", unit: "g", needed: 750, fromPantry: 200, quantity: 550, coveredByPantry: false, sources: plan.changed[0]!.sources! }],
      3,
    );
    expect(kept[0]).toMatchObject({ needed: 250, quantity: 50 });
  });
});
