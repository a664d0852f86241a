import { describe } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expect, poll, reportServerErrors, test } from "./fixtures";

const DEMO = { username: "demo", password: "plantry-demo" };

const countOf = async (page: Page, label: string) => {
  const text = (await page.getByRole("link", { name: new RegExp(`${label}$`) }).textContent()) ?? "";
  return Number(text.replace(label, "").trim());
};

describe("dashboard", () => {
  test("greets the demo user with counts, expiring items, reminders and insights, and the debug toggle switches the tier", async ({ open }) => {
    const { page } = await open({ as: DEMO, viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);

    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Good (morning|afternoon|evening), Dana$/);
    await poll(() => page.getByText(/^You have \d+ items in your pantry; .+\.$/).count()).toBe(1);

    // The seeded pantry: several items, expiring ones listed with badges and a link to the expiring filter.
    await poll(() => countOf(page, "Pantry Items")).toBeGreaterThan(5);
    expect(await countOf(page, "Receipts")).toBeGreaterThanOrEqual(0);
    expect(await countOf(page, "Saved Recipes")).toBeGreaterThanOrEqual(0);
    const expiring = page.getByRole("list", { name: "Expiring items" });
    await expiring.waitFor();
    // Fresh basil was seeded expired yesterday, the milk due in 2 days.
    const basil = expiring.getByRole("listitem").filter({ hasText: "Fresh basil" });
    await poll(() => basil.textContent()).toContain("Expired");
    const milk = expiring.getByRole("listitem").filter({ hasText: "Milk" });
    await poll(() => milk.textContent()).toMatch(/Expires today|Expires tomorrow|\d+ days left/);
    expect(await page.getByRole("link", { name: /View all/ }).getAttribute("href")).toBe("/pantry?filter=expiring");
    expect(await page.getByRole("heading", { name: "Food Safety Notice" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: /Adjust Plan/ }).getAttribute("href")).toBe("/meal-plans");

    // Each quick action leads to its screen (with the action preset where there is one).
    for (const [name, href] of [
      ["Scan Receipt", "/receipts/scan"],
      ["Add Item", "/pantry?action=add"],
      ["Generate Recipe", "/recipes?action=generate"],
      ["Ask AI Chef", "/cooking-companion"],
      ["Plan Meals", "/meal-plans"],
    ] as const) {
      expect(await page.locator(".quick-grid").getByRole("link", { name: new RegExp(`^${name}`) }).getAttribute("href")).toBe(href);
    }

    // Reminder settings read from the server.
    const reminders = page.locator(".reminder-settings");
    await poll(() => reminders.getByLabel("Send me expiry reminders").isChecked()).toBe(true);
    expect(await reminders.getByLabel("Remind me").inputValue()).toBe("2");

    // The smart panel shows real recommendations from this pantry (no Coming Soon notice over it any more).
    expect(await page.getByRole("button", { name: "Preview with my data" }).count()).toBe(0);
    const recommendations = page.getByRole("tabpanel");
    await poll(() => recommendations.getByText(/\d+% match/).count()).toBeGreaterThan(0);
    expect(await recommendations.getByRole("link", { name: "Try Recipe" }).count()).toBeLessThanOrEqual(3);
    await page.getByRole("tab", { name: /Your Profile/ }).click();
    await poll(() => page.getByRole("tabpanel").textContent()).toMatch(/Skill level\s*Beginner/);

    // Debug card: the local premium override switches the tier shown, and Clear returns to the server's.
    await page.getByRole("button", { name: "Debug" }).click();
    const toggle = page.getByLabel("Treat this browser as Premium");
    const effective = page.getByTestId("effective-tier");
    await poll(() => effective.textContent()).toBe("Premium");
    await toggle.uncheck();
    await poll(() => effective.textContent()).toBe("Free");
    expect(await page.evaluate(() => localStorage.getItem("debug-premium-toggle"))).toBe("false");
    const freePlan = page.locator(".plan").filter({ has: page.getByRole("heading", { name: "Free" }) });
    await poll(() => freePlan.textContent()).toContain("Your plan");
    await page.getByRole("button", { name: "Clear override" }).click();
    await poll(() => effective.textContent()).toBe("Premium");
    expect(await page.evaluate(() => localStorage.getItem("debug-premium-toggle"))).toBeNull();

    // Insights: the seeded history is drawn as charts, each with a table view of the same numbers.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Insights" }).click();
    await page.waitForURL(`${baseUrl()}/insights`);
    for (const title of ["Money used vs wasted", "Items used vs wasted", "Top wasted categories", "Spend from receipts"]) {
      await poll(() => page.getByRole("heading", { name: title }).count()).toBe(1);
    }
    await poll(() => page.locator(".recharts-surface").count()).toBeGreaterThanOrEqual(3);
    const moneyChart = page.getByRole("figure", { name: "Money used vs wasted" });
    await moneyChart.getByRole("button", { name: "Show as table" }).click();
    const rows = moneyChart.getByRole("table").getByRole("row");
    await poll(() => rows.count()).toBe(9); // header + 8 weeks
    await page.getByRole("button", { name: "Monthly" }).click();
    await poll(() => page.getByRole("button", { name: "Monthly" }).getAttribute("aria-pressed")).toBe("true");
    await poll(() => moneyChart.getByRole("table").getByRole("row").count()).toBe(7); // header + 6 months
  });

  test("marks an expiring item as used from the dashboard's simple card", async ({ open }) => {
    const { page } = await open({ as: "Lee", viewport: { width: 390, height: 844 } });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    await poll(() => page.getByText(/Your pantry is empty/).count()).toBeGreaterThan(0);

    // Add a yoghurt that expires tomorrow through the API the Add Item dialog uses.
    const tomorrow = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    const status = await page.evaluate(
      async (date) => (await fetch("/api/pantry", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "Greek yogurt", category: "Cheese & Yogurt", expirationDate: date }) })).status,
      tomorrow,
    );
    expect(status).toBe(201);

    // The 10-second poll (or a reload) brings it in.
    await page.reload();
    const expiring = page.getByRole("list", { name: "Expiring items" });
    const yogurt = expiring.getByRole("listitem").filter({ hasText: "Greek yogurt" });
    await poll(() => yogurt.textContent()).toContain("Expires tomorrow");
    await poll(() => countOf(page, "Pantry Items")).toBe(1);

    await yogurt.getByRole("button", { name: "Actions for Greek yogurt" }).click();
    await page.getByRole("menuitem", { name: "Mark as used" }).click();
    await poll(() => page.getByRole("region", { name: /Notifications \(F8\)/ }).textContent()).toContain("Greek yogurt has been marked as used.");
    // The card and its menu are gone; focus stays in the list's card, at its heading, not lost to the page.
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(/^Expiring Soon/);
    await poll(() => countOf(page, "Pantry Items")).toBe(0);
    await poll(() => page.getByText("Nothing expires this week").count()).toBe(1);
  });
});
