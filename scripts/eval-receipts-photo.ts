/**
 * Photo receipt benchmark: synthetic US supermarket receipts (scripts/lib/syntheticReceipts.ts) drawn as phone
 * photos at four damage levels, read by tesseract.js in Node with the browser's settings, parsed by the same
 * parser the app uses (worker/domain/receiptParser.ts), and scored on item names and prices.
 *
 *   npm run eval:receipts-photo -- [--count=24] [--seed=1] [--levels=clean,mild,moderate,heavy] [--save=dir]
 *
 * Pipeline, as in src/lib/ocr.ts: the photo is scaled with ocrScale() and contrast-stretched with
 * normaliseContrast() (both imported from there and run inside Chromium on a canvas), then recognised with
 * OEM.LSTM_ONLY, the bundled @tesseract.js-data/eng 4.0.0_best_int model and OCR_PARAMETERS. Nothing is
 * downloaded. Chromium (Debian's, at /usr/bin/chromium or CHROMIUM_PATH) only draws the pictures.
 *
 * Damage levels: clean (straight, sharp, even light, dark print); mild (up to 1 degree of tilt, slight blur,
 * a soft light gradient, a little sensor noise, greyer print); moderate (1-2 degrees, more blur, a stronger
 * gradient, noise, faded bands and thermal speckle); heavy (2-3 degrees, heavy blur and fading, streaks).
 *
 * An item counts as read when the parser returns an item with its price and its name: "name+price" needs the
 * name equal after folding case, spaces and punctuation; "near" allows one wrong character in eight (OCR slips
 * such as "0RG" for "ORG"). Recognised text is cached by image content under node_modules/.cache, so a second
 * run that only changes the parser takes seconds. The last line is machine-readable: `RESULT eval:receipts-photo`.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { createWorker, OEM, type Worker } from "tesseract.js";
import { normaliseContrast, OCR_PARAMETERS, ocrScale } from "../src/lib/ocr";
import { parseReceiptText } from "../worker/domain/receiptParser";
import { resultLine } from "./lib/split";
import { RECEIPT_COLUMNS, scoreReceipt, syntheticReceipt, type PhotoScore, type PrintedLine, type SyntheticReceipt } from "./lib/syntheticReceipts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = join(ROOT, "node_modules/.cache/plantry-receipts-photo");
const LANG_PATH = join(ROOT, "node_modules/@tesseract.js-data/eng/4.0.0_best_int");

export type Damage = {
  /** Largest tilt in degrees; each receipt gets a tilt between minTilt and tilt, either way. */
  tilt: number;
  minTilt: number;
  blur: number;
  /** 0..1: how much darker one corner of the paper is than the opposite one. */
  gradient: number;
  /** Amplitude of per-pixel sensor noise, in grey levels. */
  noise: number;
  /** Ink grey (0 black .. 255 white). */
  ink: number;
  /** Number of faded horizontal bands, and how faint the print gets inside them (0..1). */
  fadeBands: number;
  fadeStrength: number;
  /** Thermal speckle dots per 10,000 pixels; vertical print-head streaks. */
  speckle: number;
  streaks: number;
};

export const DAMAGE_LEVELS: Record<string, Damage> = {
  clean: { tilt: 0, minTilt: 0, blur: 0, gradient: 0, noise: 0, ink: 20, fadeBands: 0, fadeStrength: 0, speckle: 0, streaks: 0 },
  mild: { tilt: 1, minTilt: 0.3, blur: 0.5, gradient: 0.15, noise: 8, ink: 45, fadeBands: 0, fadeStrength: 0, speckle: 1, streaks: 0 },
  moderate: { tilt: 2, minTilt: 1, blur: 0.9, gradient: 0.3, noise: 14, ink: 70, fadeBands: 2, fadeStrength: 0.35, speckle: 4, streaks: 1 },
  heavy: { tilt: 3, minTilt: 2, blur: 1.3, gradient: 0.45, noise: 22, ink: 95, fadeBands: 3, fadeStrength: 0.55, speckle: 10, streaks: 2 },
};

type DrawSpec = { lines: PrintedLine[]; columns: number; damage: Damage; seed: number; normalise: string; scale: number };

const FONT_SIZE = 28;
const LINE_HEIGHT = 40;

/** Paper and photo size for a receipt: 28 px monospace (text about 20 px tall, as a receipt filling a phone photo reads after scaling), 42 columns, the paper on a table with a margin. */
function photoLayout(lineCount: number, columns: number) {
  const paperW = Math.ceil(columns * FONT_SIZE * 0.602 + 48);
  const paperH = lineCount * LINE_HEIGHT + 120;
  return { paperW, paperH, width: paperW + 200, height: paperH + 200 };
}

