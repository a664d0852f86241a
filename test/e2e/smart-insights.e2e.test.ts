/**
 * Smart insights' Shopping tab: something used up shows as a suggestion; Add to List (double-clicked) puts it on a
 * new "Shopping List" once (the sample template list is not written to), says so in a toast with a link, and the
 * link opens the list showing the item. A failed add shows its message on the row and can be tried again; with
 * lists of their own, the newest one gets the item. The Profile tab shows difficulty as Medium (default) until the
 * cook chooses, and its links open the profile fields that set difficulty and cooking style.
 */
import { describe } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expect, poll, reportServerErrors, test } from "./fixtures";

async function api(page: Page, method: "GET" | "POST" | "PATCH", path: string, data?: unknown) {
  const response = await page.request.fetch(`${baseUrl()}/api${path}`, { method, data, headers: { Origin: baseUrl() } });
  expect(response.status()).toBeLessThan(300);
  return response.json();
}

describe("smart insights shopping", () => {
  test("Add to List puts a used-up item on a new Shopping List once, and the toast's link opens it", async ({ open }) => {
    const { page } = await open({ as: "Sam", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);

    // Greek yogurt bought and used up: a shopping suggestion. The sample lists are templates, never the target.
    const yogurt = await api(page, "POST", "/pantry", { name: "Greek yogurt", category: "Cheese & Yogurt", quantity: 1 });
    await api(page, "PATCH", `/pantry/${yogurt.id}/use`, { quantityUsed: 1 });
    await api(page, "POST", "/onboarding/seed-grocery-lists");

    await page.goto(`${baseUrl()}/`);
    await page.getByRole("tab", { name: /Shopping/ }).click();
    const row = page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: "Greek yogurt" });
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("You used it up recently and have none left");

    // A double click adds once.
    await row.getByRole("button", { name: "Add to List: Greek yogurt" }).dblclick();
    const toasts = page.getByRole("region", { name: /Notifications \(F8\)/ });
    await poll(() => toasts.textContent()).toContain("Greek yogurt is on Shopping List.");
    await poll(() => row.getByText("Added").count()).toBe(1);
    // Keyboard focus stays on the row: it moves to the row's link to the list.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "")).toBe("View list: Shopping List");

    const lists = (await api(page, "GET", "/grocery-lists")) as { id: number; name: string; isTemplate: boolean; itemCount: number }[];
    const own = lists.filter((l) => !l.isTemplate);
    expect(own.map((l) => [l.name, l.itemCount])).toEqual([["Shopping List", 1]]);
    expect(await api(page, "GET", "/groceries/history")).toEqual([{ name: "Greek yogurt", timesUsed: 1 }]);

    // The toast's link opens the list, which shows the item in its aisle.
    await toasts.getByRole("link", { name: "View list" }).click();
    await page.waitForURL(`${baseUrl()}/grocery-lists/${own[0]!.id}`);
    await poll(() => page.getByRole("checkbox", { name: /Greek yogurt/ }).count()).toBe(1);
    expect(await page.getByRole("checkbox", { name: /Greek yogurt/ }).isChecked()).toBe(false);
  });

  test("a failed add says why and can be tried again; it goes to the newest list of the user's own", async ({ open, consoleErrors }) => {
    const { page } = await open({ as: "Kim", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);
    const butter = await api(page, "POST", "/pantry", { name: "Butter", category: "Milk & Eggs", quantity: 1 });
    await api(page, "PATCH", `/pantry/${butter.id}/use`, { quantityUsed: 1 });
    await api(page, "POST", "/grocery-lists", { name: "Older list" });
    const newest = await api(page, "POST", "/grocery-lists", { name: "Saturday market" });

    // The first try is answered 503 (the network's fault, not the app's): nothing is added and the row says so.
    consoleErrors.allow({ status: 503, path: /^\/trpc\/groceryLists\.addItem$/, reason: "the first add is refused on purpose" });
    let refused = 0;
    await page.route(/\/trpc\/groceryLists\.addItem/, async (route) => {
      if (refused++ > 0) return route.fallback();
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify([{ error: { message: "Service unavailable", code: -32603, data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 } } }]) });
    });

    await page.goto(`${baseUrl()}/`);
    await page.getByRole("tab", { name: /Shopping/ }).click();
    const row = page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: "Butter" });
    const button = row.getByRole("button", { name: "Add to List: Butter" });
    await button.click();
    await poll(() => row.getByRole("alert").count()).toBe(1);
    expect(await button.getAttribute("aria-describedby")).toBe(await row.getByRole("alert").getAttribute("id"));

    await button.click();
    await poll(() => page.getByRole("region", { name: /Notifications \(F8\)/ }).textContent()).toContain("Butter is on Saturday market.");
    expect(await row.getByRole("alert").count()).toBe(0);
    const detail = (await api(page, "GET", `/grocery-lists/${newest.id}`)) as { items: { name: string }[] };
    expect(detail.items.map((i) => i.name)).toEqual(["Butter"]);
    const lists = (await api(page, "GET", "/grocery-lists")) as { name: string; itemCount: number }[];
    expect(lists.map((l) => [l.name, l.itemCount])).toEqual([
      ["Saturday market", 1],
      ["Older list", 0],
    ]);
  });
});

describe("smart insights profile", () => {
  test("difficulty shows as the default until chosen; the panel's links open the fields that set it and the cooking style", async ({ open }) => {
    const { page } = await open({ as: "Pat", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("tab", { name: /Profile/ }).click();
    const panel = page.getByRole("tabpanel");
    await poll(() => panel.textContent()).toContain("Medium (default)");
    expect(await panel.getByRole("link", { name: "Add your cooking style on your profile" }).count()).toBe(1);

    // The difficulty link lands on Food Preferences with the choice focused; Hard is chosen and saved.
    await panel.getByRole("link", { name: "Choose your preferred difficulty on your profile" }).click();
    await page.waitForURL(/\/profile/);
    const difficulty = page.getByLabel("Preferred Difficulty");
    await poll(() => difficulty.evaluate((select) => select === document.activeElement)).toBe(true);
    expect(await page.getByRole("tab", { name: "Food Preferences" }).getAttribute("aria-selected")).toBe("true");
    await difficulty.selectOption("Hard");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await poll(() => page.getByText("Preferences Updated").count()).toBeGreaterThan(0);
    expect(await difficulty.inputValue()).toBe("Hard");

    // The cooking style link focuses its own field.
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("tab", { name: /Profile/ }).click();
    await poll(() => panel.textContent()).toContain("Hard");
    expect(await panel.textContent()).not.toContain("(default)");
    await panel.getByRole("link", { name: "Add your cooking style on your profile" }).click();
    const cookingTime = page.getByLabel("Cooking Time");
    await poll(() => cookingTime.evaluate((select) => select === document.activeElement)).toBe(true);
    await cookingTime.selectOption("Quick");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await poll(() => page.getByText("Preferences Updated").count()).toBeGreaterThan(0);

    await page.goto(`${baseUrl()}/`);
    await page.getByRole("tab", { name: /Profile/ }).click();
    await poll(() => panel.textContent()).toContain("Quick (under 30 min)");
    expect(await panel.textContent()).toContain("Hard");
  });
});
