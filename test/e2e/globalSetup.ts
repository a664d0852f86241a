/**
 * Starts the real app for browser tests: builds the client, applies migrations and seeds a fresh local D1 in a
 * temporary folder, and runs `wrangler dev` on a free port. Tears everything down afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, ROOT } from "../../scripts/lib/local";
import { seed } from "../../scripts/seed";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The local D1 folder the server runs on, for journeys that set up data by SQL (factories). */
    persistTo: string;
  }
}

/** The port wrangler bound (it prints "Ready on http://127.0.0.1:PORT"), once /api/version answers there. */
async function waitForServer(child: ChildProcess, log: () => string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early with ${child.exitCode}`);
    const port = /Ready on http:\/\/127\.0\.0\.1:(\d+)/.exec(log())?.[1];
    try {
      if (port && (await fetch(`http://localhost:${port}/api/version`)).ok) return Number(port);
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start within ${timeoutMs} ms`);
}

let child: ChildProcess | undefined;
let persistTo: string | undefined;

export async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync(join(ROOT, "node_modules/.bin/vite"), ["build", "--config", "vite.config.ts", "--logLevel", "error"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("client build failed");
  }
  persistTo = mkdtempSync(join(tmpdir(), "plantry-e2e-"));
  applyMigrations({ persistTo });
  await seed({ persistTo });
  // --port 0: wrangler binds a free port itself, so no other process can take it between choosing and binding.
  child = spawn(
    join(ROOT, "node_modules/.bin/wrangler"),
    ["dev", "--port", "0", "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--define", `__BUILD_TIME__:"e2e"`],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  let port: number;
  try {
    port = await waitForServer(child, () => log, 60_000);
  } catch (error) {
    console.error(log);
    throw error;
  }
  project.provide("baseUrl", `http://localhost:${port}`);
  project.provide("persistTo", persistTo);
}

export async function teardown() {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  }
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
}
