/**
 * Public pages and the features around them, in the real app: the landing's sign-up funnel and claims, the beta
 * checkout page, the about carousel, the legal pages' Back, the theme, help, feedback, the research survey, the
 * feedback test page, the version check, the installable app offline, and the data rights (download, import,
 * delete). Console errors fail every test.
 */
import { describe } from "vitest";
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync, strToU8, zipSync } from "fflate";
import type { Page } from "playwright-core";
import { baseUrl, expect, poll, reportServerErrors, test } from "./fixtures";
import library from "../../worker/data/recipeLibrary.json";
import evaluation from "../../worker/data/receiptEvaluation.json";
import { copyrightYear } from "../../src/lib/brand";

const SCREENSHOTS = "test-results/screenshots/public-pages";
const LIBRARY_SIZE = (library as { recipes: unknown[] }).recipes.length;
// Without its picture link: this machine has no internet, and the recipe card would try to load it.
const PAPRIKA = {
  ...(JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/recipe-files/paprika-lemon-chicken.json", import.meta.url)), "utf8")) as Record<string, unknown>),
  image_url: "",
  // Steps in two named parts, as many exports write them.
  directions:
    "For the chicken:\nSeason the chicken with salt and pepper.\n\nHeat the oil in a skillet and brown the chicken, 6 minutes a side.\n\nFor the sauce:\nAdd the garlic, lemon juice, stock and thyme; simmer until the chicken reaches 165°F.",
};

mkdirSync(SCREENSHOTS, { recursive: true });

const snap = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });

