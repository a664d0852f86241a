/**
 * `npm run check`: builds the production Worker exactly as `wrangler deploy --env production` would, without
 * uploading (--dry-run, offline), and reports its compressed size against the Workers limits: 3 MB on the Free
 * plan, 10 MB on Paid. Fails when the build fails or the bundle is over the Free limit (the app must deploy on
 * either plan). Runs in CI as part of `npm test`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "./lib/local";

const FREE_LIMIT = 3 * 1024 * 1024;
const PAID_LIMIT = 10 * 1024 * 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function main(): number {
  // wrangler.toml names dist/client as the assets folder; the Worker bundle does not need its content.
  mkdirSync(join(ROOT, "dist", "client"), { recursive: true });
  const outDir = mkdtempSync(join(tmpdir(), "plantry-check-"));
  try {
    const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--env", "production", "--outdir", outDir], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", CI: "true" },
    });
    if (result.status !== 0) {
      console.error(`The production build failed (wrangler deploy --dry-run --env production):\n${result.stderr || result.stdout}`);
      return 1;
    }
    // Everything wrangler would upload: the bundle and any modules beside it (source maps are not uploaded).
    const uploaded = files(outDir).filter((path) => !path.endsWith(".map") && !path.endsWith("README.md"));
    const raw = uploaded.reduce((sum, path) => sum + statSync(path).size, 0);
    const compressed = uploaded.reduce((sum, path) => sum + gzipSync(readFileSync(path), { level: 9 }).length, 0);
    const wranglerLine = /Total Upload: .*/.exec(result.stdout)?.[0];
    console.info(`Production Worker bundle: ${mb(raw)} raw, ${mb(compressed)} compressed (${uploaded.length} file${uploaded.length === 1 ? "" : "s"})`);
    if (wranglerLine) console.info(`wrangler: ${wranglerLine}`);
    console.info(`Workers limit (compressed): Free ${mb(FREE_LIMIT)} (${((compressed / FREE_LIMIT) * 100).toFixed(0)}% used), Paid ${mb(PAID_LIMIT)} (${((compressed / PAID_LIMIT) * 100).toFixed(0)}% used)`);
    if (compressed > PAID_LIMIT) {
      console.error("FAIL: over the Paid plan's limit; the Worker cannot be deployed.");
      return 1;
    }
    if (compressed > FREE_LIMIT) {
      console.error("FAIL: over the Free plan's limit; the Worker deploys on Paid only.");
      return 1;
    }
    console.info("PASS: the production Worker builds and fits the Free plan's limit.");
    return 0;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

process.exit(main());
