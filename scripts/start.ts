/**
 * `npm start`: builds the client, applies migrations to local D1, seeds the demo data if missing, and serves the
 * whole app (SPA + API) on one local port with wrangler dev, running the cron jobs once when ready and then on
 * wrangler.toml's schedule (wrangler dev never fires them itself). Fully offline.
 * Options: PORT (default 8787; 0 takes any free port), `-- --persist-to <dir>` for a separate local database,
 * `-- --no-build`.
 */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { applyMigrations, parseTargetFlags, ROOT } from "./lib/local";
import { createLocalCron, lineSplitter, localCrons, readyOrigin } from "./lib/localCron";
import { seed, DEMO_PASSWORD, DEMO_USERNAME } from "./seed";

const { target, rest } = parseTargetFlags(process.argv.slice(2));
const port = Number(process.env.PORT ?? 8787);
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);

function step(label: string) {
  process.stdout.write(`\n▶ ${label}\n`);
}

if (!rest.includes("--no-build")) {
  step("Building the client");
  const build = spawnSync(bin("vite"), ["build", "--config", "vite.config.ts", "--logLevel", "warn"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

step("Applying database migrations (local D1)");
applyMigrations(target);

step("Seeding demo data");
const seeded = await seed(target);
console.log(seeded.createdDemo ? "  demo account created" : "  demo account already present");
console.log(`  recipe library: ${seeded.libraryRecipes} recipes`);

const buildTime = new Date().toISOString();
const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--test-scheduled", "--define", `__BUILD_TIME__:"${buildTime}"`, "--show-interactive-dev-session=false"];
if (target.persistTo) args.push("--persist-to", target.persistTo);

// Read before anything starts, so a broken cron stops here.
const crons = localCrons();

step("Starting Plantry");
const child = spawn(bin("wrangler"), args, {
  cwd: ROOT,
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" },
  stdio: ["inherit", "pipe", "inherit"],
});
const cron = createLocalCron({ crons });
let announced = false;
child.stdout.on(
  "data",
  lineSplitter((line) => {
    if (cron.observe(line)) process.stdout.write(`${line}\n`);
    const origin = announced ? null : readyOrigin(line);
    if (origin) {
      announced = true;
      console.log(`\n  Plantry is running at http://localhost:${new URL(origin).port}`);
      console.log(`  Demo account: ${DEMO_USERNAME} / ${DEMO_PASSWORD}\n`);
      cron.start(origin);
    }
  }),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  cron.stop();
  process.exit(code ?? 0);
});
