/**
 * Reading a receipt in the browser, so nothing leaves the device and scanning works offline:
 * - photos: tesseract.js (WebAssembly) on a cleaned-up copy of the image (orientation fixed, grayscale, contrast
 *   stretched, scaled to a size Tesseract reads well), in single-block mode so each printed line keeps its
 *   price on the same line;
 * - PDFs: the text layer through pdf.js; a scanned PDF without one has its first page rendered and read as a photo.
 * Every script, WebAssembly core and language file comes from our own origin (/ocr/, copied at build time by
 * scripts/vite-ocr-assets.ts). The result is lines of text for the receipt parser on the server.
 */
import type { LoggerMessage, PSM, Worker as TesseractWorker, WorkerParams } from "tesseract.js";
import { hasTextLayer, linesFromTextRuns, MAX_PDF_PAGES, positionedText, type PositionedText } from "../../worker/domain/pdfText";

/** URLs of the files scripts/vite-ocr-assets.ts serves. */
const OCR_PATHS = {
  tesseractWorker: "/ocr/tesseract/worker.min.js",
  tesseractCore: "/ocr/tesseract/core",
  tesseractLang: "/ocr/tesseract/lang",
  pdfWorker: "/ocr/pdfjs/pdf.worker.min.mjs",
  pdfWasm: "/ocr/pdfjs/wasm/",
} as const;

/** Tesseract reads best with text about 20-40 px tall: receipts photographed whole land there at these sizes. */
const MIN_LONG_SIDE = 1600;
const MAX_LONG_SIDE = 2400;
const MAX_UPSCALE = 2;
/** The recogniser holds ~100 MB; it is let go when no receipt has been read for this long. */
const IDLE_TERMINATE_MS = 120_000;

export type OcrStage = "loading" | "recognizing" | "pdf";
export type OcrProgress = { stage: OcrStage; /** 0..1 within the stage */ progress: number };
export type OcrResult = {
  lines: string[];
  method: "ocr" | "pdf-text";
  /** Tesseract's mean word confidence (0-100); null for PDF text. */
  confidence: number | null;
  durationMs: number;
};

/** Recogniser settings (the photo benchmark, scripts/eval-receipts-photo.ts, reads receipts with the same ones). */
export const OCR_PARAMETERS: Partial<WorkerParams> = {
  // One uniform block: receipts are a single column whose prices must stay on their item's line.
  tessedit_pageseg_mode: "6" as PSM, // PSM.SINGLE_BLOCK
  preserve_interword_spaces: "1",
  user_defined_dpi: "300",
};

function absolute(path: string): string {
  return new URL(path, window.location.origin).href;
}

// ---------------------------------------------------------------------------------------------------------
// Tesseract worker: one per tab, created on first use (or by prepareOcr) and reused between receipts.

let workerPromise: Promise<TesseractWorker> | null = null;
let idleTimer: number | undefined;
let progressListener: ((progress: OcrProgress) => void) | null = null;

function toProgress(message: LoggerMessage): OcrProgress {
  const progress = Number.isFinite(message.progress) ? Math.min(Math.max(message.progress, 0), 1) : 0;
  return { stage: message.status === "recognizing text" ? "recognizing" : "loading", progress };
}

function getWorker(): Promise<TesseractWorker> {
  window.clearTimeout(idleTimer);
  workerPromise ??= (async () => {
    const { createWorker, OEM } = await import("tesseract.js");
    const worker = await createWorker("eng", OEM.LSTM_ONLY, {
      workerPath: absolute(OCR_PATHS.tesseractWorker),
      corePath: absolute(OCR_PATHS.tesseractCore),
      langPath: absolute(OCR_PATHS.tesseractLang),
      // Load the worker script itself from our origin (no blob: URL, so a strict CSP keeps working).
      workerBlobURL: false,
      gzip: true,
      logger: (message) => progressListener?.(toProgress(message)),
    });
    await worker.setParameters(OCR_PARAMETERS);
    return worker;
  })();
  workerPromise.catch(() => {
    workerPromise = null;
  });
  return workerPromise;
}

function scheduleIdleTermination() {
  window.clearTimeout(idleTimer);
  idleTimer = window.setTimeout(() => {
    const pending = workerPromise;
    workerPromise = null;
    void pending?.then((worker) => worker.terminate()).catch(() => undefined);
  }, IDLE_TERMINATE_MS);
}

/** Starts loading the recogniser (about 7 MB, cached by the browser) while the user is still choosing. */
export function prepareOcr(): void {
  getWorker()
    .then(scheduleIdleTermination)
    .catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------------
// Images

/** Grayscale with the darkest 1% mapped to black and the brightest 1% to white: faded thermal print stands out. */
export function normaliseContrast(image: Pick<ImageData, "data">): void {
  const { data } = image;
  const pixels = data.length / 4;
  const luminance = new Uint8ClampedArray(pixels);
  const histogram = new Uint32Array(256);
  for (let i = 0; i < pixels; i++) {
    const value = Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!);
    luminance[i] = value;
    histogram[value]! += 1;
  }
  const percentile = (fraction: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen >= pixels * fraction) return v;
    }
    return 255;
  };
  const low = percentile(0.01);
  const high = Math.max(percentile(0.99), low + 1);
  const scale = 255 / (high - low);
  for (let i = 0; i < pixels; i++) {
    const value = (luminance[i]! - low) * scale;
    data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = value;
    data[i * 4 + 3] = 255;
  }
}

/** The factor an image is scaled by before reading (the photo benchmark, scripts/eval-receipts-photo.ts, uses it too). */
export function ocrScale(width: number, height: number): number {
  const longSide = Math.max(width, height);
  return longSide < MIN_LONG_SIDE ? Math.min(MAX_UPSCALE, MIN_LONG_SIDE / longSide) : longSide > MAX_LONG_SIDE ? MAX_LONG_SIDE / longSide : 1;
}

