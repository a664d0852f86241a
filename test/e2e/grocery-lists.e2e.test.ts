/**
 * The shop journey: three dinners planned (factory: SQL into the server's local D1, since the plan screen is not
 * part of this screen), the week's list generated from them with merged quantities minus pantry stock, items
 * checked off offline (kept on the device, sent when back online) and online, seen on a second device, an item
 * added with the keyboard through autocomplete, and Done shopping moving the bought items into the pantry.
 */
import { describe, inject } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { executeSql, sqlValue } from "../../scripts/lib/local";
import { baseUrl, expect, poll, reportServerErrors, test } from "./fixtures";

function localDay(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const RECIPES: { title: string; lines: [name: string, quantity: number | null, unit: string | null, original: string][] }[] = [
  {
    title: "Pepper Pasta",
    lines: [
      ["red bell pepper", 1, null, "1 red bell pepper"],
      ["spaghetti", 200, "g", "200 g spaghetti"],
      ["onions", 2, null, "2 onions"],
    ],
  },
  {
    title: "Pepper Stir-fry",
    lines: [
      ["red bell pepper", 1, null, "1 red bell pepper"],
      ["onion", 1, null, "1 large onion"],
      ["flour", 1, "cups", "1 cup flour"],
    ],
  },
  {
    title: "Caramelised Onion and Thyme Tart with Crumbly Cheddar Pastry",
    lines: [
      ["onions", 2, null, "2 onions"],
      ["flour", 100, "g", "100 g flour"],
      ["eggs", 2, null, "2 eggs"],
    ],
  },
];

/** Three of the user's recipes (serving 2) planned as dinners today and the next two days, by SQL. */
function planThreeDinners(userId: string) {
  const statements: string[] = [];
  RECIPES.forEach((recipe, day) => {
    statements.push(
      `INSERT INTO recipes (user_id, title, source_type, servings, instructions) VALUES (${sqlValue(userId)}, ${sqlValue(recipe.title)}, 'user', 2, '1. Cook.')`,
    );
    recipe.lines.forEach(([name, quantity, unit, original], position) => {
      statements.push(
        `INSERT INTO recipe_ingredients (recipe_id, position, name, quantity, unit, original) SELECT id, ${position}, ${sqlValue(name)}, ${sqlValue(quantity)}, ${sqlValue(unit)}, ${sqlValue(original)} FROM recipes WHERE user_id = ${sqlValue(userId)} AND title = ${sqlValue(recipe.title)}`,
      );
    });
    statements.push(
      `INSERT INTO meal_plans (user_id, date, meal_type, recipe_id) SELECT ${sqlValue(userId)}, ${sqlValue(localDay(day))}, 'dinner', id FROM recipes WHERE user_id = ${sqlValue(userId)} AND title = ${sqlValue(recipe.title)}`,
    );
  });
  executeSql(statements, { persistTo: inject("persistTo") });
}

async function addToPantry(page: Page, item: Record<string, unknown>) {
  const response = await page.request.post(`${baseUrl()}/api/pantry`, { data: item, headers: { Origin: baseUrl() } });
  expect(response.status()).toBe(201);
}

/** The list as the server holds it, read outside the browser (which may be offline). */
async function serverList(context: BrowserContext, listId: string) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const response = await fetch(`${baseUrl()}/api/grocery-lists/${listId}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { items: { name: string; checked: boolean; inPantry: boolean }[] };
}

function checkbox(page: Page, name: string) {
  return page.getByRole("checkbox", { name, exact: true });
}

describe("grocery lists: from the plan to the shop and back into the pantry", () => {
  test("plans, generates, checks off offline and online, syncs, and moves the shopping into the pantry", async ({ open }) => {
    const { context, page, account } = await open({ as: "Sam", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    reportServerErrors(page);
    const me = (await (await page.request.get(`${baseUrl()}/api/auth/user`)).json()) as { id: string };
    planThreeDinners(me.id);
    // One pepper and two eggs at home.
    await addToPantry(page, { name: "Red bell pepper", category: "Fresh Vegetables", quantity: 1, unit: "each" });
    await addToPantry(page, { name: "Eggs", category: "Milk & Eggs", quantity: 6, unit: "count" });

    await page.goto(`${baseUrl()}/grocery-lists`);
    await page.getByRole("heading", { name: "No Grocery Lists Yet" }).waitFor();
    await page.getByRole("button", { name: "Shopping list for this week" }).click();
    await page.waitForURL(/\/grocery-lists\/\d+$/);
    const listId = page.url().split("/").pop()!;

    // Merged across recipes and units, minus the pantry: 2 peppers needed, 1 at home; 2 + 1 + 2 onions; 1 cup + 100 g flour.
    await checkbox(page, "1 Red bell pepper").waitFor();
    await checkbox(page, "5 Onions").waitFor();
    await checkbox(page, "226 g of Flour").waitFor();
    await checkbox(page, "200 g of Spaghetti").waitFor();
    const pepperRow = page.getByRole("listitem").filter({ has: checkbox(page, "1 Red bell pepper") });
    await pepperRow.getByText("1 in pantry").waitFor();
    await pepperRow.getByText("Pepper Pasta").waitFor();
    await pepperRow.getByText("Pepper Stir-fry").waitFor();
    // The eggs are covered by the pantry.
    await page.getByText("Already in your pantry (1)").click();
    await page.getByText("2 Eggs").waitFor();
    // Aisles in store order: produce before dry goods.
    const headings = await page.getByRole("heading", { level: 3 }).allTextContents();
    expect(headings.indexOf("Fresh Vegetables")).toBeLessThan(headings.indexOf("Dry Goods"));
    // A long recipe title wraps in its row: the list never scrolls sideways on the phone.
    await page.getByText("Caramelised Onion and Thyme Tart with Crumbly Cheddar Pastry").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    // A second device signed in to the same account.
    const { page: otherPage } = await open({ as: account!, viewport: { width: 1280, height: 900 } });
    reportServerErrors(otherPage);
    await otherPage.goto(`${baseUrl()}/grocery-lists/${listId}`);
    await checkbox(otherPage, "5 Onions").waitFor();

    // In the shop without signal: the list stays readable and check-offs wait on the phone.
    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: "You're offline" }).waitFor();
    await checkbox(page, "5 Onions").click();
    await checkbox(page, "226 g of Flour").click();
    await poll(() => checkbox(page, "5 Onions").getAttribute("aria-checked")).toBe("true");
    await poll(() => checkbox(page, "226 g of Flour").getAttribute("aria-checked")).toBe("true");
    await page.getByText("Saved on this device").first().waitFor();
    expect((await serverList(context, listId)).items.filter((i) => i.checked)).toEqual([]);
    // Unchecking offline and checking again queues both changes; the last one wins.
    await checkbox(page, "226 g of Flour").click();
    await checkbox(page, "226 g of Flour").click();

    // Back online: the queue is sent, once, in order.
    await context.setOffline(false);
    await poll(async () => (await serverList(context, listId)).items.filter((i) => i.checked).map((i) => i.name).sort()).toEqual(["Flour", "Onions"]);
    await poll(() => page.getByText("Saved on this device").count()).toBe(0);
    // The other device sees the check-offs within a few seconds.
    await poll(() => checkbox(otherPage, "5 Onions").getAttribute("aria-checked")).toBe("true");

    // Online check-offs, and the other way round.
    await checkbox(page, "1 Red bell pepper").click();
    await checkbox(otherPage, "200 g of Spaghetti").click();
    await poll(() => checkbox(page, "200 g of Spaghetti").getAttribute("aria-checked")).toBe("true");
    await poll(async () => (await serverList(context, listId)).items.filter((i) => i.checked).length).toBe(4);

    // Add an item with the keyboard through autocomplete: focus moves to Qty after the pick.
    const name = page.getByRole("combobox", { name: "Item name" });
    await name.fill("mil");
    await page.getByRole("option", { name: "Milk", exact: true }).waitFor();
    await name.press("ArrowDown");
    await name.press("Enter");
    await poll(() => name.inputValue()).toBe("Milk");
    await poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id ?? "")).toMatch(/qty$/);
    await page.keyboard.type("1");
    await page.getByRole("button", { name: "Add Item" }).click();
    await checkbox(page, "1 Milk").waitFor();
    // Removing it again with the keyboard: the row goes, and focus moves to the list's name rather than the page.
    await page.getByRole("button", { name: "Remove Milk" }).press("Enter");
    await poll(() => checkbox(page, "1 Milk").count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.matches("h2.grocery-active__title") ?? false)).toBe(true);

    // Done shopping: the four checked items go into the pantry after a review, with a price for one.
    await page.getByRole("button", { name: "Done shopping (4)" }).click();
    const review = page.getByRole("dialog", { name: "Done shopping" });
    await review.getByRole("textbox", { name: "Price of Onions" }).fill("2.50");
    await review.getByRole("button", { name: "Add 4 items to pantry" }).click();
    await review.waitFor({ state: "hidden" });
    await poll(async () => (await serverList(context, listId)).items.filter((i) => i.inPantry).length).toBe(4);
    await page.getByText("In pantry").first().waitFor();

    await page.goto(`${baseUrl()}/pantry`);
    const pantry = page.getByRole("list", { name: "Pantry items" });
    for (const food of ["Onions", "Flour", "Spaghetti"]) await pantry.getByRole("heading", { name: food, exact: true }).waitFor();
    expect(await pantry.getByRole("heading", { name: "Red bell pepper", exact: true }).count()).toBe(2);

    // Pressed again for the same week: the same list opens, topped up, instead of a second list.
    await page.goto(`${baseUrl()}/grocery-lists`);
    await page.getByRole("button", { name: "Shopping list for this week" }).click();
    await page.getByText("Grocery List Updated").first().waitFor();
    await page.waitForURL(new RegExp(`/grocery-lists/${listId}$`));
    await page.goto(`${baseUrl()}/grocery-lists`);
    await page.getByRole("heading", { name: /^Meal plan /, level: 3 }).first().waitFor();
    expect(await page.getByRole("heading", { name: /^Meal plan /, level: 3 }).count()).toBe(1);

    // A list named with one long word breaks in its header instead of running off the phone's screen.
    const longName = "L".repeat(100);
    const longList = await page.evaluate(async (name) => {
      const response = await fetch("/api/grocery-lists", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
      return (await response.json()) as { id: number };
    }, longName);
    await page.goto(`${baseUrl()}/grocery-lists/${longList.id}`);
    await page.getByRole("heading", { name: longName, level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});
