import { describe } from "vitest";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { baseUrl, expect, poll, test } from "./fixtures";

/** Set E2E_SCREENSHOTS=/tmp/some-dir to keep screenshots of the scan and receipt screens. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS;
const PHOTO = fileURLToPath(new URL("../fixtures/receipts-images/photo-receipt.png", import.meta.url));
const PDF = fileURLToPath(new URL("../fixtures/receipts-images/text-receipt.pdf", import.meta.url));

/** Food lines printed on the fixture receipts, as the review step names them. */
const EXPECTED_ITEMS = ["Whole milk", "Eggs", "Bananas", "Strawberries", "Chicken breasts", "Cheddar cheese", "Baby spinach", "Sourdough bread", "Greek yogurt"];

async function snap(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The names in the review step's name fields, in order. */
async function reviewedNames(page: Page): Promise<string[]> {
  return page.locator(".review-row__name input").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

describe("receipt scanning journey", () => {
  test("reads a photographed receipt on the device, reviews it and adds the items to the pantry", async ({ open }) => {
    const { page } = await open({ as: "Sam", viewport: { width: 1280, height: 900 } });
    const ocrRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (/tesseract|traineddata|\.wasm/.test(url.pathname)) ocrRequests.push(url.origin);
    });

    await page.goto(`${baseUrl()}/receipts/scan`);
    await page.getByRole("heading", { level: 1, name: "Scan Receipt" }).waitFor();
    // The drop zone is a button (keyboard reachable); the file goes in through the file input.
    await page.getByRole("button", { name: /drop your receipt here or choose a file/i }).waitFor();
    await poll(() => page.getByText(/No receipts yet/).count()).toBe(1);
    await page.getByLabel("Receipt file").setInputFiles(PHOTO);
    await page.getByRole("img", { name: /Preview of photo-receipt\.png/ }).waitFor();
    await snap(page, "scan-chosen");

    const started = Date.now();
    await page.getByRole("button", { name: "Scan receipt" }).click();
    const bar = page.getByRole("progressbar", { name: "Receipt processing progress" });
    await bar.waitFor();
    await page.getByText(/Reading text/).first().waitFor();
    await snap(page, "scan-progress");

    await page.getByRole("heading", { name: "Review your items" }).waitFor({ timeout: 120_000 });
    const readMs = Date.now() - started;
    console.log(`receipt e2e: photo read on device, uploaded and parsed in ${readMs} ms`);
    await snap(page, "scan-review");

    // Real tesseract.js OCR in Chromium found the printed items.
    const names = await reviewedNames(page);
    console.log(`receipt e2e: review rows ${JSON.stringify(names)}`);
    for (const expected of EXPECTED_ITEMS) expect(names).toContain(expected);
    expect(await page.getByLabel("Store").inputValue()).toBe("GREEN VALLEY MARKET");
    expect(await page.getByRole("textbox", { name: "Price of Whole milk" }).inputValue()).toBe("3.49");
    expect(await page.getByRole("textbox", { name: "Expiry date of Whole milk" }).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // OCR files came from our own origin only.
    expect(ocrRequests.length).toBeGreaterThan(0);
    expect(new Set(ocrRequests)).toEqual(new Set([new URL(baseUrl()).origin]));

    // Non-food lines start unticked; the user also unticks the bananas.
    const bag = page.getByRole("checkbox", { name: /paper bag/i });
    expect(await bag.isChecked()).toBe(false);
    await page.getByRole("checkbox", { name: "Add Bananas to pantry" }).uncheck();
    const expectedAdded = EXPECTED_ITEMS.filter((name) => name !== "Bananas");
    const confirm = page.getByRole("button", { name: `Add ${expectedAdded.length} items to pantry` });
    await confirm.click();

    await page.waitForURL(`${baseUrl()}/pantry`);
    const list = page.getByRole("list", { name: "Pantry items" });
    await list.waitFor();
    for (const name of expectedAdded) await list.getByRole("heading", { name, exact: true }).waitFor();
    expect(await list.getByRole("heading", { name: "Bananas", exact: true }).count()).toBe(0);
    expect(await list.getByRole("heading", { name: /paper bag/i }).count()).toBe(0);
    await snap(page, "pantry-after-scan");

    // The receipt is in the recent list and has its own page with the image and the items it gave.
    await page.goto(`${baseUrl()}/receipts/scan`);
    const recent = page.getByRole("link", { name: /GREEN VALLEY MARKET/ });
    await recent.waitFor();
    await recent.click();
    await page.waitForURL(/\/receipts\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "GREEN VALLEY MARKET" }).waitFor();
    const photo = page.getByRole("img", { name: /Receipt from GREEN VALLEY MARKET/ });
    await photo.waitFor();
    await poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(720);
    await page.getByText(`${expectedAdded.length} items came from this receipt.`).waitFor();
    await snap(page, "receipt-page");
  });

  test("reads a PDF's text layer on a phone-sized screen, and Cancel leaves the pantry untouched", async ({ open }) => {
    const { page } = await open({ as: "Ari", viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl()}/receipts/scan`);
    await page.getByLabel("Receipt file").setInputFiles(PDF);
    await page.getByText("text-receipt.pdf").waitFor();
    await page.getByRole("button", { name: "Scan receipt" }).click();
    await page.getByRole("heading", { name: "Review your items" }).waitFor({ timeout: 60_000 });
    const names = await reviewedNames(page);
    for (const expected of EXPECTED_ITEMS) expect(names).toContain(expected);
    await snap(page, "scan-review-mobile");

    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${baseUrl()}/pantry`);
    // The first visit to /pantry reloads the page once (cache version); its empty state shows after that reload.
    // Waiting for it also keeps the journey from ending mid-reload, where closing the context can hang Chromium.
    await page.getByRole("heading", { name: "Your pantry is empty" }).waitFor();
    const pantry = await page.context().request.get(`${baseUrl()}/api/pantry`);
    expect(pantry.status()).toBe(200);
    expect(await pantry.json()).toEqual([]);
  });

  test("checks type and size before uploading, with the messages users see", async ({ open }) => {
    const { page } = await open({ as: "Kim" });
    await page.goto(`${baseUrl()}/receipts/scan`);
    await page.getByLabel("Receipt file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("milk 3.49") });
    await page.getByText("Please upload a JPG, PNG, or PDF file").waitFor();
    await page.getByLabel("Receipt file").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await page.getByText("Please upload a file smaller than 10MB").waitFor();
    expect(await page.getByRole("button", { name: "Scan receipt" }).count()).toBe(0);

    // Premium users (everyone during the beta) get no limit panel; a free user sees the month's usage.
    expect(await page.getByRole("heading", { name: "Free plan" }).count()).toBe(0);
    await page.evaluate(() => localStorage.setItem("debug-premium-toggle", "false"));
    await page.reload();
    await page.getByRole("heading", { name: "Free plan" }).waitFor();
    await page.getByRole("progressbar", { name: "Receipt scans used this month" }).waitFor();
    await page.getByText("0 / 5").waitFor();
  });
});
