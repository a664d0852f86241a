import { chromium, type Browser, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { execSync } from "node:child_process";

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execSync("command -v chromium").toString().trim();
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
}

export function baseUrl(): string {
  return inject("baseUrl");
}

/** Fails the test on any page error or console.error, so broken screens do not pass silently. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource: the server responded with a status of 40[14]/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

let counter = 0;
/** Creates an account through the sign-in screen and lands on the dashboard. */
export async function signUp(page: Page, firstName = "Robin"): Promise<{ username: string; password: string }> {
  counter += 1;
  const username = `e2e_${Date.now().toString(36)}_${counter}`;
  const password = "e2e password 123";
  await page.goto(`${baseUrl()}/login`);
  await page.getByRole("button", { name: /^create one$/i }).click();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel(/First name/i).fill(firstName);
  await page.getByRole("button", { name: /^create account$/i }).click();
  await page.waitForURL(`${baseUrl()}/`);
  return { username, password };
}

/** Names the failing call when the page logs a 5xx (watchErrors only sees "Failed to load resource"). */
export function reportServerErrors(page: Page) {
  page.on("response", (response) => {
    if (response.status() >= 500) console.error(`${response.status()} from ${response.request().method()} ${response.url()}`);
  });
}

/** Screens load lazily and the machine is shared: give each expectation time to come true. */
export function poll<T>(read: () => T | Promise<T>): ReturnType<typeof expect.poll<T>> {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}
