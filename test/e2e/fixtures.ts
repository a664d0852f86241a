/**
 * The fixtures every browser journey uses:
 * - `browser`: one Debian Chromium per test file;
 * - `open(...)`: a fresh browser context and its first page, signed in (by default) as a new account created through
 *   the real HTTP API, with the session cookie put into the context (the sign-up screen itself is driven by the
 *   account journey only);
 * - `consoleErrors`: every context opened through `open` is watched, and any console error or uncaught page error
 *   fails the test once its body has run. A test that provokes an HTTP error on purpose says so with
 *   `consoleErrors.allow(...)`.
 * After each test its contexts are closed, but only once no top-level navigation is in flight (see closeSafely).
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Locator, type Page } from "playwright-core";
import { execSync } from "node:child_process";
import { expect, inject, test as base } from "vitest";

export type Account = { username: string; password: string };
export type Journey = { context: BrowserContext; page: Page; account: Account | null };
export type OpenOptions = Pick<BrowserContextOptions, "viewport" | "deviceScaleFactor" | "isMobile" | "hasTouch" | "locale" | "storageState" | "colorScheme" | "reducedMotion" | "serviceWorkers" | "acceptDownloads"> & {
  /** The app's origin (default: the server the e2e global setup started). */
  origin?: string;
  /**
   * First name of a new account to sign in as (default "Robin"); `false` opens the app signed out; an account
   * signs in as that existing user (through the HTTP API as well).
   */
  as?: string | false | Account;
};

/** An HTTP error the test provokes on purpose: the browser logs it as a console error. */
export type ExpectedResponseError = { status: number; path: RegExp; reason: string };

/** A console message the test provokes on purpose without an HTTP status (e.g. a request made while offline). */
export type ExpectedMessage = { text: RegExp; reason: string };

export type ConsoleErrors = {
  /** Lets console errors for this response through, for this test only. */
  allow(error: ExpectedResponseError): void;
  /** Lets console errors whose text matches through, for this test only. */
  allowMessage(message: ExpectedMessage): void;
};

const ACCOUNT_PASSWORD = "e2e password 123";

/**
 * The one console error every journey may see: asking who is signed in (auth.me, or its REST form
 * /api/auth/user) while signed out is answered 401 by design, and Chromium logs every 4xx resource as a console
 * error; the app cannot prevent that log line. Any other 401 (or 404, 500 ...) fails the test.
 */
const SIGNED_OUT_CHECK: ExpectedResponseError = { status: 401, path: /^\/(trpc\/auth\.me|api\/auth\/user)$/, reason: "current-user call while signed out" };

const NAVIGATION_SETTLE_MS = 10_000;
const CLOSE_TIMEOUT_MS = 15_000;

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

/** The `name=value` pair and attributes of the session cookie in a Set-Cookie header list. */
function sessionCookie(setCookies: string[], url: string) {
  for (const header of setCookies) {
    const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (name !== "plantry_session" || !value) continue;
    const flag = (key: string) => attributes.find((attribute) => attribute.toLowerCase().startsWith(key));
    const sameSite = flag("samesite=")?.split("=")[1]?.toLowerCase();
    return {
      name,
      value,
      url,
      httpOnly: Boolean(flag("httponly")),
      secure: Boolean(flag("secure")),
      sameSite: sameSite === "strict" ? ("Strict" as const) : sameSite === "none" ? ("None" as const) : ("Lax" as const),
    };
  }
  throw new Error(`no plantry_session cookie in ${JSON.stringify(setCookies)}`);
}

/** POSTs JSON to the API as a browser on our origin would (the CSRF guard wants the Origin header). */
async function postJson(origin: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin, ...headers }, body: JSON.stringify(body) });
}

/**
 * A visitor address of its own for each new account (in 198.18.0.0/15, the range kept for tests). The journeys are
 * many different people, and registration is limited per network: from one loopback address the whole suite would
 * trip that limit. Locally the Worker reads the address from CF-Connecting-IP as Cloudflare would set it.
 */
function visitorAddress(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `198.18.${(hash >>> 8) & 255}.${hash & 255}`;
}

let accounts = 0;

/** Creates an account through POST /api/auth/register and returns it with its session cookie. */
async function register(origin: string, firstName: string): Promise<{ account: Account; setCookies: string[] }> {
  accounts += 1;
  const username = `e2e_${process.pid.toString(36)}_${Date.now().toString(36)}_${accounts}`;
  const response = await postJson(
    origin,
    "/api/auth/register",
    { username, email: `${username}@example.com`, password: ACCOUNT_PASSWORD, firstName },
    { "CF-Connecting-IP": visitorAddress(username) },
  );
  if (response.status !== 201 && response.status !== 200) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return { account: { username, password: ACCOUNT_PASSWORD }, setCookies: response.headers.getSetCookie() };
}

/** Signs an existing account in through POST /api/auth/login. */
async function login(origin: string, username: string, password: string): Promise<string[]> {
  const response = await postJson(origin, "/api/auth/login", { username, password });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return response.headers.getSetCookie();
}

/**
 * Counts the page's top-level navigations between their request and their commit. Chromium can hang for good when
 * a context is closed while a navigation commits (the pantry's one-time cache-version reload was caught in that
 * window); waiting for in-flight navigations to commit first keeps the close out of it.
 */