describe("landing page", () => {
  test("sends every Join / Try / Start button to the create-account form and Log In to sign-in", async ({ open }) => {
    const { page } = await open({ as: false });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("heading", { level: 1, name: /Stop wasting food/ }).waitFor();
    const joins = page.getByRole("link", { name: /^(Join Beta|Try Beta|Try Free Beta|Join Beta Program|Start Free)$/ });
    await poll(() => joins.count()).toBe(5);
    for (const href of await joins.evaluateAll((links) => links.map((l) => l.getAttribute("href")))) expect(href).toBe("/login?mode=register");
    // No button navigates to the platform sign-in any more.
    expect(await page.locator('a[href="/api/login"]').count()).toBe(0);

    await page.getByRole("link", { name: "Join Beta Program" }).click();
    await page.waitForURL(`${baseUrl()}/login?mode=register`);
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    expect(await page.getByLabel("Email").count()).toBe(1);
    // The mode switch keeps the URL in step, so Back and reload keep the form.
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseUrl()}/login`);
    await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();

    await page.goto(`${baseUrl()}/`);
    await page.getByRole("link", { name: "Log In" }).click();
    await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
  });

  test("states only figures the product backs: the library's recipe count and the measured receipt accuracy, no user counts", async ({ open }) => {
    const { page } = await open({ as: false });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    const recipes = page.locator('[data-claim="recipes"] .hero__claim-value');
    await poll(() => recipes.textContent()).toBe(LIBRARY_SIZE.toLocaleString("en-US"));
    expect(await page.locator('[data-claim="receipts"] .hero__claim-value').textContent()).toBe(`${Math.floor(evaluation.lineItemRecall * 100)}%`);
    const note = (await page.locator("#claims-note").textContent()) ?? "";
    expect(note).toContain(`${evaluation.receipts} real store receipts`);
    const body = (await page.locator("body").textContent()) ?? "";
    expect(body).not.toMatch(/99%|1000\+|thousands of/i);
    expect(body).toContain(`© ${copyrightYear()} Plantry LLC`);
  });

  test("shows a guided tour of the demo household with real screenshots, stepping and wrapping", async ({ open }) => {
    const { page } = await open({ as: false });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/#demo`);
    const tabs = page.getByRole("tablist", { name: "Demo tour steps" }).getByRole("tab");
    await poll(() => tabs.count()).toBe(5);
    const image = page.locator(".demo-tour__image");
    await image.scrollIntoViewIfNeeded();
    await poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1280);
    expect(await page.getByText("Step 1 of 5").count()).toBe(1);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Step 5 of 5").waitFor();
    expect(await image.getAttribute("src")).toBe("/demo/insights.jpg");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 1 of 5").waitFor();
    // Arrow keys move between the step tabs.
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await page.getByText("Step 2 of 5").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Every item with its expiry date");
    for (const step of ["dashboard", "pantry", "receipt", "recipes", "insights"]) {
      const response = await page.request.get(`${baseUrl()}/demo/${step}.jpg`);
      expect({ step, status: response.status(), type: response.headers()["content-type"] }).toEqual({ step, status: 200, type: "image/jpeg" });
    }
    await snap(page, "landing-tour");
  });

  test("follows the system's dark preference when nothing is stored, and a stored choice after that", async ({ open }) => {
    const { page } = await open({ as: false, colorScheme: "dark" });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.getByRole("button", { name: /^Theme: System/ }).click();
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem("plantry-theme")])).toEqual(["light", "light"]);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  });

  test("answers the old checkout link with a page saying payments are not live", async ({ open }) => {
    const { page } = await open({ as: false });
    reportServerErrors(page);
    const response = await page.goto(`${baseUrl()}/api/subscription/create-checkout`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseUrl()}/upgrade`);
    await page.getByRole("heading", { level: 1, name: "Premium is free during the beta" }).waitFor();
    expect(await page.getByText(/Payments aren't switched on yet/).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Create a free account" }).getAttribute("href")).toBe("/login?mode=register");
  });
});

describe("about and legal pages", () => {
  test("runs the five-slide carousel with wrap-around, dots, keys, the counter and a call to action", async ({ open }) => {
    const { page } = await open({ as: false });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/about`);
    const counter = page.locator(".carousel__counter");
    await poll(() => counter.textContent()).toBe("1 of 5");
    await page.getByRole("button", { name: "Previous slide" }).click();
    expect(await counter.textContent()).toBe("5 of 5");
    expect(await page.getByRole("heading", { level: 2, name: "Impact" }).count()).toBe(1);
    await page.getByRole("button", { name: "Next slide" }).click();
    expect(await counter.textContent()).toBe("1 of 5");
    await page.getByRole("button", { name: "Go to slide 4: Join the Beta" }).click();
    expect(await counter.textContent()).toBe("4 of 5");
    expect(await page.getByRole("link", { name: "Join Beta Now" }).getAttribute("href")).toBe("/login?mode=register");
    await page.keyboard.press("ArrowRight");
    expect(await counter.textContent()).toBe("5 of 5");
    await page.keyboard.press("Home");
    expect(await counter.textContent()).toBe("1 of 5");
    expect(await page.getByRole("heading", { name: "Start Your Free Beta Trial" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Start Free Beta" }).getAttribute("href")).toBe("/login?mode=register");
    expect((await page.locator("body").textContent()) ?? "").not.toMatch(/thousands/i);
  });

  test("goes Back in history from a legal page, or home when there is none; the cookie policy has eight sections", async ({ open }) => {
    const { page, context } = await open({ as: false });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/about`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    expect(await page.getByText(/Download my data/).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL(`${baseUrl()}/about`);

    const fresh = await context.newPage();
    await fresh.goto(`${baseUrl()}/cookies`);
    await fresh.getByRole("heading", { level: 1, name: "Cookie Policy" }).waitFor();
    expect(await fresh.locator(".legal__body h2").count()).toBe(8);
    expect(await fresh.getByText(/^Last updated: /).textContent()).toBe(`Last updated: ${new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}`);
    await fresh.getByRole("button", { name: "Back" }).click();
    await fresh.waitForURL(`${baseUrl()}/`);
    await fresh.goto(`${baseUrl()}/terms`);
    await fresh.getByText(`© ${copyrightYear()} Plantry LLC. All rights reserved.`).waitFor();
  });
});

describe("signed in: help, feedback and research", () => {
  test("has four help tabs, every feature topic with steps, tips and difficulty, and every FAQ category", async ({ open }) => {
    const { page } = await open();
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("button", { name: "Help" }).click();
    const dialog = page.getByRole("dialog", { name: "Help Center" });
    expect(await dialog.getByRole("tab").allTextContents()).toEqual(["Features", "FAQ", "Quick Tips", "Support"]);
    const topics = ["Pantry Management", "Recipes", "Meal Planning", "Receipt Scanning", "AI Cooking Companion", "Smart Insights", "Grocery Lists"];
    for (const topic of topics) {
      await dialog.getByRole("button", { name: new RegExp(`^${topic}`) }).click();
      await dialog.getByRole("heading", { level: 3, name: topic }).waitFor();
      expect(await dialog.locator(".help-topic__steps li").count()).toBeGreaterThanOrEqual(3);
      expect(await dialog.locator(".help-topic__tips li").count()).toBeGreaterThanOrEqual(2);
      expect(["Easy", "Medium"]).toContain(await dialog.locator(".help-topic__head .badge").textContent());
      await dialog.getByRole("button", { name: "Back to features" }).click();
    }
    await dialog.getByRole("button", { name: /^Receipt Scanning/ }).click();
    expect(await dialog.locator(".help-topic__tips").textContent()).toContain(`${Math.floor(evaluation.lineItemRecall * 100)}% of the items were read exactly right`);
    await dialog.getByRole("tab", { name: "FAQ" }).click();
    expect(await dialog.locator(".faq__category-title").allTextContents()).toEqual(["Receipt Scanning", "Account & Billing", "Recipes", "Pantry Management", "Privacy & Security"]);
    await dialog.getByRole("tab", { name: "Support" }).click();
    expect(await dialog.getByRole("link", { name: "Open feedback form" }).getAttribute("href")).toBe("/user-research");
    expect(await dialog.getByText("Coming Soon").count()).toBe(2);
    await snap(page, "help-support");
  });

  test("sends quick feedback, refuses an empty note, and submits the research survey", async ({ open }) => {
    const { page } = await open();
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("button", { name: "Feedback" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Feedback" });
    await dialog.getByRole("button", { name: "Send Quick Feedback" }).click();
    await page.getByText("Please enter your feedback").waitFor();
    await dialog.getByLabel("Your feedback").fill("The help is clear.");
    await dialog.getByRole("button", { name: "Send Quick Feedback" }).click();
    await page.getByText("Feedback sent!").waitFor();
    await poll(() => dialog.count()).toBe(0);

    await page.goto(`${baseUrl()}/user-research`);
    await page.getByRole("heading", { level: 1, name: "Help shape Plantry" }).waitFor();
    for (const section of ["Basic Info", "Your Usage", "Payment & New Features", "Overall Experience"]) {
      expect(await page.getByRole("heading", { level: 2, name: section }).count()).toBe(1);
    }
    await page.getByRole("radio", { name: "26-35" }).check();
    await page.getByRole("checkbox", { name: "Receipt Scanning" }).check();
    await page.getByRole("radio", { name: "$5 to $10" }).check();
    await page.getByRole("checkbox", { name: "Leftover management" }).check();
    await page.getByRole("radio", { name: "4 · Very good" }).check();
    await page.getByLabel(/What frustrates you most/).fill("Forgetting what's in the freezer");
    await page.getByRole("button", { name: "Submit Research Form" }).click();
    await page.getByText("Research form submitted!").waitFor();
    // The form starts again empty.
    expect(await page.getByRole("radio", { name: "26-35" }).isChecked()).toBe(false);
    expect(await page.getByLabel(/What frustrates you most/).inputValue()).toBe("");
  });

  test("the feedback test page opens the dialog from three variants, calls the API and logs results it can clear", async ({ open }) => {
    const { page } = await open();
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    await page.goto(`${baseUrl()}/feedback-test`);
    for (const name of ["Send Feedback", "Give feedback", "Feedback (floating button)"]) {
      await page.getByRole("main").getByRole("button", { name }).click();
      await page.getByRole("dialog", { name: "Send Feedback" }).waitFor();
      await page.keyboard.press("Escape");
    }
    await page.getByRole("button", { name: "Test Feedback API" }).click();
    await page.getByText("API Test Successful").waitFor();
    const log = page.getByRole("list", { name: "Test results" });
    await poll(() => log.getByRole("listitem").count()).toBe(4);
    expect(await log.getByRole("listitem").first().textContent()).toMatch(/^\d\d:\d\d:\d\d (AM|PM)API test succeeded: Thanks!/);
    await page.getByRole("button", { name: "Clear results" }).click();
    await page.getByText("No results yet.").waitFor();
  });
});

describe("uncaught errors", () => {
  test("a screen that fails to run shows Application Error inside the app; one that fails to download, the gentler retry screen", async ({ open, consoleErrors }) => {
    consoleErrors.allowMessage({ text: /Broken screen|Route failed|Failed to fetch dynamically imported module|net::ERR_FAILED/, reason: "screens broken on purpose" });
    // No service worker: it would serve the screen's code from its cache, past the interception.
    const { page } = await open({ serviceWorkers: "block" });
    reportServerErrors(page);
    await page.route(/\/assets\/FeedbackTestPage-[^/]*\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: 'throw new Error("Broken screen");' }));
    await page.goto(`${baseUrl()}/feedback-test`);
    await page.getByRole("heading", { level: 1, name: "Application Error" }).waitFor();
    await page.getByText("An unexpected error occurred in the application. Please try refreshing the page.").waitFor();
    // The app's header stays, so the user can go elsewhere.
    await page.getByRole("link", { name: "Dashboard" }).first().waitFor();
    expect(await page.getByRole("main").count()).toBe(1);

    await page.unroute(/\/assets\/FeedbackTestPage-[^/]*\.js$/);
    await page.route(/\/assets\/UserResearchPage-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl()}/user-research`);
    await page.getByRole("heading", { level: 1, name: "Something went wrong" }).waitFor();
    await page.getByRole("button", { name: "Try Again" }).waitFor();
  });
});

