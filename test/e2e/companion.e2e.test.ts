import { describe } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expect, poll, reportServerErrors, selectShowsWholeChoice, test } from "./fixtures";
import { allergensIn } from "../../worker/domain/recipeTags";

/** Set E2E_SCREENSHOTS=/tmp/some-dir to keep screenshots of the profile and companion screens. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS;

async function snap(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

function isoDateIn(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Adds a pantry item through the documented REST call (same-origin fetch, so the Origin check passes). */
async function addPantryItem(page: Page, item: Record<string, unknown>) {
  const status = await page.evaluate(async (body) => (await fetch("/api/pantry", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).status, item);
  expect(status).toBe(201);
}

/** Every ingredient line of the recipes an answer links to, read through the recipe API. */
async function linkedRecipeLines(page: Page, hrefs: string[]): Promise<string[]> {
  return page.evaluate(async (paths) => {
    const lines: string[] = [];
    for (const path of paths) {
      const response = await fetch(`/api${path}`);
      const body = (await response.json()) as { ingredients: { text: string; name: string }[] };
      lines.push(...body.ingredients.map((i) => `${i.text} ${i.name}`));
    }
    return lines;
  }, hrefs);
}

describe("cooking companion journey", () => {
  test("sets an allergy, asks what to cook, gets an answer naming what expires soon and no allergen, and clears the chat", async ({ open }) => {
    const { page } = await open({ as: "Sam", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);
    // Same-origin fetches below need a page on the app's origin.
    await page.goto(`${baseUrl()}/`);

    // A pantry where dairy would otherwise win: spinach expires tomorrow, cheese and milk are plentiful.
    await addPantryItem(page, { name: "Spinach", category: "Fresh Vegetables", quantity: 1, unit: "bunch", storageLocation: "fridge", expirationDate: isoDateIn(1) });
    await addPantryItem(page, { name: "Chicken breast", category: "Fresh Meat", quantity: 1, unit: "lb", storageLocation: "fridge", expirationDate: isoDateIn(3) });
    await addPantryItem(page, { name: "Tomatoes", category: "Fresh Vegetables", quantity: 6, unit: "each", storageLocation: "pantry", expirationDate: isoDateIn(9) });
    await addPantryItem(page, { name: "Cheddar", category: "Cheese & Yogurt", quantity: 1, unit: "each", storageLocation: "fridge", expirationDate: isoDateIn(30) });
    await addPantryItem(page, { name: "Milk", category: "Milk & Eggs", quantity: 1, unit: "each", storageLocation: "fridge", expirationDate: isoDateIn(12) });

    // Profile: Food Preferences, an allergy added with Enter, saved.
    await page.goto(`${baseUrl()}/profile`);
    await poll(() => page.getByRole("heading", { name: "AI Token Usage" }).count()).toBe(1);
    await poll(() => page.getByText("Loading token usage...").count()).toBe(0);
    await snap(page, "profile-general");
    // The token form's Access choice reads whole, on a laptop and on a phone; fields scrolled to (a validation
    // message, Tab) stop below the sticky header.
    const access = page.getByLabel("Access", { exact: true });
    expect(await selectShowsWholeChoice(access)).toBe(true);
    const displayName = page.getByLabel("Display Name");
    const headerHeight = await page.locator(".app-header").evaluate((header) => header.getBoundingClientRect().height);
    expect(await displayName.evaluate((field) => parseFloat(getComputedStyle(field).scrollMarginTop))).toBeGreaterThanOrEqual(Math.floor(headerHeight));
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await selectShowsWholeChoice(access)).toBe(true);
    await displayName.evaluate((field) => field.scrollIntoView({ block: "start", behavior: "instant" }));
    const [fieldTop, headerBottom] = await Promise.all([displayName.evaluate((field) => field.getBoundingClientRect().top), page.locator(".app-header").evaluate((header) => header.getBoundingClientRect().bottom)]);
    expect(fieldTop).toBeGreaterThanOrEqual(headerBottom);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("tab", { name: "Food Preferences" }).click();
    const allergies = page.getByRole("textbox", { name: "Allergies" });
    await allergies.fill("  Dairy  ");
    await allergies.press("Enter");
    await poll(() => page.getByRole("list", { name: "Allergies" }).textContent()).toContain("Dairy");
    expect(await allergies.inputValue()).toBe("");
    // A repeat is ignored.
    await allergies.fill("dairy");
    await allergies.press("Enter");
    expect(await page.getByRole("list", { name: "Allergies" }).getByRole("listitem").count()).toBe(1);
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await poll(() => page.getByText("Preferences Updated").count()).toBeGreaterThan(0);
    await snap(page, "profile-food-preferences");

    // Companion: the Recipe Ideas quick prompt asks what to cook.
    await page.goto(`${baseUrl()}/cooking-companion`);
    const log = page.getByRole("log", { name: "Conversation" });
    await poll(() => log.textContent()).toContain("Chef Companion");
    const firstSession = await page.evaluate(() => localStorage.getItem("cooking-companion-session-id"));
    expect(firstSession).toMatch(/^session_\d+_[a-z0-9]+$/);
    await page.getByRole("button", { name: "Recipe Ideas" }).click();
    const answer = log.locator(".chat-message--assistant").filter({ hasText: "Here's what I'd cook" });
    await poll(() => answer.count()).toBe(1);
    const text = (await answer.textContent()) ?? "";
    expect(text).toMatch(/spinach that expires tomorrow/i);
    expect(allergensIn(text, ["Dairy"])).toEqual([]);
    const hrefs = await answer.locator(".chat-markdown a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/recipes\/\d+$/);
    for (const line of await linkedRecipeLines(page, hrefs)) expect(allergensIn(line, ["Dairy"]), line).toEqual([]);
    // Suggestion chips follow the answer; proposed writes wait for a Confirm.
    await poll(() => page.getByRole("button", { name: /Plan .* for dinner|Add the missing ingredients/ }).count()).toBeGreaterThan(0);
    expect(await answer.getByRole("button", { name: "Confirm" }).count()).toBeGreaterThan(0);
    await snap(page, "companion-answer");

    // Typing a question: Enter sends it, the answer comes from USDA data.
    const input = page.getByLabel("Message Chef Companion");
    await input.fill("What's the safe internal temperature for chicken?");
    await input.press("Enter");
    await poll(() => log.locator(".chat-message--assistant").filter({ hasText: "165 °F" }).count()).toBe(1);
    expect(await input.inputValue()).toBe("");

    // Clear Chat: a fresh welcome, a new session id, and the toast.
    await page.getByRole("button", { name: "Clear Chat" }).click();
    await poll(() => page.getByText("Chat Cleared").count()).toBeGreaterThan(0);
    await poll(() => log.locator(".chat-message--assistant").filter({ hasText: "165 °F" }).count()).toBe(0);
    await poll(() => log.textContent()).toContain("I'm your Chef Companion");
    const secondSession = await page.evaluate(() => localStorage.getItem("cooking-companion-session-id"));
    expect(secondSession).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect(secondSession).not.toBe(firstSession);

    // The old session's history is still the cook's own.
    const old = await page.evaluate(async (id) => (await (await fetch(`/api/cooking-companion/history/${id}`)).json()) as unknown[], firstSession);
    expect(old).toHaveLength(2);
  });
});

describe("cooking companion, a message that could not be sent", () => {
  test("stays in the conversation marked Not sent, the input stays empty, and Retry sends it once", async ({ open, consoleErrors }) => {
    // Requests a service worker handles are out of page.route's reach: the page's own call is the one to cut.
    const { page } = await open({ as: "Kai", viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
    reportServerErrors(page);
    consoleErrors.allowMessage({ text: /ERR_INTERNET_DISCONNECTED/, reason: "chat requests are cut off on purpose until the cook retries" });
    let cutOff = true;
    await page.route(/\/trpc\/companion\.chatStream/, (route) => (cutOff ? route.abort("internetdisconnected") : route.fallback()));

    await page.goto(`${baseUrl()}/cooking-companion`);
    const log = page.getByRole("log", { name: "Conversation" });
    await poll(() => log.textContent()).toContain("I'm your Chef Companion");
    const toasts = page.getByRole("region", { name: /Notifications/ });
    const question = "What's the safe internal temperature for chicken?";
    const asked = log.locator(".chat-message--user").filter({ hasText: question });

    // Typed and sent: the request fails, the question stays with "Not sent", the input is not refilled.
    const input = page.getByLabel("Message Chef Companion");
    await input.fill(question);
    await input.press("Enter");
    await poll(() => asked.filter({ hasText: "Not sent" }).count()).toBe(1);
    await poll(() => toasts.textContent()).toContain("Sorry, I had trouble responding. Please try again!");
    expect(await toasts.textContent()).toContain("Chat Error");
    expect(await input.inputValue()).toBe("");
    expect(await log.getByLabel("Chef Companion is typing").count()).toBe(0);
    await snap(page, "companion-not-sent");
    const retry = asked.getByRole("button", { name: "Retry sending this message" });
    expect(await retry.getAttribute("aria-describedby")).toBe(await asked.locator(".chat-text").getAttribute("id"));

    // Retry: the same question once, now answered.
    cutOff = false;
    await retry.click();
    await poll(() => log.locator(".chat-message--assistant").filter({ hasText: "165 °F" }).count()).toBe(1);
    expect(await asked.count()).toBe(1);
    expect(await log.getByText("Not sent").count()).toBe(0);

    // A quick prompt that fails stays too, after the answered turn, and its Retry works the same way.
    cutOff = true;
    await page.getByRole("button", { name: "Recipe Ideas" }).click();
    const prompt = log.locator(".chat-message--user").filter({ hasText: "Not sent" });
    await poll(() => prompt.count()).toBe(1);
    const promptText = (await prompt.locator(".chat-text").textContent()) ?? "";
    expect(promptText.length).toBeGreaterThan(0);
    const order = await log.locator(".chat-message").evaluateAll((rows) => rows.map((row) => row.className));
    expect(order.at(-1)).toContain("chat-message--not-sent");
    const answers = await log.locator(".chat-message--assistant").count();
    cutOff = false;
    await prompt.getByRole("button", { name: "Retry sending this message" }).click();
    await poll(() => log.locator(".chat-message--assistant").count()).toBe(answers + 1);
    // The answer comes after the prompt it answers.
    expect(await log.locator(".chat-message").last().getAttribute("class")).toContain("chat-message--assistant");
    expect(await log.locator(".chat-message--user").filter({ hasText: promptText }).count()).toBe(1);
    expect(await log.getByText("Not sent").count()).toBe(0);

    // Clear Chat takes a failed message with the rest.
    cutOff = true;
    await input.fill("Can I freeze bread?");
    // Send is held back while the previous answer is still streaming in.
    await poll(() => page.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
    await input.press("Enter");
    await poll(() => log.getByText("Not sent").count()).toBe(1);
    await page.getByRole("button", { name: "Clear Chat" }).click();
    await poll(() => log.textContent()).toContain("I'm your Chef Companion");
    expect(await log.locator(".chat-message--user").count()).toBe(0);
  });
});