/**
 * Runs inside Chromium: draws the receipt as a photo, applies the damage, then prepares it exactly as the app does
 * (scale, contrast) and returns a PNG data URL. Self-contained: page.evaluate sends only its source text.
 */
function drawReceiptPhoto(spec: DrawSpec): string {
  let state = spec.seed >>> 0;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  // Same sizes as photoLayout (the page cannot call it).
  const fontSize = 28;
  const charWidth = fontSize * 0.602;
  const lineHeight = 40;
  const paperW = Math.ceil(spec.columns * charWidth + 48);
  const paperH = spec.lines.length * lineHeight + 120;
  const width = paperW + 200;
  const height = paperH + 200;
  const photo = document.createElement("canvas");
  photo.width = width;
  photo.height = height;
  const ctx = photo.getContext("2d")!;
  const { damage } = spec;

  const table = ctx.createLinearGradient(0, 0, width, height);
  table.addColorStop(0, "#6b5a4c");
  table.addColorStop(1, "#4e4136");
  ctx.fillStyle = table;
  ctx.fillRect(0, 0, width, height);

  const tilt = damage.tilt === 0 ? 0 : (damage.minTilt + random() * (damage.tilt - damage.minTilt)) * (random() < 0.5 ? -1 : 1);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((tilt * Math.PI) / 180);
  ctx.fillStyle = "#f4f1ea";
  ctx.fillRect(-paperW / 2, -paperH / 2, paperW, paperH);

  // The print, on its own layer so fading and streaks touch the ink and not the paper.
  const ink = document.createElement("canvas");
  ink.width = paperW;
  ink.height = paperH;
  const ictx = ink.getContext("2d")!;
  ictx.fillStyle = `rgb(${damage.ink},${damage.ink},${damage.ink})`;
  ictx.textBaseline = "alphabetic";
  let y = 80;
  const left = 24;
  const right = paperW - 24;
  for (const line of spec.lines) {
    ictx.font = `${line.bold ? "bold " : ""}${fontSize}px "DejaVu Sans Mono", "Liberation Mono", monospace`;
    if (line.align === "center") {
      ictx.textAlign = "center";
      ictx.fillText(line.left, paperW / 2, y);
    } else {
      ictx.textAlign = "left";
      ictx.fillText(line.left, left, y);
      if (line.right) {
        const room = spec.columns - line.left.length - line.right.length;
        if (room >= 1) {
          ictx.textAlign = "right";
          ictx.fillText(line.right, right, y);
        } else {
          ictx.fillText(line.right, left + (line.left.length + 1) * charWidth, y);
        }
      }
    }
    y += line.left || line.right ? lineHeight : lineHeight * 0.7;
  }
  // Thermal fading: bands where the print is faint, and print-head streaks.
  ictx.globalCompositeOperation = "destination-out";
  for (let b = 0; b < damage.fadeBands; b++) {
    const top = random() * paperH;
    const bandH = 40 + random() * 120;
    const band = ictx.createLinearGradient(0, top, 0, top + bandH);
    band.addColorStop(0, "rgba(0,0,0,0)");
    band.addColorStop(0.5, `rgba(0,0,0,${damage.fadeStrength})`);
    band.addColorStop(1, "rgba(0,0,0,0)");
    ictx.fillStyle = band;
    ictx.fillRect(0, top, paperW, bandH);
  }
  for (let s = 0; s < damage.streaks; s++) {
    ictx.fillStyle = `rgba(0,0,0,${0.5 + random() * 0.3})`;
    ictx.fillRect(random() * paperW, 0, 1 + random() * 2, paperH);
  }
  ictx.globalCompositeOperation = "source-over";
  ctx.filter = damage.blur > 0 ? `blur(${damage.blur}px)` : "none";
  ctx.drawImage(ink, -paperW / 2, -paperH / 2);
  ctx.filter = "none";

  // Uneven light across the paper.
  if (damage.gradient > 0) {
    const light = ctx.createLinearGradient(-paperW / 2, -paperH / 2, paperW / 2, paperH / 2);
    const flip = random() < 0.5;
    light.addColorStop(flip ? 1 : 0, "rgba(255,255,255,0.08)");
    light.addColorStop(flip ? 0 : 1, `rgba(30,25,20,${damage.gradient})`);
    ctx.fillStyle = light;
    ctx.fillRect(-paperW / 2, -paperH / 2, paperW, paperH);
  }
  ctx.restore();

  // Sensor noise and thermal speckle.
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < width * height; i++) {
    const noise = damage.noise ? (random() - 0.5) * 2 * damage.noise : 0;
    const speckle = damage.speckle && random() < damage.speckle / 10_000 ? -90 - random() * 80 : 0;
    for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.max(0, Math.min(255, data[i * 4 + c]! + noise + speckle));
  }
  ctx.putImageData(image, 0, 0);

  // What the app does with a photo before reading it (src/lib/ocr.ts: scaledCanvas).
  const scale = spec.scale;
  const prepared = document.createElement("canvas");
  prepared.width = Math.max(1, Math.round(width * scale));
  prepared.height = Math.max(1, Math.round(height * scale));
  const pctx = prepared.getContext("2d", { willReadFrequently: true })!;
  pctx.imageSmoothingQuality = "high";
  pctx.drawImage(photo, 0, 0, prepared.width, prepared.height);
  const pixels = pctx.getImageData(0, 0, prepared.width, prepared.height);
  (new Function(`return (${spec.normalise})`)() as (image: ImageData) => void)(pixels);
  pctx.putImageData(pixels, 0, 0);
  return prepared.toDataURL("image/png");
}

