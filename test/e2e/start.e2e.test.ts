/**
 * The app started the way the README says (`npm start`, on its own port and with its own database folder so the
 * developer's local database is never touched): the local cron runner runs the hourly jobs when the server is
 * ready, so the demo account finds its expiry reminder on first sign-in without anything triggered by hand.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, onTestFinished } from "vitest";
import { ROOT } from "../../scripts/lib/local";
import { expect, poll, test } from "./fixtures";

const READY_TIMEOUT_MS = 150_000;

/**
 * A fixed-offset zone where it is now between 12:00 and 12:59. Reminders are only written from 07:00 in the user's
 * own zone, and the seed gives the demo account the zone `npm start` runs in, so the test does not depend on the
 * hour it runs at.
 */
function middayZone(now: Date): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? "Etc/UTC" : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Stops the whole process group (npm, tsx, wrangler, workerd), forcefully if it does not go within 10 s. */
async function stopGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

describe("npm start", () => {
  test("runs the hourly jobs when ready, so the demo account sees its expiry reminder on first sign-in", async ({ open }) => {
    const persistTo = mkdtempSync(join(tmpdir(), "plantry-start-"));
    // --no-build: the client the global setup built is the one the other journeys' server is serving at this moment;
    // building it again would empty dist/ under them (a page load in that window fails). The build step is the
    // same `vite build` the global setup runs.
    const child = spawn("npm", ["start", "--", "--persist-to", persistTo, "--no-build"], {
      cwd: ROOT,
      // PORT=0: wrangler binds a free port itself, so nothing can take it between choosing and binding.
      env: { ...process.env, PORT: "0", TZ: middayZone(new Date()) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    onTestFinished(async () => {
      await stopGroup(child);
      rmSync(persistTo, { recursive: true, force: true });
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

    // The one line the first run prints, with the job's own figures.
    const runLine = /⏰ expiry-reminders: reached (\d+) users?, created (\d+) notifications? in \d+ ms \(cron "0 \* \* \* \*"\)/;
    await expect
      .poll(
        () => {
          if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
          return runLine.test(output);
        },
        { timeout: READY_TIMEOUT_MS, interval: 250, message: "the first cron run's line" },
      )
      .toBe(true);
    const [, users, created] = runLine.exec(output)!;
    expect(Number(users)).toBeGreaterThanOrEqual(1);
    expect(Number(created)).toBe(1);
    const port = /Plantry is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    expect(Number(port)).toBeGreaterThan(0);
    // wrangler's "not automatically triggered" warning would now be wrong.
    expect(output).not.toContain("Scheduled Workers are not automatically triggered");

    const origin = `http://localhost:${port}`;
    const { page } = await open({ as: false, origin, viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/login`);
    await page.getByLabel("Username").fill("demo");
    await page.getByLabel("Password", { exact: true }).fill("plantry-demo");
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.waitForURL(`${origin}/`);

    const reminder = page.locator(".notification-list > li");
    await poll(() => reminder.count()).toBe(1);
    expect(await reminder.getByRole("heading").textContent()).toMatch(/^\d+ items? (expires? soon|ha(s|ve) expired)$/);
    expect(await reminder.textContent()).toMatch(/\((today|tomorrow|in \d days|expired)\)/);
  });
});
