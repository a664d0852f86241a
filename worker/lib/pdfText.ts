import { hasTextLayer, linesFromTextRuns, MAX_PDF_PAGES, positionedText, type PositionedText } from "../domain/pdfText";

/**
 * The lines of a PDF's text layer, read on the server with unpdf's serverless pdf.js build (no worker thread,
 * no canvas). Null when the PDF has no usable text layer (a scan saved as PDF) or cannot be opened. The module
 * is imported on first use so requests that never see a PDF do not pay for evaluating pdf.js.
 */
export async function readPdfTextLines(bytes: Uint8Array): Promise<string[] | null> {
  const { getDocumentProxy } = await import("unpdf");
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may take over the buffer it is given: hand it a copy so the caller's bytes stay intact.
    document = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch {
    return null;
  }
  try {
    const lines: string[] = [];
    const pages = Math.min(document.numPages, MAX_PDF_PAGES);
    for (let number = 1; number <= pages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const runs = content.items.map(positionedText).filter((run): run is PositionedText => run !== null);
      lines.push(...linesFromTextRuns(runs));
    }
    return hasTextLayer(lines) ? lines : null;
  } catch {
    return null;
  } finally {
    await document.loadingTask.destroy();
  }
}