type NavigationTracker = { settled(ms: number): Promise<void> };

function trackNavigations(page: Page): NavigationTracker {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    inFlight = 0;
    for (const wake of waiters) wake();
    waiters = [];
  };
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && !request.redirectedFrom()) inFlight += 1;
  });
  page.on("requestfailed", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) settle();
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) settle();
  });
  page.on("close", settle);
  return {
    /** Resolves once no navigation is in flight (or after `ms`, e.g. for a navigation answered 204 that never commits). */
    settled(ms: number): Promise<void> {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** Closes a context once its pages are not mid-navigation; a close that still hangs fails loudly instead of forever. */
async function closeSafely(context: BrowserContext, trackers: NavigationTracker[]) {
  await Promise.all(trackers.map((tracker) => tracker.settled(NAVIGATION_SETTLE_MS)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`closing the browser context took over ${CLOSE_TIMEOUT_MS} ms: did the journey end while a page was navigating?`)), CLOSE_TIMEOUT_MS);
  });
  try {
    await Promise.race([context.close(), hung]);
  } finally {
    clearTimeout(timer);
  }
}

function describeConsoleError(message: ConsoleMessage, page: Page): string {
  const where = message.location().url;
  return `console.error on ${page.url()}: ${message.text()}${where ? ` (${where})` : ""}`;
}

/** The status in Chromium's "Failed to load resource: the server responded with a status of 401 (...)". */
function resourceStatus(text: string): number | null {
  const match = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text);
  return match ? Number(match[1]) : null;
}

function isAllowed(message: ConsoleMessage, allowed: ExpectedResponseError[]): boolean {
  const status = resourceStatus(message.text());
  const url = message.location().url;
  if (status === null || !url) return false;
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return false;
  }
  return allowed.some((rule) => rule.status === status && rule.path.test(pathname));
}

type Watch = { errors: string[]; allowed: ExpectedResponseError[]; messages: ExpectedMessage[] };

function watch(context: BrowserContext, state: Watch) {
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    if (isAllowed(message, state.allowed)) return;
    if (state.messages.some((rule) => rule.text.test(message.text()))) return;
    const page = message.page();
    state.errors.push(page ? describeConsoleError(message, page) : `console.error: ${message.text()}`);
  });
  context.on("weberror", (error) => state.errors.push(`uncaught error on ${error.page()?.url() ?? "?"}: ${error.error().message}`));
}

export const test = base.extend<{
  $file: { browser: Browser };
  $test: { consoleErrors: ConsoleErrors; open: (options?: OpenOptions) => Promise<Journey>; watched: Watch };
}>({
  browser: [
    // vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: "file" },
  ],
  // eslint-disable-next-line no-empty-pattern
  watched: async ({}, use) => {
    const state: Watch = { errors: [], allowed: [SIGNED_OUT_CHECK], messages: [] };
    await use(state);
  },
  consoleErrors: async ({ watched }, use) => {
    await use({ allow: (error) => watched.allowed.push(error), allowMessage: (message) => watched.messages.push(message) });
  },
  open: async ({ browser, watched }, use) => {
    const opened: { context: BrowserContext; trackers: NavigationTracker[] }[] = [];
    await use(async (options = {}) => {
      const { as = "Robin", origin = baseUrl(), ...contextOptions } = options;
      const context = await browser.newContext(contextOptions);
      const trackers: NavigationTracker[] = [];
      context.on("page", (page) => trackers.push(trackNavigations(page)));
      opened.push({ context, trackers });
      watch(context, watched);
      let account: Account | null = null;
      if (as !== false) {
        let setCookies: string[];
        if (typeof as === "string") ({ account, setCookies } = await register(origin, as));
        else [account, setCookies] = [as, await login(origin, as.username, as.password)];
        await context.addCookies([sessionCookie(setCookies, origin)]);
      }
      const page = await context.newPage();
      return { context, page, account };
    });
    // After the test body: close what it opened, then fail the test on any console or page error it produced.
    let closeError: unknown = null;
    for (const { context, trackers } of opened) {
      try {
        await closeSafely(context, trackers);
      } catch (error) {
        closeError ??= error;
      }
    }
    if (closeError) throw closeError;
    expect(watched.errors, "console errors or uncaught page errors during the journey").toEqual([]);
  },
});

export { expect };

/**
 * Screens load lazily and the machine is shared: give each expectation time to come true (expect.poll's own
 * default gives up after one second, which a loaded machine misses now and then).
 */
export function poll<T>(read: () => T | Promise<T>): ReturnType<typeof expect.poll<T>> {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}

/**
 * Whether a native select shows its chosen option whole: the option's text, in the select's font, against the
 * room its box leaves for text (a select cannot wrap, it cuts the text off).
 */
export async function selectShowsWholeChoice(select: Locator): Promise<boolean> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = element.selectedOptions[0]?.textContent ?? "";
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(text).width <= room;
  });
}

/** Names the failing call when the page logs a 5xx (the console error only says "Failed to load resource"). */
export function reportServerErrors(page: Page) {
  page.on("response", (response) => {
    if (response.status() >= 500) console.error(`${response.status()} from ${response.request().method()} ${response.url()}`);
  });
}
