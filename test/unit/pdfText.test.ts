import { describe, expect, it } from "vitest";
import { hasTextLayer, linesFromTextRuns, positionedText } from "../../worker/domain/pdfText";

const run = (str: string, x: number, y: number, width = str.length * 5, height = 10) => ({ str, x, y, width, height });

describe("lines from pdf.js text runs", () => {
  it("joins runs on one baseline left to right, keeps wide gaps as column spaces, and orders lines top down", () => {
    const lines = linesFromTextRuns([run("3.49", 150, 700), run("WHOLE MILK", 10, 700.5), run("GREEN VALLEY", 10, 760), run("TOTAL", 10, 600), run("3.49", 150, 600)]);
    expect(lines).toEqual(["GREEN VALLEY", "WHOLE MILK    3.49", "TOTAL    3.49"]);
  });

  it("drops empty runs and joins touching runs without a space", () => {
    expect(linesFromTextRuns([run("  ", 0, 10), run("BAN", 0, 10, 15), run("ANAS", 15, 10, 20)])).toEqual(["BANANAS"]);
  });

  it("reads pdf.js items, skipping marked-content items that carry no text", () => {
    expect(positionedText({ str: "EGGS", transform: [1, 0, 0, 1, 12, 34], width: 20, height: 9 })).toEqual({ str: "EGGS", x: 12, y: 34, width: 20, height: 9 });
    expect(positionedText({ type: "beginMarkedContent", id: "x" })).toBeNull();
  });

  it("tells a text layer from a scan by the letters it holds", () => {
    expect(hasTextLayer(["GREEN VALLEY MARKET", "MILK 3.49"])).toBe(true);
    expect(hasTextLayer(["12 34", "5.00"])).toBe(false);
  });
});
