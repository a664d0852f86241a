import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, launchBrowser, signUp, watchErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("account journey", () => {
  it("creates an account, is greeted by first name, stays signed in after reload, and logs out", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(page, "Robin");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Robin/);

    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Robin/);

    await page.getByRole("link", { name: /log ?out/i }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.getByRole("link", { name: /log in/i }).or(page.getByRole("button", { name: /log in/i })).count()).toBeGreaterThan(0);
    const me = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
    expect(me).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message for a wrong password", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel("Username").fill("demo");
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await expect.poll(() => page.getByText("Invalid username or password").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("signs in with the seeded demo account", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel("Username").fill("demo");
    await page.getByLabel("Password", { exact: true }).fill("plantry-demo");
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Dana/);
    await context.close();
  });
});
