import { describe } from "vitest";
import type { Locator, Page } from "playwright-core";
import { baseUrl, expect, poll, reportServerErrors, test } from "./fixtures";

/** The browser's own calendar date `offset` days from now (the account takes the browser's time zone). */
function localDate(page: Page, offset: number): Promise<string> {
  return page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  }, offset);
}

async function entryIds(page: Page): Promise<string[]> {
  return page.locator(".week-view .meal-entry").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-entry-id") ?? ""));
}

const toastRegion = (page: Page) => page.getByRole("region", { name: /Notifications \(F8\)/ });

async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 6 px activation distance, then onto the target in steps so the sensor sees the movement.
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 20), { steps: 12 });
  await page.mouse.up();
}

describe("meal plans", () => {
  test("plans the week around spinach that expires tomorrow, shows why, keeps a locked meal through a reshuffle, and serves the calendar feed", async ({ open }) => {
    const { context, page } = await open({ as: "Sam", viewport: { width: 1400, height: 1000 }, locale: "en-US" });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);

    const tomorrow = await localDate(page, 1);
    const added = await page.evaluate(
      async (date) =>
        (await fetch("/api/pantry", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "Spinach", category: "Fresh Vegetables", expirationDate: date }) }))
          .status,
      tomorrow,
    );
    expect(added).toBe(201);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Meal Plans/ }).click();
    await page.waitForURL(`${baseUrl()}/meal-plans`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Meal Plans");
    await poll(() => page.getByText(/Nothing planned this week yet/).count()).toBe(1);
    // en-US weeks start on Sunday.
    await poll(() => page.locator(".day-column__weekday").first().textContent()).toBe("Sun");

    // Plan my week: every open slot from today on gets a meal, and the spinach one says why.
    await page.getByRole("button", { name: "Plan my week" }).click();
    await poll(() => page.getByRole("status").filter({ hasText: /^Planned \d+ meals?/ }).count()).toBe(1);
    const spinachMeal = page.locator(".meal-entry").filter({ hasText: /Uses your spinach, which expires tomorrow/ }).first();
    await spinachMeal.waitFor();
    const spinachName = (await spinachMeal.locator(".meal-entry__name").textContent())!;
    const completion = await page.getByRole("progressbar", { name: "Meals planned" }).getAttribute("aria-valuenow");
    expect(Number(completion)).toBeGreaterThan(0);

    // Lock the spinach meal, then reshuffle: it stays, every other meal Plan my week chose is replaced.
    await spinachMeal.getByRole("button", { name: `Lock ${spinachName}` }).click();
    const locked = page.getByRole("button", { name: `Unlock ${spinachName}` });
    await poll(() => locked.getAttribute("aria-pressed")).toBe("true");
    const lockedId = await page.locator(".meal-entry--locked").getAttribute("data-entry-id");
    const before = await entryIds(page);
    await page.getByRole("button", { name: "Reshuffle" }).click();
    await poll(() => toastRegion(page).textContent()).toContain("Week reshuffled");
    await poll(async () => (await entryIds(page)).filter((id) => before.includes(id))).toEqual([lockedId]);
    expect(await page.locator(".meal-entry--locked .meal-entry__name").textContent()).toBe(spinachName);
    await poll(async () => (await entryIds(page)).length).toBe(before.length);

    // A custom meal through the slot dialog: the missing-description message first, then saved.
    const todayColumn = page.locator(".day-column--today");
    await todayColumn.getByRole("button", { name: /^Add a snack or dessert on / }).click();
    const dialog = page.getByRole("dialog", { name: "Add a meal" });
    await dialog.getByRole("button", { name: "Add meal" }).click();
    await poll(() => dialog.getByText("Meal description is required when no recipe is selected").count()).toBe(1);
    await dialog.getByLabel("Meal description").fill("Apple slices");
    await dialog.getByRole("button", { name: "Add meal" }).click();
    await poll(() => dialog.count()).toBe(0);
    const apple = todayColumn.locator(".meal-entry").filter({ hasText: "Apple slices" });
    await apple.waitFor();

    // Drag it from Snacks & more into today's breakfast.
    await dragTo(page, apple.locator(".meal-entry__grip"), todayColumn.getByRole("group", { name: /^Breakfast,/ }));
    await poll(() => todayColumn.getByRole("group", { name: /^Breakfast,/ }).getByText("Apple slices").count()).toBe(1);

    // The keyboard way: the meal's menu, Move or copy, Copy to lunch.
    await todayColumn.getByRole("button", { name: "Actions for Apple slices" }).first().focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Move or copy..." }).click();
    const moveDialog = page.getByRole("dialog", { name: "Move or copy Apple slices" });
    await moveDialog.getByLabel("Copy", { exact: true }).check();
    await moveDialog.getByLabel("Meal", { exact: true }).selectOption("lunch");
    await moveDialog.getByRole("button", { name: "Copy" }).click();
    const lunch = todayColumn.getByRole("group", { name: /^Lunch,/ });
    await poll(() => lunch.getByText("Apple slices").count()).toBe(1);

    // Delete the copy from its menu with the keyboard: the card goes, and focus stays in its slot, not on the page.
    await lunch.getByRole("button", { name: "Actions for Apple slices" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Delete" }).press("Enter");
    await poll(() => lunch.getByText("Apple slices").count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName)).toMatch(/^Lunch, /);

    // The calendar feed: make the secret link and read it as a calendar app would.
    await page.getByRole("button", { name: "Calendar feed" }).click();
    const feedDialog = page.getByRole("dialog", { name: "Calendar feed" });
    await feedDialog.getByRole("button", { name: "Create calendar link" }).click();
    const urlInput = feedDialog.getByLabel("Your private calendar link");
    await poll(() => urlInput.inputValue()).toMatch(/\/api\/mealplans\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const url = await urlInput.inputValue();
    expect(await feedDialog.getByRole("link", { name: "Open feed" }).getAttribute("href")).toBe(url);
    const feed = await context.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = (await feed.text()).replace(/\r\n[ \t]/g, "");
    expect(text.startsWith("BEGIN:VCALENDAR")).toBe(true);
    expect(text).toMatch(new RegExp(`SUMMARY:(Breakfast|Lunch|Dinner): ${spinachName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/([,;])/g, "\\\\$1")}`));
    expect(text).toContain("SUMMARY:Breakfast: Apple slices");

    // Revoking stops the link.
    await feedDialog.getByRole("button", { name: "Revoke link" }).click();
    await poll(async () => (await context.request.get(url)).status()).toBe(404);
  });
});
