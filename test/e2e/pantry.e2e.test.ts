import { describe } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expect, poll, reportServerErrors, selectShowsWholeChoice, test } from "./fixtures";

/** The pantry card of an item (a list item labelled by its name heading). */
function card(page: Page, name: string) {
  return page.getByRole("list", { name: "Pantry items" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function toastText(page: Page): Promise<string> {
  return (await page.getByRole("region", { name: /Notifications \(F8\)/ }).textContent()) ?? "";
}

describe("pantry journey", () => {
  test("adds an item without a date, sees the estimate, uses half, then the rest, and sees it counted as used", async ({ open }) => {
    const { page } = await open({ as: "Pat", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);

    // A new account has no history yet.
    await page.goto(`${baseUrl()}/insights`);
    await poll(() => page.getByRole("heading", { name: "No history yet" }).count()).toBe(1);

    // The first visit to /pantry stores the cache version and reloads once; the Add Item dialog opens after that.
    await page.goto(`${baseUrl()}/pantry?action=add`);
    const add = page.getByRole("dialog", { name: "Add Item" });
    await add.waitFor();
    expect(await page.evaluate(() => localStorage.getItem("pantry-cache-version"))).toBe("v2.2");

    // Validation: nothing typed yet.
    await add.getByRole("button", { name: "Add Item" }).click();
    await poll(() => add.getByText("Name is required").count()).toBe(1);
    await poll(() => add.getByText("Category is required").count()).toBe(1);

    // Buttermilk has a FoodKeeper fridge range (plain milk has a "package use-by" note instead).
    await add.getByLabel("Name").fill("Buttermilk");
    await add.getByLabel("Category").selectOption("Milk & Eggs");
    await add.getByLabel("Quantity").fill("1");
    await add.getByLabel("Container type").selectOption("container");
    await add.getByLabel("Unit").fill("gallon");
    await add.getByLabel("Amount per container").fill("1");
    expect(await add.getByLabel("Storage location").inputValue()).toBe("fridge");
    await add.getByRole("button", { name: "Add Item" }).click();
    await add.waitFor({ state: "detached" });
    await poll(() => toastText(page)).toContain("Item added to pantry!");

    // The estimated expiry: a badge from the estimated date and the FoodKeeper explanation.
    const milk = card(page, "Buttermilk");
    await milk.waitFor();
    await poll(() => milk.textContent()).toMatch(/\d+ days? left|Expires today/);
    await poll(() => milk.textContent()).toMatch(/Estimated: FoodKeeper, refrigerated/);
    await poll(() => milk.textContent()).toContain("1 container");

    // Use Some -> Half.
    await milk.getByRole("button", { name: "Use some Buttermilk" }).click();
    const use = page.getByRole("dialog", { name: "Use some Buttermilk" });
    await use.waitFor();
    expect(await use.getByRole("button", { name: /^Use$/ }).isDisabled()).toBe(true);
    await use.getByRole("button", { name: /^Half/ }).click();
    expect(await use.getByLabel(/Amount used/).inputValue()).toBe("0.5");
    await use.getByRole("button", { name: /^Use$/ }).click();
    await use.waitFor({ state: "detached" });
    await poll(() => toastText(page)).toContain("Updated");
    await poll(() => milk.textContent()).toContain("0.5 of 1 gallon left");
    await poll(() => milk.textContent()).toContain("Opened");

    // Use Some -> Full: the open container's remaining half, which is all of it.
    await milk.getByRole("button", { name: "Use some Buttermilk" }).click();
    await use.waitFor();
    await use.getByRole("button", { name: /^Full/ }).click();
    expect(await use.getByLabel(/Amount used/).inputValue()).toBe("0.5");
    await use.getByRole("button", { name: /^Use$/ }).click();
    await poll(() => toastText(page)).toContain("Item Consumed");
    await poll(() => page.getByRole("heading", { name: "Buttermilk", exact: true }).count()).toBe(0);
    await poll(() => page.getByRole("heading", { name: "Your pantry is empty" }).count()).toBe(1);

    // The dashboard's pantry count is 0 again.
    await page.goto(`${baseUrl()}/`);
    await poll(() => page.getByRole("link", { name: /Pantry Items/ }).textContent()).toMatch(/^0\s*Pantry Items$/);

    // Insights now count the milk as used (consumed, not wasted).
    await page.goto(`${baseUrl()}/insights`);
    const itemsUsed = page.locator(".total-card", { hasText: "Items used" }).locator(".total-card__value");
    await itemsUsed.waitFor();
    expect(Number(await itemsUsed.textContent())).toBeGreaterThanOrEqual(1);
    const wasted = page.locator(".total-card", { hasText: "Money wasted" });
    await poll(() => wasted.textContent()).toContain("0 items thrown away");
    // The period reads as dates a cook would write, not database days.
    expect(await page.locator(".insights-range").textContent()).toMatch(/\(\w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4}, /);

    // An item with "Don't auto-generate expiration date" has no date at all.
    await page.goto(`${baseUrl()}/pantry?action=add`);
    await add.waitFor();
    await add.getByLabel("Name").fill("Jasmine rice");
    await add.getByLabel("Category").selectOption("Dry Goods");
    await add.getByLabel("Storage location").selectOption("pantry");
    await add.getByLabel("Don't auto-generate expiration date").check();
    expect(await add.getByLabel(/^Expiration date/).isDisabled()).toBe(true);
    await add.getByRole("button", { name: "Add Item" }).click();
    await add.waitFor({ state: "detached" });
    const rice = card(page, "Jasmine rice");
    await rice.waitFor();
    await poll(() => rice.textContent()).toContain("No expiry");
    expect(await rice.textContent()).not.toContain("Estimated");

    // ?filter=expiring hides it (no date is not expiring).
    await page.goto(`${baseUrl()}/pantry?filter=expiring`);
    await poll(() => page.getByRole("heading", { name: "No items match" }).count()).toBe(1);
    expect(await page.getByLabel("Expiry").inputValue()).toBe("expiring");
    // The choice reads whole in its select (a native select cuts text off rather than wrapping it).
    expect(await selectShowsWholeChoice(page.getByLabel("Expiry"))).toBe(true);
  });

  test("edits an item (moving it re-estimates its expiry) and deletes it after confirming", async ({ open }) => {
    const { page } = await open({ as: "Sam", viewport: { width: 390, height: 844 } });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/pantry?action=add`);
    const add = page.getByRole("dialog", { name: "Add Item" });
    await add.waitFor();
    await add.getByLabel("Name").fill("Chicken thighs");
    await add.getByLabel("Category").selectOption("Fresh Meat");
    await add.getByRole("button", { name: "Add Item" }).click();
    await add.waitFor({ state: "detached" });
    const chicken = card(page, "Chicken thighs");
    await chicken.waitFor();
    await poll(() => chicken.textContent()).toMatch(/Estimated: FoodKeeper, refrigerated/);

    await chicken.getByRole("button", { name: "Edit Chicken thighs" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Chicken thighs" });
    await edit.waitFor();
    await edit.getByLabel("Quantity").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await poll(() => edit.getByText("Quantity is required").count()).toBe(1);
    await edit.getByLabel("Quantity").fill("1.5");
    await edit.getByLabel("Storage location").selectOption("freezer");
    await poll(() => edit.getByText(/will be re-estimated for moving it to the freezer/).count()).toBe(1);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await poll(() => toastText(page)).toContain("Item updated successfully!");
    await poll(() => chicken.textContent()).toMatch(/Freezer/);
    await poll(() => chicken.textContent()).toMatch(/frozen/i);
    await poll(() => chicken.textContent()).toContain("1.5");

    page.once("dialog", (dialog) => void dialog.accept());
    await chicken.getByRole("button", { name: "Delete Chicken thighs" }).click();
    await poll(() => toastText(page)).toContain("Chicken thighs has been deleted from your pantry.");
    await poll(() => page.getByRole("heading", { name: "Your pantry is empty" }).count()).toBe(1);

    // On the phone too, the expiring-soon filter reads whole in its select.
    await page.goto(`${baseUrl()}/pantry?filter=expiring`);
    await poll(() => page.getByLabel("Expiry").inputValue()).toBe("expiring");
    expect(await selectShowsWholeChoice(page.getByLabel("Expiry"))).toBe(true);
  });

  test("says 'Item Already Used' and reloads when the item was used up elsewhere", async ({ open, consoleErrors }) => {
    consoleErrors.allow({ status: 404, path: /^\/trpc\/pantry\./, reason: "using an item that is already used up answers 404, which the journey provokes" });
    const { page } = await open({ as: "Kim", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    const created = await page.evaluate(async () => {
      const response = await fetch("/api/pantry", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Sourdough bread", category: "Bread & Bakery", storageLocation: "pantry" }),
      });
      return (await response.json()) as { id: number };
    });
    await page.goto(`${baseUrl()}/pantry`);
    const bread = card(page, "Sourdough bread");
    await bread.waitFor();
    await bread.getByRole("button", { name: "Use some Sourdough bread" }).click();
    const use = page.getByRole("dialog", { name: "Use some Sourdough bread" });
    await use.waitFor();
    await use.getByRole("button", { name: /^Half/ }).click();

    // Another tab uses it up first.
    const usedElsewhere = await page.evaluate(
      async (id) => (await fetch(`/api/pantry/${id}/use`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ quantityUsed: 1 }) })).status,
      created.id,
    );
    expect(usedElsewhere).toBe(200);

    const reloaded = page.waitForEvent("load");
    await use.getByRole("button", { name: /^Use$/ }).click();
    await poll(() => toastText(page)).toContain("Item Already Used");
    await reloaded;
    await poll(() => page.getByRole("heading", { name: "Your pantry is empty" }).count()).toBe(1);
  });

  test("scrolls through a pantry bigger than a page, with search and sort on the server", async ({ open }) => {
    const { page } = await open({ as: "Sam", viewport: { width: 1280, height: 900 } });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/about`);
    // 60 items (a page is 48), named so the name sort and the search are easy to check.
    await page.evaluate(async () => {
      for (let i = 1; i <= 60; i++) {
        const name = `Jar ${String(i).padStart(2, "0")}`;
        const response = await fetch("/api/pantry", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name, category: "Canned Goods", storageLocation: "pantry", expirationDate: null }),
        });
        if (!response.ok) throw new Error(`add ${name}: ${response.status}`);
      }
    });
    await page.goto(`${baseUrl()}/pantry`);
    const cards = page.getByRole("list", { name: "Pantry items" }).getByRole("listitem");
    await poll(() => page.getByText("60 items", { exact: true }).count()).toBe(1);
    // The first page, then the rest as the end of the list scrolls into view.
    await poll(() => cards.count()).toBe(48);
    await page.getByRole("button", { name: /Load more \(48 of 60 shown\)/ }).scrollIntoViewIfNeeded();
    await poll(() => cards.count()).toBe(60);
    await poll(() => page.getByRole("button", { name: /Load more/ }).count()).toBe(0);
    // The search runs on the server: an item from the second page is found at once.
    await page.getByLabel("Search pantry").fill("Jar 59");
    await poll(() => cards.count()).toBe(1);
    await poll(() => card(page, "Jar 59").count()).toBe(1);
  });
});
