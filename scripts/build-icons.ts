/**
 * The installable app's icons, drawn from the logo mark: `public/icons/icon.svg` (rounded tile), a maskable
 * variant (full-bleed tile, the leaf inside the central safe zone) and PNG renderings of both at the sizes the
 * manifest and iOS ask for, rasterised by Debian's Chromium. `npm run icons` after changing the mark.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execSync } from "node:child_process";
import { chromium } from "playwright-core";
import { ROOT } from "./lib/local";

const LEAF = `<path d="M9 23c0-8 5-13 14-14-.4 8.6-5.3 13.4-12.4 13.7" fill="#fff" fill-opacity=".95"/>
  <path d="M9.5 23.5c2.6-4.4 5.8-7.4 9.5-9.3" stroke="#15803d" stroke-width="1.6" stroke-linecap="round" fill="none"/>`;
const GRADIENT = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#22c55e"/><stop offset="1" stop-color="#15803d"/></linearGradient></defs>`;

/** The mark on a rounded tile, as the favicon. */
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GRADIENT}<rect width="32" height="32" rx="7" fill="url(#g)"/>${LEAF}</svg>\n`;
/** Full-bleed tile; the leaf scaled into the central 80% so any mask shape keeps it whole. */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GRADIENT}<rect width="32" height="32" fill="url(#g)"/><g transform="translate(16 16) scale(0.72) translate(-16 -16)">${LEAF}</g></svg>\n`;

const OUT = join(ROOT, "public", "icons");
const RENDERS = [
  { svg: ICON, size: 192, file: "icon-192.png" },
  { svg: ICON, size: 512, file: "icon-512.png" },
  { svg: MASKABLE, size: 512, file: "maskable-512.png" },
  { svg: MASKABLE, size: 180, file: "apple-touch-icon.png" },
];

async function main() {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "icon.svg"), ICON);
  writeFileSync(join(OUT, "maskable.svg"), MASKABLE);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? execSync("command -v chromium").toString().trim(), args: ["--no-sandbox"] });
  try {
    for (const { svg, size, file } of RENDERS) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`);
      await page.screenshot({ path: join(OUT, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      await page.close();
      console.log(`public/icons/${file}`);
    }
  } finally {
    await browser.close();
  }
}

void main();
