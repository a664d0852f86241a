import type { Page } from "playwright-core";
import { describe } from "vitest";
import { baseUrl, expect, poll, test } from "./fixtures";

/** Creates an account through the sign-in screen (the other journeys create theirs through the API). */
async function signUpThroughScreen(page: Page, firstName: string) {
  const username = `e2e_ui_${Date.now().toString(36)}`;
  await page.goto(`${baseUrl()}/login`);
  await page.getByRole("button", { name: /^create one$/i }).click();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("e2e password 123");
  await page.getByLabel(/First name/i).fill(firstName);
  await page.getByRole("button", { name: /^create account$/i }).click();
  await page.waitForURL(`${baseUrl()}/`);
}

describe("account journey", () => {
  test("creates an account, is greeted by first name, stays signed in after reload, and logs out", async ({ open }) => {
    const { page } = await open({ as: false });
    await signUpThroughScreen(page, "Robin");
    await poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Robin/);

    await page.reload();
    await poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Robin/);

    await page.getByRole("link", { name: /log ?out/i }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await poll(() => page.getByRole("link", { name: /log in/i }).or(page.getByRole("button", { name: /log in/i })).count()).toBeGreaterThan(0);
    const me = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
    expect(me).toBe(401);
  });

  test("shows the server's message for a wrong password", async ({ open, consoleErrors }) => {
    consoleErrors.allow({ status: 401, path: /^\/trpc\/auth\.login$/, reason: "the wrong password is refused with 401" });
    const { page } = await open({ as: false });
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel("Username").fill("demo");
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await poll(() => page.getByText("Invalid username or password").count()).toBeGreaterThan(0);
  });

  test("signs in with the seeded demo account", async ({ open }) => {
    const { page } = await open({ as: false });
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel("Username").fill("demo");
    await page.getByLabel("Password", { exact: true }).fill("plantry-demo");
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Dana/);
  });
});