describe("version check", () => {
  test("offers a reload when a new build goes live while the page is open, and not before", async ({ open }) => {
    // Requests a service worker sees are out of page.route's reach; this test is about the page's own check.
    const { page } = await open({ as: false, serviceWorkers: "block" });
    reportServerErrors(page);
    let build = "build-1";
    // The app's tRPC calls are batched: answer the version query, let everything else through.
    await page.route(/\/trpc\/[^?]*system\.version/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { data: { buildTime: string } } }[];
      for (const item of body) if (item.result?.data?.buildTime) item.result.data.buildTime = build;
      await route.fulfill({ response, json: body });
    });
    await page.clock.install();
    await page.goto(`${baseUrl()}/`);
    await poll(() => page.evaluate(() => localStorage.getItem("app-build-time"))).toBe("build-1");
    await page.clock.fastForward("05:00");
    await page.waitForTimeout(500);
    expect(await page.getByText("A new version of Plantry is available.").count()).toBe(0);

    build = "build-2";
    await page.clock.fastForward("05:00");
    await page.getByText("A new version of Plantry is available.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("app-build-time"))).toBe("build-2");
    await snap(page, "update-available");
    await page.getByRole("button", { name: "Reload" }).click();
    await page.waitForLoadState("load");
    await page.getByRole("heading", { level: 1, name: /Stop wasting food/ }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText("A new version of Plantry is available.").count()).toBe(0);
  });
});

