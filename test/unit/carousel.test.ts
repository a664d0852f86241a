import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { carouselKeyAction, carouselStep, slideCounter, wrapIndex } from "../../src/lib/carousel";

const SLIDES = 5;

describe("the about carousel's five slides", () => {
  it("Next from the last slide wraps to the first, Previous from the first to the last", () => {
    expect(carouselStep(4, { type: "next" }, SLIDES)).toBe(0);
    expect(carouselStep(0, { type: "previous" }, SLIDES)).toBe(4);
    expect(carouselStep(2, { type: "next" }, SLIDES)).toBe(3);
    expect(carouselStep(2, { type: "previous" }, SLIDES)).toBe(1);
  });

  it("a dot jumps straight to its slide; Home and End to the ends", () => {
    expect(carouselStep(0, { type: "go", index: 3 }, SLIDES)).toBe(3);
    expect(carouselStep(3, { type: "first" }, SLIDES)).toBe(0);
    expect(carouselStep(1, { type: "last" }, SLIDES)).toBe(4);
  });

  it("says 'n of 5'", () => {
    expect([0, 1, 2, 3, 4].map((i) => slideCounter(i, SLIDES))).toEqual(["1 of 5", "2 of 5", "3 of 5", "4 of 5", "5 of 5"]);
  });

  it("maps the arrow keys, Home and End, and nothing else", () => {
    expect(carouselKeyAction("ArrowRight")).toEqual({ type: "next" });
    expect(carouselKeyAction("ArrowLeft")).toEqual({ type: "previous" });
    expect(carouselKeyAction("Home")).toEqual({ type: "first" });
    expect(carouselKeyAction("End")).toEqual({ type: "last" });
    expect(carouselKeyAction("Enter")).toBeNull();
  });

  it("always lands on a slide, and n Nexts from anywhere come back to the start", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 12 }), (index, count) => {
        const wrapped = wrapIndex(index, count);
        expect(wrapped).toBeGreaterThanOrEqual(0);
        expect(wrapped).toBeLessThan(count);
        let at = wrapped;
        for (let i = 0; i < count; i++) at = carouselStep(at, { type: "next" }, count);
        expect(at).toBe(wrapped);
        expect(carouselStep(carouselStep(wrapped, { type: "next" }, count), { type: "previous" }, count)).toBe(wrapped);
      }),
    );
  });
});
