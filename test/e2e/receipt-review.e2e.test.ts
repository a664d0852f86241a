import { describe } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, expect, poll, reportServerErrors, selectShowsWholeChoice, test } from "./fixtures";

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** A shop's e-mailed receipt from `daysAgo` days back, printed to PDF by Chromium (a real text layer). */
async function oldReceiptPdf(browser: Browser, daysAgo: number): Promise<Buffer> {
  const [year, month, day] = isoDaysAgo(daysAgo).split("-");
  const rows = [
    ["GREEN VALLEY MARKET", ""],
    ["482 Orchard Avenue", ""],
    [`${month}/${day}/${year} 2:32 PM`, ""],
    ["WHOLE MILK 1 GAL", "3.49"],
    ["BABY SPINACH 5OZ", "2.99"],
    ["SOURDOUGH BREAD", "4.50"],
    ["SUBTOTAL", "10.98"],
    ["TOTAL", "10.98"],
  ];
  const page = await browser.newPage();
  try {
    const html = rows.map(([left, right]) => `<div style="display:flex;justify-content:space-between"><span>${left}</span><span>${right}</span></div>`).join("");
    await page.setContent(`<html><body style="font:12px monospace;margin:0;padding:12px">${html}</body></html>`);
    return await page.pdf({ width: "80mm", height: "100mm" });
  } finally {
    await page.close();
  }
}

describe("reviewing an old receipt", () => {
  test("says when estimated dates have passed and counts them from today when the user chooses", async ({ browser, open }) => {
    const pdf = await oldReceiptPdf(browser, 40);
    const { page } = await open({ as: "Olive", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/receipts/scan`);
    await page.getByLabel("Receipt file").setInputFiles({ name: "old-receipt.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: "Scan receipt" }).click();
    await page.getByRole("heading", { name: "Review your items" }).waitFor({ timeout: 60_000 });

    // The notice names the problem and offers the choice; the past rows say so.
    const notice = page.getByRole("group", { name: "Some estimated dates have already passed" });
    await notice.waitFor();
    await notice.getByText(/items? would arrive in your pantry already expired/).waitFor();
    const milkDate = page.getByRole("textbox", { name: "Expiry date of Whole milk" });
    const today = isoDaysAgo(0);
    expect(await milkDate.inputValue() < today).toBe(true);
    await page.getByText("Already past").first().waitFor();

    // Keyboard users reach the choice like any other field.
    const fromToday = notice.getByRole("radio", { name: /Count from today/ });
    await fromToday.check();
    expect(await fromToday.isChecked()).toBe(true);
    await poll(async () => (await milkDate.inputValue()) >= today).toBe(true);
    expect(await page.getByText("Already past").count()).toBe(0);

    // The longest category reads whole in a row's select, on a laptop and on a phone.
    const category = page.getByRole("combobox", { name: "Category of Sourdough bread" });
    await category.selectOption("Condiments & Sauces");
    expect(await selectShowsWholeChoice(category)).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await selectShowsWholeChoice(category)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await category.selectOption("Bread & Bakery");

    await page.getByRole("button", { name: /^Add \d+ items? to pantry$/ }).click();
    await page.waitForURL(`${baseUrl()}/pantry`);
    const list = page.getByRole("list", { name: "Pantry items" });
    await list.getByRole("heading", { name: "Whole milk", exact: true }).waitFor();
    // Nothing landed already expired.
    expect(await list.getByText(/^Expired/).count()).toBe(0);
  });
});