describe("installable app", () => {
  test("has a manifest with icons that load", async ({ open }) => {
    const { page } = await open({ as: false });
    reportServerErrors(page);
    await page.goto(`${baseUrl()}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await page.request.get(`${baseUrl()}${href}`)).json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ short_name: "Plantry", display: "standalone", start_url: "/" });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) expect((await page.request.get(`${baseUrl()}${icon.src}`)).status()).toBe(200);
  });

  test("starts offline from the cached shell with a clear offline state, and never serves data from a cache", async ({ open, consoleErrors }) => {
    const { page, context } = await open({ as: false });
    reportServerErrors(page);
    // Requests made while the network is off fail in the console by design.
    consoleErrors.allowMessage({ text: /ERR_INTERNET_DISCONNECTED|Failed to fetch/, reason: "requests made while offline" });
    await page.goto(`${baseUrl()}/about`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Wait until the worker controls the page and has cached the shell.
    await poll(() => page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining(["plantry-shell-v1", "plantry-assets-v1"]));
    await poll(() => page.evaluate(async () => Boolean(await (await caches.open("plantry-shell-v1")).match("/")))).toBe(true);
    // The about screen's own chunk, loaded before the worker took over, is kept too: the screen starts offline.
    await poll(() =>
      page.evaluate(async () => {
        const loaded = performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith("/assets/"));
        const cache = await caches.open("plantry-assets-v1");
        const missing: string[] = [];
        for (const path of loaded) if (!(await cache.match(path))) missing.push(path);
        return missing;
      }),
    ).toEqual([]);
    // Data answers were never stored.
    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cachedUrls.filter((url) => /^\/(api|trpc)\//.test(url))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "You're offline" }).waitFor();
    expect(await page.getByText("You're offline.", { exact: false }).count()).toBeGreaterThan(0);
    // A data call fails as it would without the worker: nothing made up.
    const data = await page.evaluate(async () => {
      try {
        await fetch("/trpc/system.version");
        return "answered";
      } catch {
        return "failed";
      }
    });
    expect(data).toBe("failed");
    await snap(page, "offline-start");

    // Back online, the app leaves the offline screen by itself.
    await context.setOffline(false);
    await page.getByRole("heading", { level: 1, name: "Why we built Plantry" }).waitFor();
    // Offline, the browser reports the failed calls it was asked to make; those are the point of this test.
  });
});

describe("data rights", () => {
  test("downloads the user's data, imports a Paprika export after review, and deletes the account", async ({ open, consoleErrors }) => {
    const { page, account } = await open({ acceptDownloads: true });
    reportServerErrors(page);
    const { username, password } = account!;
    // The sign-in after deletion is refused with 401 on purpose.
    consoleErrors.allow({ status: 401, path: /^\/(api\/auth\/login|trpc\/auth\.login)$/, reason: "sign-in to a deleted account" });
    await page.goto(`${baseUrl()}/`);
    await page.goto(`${baseUrl()}/pantry?action=add`);
    const addDialog = page.getByRole("dialog");
    await addDialog.getByLabel("Name").fill("Oat milk");
    await addDialog.getByLabel("Category").selectOption("Milk & Eggs");
    await addDialog.getByRole("button", { name: /^Add Item$/ }).click();
    await page.getByText("Item added to pantry!").waitFor();

    // Import: the file is read, shown, and saved only when confirmed.
    const exportFile = zipSync({ "Lemon Garlic Chicken.paprikarecipe": gzipSync(strToU8(JSON.stringify(PAPRIKA))) });
    await page.goto(`${baseUrl()}/recipes`);
    await page.getByRole("button", { name: "Import recipes" }).click();
    const importDialog = page.getByRole("dialog", { name: "Import recipes" });
    await importDialog.getByLabel("Export file").setInputFiles({ name: "My Recipes.paprikarecipes", mimeType: "application/octet-stream", buffer: Buffer.from(exportFile) });
    await importDialog.getByRole("button", { name: "Read file" }).click();
    await importDialog.getByText(/Found 1 recipe in Paprika format/).waitFor();
    expect(await importDialog.getByRole("checkbox", { name: "Lemon Garlic Chicken" }).isChecked()).toBe(true);
    await importDialog.getByText("Show ingredients and steps").click();
    await importDialog.getByText("1/2 cup chicken stock").waitFor();
    await snap(page, "import-review");
    await importDialog.getByRole("button", { name: "Import 1 recipe" }).click();
    await page.getByText("Imported 1 recipe").waitFor();
    await page.getByRole("searchbox", { name: "Search recipes" }).fill("Lemon Garlic");
    await page.getByRole("heading", { name: "Lemon Garlic Chicken" }).waitFor();
    // The export's "For the sauce:" lines sit under their own heading on the recipe, apart from the others.
    await page.getByRole("link", { name: "Lemon Garlic Chicken" }).first().click();
    await page.waitForURL(/\/recipes\/\d+$/);
    const sauce = page.getByRole("list", { name: "For the sauce" }).and(page.locator("ul"));
    await poll(() => sauce.getByRole("listitem").count()).toBe(2);
    expect(await sauce.innerText()).toContain("chicken stock");
    expect(await page.locator(".ingredient-list").count()).toBe(2);
    // The steps' part names head their steps, numbered on across the parts.
    const sauceSteps = page.getByRole("list", { name: "For the sauce" }).and(page.locator("ol"));
    expect(await sauceSteps.locator(".instruction__number").allInnerTexts()).toEqual(["3"]);
    expect(await page.getByRole("list", { name: "For the chicken" }).locator(".instruction__text").allInnerTexts()).toEqual([
      "Season the chicken with salt and pepper.",
      "Heat the oil in a skillet and brown the chicken, 6 minutes a side.",
    ]);
    await snap(page, "imported-recipe-sections");

    // Download my data: one JSON file holding what the user owns.
    await page.goto(`${baseUrl()}/profile`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^plantry-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as { account: { username: string }; tables: Record<string, { name?: string; title?: string }[]> };
    expect(exported.account.username).toBe(username);
    expect(exported.tables.pantry_items!.map((r) => r.name)).toContain("Oat milk");
    expect(exported.tables.recipes!.map((r) => r.title)).toContain("Lemon Garlic Chicken");
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Pantry (CSV)" }).click()]);
    expect(readFileSync((await csv.path())!, "utf8")).toContain("Oat milk,Milk & Eggs,");

    // Delete my account: confirmation, then signed out for good.
    await page.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete your account?" });
    const submit = confirm.getByRole("button", { name: "Delete my account permanently" });
    expect(await submit.isDisabled()).toBe(true);
    await confirm.getByLabel("Your password").fill(password);
    await confirm.getByLabel("Type DELETE to confirm").fill("DELETE");
    await submit.click();
    await page.waitForURL(`${baseUrl()}/?account=deleted`);
    await page.getByText("Your account and everything in it have been deleted.").waitFor();
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.getByText("Login failed").waitFor();
  });
});