function scaledCanvas(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const scale = ocrScale(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("This browser cannot prepare images for reading");
  context.imageSmoothingQuality = "high";
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  normaliseContrast(pixels);
  context.putImageData(pixels, 0, 0);
  return canvas;
}

async function prepareImage(file: Blob): Promise<HTMLCanvasElement> {
  let bitmap: ImageBitmap;
  try {
    // Photos from phones carry their rotation in EXIF; the bitmap comes out upright.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error("This image could not be opened. Please choose a JPG or PNG photo of the receipt.");
  }
  try {
    return scaledCanvas(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => line.trim().length > 0);
}

async function recognizeCanvas(canvas: HTMLCanvasElement, onProgress?: (progress: OcrProgress) => void): Promise<{ lines: string[]; confidence: number }> {
  progressListener = onProgress ?? null;
  try {
    onProgress?.({ stage: "loading", progress: 0 });
    const worker = await getWorker();
    onProgress?.({ stage: "recognizing", progress: 0 });
    const { data } = await worker.recognize(canvas);
    onProgress?.({ stage: "recognizing", progress: 1 });
    return { lines: textLines(data.text), confidence: data.confidence };
  } finally {
    progressListener = null;
    scheduleIdleTermination();
  }
}

// ---------------------------------------------------------------------------------------------------------
// PDFs

/**
 * pdf.js work runs one document at a time: the preview (started when the file is chosen) and the reading (started
 * on Scan) opening documents side by side sometimes left the second never settling. A stuck document also ends in
 * a readable error instead of an endless spinner.
 */
let pdfQueue: Promise<unknown> = Promise.resolve();
const PDF_TIMEOUT_MS = 45_000;

function onePdfAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = pdfQueue.then(task, task);
  pdfQueue = run.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Reading this PDF took too long. Please try again, or upload a photo of the receipt.")), PDF_TIMEOUT_MS);
  });
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

function readPdf(file: Blob, onProgress?: (progress: OcrProgress) => void): Promise<Omit<OcrResult, "durationMs">> {
  return onePdfAtATime(() => readPdfNow(file, onProgress));
}

async function readPdfNow(file: Blob, onProgress?: (progress: OcrProgress) => void): Promise<Omit<OcrResult, "durationMs">> {
  onProgress?.({ stage: "pdf", progress: 0 });
  const pdfjs = await import("pdfjs-dist");
  pdfjs.GlobalWorkerOptions.workerSrc = absolute(OCR_PATHS.pdfWorker);
  let document: Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;
  try {
    document = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), wasmUrl: absolute(OCR_PATHS.pdfWasm), isEvalSupported: false }).promise;
  } catch {
    throw new Error("This PDF could not be opened. It may be damaged or password protected.");
  }
  try {
    const pages = Math.min(document.numPages, MAX_PDF_PAGES);
    const lines: string[] = [];
    for (let number = 1; number <= pages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const runs = content.items.map(positionedText).filter((run): run is PositionedText => run !== null);
      lines.push(...linesFromTextRuns(runs));
      onProgress?.({ stage: "pdf", progress: number / pages });
    }
    if (hasTextLayer(lines)) return { lines, method: "pdf-text", confidence: null };

    // A scan saved as PDF: render the first page at about 200 dpi and read it like a photo.
    const page = await document.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(200 / 72, MAX_LONG_SIDE / Math.max(base.width, base.height)) });
    const rendered = window.document.createElement("canvas");
    rendered.width = Math.ceil(viewport.width);
    rendered.height = Math.ceil(viewport.height);
    await page.render({ canvas: rendered, viewport }).promise;
    const { lines: recognised, confidence } = await recognizeCanvas(scaledCanvas(rendered, rendered.width, rendered.height), onProgress);
    return { lines: recognised, method: "ocr", confidence };
  } finally {
    await document.destroy();
  }
}

/** The first page of a PDF as an image URL, for the preview. */
export function renderPdfPreview(file: Blob, maxWidth = 480): Promise<string> {
  return onePdfAtATime(() => renderPdfPreviewNow(file, maxWidth));
}

async function renderPdfPreviewNow(file: Blob, maxWidth: number): Promise<string> {
  const pdfjs = await import("pdfjs-dist");
  pdfjs.GlobalWorkerOptions.workerSrc = absolute(OCR_PATHS.pdfWorker);
  const document = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), wasmUrl: absolute(OCR_PATHS.pdfWasm), isEvalSupported: false }).promise;
  try {
    const page = await document.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: maxWidth / base.width });
    const canvas = window.document.createElement("canvas");
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return canvas.toDataURL("image/png");
  } finally {
    await document.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------------

export function isPdf(file: { name: string; type: string }): boolean {
  return file.type === "application/pdf" || (!file.type && /\.pdf$/i.test(file.name));
}

/**
 * The receipt's text as lines, read on this device: a PDF's text layer, or OCR of the photo (or of a scanned
 * PDF's first page). Progress goes to `onProgress`. Throws an Error with a sentence to show when the file
 * cannot be opened.
 */
export async function readReceiptText(file: File, onProgress?: (progress: OcrProgress) => void): Promise<OcrResult> {
  const started = performance.now();
  if (isPdf(file)) {
    const result = await readPdf(file, onProgress);
    return { ...result, durationMs: Math.round(performance.now() - started) };
  }
  const canvas = await prepareImage(file);
  const { lines, confidence } = await recognizeCanvas(canvas, onProgress);
  return { lines, method: "ocr", confidence, durationMs: Math.round(performance.now() - started) };
}
