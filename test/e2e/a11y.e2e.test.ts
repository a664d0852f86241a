/**
 * Accessibility over every route: axe-core (WCAG 2.1 A and AA, plus axe's best practices) in the real app, public
 * routes signed out and app routes signed in as the demo household, in the light and the dark theme. Serious and
 * critical violations fail; each route's screenshot is kept under test-results/screenshots/a11y/.
 */
import { describe } from "vitest";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { baseUrl, expect, reportServerErrors, test, type OpenOptions } from "./fixtures";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");
const SCREENSHOTS = "test-results/screenshots/a11y";
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** Runs axe on the page as it is now; the serious and critical violations, each with where it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] }, resultTypes: ["violations"] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(node.target)}${node.failureSummary ? ` - ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`));
}

/** Waits until the route has rendered: its main landmark and no loading skeletons or spinners left. */
async function settled(page: Page) {
  await page.locator("main").first().waitFor();
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector(".skeleton, [aria-busy='true'], .fullscreen-loading"), undefined, { timeout: 15_000 })
    .catch(() => undefined);
  // Entrance animations end before contrast is measured.
  await page.waitForTimeout(300);
}

async function check(page: Page, name: string, theme: Theme): Promise<string[]> {
  await settled(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${theme}.png`, fullPage: true });
  return (await seriousViolations(page)).map((v) => `${name} [${theme}] ${v}`);
}

const fileName = (path: string) => (path === "/" ? "home" : path.replace(/^\//, "").replace(/[/?=&]+/g, "_"));

/** Nothing stored: the theme follows the system, which is what each context emulates. */
const themed = (theme: Theme): OpenOptions => ({ viewport: { width: 1280, height: 900 }, colorScheme: theme, reducedMotion: "reduce" });

mkdirSync(SCREENSHOTS, { recursive: true });

const PUBLIC_ROUTES = ["/", "/login", "/login?mode=register", "/about", "/terms", "/privacy", "/cookies", "/upgrade", "/no-such-page"];

describe("public routes, signed out", () => {
  for (const theme of THEMES) {
    test(`have no serious or critical violations in the ${theme} theme`, async ({ open }) => {
      const { page } = await open({ as: false, ...themed(theme) });
      reportServerErrors(page);
      const found: string[] = [];
      for (const route of PUBLIC_ROUTES) {
        await page.goto(`${baseUrl()}${route}`);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        found.push(...(await check(page, `public-${fileName(route)}`, theme)));
      }
      // The demo tour's other steps and the about carousel's other slides.
      await page.goto(`${baseUrl()}/`);
      await page.getByRole("tab", { name: /Scan a receipt/ }).click();
      found.push(...(await check(page, "public-home-tour-step-3", theme)));
      await page.goto(`${baseUrl()}/about`);
      await page.getByRole("button", { name: "Go to slide 4: Join the Beta" }).click();
      found.push(...(await check(page, "public-about-slide-4", theme)));
      expect(found.join("\n")).toBe("");
    });
  }
});

/** Every signed-in route, the placeholders of screens still being built included. */
function appRoutes(recipeId: number) {
  return [
    "/",
    "/pantry",
    "/pantry?filter=expiring",
    "/recipes",
    `/recipes/${recipeId}`,
    "/meal-plans",
    "/mealplans",
    "/grocery-lists",
    "/grocery-lists/1",
    "/cooking-companion",
    "/receipts/scan",
    "/receipts/999999",
    "/profile",
    "/insights",
    "/feedback-test",
    "/user-research",
    "/about",
    "/terms",
    "/privacy",
    "/cookies",
    "/upgrade",
  ];
}

const DEMO = { username: "demo", password: "plantry-demo" };

describe("app routes, signed in", () => {
  for (const theme of THEMES) {
    test(`have no serious or critical violations in the ${theme} theme, dialogs included`, async ({ open, consoleErrors }) => {
      const { page } = await open({ as: DEMO, ...themed(theme) });
      reportServerErrors(page);
      consoleErrors.allow({ status: 404, path: /^\/trpc\/receipts\.get$/, reason: "the missing receipt's page is checked too" });
      // A library recipe for the detail page, found through the app's own list.
      await page.goto(`${baseUrl()}/recipes`);
      const href = await page.locator(".recipe-card a").first().getAttribute("href");
      const recipeId = Number(/\/recipes\/(\d+)/.exec(href ?? "")?.[1]);
      expect(recipeId).toBeGreaterThan(0);

      const found: string[] = [];
      for (const route of appRoutes(recipeId)) {
        await page.goto(`${baseUrl()}${route}`);
        found.push(...(await check(page, `app-${fileName(route).replace(String(recipeId), "id")}`, theme)));
      }

      // The shell's dialogs and the data-rights ones.
      await page.goto(`${baseUrl()}/`);
      await page.getByRole("button", { name: "Help" }).click();
      found.push(...(await check(page, "app-dialog-help", theme)));
      await page.getByRole("tab", { name: "FAQ" }).click();
      found.push(...(await check(page, "app-dialog-help-faq", theme)));
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Feedback" }).click();
      found.push(...(await check(page, "app-dialog-feedback", theme)));
      await page.keyboard.press("Escape");
      await page.goto(`${baseUrl()}/recipes?action=import`);
      await page.getByRole("dialog", { name: "Import recipes" }).waitFor();
      found.push(...(await check(page, "app-dialog-import", theme)));
      await page.goto(`${baseUrl()}/profile`);
      await page.getByRole("tab", { name: "Food Preferences" }).click();
      found.push(...(await check(page, "app-profile-food-preferences", theme)));
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByRole("dialog", { name: "Delete your account?" }).waitFor();
      found.push(...(await check(page, "app-dialog-delete-account", theme)));

      expect(found.join("\n")).toBe("");
    });
  }
});
