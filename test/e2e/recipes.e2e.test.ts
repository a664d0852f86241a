import { describe } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl, expect, poll, test, type Journey, type OpenOptions } from "./fixtures";

/** Set E2E_SCREENSHOTS=/tmp/some-dir to keep screenshots of the recipe screens at 1280 px and 390 px. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS;

function isoDateIn(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Adds a pantry item through the documented REST call (same-origin fetch, so the Origin check passes). */
async function addPantryItem(page: Page, item: Record<string, unknown>): Promise<number> {
  const result = await page.evaluate(async (body) => {
    const response = await fetch("/api/pantry", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { id?: number } };
  }, item);
  expect(result.status).toBe(201);
  expect(typeof result.body.id).toBe("number");
  return result.body.id!;
}

async function snap(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

describe("recipes journey", () => {
  test("generates a recipe from pantry items, scales it, comments, saves it and finds it again", async ({ open }) => {
    const { context, page } = await open({ as: "Casey", viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl()}/`);

    await addPantryItem(page, { name: "Chicken breast", category: "Fresh Meat", quantity: 2, unit: "lb", storageLocation: "fridge", expirationDate: isoDateIn(2) });
    await addPantryItem(page, { name: "Onion", category: "Fresh Vegetables", quantity: 3, unit: "each", storageLocation: "pantry", expirationDate: isoDateIn(12) });
    await addPantryItem(page, { name: "Carrots", category: "Fresh Vegetables", quantity: 1, unit: "lb", storageLocation: "fridge", expirationDate: isoDateIn(5) });

    // The dialog opens from the link the dashboard uses.
    await page.goto(`${baseUrl()}/recipes?action=generate`);
    const dialog = page.getByRole("dialog", { name: "Generate a Recipe" });
    await dialog.waitFor();
    await dialog.getByRole("tab", { name: "From my pantry" }).click();

    // Chips: soonest expiry first, each a toggle button with its expiry in words.
    const chips = dialog.locator(".pantry-chips button[aria-pressed]");
    await poll(() => chips.count()).toBe(3);
    expect(await chips.allInnerTexts()).toEqual([expect.stringMatching(/Chicken breast[\s\S]*2 days left/), expect.stringMatching(/Carrots[\s\S]*5 days left/), expect.stringMatching(/Onion[\s\S]*12 days left/)]);
    const generate = dialog.getByRole("button", { name: "Generate Recipe" });
    const toasts = page.getByRole("region", { name: /Notifications/ });
    // Pressable before anything is chosen: pressing it says what is missing; a hint beside it says so too.
    expect(await generate.isDisabled()).toBe(false);
    expect(await generate.getAttribute("aria-describedby")).toBeTruthy();
    await poll(() => dialog.getByText("Pick at least one pantry item and a meal type.").count()).toBe(1);
    await generate.click();
    await poll(() => toasts.textContent()).toContain("Select ingredients");

    for (const name of ["Chicken breast", "Onion", "Carrots"]) {
      const chip = dialog.getByRole("button", { name: new RegExp(`^${name}`) });
      await chip.click();
      expect(await chip.getAttribute("aria-pressed")).toBe("true");
    }
    // Without a meal type the field says why, and pressing Generate names it.
    await poll(() => dialog.getByText("Please select a meal type").count()).toBe(1);
    await generate.click();
    await poll(() => toasts.textContent()).toContain("Select meal type");
    await dialog.getByLabel("Meal type").selectOption("dinner");
    await poll(() => generate.getAttribute("aria-describedby")).toBeNull();
    // The fridge slider's hint follows the selection: 50% of 3 is at least 2.
    await poll(() => dialog.getByText("Use at least 2 of your 3 selected items.").count()).toBe(1);
    await snap(page, "recipes-dialog-1280");
    expect(await generate.isDisabled()).toBe(false);
    await generate.click();

    await page.waitForURL(/\/recipes\/\d+$/, { timeout: 30_000 });
    const recipeId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(recipeId).toBeGreaterThan(0);
    await poll(() => page.getByText("Recipe Generated!").count()).toBeGreaterThan(0);
    const heading = page.locator(".recipe-hero").getByRole("heading", { level: 1 });
    await heading.waitFor();
    const title = (await heading.textContent())?.trim() ?? "";
    expect(title.length).toBeGreaterThan(0);

    // Ingredients are checked against the pantry: the chicken, onion and carrots are there.
    const ingredientList = page.locator(".ingredient-list");
    await poll(() => ingredientList.getByText("In pantry").count()).toBeGreaterThan(0);

    // Scale: servings go up by one and at least one amount changes.
    const servings = page.locator(".servings-scaler__value");
    const before = Number((await servings.innerText()).replace(/\D/g, ""));
    const amountsBefore = await page.locator(".ingredient-row__amount").allInnerTexts();
    expect(amountsBefore.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "More servings" }).click();
    await poll(async () => Number((await servings.innerText()).replace(/\D/g, ""))).toBe(before + 1);
    await poll(() => page.locator(".ingredient-row__amount").allInnerTexts()).not.toEqual(amountsBefore);
    await poll(() => page.getByText(`Amounts scaled from ${before} to ${before + 1} servings`).count()).toBe(1);

    // A comment with a 4-star rating.
    const comment = `Great with extra thyme ${Date.now()}`;
    await page.getByLabel("4 stars").check({ force: true });
    await page.getByLabel("Your comment").fill(comment);
    await page.getByRole("button", { name: "Add Comment" }).click();
    const comments = page.getByRole("list", { name: "Comments" });
    await poll(() => comments.getByText(comment).count()).toBe(1);
    expect(await comments.getByRole("img", { name: "Rated 4 out of 5" }).count()).toBe(1);
    // Deleting it: the comment goes, and focus moves to the card's heading rather than the page.
    await comments.getByRole("button", { name: "Delete comment" }).press("Enter");
    await poll(() => page.getByText(comment).count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.matches(".comments-card h2") ?? false)).toBe(true);

    // Own recipe: add an ingredient (a blank name is refused), put it in the pantry, rename it, delete it.
    const addForm = page.locator(".ingredients-card__add");
    await addForm.getByRole("button", { name: "Add Ingredient" }).click();
    await poll(() => addForm.getByText("Ingredient name is required").count()).toBe(1);
    await addForm.getByLabel("Name").fill("Parsley");
    await addForm.getByLabel("Quantity").fill("2");
    await addForm.getByLabel("Unit").fill("tbsp");
    await addForm.getByRole("button", { name: "Add Ingredient" }).click();
    const parsleyRow = ingredientList.locator("li", { hasText: "Parsley" });
    await poll(() => parsleyRow.getByText("Missing").count()).toBe(1);
    await parsleyRow.getByRole("button", { name: "Add to pantry: Parsley" }).click();
    await poll(() => page.getByText("Added to pantry").count()).toBeGreaterThan(0);
    await poll(() => parsleyRow.getByText("In pantry").count()).toBe(1);
    // Filed as the rest of the app files parsley: a fresh vegetable kept in the fridge, with an estimated expiry.
    const groceries = await page.evaluate(async () => (await (await fetch("/api/groceries")).json()) as { name: string; category: string; location: string; expirationDate: string | null }[]);
    expect(groceries.find((g) => g.name === "Parsley")).toMatchObject({ category: "Fresh Vegetables", location: "fridge", expirationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    await parsleyRow.getByRole("button", { name: "Edit Parsley" }).click();
    await ingredientList.getByLabel("Name").fill("Flat-leaf parsley");
    await ingredientList.getByRole("button", { name: "Save" }).click();
    await poll(() => ingredientList.getByText("Flat-leaf parsley").count()).toBe(1);
    await ingredientList.getByRole("button", { name: "Delete Flat-leaf parsley" }).click();
    await poll(() => ingredientList.getByText(/parsley/i).count()).toBe(0);

    // Pantry items used: link the onion in one click, then unlink it.
    const links = page.locator(".pantry-links-card");
    await links.getByRole("button", { name: "Link Onion" }).click();
    await poll(() => links.locator(".pantry-link", { hasText: "Onion" }).count()).toBe(1);
    await links.getByRole("button", { name: "Remove Onion" }).click();
    await poll(() => links.locator(".pantry-link").count()).toBe(0);

    // Save it; the button turns into Unsave once the server confirms.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await poll(() => page.getByRole("button", { name: "Unsave", exact: true }).count()).toBe(1);
    await poll(() => page.getByText("Recipe saved").count()).toBeGreaterThan(0);
    await snap(page, "recipe-detail-1280");

    // Back on the list, the Saved source filter finds it.
    await page.getByRole("link", { name: "Back to Recipes" }).first().click();
    await page.waitForURL(`${baseUrl()}/recipes`);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Source").selectOption("saved");
    const cards = page.locator(".recipe-grid article");
    await poll(() => cards.count()).toBe(1);
    const card = cards.first();
    expect(await card.getByRole("link").innerText()).toBe(title);
    expect(await card.getByRole("button", { name: `Save ${title}` }).getAttribute("aria-pressed")).toBe("true");
    await poll(() => card.getByText(/Uses \d of your pantry items?/).count()).toBe(1);

    // And so does a search for its title, among the library's recipes.
    await page.getByLabel("Source").selectOption("");
    await page.getByLabel("Search recipes").fill(title);
    await poll(async () => (await cards.getByRole("link").allInnerTexts()).includes(title)).toBe(true);

    // "What can I make?" keeps recipes that use at least two pantry items, best coverage first: ours uses three.
    await page.getByLabel("Search recipes").fill("");
    const whatCanIMake = page.getByRole("button", { name: "What can I make?" });
    await whatCanIMake.click();
    expect(await whatCanIMake.getAttribute("aria-pressed")).toBe("true");
    await poll(() => page.getByText(/Showing recipes that use at least 2 of your pantry items, best matches first/).count()).toBe(1);
    const usesCounts = async () =>
      (await cards.locator(".recipe-card__pantry").allInnerTexts()).map((text) => Number(/Uses (\d+) of your pantry item/.exec(text)?.[1] ?? 0));
    await poll(async () => {
      const counts = await usesCounts();
      return counts.length > 0 && counts.every((n) => n >= 2);
    }).toBe(true);
    // Ranked by coverage of each recipe's ingredients, so ours (with many other ingredients) may be further down:
    // searching within "What can I make?" still finds it.
    await page.getByLabel("Search recipes").fill(title);
    await poll(async () => (await cards.getByRole("link").allInnerTexts()).includes(title)).toBe(true);
    await snap(page, "recipes-what-can-i-make-1280");

    if (SCREENSHOT_DIR) await screenshotsAt390(open, context, recipeId);
  }, 120_000);

  test("generates from typed ingredients and explains a refused recipe link", async ({ open, consoleErrors }) => {
    consoleErrors.allow({ status: 400, path: /^\/trpc\/recipes\./, reason: "importing a link to a private address is refused with 400, which the journey provokes" });
    const { page } = await open({ as: "Alex" });

    await page.goto(`${baseUrl()}/recipes`);
    await page.getByRole("button", { name: "Generate Recipe" }).first().click();
    await page.waitForURL(`${baseUrl()}/recipes?action=generate`);
    const dialog = page.getByRole("dialog", { name: "Generate a Recipe" });
    await dialog.getByRole("tab", { name: "From ingredients or a link" }).click();

    // The form's defaults.
    expect(await dialog.getByLabel("Meal type").inputValue()).toBe("dinner");
    expect(await dialog.getByLabel("Dietary").inputValue()).toBe("none");
    expect(await dialog.getByLabel("Servings").inputValue()).toBe("4");
    expect(await dialog.getByLabel("Difficulty").inputValue()).toBe("medium");
    expect(await dialog.getByLabel("Obscurity").inputValue()).toBe("moderate");

    // Servings above 20 are refused before anything is sent.
    await dialog.getByLabel("Servings").fill("21");
    await dialog.getByRole("button", { name: "Generate Recipe" }).click();
    await poll(() => dialog.getByText("Servings must be between 1 and 20").count()).toBe(1);
    await dialog.getByLabel("Servings").fill("2");

    // A link turns the form into an import; a private address is refused by the server with its reason.
    await dialog.getByLabel(/Recipe link/).fill("http://localhost/my-recipe");
    await dialog.getByRole("button", { name: "Import Recipe" }).click();
    await poll(() => page.getByText("Recipe Generation Failed").count()).toBe(1);
    await poll(() => page.getByText(/private or local address/).count()).toBe(1);
    expect(page.url()).toBe(`${baseUrl()}/recipes?action=generate`);
    await page.getByRole("button", { name: "Close notification" }).click();

    await dialog.getByLabel(/Recipe link/).fill("");
    await dialog.getByLabel(/Ingredients/).fill(" chicken , , rice ");
    await poll(() => dialog.getByText(/2 ingredients\./).count()).toBe(1);
    await dialog.getByRole("button", { name: "Generate Recipe" }).click();
    await page.waitForURL(/\/recipes\/\d+$/, { timeout: 30_000 });
    await poll(() => page.getByText("Recipe Generated!").count()).toBeGreaterThan(0);
    // Asked for 2 servings: the detail page says so and the scaler starts there.
    await poll(() => page.locator(".servings-scaler__value").innerText()).toMatch(/2$/);
  }, 90_000);

  test("pages through the library and shows Recipe not found for an unknown id", async ({ open, consoleErrors }) => {
    consoleErrors.allow({ status: 404, path: /^\/trpc\/recipes\.get$/, reason: "the journey opens a recipe id that does not exist" });
    const { page } = await open({ as: "Sam" });

    await page.goto(`${baseUrl()}/recipes`);
    const cards = page.locator(".recipe-grid article");
    await poll(() => cards.count()).toBe(6);
    const pages = page.getByRole("navigation", { name: "Recipe pages" });
    expect(await pages.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    const firstTitles = await cards.getByRole("link").allInnerTexts();
    await pages.getByRole("button", { name: "Next" }).click();
    await poll(() => pages.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await poll(() => cards.getByRole("link").allInnerTexts()).not.toEqual(firstTitles);
    if (SCREENSHOT_DIR) await snap(page, "recipes-list-1280");

    // A library recipe is read-only: no ingredient editing, no delete.
    await cards.getByRole("link").first().click();
    await page.waitForURL(/\/recipes\/\d+$/);
    await poll(() => page.getByText("From the Plantry recipe library").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Add Ingredient" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Delete Recipe" }).count()).toBe(0);

    await page.goto(`${baseUrl()}/recipes/987654321`);
    await poll(() => page.getByRole("heading", { name: "Recipe not found" }).count()).toBe(1);
  }, 90_000);
});

/** A tall page as several screenshots (one image per screenful and a half) so each stays readable. */
async function snapTiles(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 390;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const tile = 1300;
  for (let y = 0, i = 1; y < height; y += tile, i += 1) {
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(tile, height - y) } });
  }
}

/** Phone-width screenshots of the list, the dialog and the detail page (only with E2E_SCREENSHOTS). */
async function screenshotsAt390(open: (options?: OpenOptions) => Promise<Journey>, desktop: BrowserContext, recipeId: number) {
  const state = await desktop.storageState();
  const { page } = await open({ as: false, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, storageState: state });
  await page.goto(`${baseUrl()}/recipes`);
  await page.locator(".recipe-grid article").first().waitFor();
  await snapTiles(page, "recipes-list-390");
  await page.getByRole("button", { name: "Filters" }).click();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/recipes-filters-390.png` });
  await page.goto(`${baseUrl()}/recipes?action=generate`);
  await page.locator(".pantry-chips button").first().waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/recipes-dialog-390.png` });
  await page.getByRole("tab", { name: "From ingredients or a link" }).click();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/recipes-dialog-ingredients-390.png` });
  await page.goto(`${baseUrl()}/recipes/${recipeId}`);
  await page.locator(".ingredient-list").waitFor();
  await snapTiles(page, "recipe-detail-390");

  const { context: dark, page: darkPage } = await open({ as: false, viewport: { width: 1280, height: 900 }, storageState: state });
  await dark.addInitScript(() => localStorage.setItem("plantry-theme", "dark"));
  await darkPage.goto(`${baseUrl()}/recipes/${recipeId}`);
  await darkPage.locator(".ingredient-list").waitFor();
  await snap(darkPage, "recipe-detail-dark-1280");
  await darkPage.goto(`${baseUrl()}/recipes?action=generate`);
  await darkPage.locator(".pantry-chips button").first().waitFor();
  await darkPage.screenshot({ path: `${SCREENSHOT_DIR}/recipes-dialog-dark-1280.png` });
}
