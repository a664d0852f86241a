import { describe, expect, it } from "vitest";
import { parseIngredientLine } from "../../worker/domain/ingredients";
import { normalizeUnit } from "../../worker/domain/units";
import { normalizeIngredientName } from "../../worker/domain/matching";
import { categorizeGroceryName, normalizeReceiptName } from "../../worker/domain/groceryNames";
import { emojiFor } from "../../worker/domain/foodEmoji";

/** Words that name Object.prototype members must be treated as plain words by every lookup table. */
const WORDS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

describe("lookup tables ignore Object.prototype", () => {
  it.each(WORDS)("%s is just a word", (word) => {
    expect(normalizeUnit(word)).toBeNull();
    expect(normalizeIngredientName(word)).not.toMatch(/function|native code/);
    expect(() => normalizeReceiptName(`2 ${word}`)).not.toThrow();
    expect(typeof categorizeGroceryName(word)).toBe("string");
    expect(parseIngredientLine(`1 ${word} flour`).unit).toBeNull();
    expect(emojiFor("", word)).toBe("✨");
  });
});