// ---------------------------------------------------------------------------------------------------------------
// Running

function option(name: string, fallback: string): string {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : (process.env[`PHOTO_${name.toUpperCase()}`] ?? fallback);
}

async function render(browser: Browser, receipt: SyntheticReceipt, damage: Damage, seed: number): Promise<Buffer> {
  const columns = Math.max(RECEIPT_COLUMNS, ...receipt.lines.map((l) => l.left.length + (l.right ? l.right.length + 1 : 0)));
  const layout = photoLayout(receipt.lines.length, columns);
  const page = await browser.newPage();
  try {
    await page.addInitScript("globalThis.__name = (fn) => fn");
    await page.goto("about:blank");
    const url = await page.evaluate(drawReceiptPhoto, {
      lines: receipt.lines,
      columns,
      damage,
      seed,
      normalise: normaliseContrast.toString(),
      scale: ocrScale(layout.width, layout.height),
    });
    return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
  } finally {
    await page.close();
  }
}

async function recognise(worker: Worker, png: Buffer): Promise<string[]> {
  const key = createHash("sha1").update(png).digest("hex");
  const cached = join(CACHE, `${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as string[];
  const { data } = await worker.recognize(png);
  // As src/lib/ocr.ts textLines: trailing spaces off, blank lines dropped.
  const lines = data.text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => line.trim().length > 0);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, JSON.stringify(lines));
  return lines;
}

async function main() {
  const count = Number(option("count", "24"));
  const seed = Number(option("seed", "1"));
  const levels = option("levels", Object.keys(DAMAGE_LEVELS).join(",")).split(",").filter((l) => DAMAGE_LEVELS[l]);
  const save = option("save", "");
  const receipts = Array.from({ length: count }, (_, i) => syntheticReceipt(seed, i));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  const worker = await createWorker("eng", OEM.LSTM_ONLY, { langPath: LANG_PATH, gzip: true, cacheMethod: "none" });
  await worker.setParameters(OCR_PARAMETERS);
  const started = Date.now();
  const totals: Record<string, PhotoScore> = {};
  try {
    for (const level of levels) {
      const total: PhotoScore = { items: 0, predicted: 0, namePrice: 0, nearNamePrice: 0, price: 0, multi: 0, multiQuantity: 0 };
      for (const [index, receipt] of receipts.entries()) {
        const png = await render(browser, receipt, DAMAGE_LEVELS[level]!, seed * 1000 + index);
        const lines = await recognise(worker, png);
        if (save) {
          mkdirSync(save, { recursive: true });
          writeFileSync(join(save, `${receipt.id}-${level}.png`), png);
          writeFileSync(join(save, `${receipt.id}-${level}.txt`), `${lines.join("\n")}\n`);
        }
        const score = scoreReceipt(receipt.items, parseReceiptText(lines).items);
        for (const key of Object.keys(total) as (keyof PhotoScore)[]) total[key] += score[key];
      }
      totals[level] = total;
      const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-").padStart(7);
      console.log(
        `${level.padEnd(9)} receipts ${count}  items ${total.items}  name+price ${pct(total.namePrice, total.items)}  near-name+price ${pct(total.nearNamePrice, total.items)}` +
          `  price ${pct(total.price, total.items)}  extra items ${Math.max(0, total.predicted - total.nearNamePrice)}  quantity (multi) ${pct(total.multiQuantity, total.multi)}`,
      );
    }
  } finally {
    await worker.terminate();
    await browser.close();
  }
  const fields: Record<string, number | string> = { receipts: count, seed };
  for (const level of levels) {
    const t = totals[level]!;
    fields[`${level}_name_price`] = t.items ? t.namePrice / t.items : 0;
    fields[`${level}_near`] = t.items ? t.nearNamePrice / t.items : 0;
    fields[`${level}_price`] = t.items ? t.price / t.items : 0;
  }
  fields.seconds = Math.round((Date.now() - started) / 1000);
  console.log(resultLine("eval:receipts-photo", fields));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
