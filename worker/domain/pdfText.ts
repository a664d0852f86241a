/**
 * Printed lines from a PDF's text layer. pdf.js gives positioned text runs; the browser (src/lib/ocr.ts) and the
 * server (worker/lib/pdfText.ts) both rebuild lines from them here, so an API client gets the lines the browser
 * would have sent.
 */

export type PositionedText = { str: string; x: number; y: number; width: number; height: number };

/** Pages read from a receipt PDF: a receipt is one or two pages, and a long document is not a receipt. */
export const MAX_PDF_PAGES = 10;
/** Fewer letters than this means the PDF is a scanned image without a usable text layer. */
export const MIN_PDF_TEXT_LETTERS = 20;

/** Rebuilds printed lines from pdf.js text runs: runs on the same baseline, left to right, gaps kept as spaces. */
export function linesFromTextRuns(runs: PositionedText[]): string[] {
  const usable = runs.filter((run) => run.str.trim().length > 0);
  usable.sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PositionedText[][] = [];
  for (const run of usable) {
    const row = rows.at(-1);
    const tolerance = Math.max(2, (run.height || 10) * 0.5);
    if (row && Math.abs(row[0]!.y - run.y) <= tolerance) row.push(run);
    else rows.push([run]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = "";
    let end: number | null = null;
    for (const run of row) {
      const charWidth = run.str.length > 0 ? run.width / run.str.length : 5;
      if (end !== null) {
        const gap = run.x - end;
        line += gap > charWidth * 1.5 ? "    " : gap > charWidth * 0.2 ? " " : "";
      }
      line += run.str;
      end = run.x + run.width;
    }
    return line.replace(/\s+$/, "");
  });
}

/** True when the lines carry enough letters to be a real text layer rather than a scan. */
export function hasTextLayer(lines: string[]): boolean {
  return lines.join("").replace(/[^A-Za-z]/g, "").length >= MIN_PDF_TEXT_LETTERS;
}

/** A pdf.js text item as positioned text (marked-content items carry no `str`). */
export function positionedText(item: object): PositionedText | null {
  if (!("str" in item) || typeof item.str !== "string" || !("transform" in item) || !Array.isArray(item.transform)) return null;
  return {
    str: item.str,
    x: Number(item.transform[4]) || 0,
    y: Number(item.transform[5]) || 0,
    width: "width" in item ? Number(item.width) || 0 : 0,
    height: "height" in item ? Number(item.height) || 0 : 0,
  };
}
