/**
 * `npm run dev`: hot-reloading development. Vite serves the client on :5173 and proxies /api and /trpc to
 * `wrangler dev` on :8787 (which reloads the Worker on change). Migrations and the demo seed run first; the cron
 * jobs run once when the Worker is ready and then on wrangler.toml's schedule, as with `npm start`.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { applyMigrations, ROOT } from "./lib/local";
import { createLocalCron, lineSplitter, localCrons, readyOrigin } from "./lib/localCron";
import { seed, DEMO_PASSWORD, DEMO_USERNAME } from "./seed";

applyMigrations({});
await seed({});
// Read before anything starts, so a broken cron stops here.
const crons = localCrons();
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };
const worker = spawn(bin("wrangler"), ["dev", "--port", "8787", "--ip", "127.0.0.1", "--test-scheduled", "--show-interactive-dev-session=false"], { cwd: ROOT, env, stdio: ["inherit", "pipe", "inherit"] });
const cron = createLocalCron({ crons });
let ready = false;
worker.stdout.on(
  "data",
  lineSplitter((line) => {
    if (cron.observe(line)) process.stdout.write(`${line}\n`);
    const origin = ready ? null : readyOrigin(line);
    if (origin) {
      ready = true;
      cron.start(origin);
    }
  }),
);
const client = spawn(bin("vite"), ["--config", "vite.config.ts", "--port", "5173", "--strictPort"], { cwd: ROOT, env, stdio: "inherit" });
console.log(`\n  Plantry dev: http://localhost:5173  (demo: ${DEMO_USERNAME} / ${DEMO_PASSWORD})\n`);
const stop = () => {
  cron.stop();
  worker.kill("SIGTERM");
  client.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
worker.on("exit", stop);
client.on("exit", stop);
