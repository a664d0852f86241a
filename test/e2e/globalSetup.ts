/**
 * Starts the real app for browser tests: builds the client, applies migrations and seeds a fresh local D1 in a
 * temporary folder, and runs `wrangler dev` on a free port. Tears everything down afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, ROOT } from "../../scripts/lib/local";
import { seed } from "../../scripts/seed";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/version`);
      if (response.ok) return;
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
  const port = await freePort();
  child = spawn(
    join(ROOT, "node_modules/.bin/wrangler"),
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--define", `__BUILD_TIME__:"e2e"`],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForServer(baseUrl, child, 60_000);
  } catch (error) {
    console.error(log);
    throw error;
  }
  project.provide("baseUrl", baseUrl);
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
