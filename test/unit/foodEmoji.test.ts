import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PANTRY_CATEGORIES } from "../../worker/domain/constants";
import { emojiFor, KEYWORD_EMOJI } from "../../worker/domain/foodEmoji";
import { pluralFood } from "../../worker/domain/foodNames";

const EMOJI_CATEGORIES = [
  "Dairy", "Produce", "Vegetables", "Meat", "Bakery", "Seafood", "Fruits", "Grains", "Snacks", "Beverages", "Frozen",
  "Condiments", "Canned", "Nuts", "Herbs", "Spices", "Oils", "Eggs", "Soup", "Pasta", "Rice", "Cereal", "Deli",
];

describe("emojiFor: keywords in the name", () => {
  it.each([
    ["Apples", "🍎"],
    ["Pineapple", "🍍"],
    ["eggplant", "🍆"],
    ["Eggs, large, 12 ct", "🥚"],
    ["Bananas", "🍌"],
    ["Strawberries 1 lb", "🍓"],
    ["blueberries", "🫐"],
    ["cherries", "🍒"],
    ["grapefruit", "🍊"],
    ["Whole Milk", "🥛"],
    ["Cheddar cheese", "🧀"],
    ["cream cheese", "🧀"],
    ["Butter", "🧈"],
    ["peanut butter", "🥜"],
    ["bacon", "🥓"],
    ["chicken breast", "🍗"],
    ["ground beef", "🥩"],
    ["salmon fillet", "🐟"],
    ["prawns", "🦐"],
    ["sourdough bread", "🍞"],
    ["hot dog buns", "🍞"],
    ["hot dogs", "🌭"],
    ["apple pie", "🥧"],
    ["chicken noodle soup", "🍲"],
    ["orange juice", "🧃"],
    ["black pepper", "🧂"],
    ["red bell pepper", "🫑"],
    ["jalapeños", "🌶️"],
    ["chocolate chip cookies", "🍪"],
    ["chocolate chips", "🍫"],
    ["ice cream", "🍨"],
    ["rice", "🍚"],
    ["spaghetti", "🍝"],
    ["green beans", "🫛"],
    ["black beans", "🫘"],
    ["sweet potatoes", "🍠"],
    ["potatoes", "🥔"],
    ["tomatoes", "🍅"],
    ["fresh basil", "🌿"],
    ["coffee beans", "☕"],
  ])("%s is %s", (name, emoji) => {
    expect(emojiFor(name)).toBe(emoji);
  });

  it("matches whole words only", () => {
    expect(emojiFor("pineapple chunks")).not.toBe("🍎");
    expect(emojiFor("eggplant parmesan")).not.toBe("🥚");
    expect(emojiFor("graham crackers")).not.toBe("🥩"); // not "ham"
    expect(emojiFor("steak")).not.toBe("🍵"); // not "tea"
    expect(emojiFor("kale")).not.toBe("🍺"); // not "ale"
  });

  it("prefers the name over the category", () => {
    expect(emojiFor("carrots", "Dairy")).toBe("🥕");
  });
});

describe("emojiFor: category fallback", () => {
  it("covers the generic emoji categories", () => {
    for (const category of EMOJI_CATEGORIES) {
      const emoji = emojiFor("mystery item", category);
      expect(emoji, category).not.toBe("✨");
    }
    expect(emojiFor("mystery item", "Dairy")).toBe("🥛");
    expect(emojiFor("mystery item", "Seafood")).toBe("🐟");
    expect(emojiFor("mystery item", "frozen")).toBe("🧊");
  });

  it("covers the pantry categories except Other", () => {
    for (const category of PANTRY_CATEGORIES.filter((c) => c !== "Other")) {
      expect(emojiFor("mystery item", category), category).not.toBe("✨");
    }
    expect(emojiFor("mystery item", "Cheese & Yogurt")).toBe("🧀");
    expect(emojiFor("mystery item", "Other")).toBe("✨");
  });

  it("ends with a sparkle", () => {
    expect(emojiFor("mystery item")).toBe("✨");
    expect(emojiFor("mystery item", null)).toBe("✨");
    expect(emojiFor("mystery item", "Unheard of")).toBe("✨");
    expect(emojiFor("")).toBe("✨");
  });

  it("always answers a non-empty string", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: null }), (name, category) => {
        expect(emojiFor(name, category).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("emojiFor: untrusted category names", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])("falls back to the sparkle for %s", (category) => {
    expect(emojiFor("", category)).toBe("✨");
  });
});

describe("keyword plurals agree with foodNames.ts", () => {
  it("finds every keyword in its plural as pluralFood spells it", () => {
    for (const [, keywords] of KEYWORD_EMOJI) {
      // "half and half" is a mass noun: it has no plural to find.
      for (const keyword of keywords.filter((k) => k !== "half and half")) {
        const words = keyword.split(" ");
        const plural = [...words.slice(0, -1), pluralFood(words[words.length - 1]!)].join(" ");
        expect(emojiFor(plural), `${keyword} -> ${plural}`).toBe(emojiFor(keyword));
      }
    }
  });
});
