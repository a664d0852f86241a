import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allergenMentions, escapeMarkdown, sanitizeAssistantMarkdown } from "../../worker/domain/companionSafety";

describe("escapeMarkdown", () => {
  it("keeps data as literal text on one line", () => {
    expect(escapeMarkdown("[click](javascript:alert(1))")).toBe("\\[click\\]\\(javascript:alert\\(1\\)\\)");
    expect(escapeMarkdown("<img src=x onerror=alert(1)>")).toBe("\\<img src=x onerror=alert\\(1\\)\\>");
    expect(escapeMarkdown("line one\n# heading\u0000")).toBe("line one \\# heading");
  });

  it("never leaves an unescaped link or tag (property)", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeMarkdown(text);
        return !/(?<!\\)\[[^\]]*(?<!\\)\]\(/.test(escaped) && !/(?<!\\)</.test(escaped) && !escaped.includes("\n");
      }),
    );
  });
});

describe("sanitizeAssistantMarkdown", () => {
  it("drops HTML, images and links that leave the site; keeps site links", () => {
    const out = sanitizeAssistantMarkdown(
      "<script>alert(1)</script>Hi ![x](https://evil.example/p.png?d=1) [a](javascript:alert(1)) [b](https://evil.example) [c](/recipes/4) [d](//evil.example)\n\n[ref]: https://evil.example",
    );
    expect(out).toBe("alert(1)Hi x a b [c](/recipes/4) d");
  });

  it("keeps markdown structure and caps the length", () => {
    expect(sanitizeAssistantMarkdown("1. **Soup**\n2. _Bread_")).toBe("1. **Soup**\n2. _Bread_");
    expect(sanitizeAssistantMarkdown("x".repeat(5000))).toHaveLength(4000);
  });
});

describe("allergenMentions", () => {
  it("finds a proposed allergen, derived foods included", () => {
    expect(allergenMentions("Toss the pasta with pesto tonight.", ["tree nuts"])).toEqual([{ allergy: "tree nuts", sentence: "Toss the pasta with pesto tonight." }]);
    expect(allergenMentions("A caesar salad would be great.", ["fish"]).map((m) => m.allergy)).toEqual(["fish"]);
  });

  it("lets warnings and avoidances through", () => {
    expect(allergenMentions("I left out anything with peanuts because of your allergy.", ["peanuts"])).toEqual([]);
    expect(allergenMentions("Use a dairy-free pesto instead of the usual one.", ["dairy"])).toEqual([]);
    expect(allergenMentions("Try spinach and eggs.", [])).toEqual([]);
  });
});
