import { describe, expect, it } from "vitest";
import { amountPhrase, MAX_TIPS, shoppingTips, type TipListItem } from "../../worker/domain/groceryTips";

const TODAY = "2026-03-02";
const item = (name: string, category: string, extra: Partial<TipListItem> = {}): TipListItem => ({ name, quantity: 1, unit: null, category, checked: false, coveredByPantry: false, ...extra });

describe("shoppingTips", () => {
  it("names what is already at home", () => {
    const tips = shoppingTips({ items: [item("Onions", "Fresh Vegetables")], pantry: [{ name: "Onions", amount: 2, unit: "each", expirationDate: null }], today: TODAY });
    expect(tips[0]).toMatchObject({ kind: "have", title: "You already have 2 onions", text: "Check before buying more onions: your pantry has 2 onions." });
  });

  it("says which foods spoil fast for one person, which keep, and which meat to freeze", () => {
    const tips = shoppingTips({
      items: [item("Strawberries", "Fresh Fruits"), item("Rice", "Dry Goods"), item("Chicken breast", "Fresh Meat")],
      pantry: [],
      today: TODAY,
    });
    expect(tips.map((t) => t.kind)).toEqual(["freeze", "spoils", "keeps"]);
    expect(tips[0]!.text).toBe("Chicken breast keeps about 1-2 days in the fridge but 9 months frozen: portion and freeze what one person won't cook within 1 day.");
    expect(tips[1]!.text).toBe("For one person, strawberries (2-3 days in the fridge) goes off fast. Buy the smallest pack, or plan it for early in the week.");
    expect(tips[2]!.text).toBe("Rice (2 years) keeps for a long time, so one person can buy the larger, cheaper size.");
  });

  it("speaks of the household's size when it is larger", () => {
    const tips = shoppingTips({ items: [item("Strawberries", "Fresh Fruits")], pantry: [], today: TODAY, householdSize: 4 });
    expect(tips[0]!.text).toMatch(/^For a household of 4,/);
  });

  it("leaves out what is checked, counts what the pantry covers, and lists what to use first", () => {
    const tips = shoppingTips({
      items: [item("Strawberries", "Fresh Fruits", { checked: true }), item("Onions", "Fresh Vegetables", { coveredByPantry: true })],
      pantry: [
        { name: "Milk", amount: 1, unit: "gallon", expirationDate: "2026-03-03" },
        { name: "Yogurt", amount: 1, unit: null, expirationDate: "2026-03-01" },
        { name: "Rice", amount: 2, unit: "lb", expirationDate: "2027-01-01" },
      ],
      today: TODAY,
    });
    expect(tips.map((t) => t.id)).toEqual(["covered", "use-first"]);
    expect(tips[0]!.text).toBe("No need to buy onions: what you have is enough.");
    // Yogurt is already past its date: not suggested as food to use.
    expect(tips[1]!.text).toBe("Before opening anything new, use up your milk (tomorrow).");
  });

  it("gives at most MAX_TIPS and nothing for an empty list and pantry", () => {
    expect(shoppingTips({ items: [], pantry: [], today: TODAY })).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => item(`Onion ${i}`, "Fresh Vegetables"));
    const tips = shoppingTips({ items: many, pantry: [{ name: "Onion", amount: 1, unit: null, expirationDate: null }], today: TODAY });
    expect(tips.length).toBe(MAX_TIPS);
  });

  it.each([
    [2, "each", "Onions", "2 onions"],
    [1.5, "lb", "Ground beef", "1 1/2 lb ground beef"],
    [500, "g", "Spinach", "500 g spinach"],
    [1, "cups", "Rice", "1 cup rice"],
  ])("amountPhrase(%s, %s, %s) = %s", (amount, unit, name, phrase) => {
    expect(amountPhrase(amount, unit, name)).toBe(phrase);
  });
});
