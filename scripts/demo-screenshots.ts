/**
 * The landing page's guided tour (src/components/public/DemoTour.tsx) shows real screenshots of the seeded demo
 * household. This takes them: it starts the app exactly as the browser tests do (build, fresh local D1, seed,
 * wrangler dev: test/e2e/globalSetup.ts), signs in as the demo account in Debian's Chromium, and saves one JPEG
 * per tour step to public/demo/. `npm run demo:screenshots` after a screen in the tour changes. The app shows food
 * emoji: install an emoji font first (Debian: `apt-get install fonts-noto-color-emoji`) or they come out as boxes.
 */
import { execSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { setup, teardown } from "../test/e2e/globalSetup";
import { DEMO_PASSWORD, DEMO_USERNAME } from "./seed";
import { ROOT } from "./lib/local";

const OUT = join(ROOT, "public", "demo");
const RECEIPT = fileURLToPath(new URL("../test/fixtures/receipts-images/text-receipt.pdf", import.meta.url));
const VIEWPORT = { width: 1280, height: 800 };

type Shot = { name: string; open: (page: Page, base: string) => Promise<void> };

const SHOTS: Shot[] = [
  {
    name: "dashboard",
    open: async (page, base) => {
      await page.goto(`${base}/`);
      await page.getByRole("heading", { name: /Expiring Soon/i }).first().waitFor();
      await page.locator(".skeleton").first().waitFor({ state: "detached" }).catch(() => undefined);
    },
  },
  {
    name: "pantry",
    open: async (page, base) => {
      await page.goto(`${base}/pantry?filter=expiring`);
      await page.getByRole("heading", { level: 1, name: /Pantry/i }).waitFor();
      await page.locator(".pantry-card").first().waitFor();
    },
  },
  {
    name: "receipt",
    open: async (page, base) => {
      await page.goto(`${base}/receipts/scan`);
      await page.getByLabel("Receipt file").setInputFiles(RECEIPT);
      await page.getByRole("button", { name: "Scan receipt" }).click();
      await page.getByRole("heading", { name: "Review your items" }).waitFor({ timeout: 120_000 });
    },
  },
  {
    name: "recipes",
    open: async (page, base) => {
      await page.goto(`${base}/recipes`);
      await page.getByRole("button", { name: /What can I make\?/ }).click();
      await page.getByText(/Showing recipes that use at least/).waitFor();
      await page.locator(".recipe-grid[aria-busy='true']").waitFor({ state: "detached" }).catch(() => undefined);
      await page.locator(".recipe-card").first().waitFor();
    },
  },
  {
    name: "insights",
    open: async (page, base) => {
      await page.goto(`${base}/insights`);
      await page.locator(".recharts-surface").first().waitFor();
    },
  },
];

async function main() {
  let base = "";
  await setup({ provide: (_key: string, value: string) => (base = value) } as unknown as Parameters<typeof setup>[0]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? execSync("command -v chromium").toString().trim(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: "light", reducedMotion: "reduce" });
    await context.addInitScript(() => localStorage.setItem("plantry-theme", "light"));
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("Username").fill(DEMO_USERNAME);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.waitForURL(`${base}/`);
    mkdirSync(OUT, { recursive: true });
    for (const shot of SHOTS) {
      await shot.open(page, base);
      // Let toasts and chart animations settle so the picture shows the screen, not a transition.
      await page.waitForTimeout(1500);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(OUT, `${shot.name}.jpg`), type: "jpeg", quality: 80 });
      console.log(`public/demo/${shot.name}.jpg`);
    }
  } finally {
    await browser.close();
    await teardown();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
