/**
 * `npm run bench`: GET /api/dashboard latency with 10 and with 5,000 pantry items.
 *
 * Two Workers started with wrangler's programmatic API (unstable_dev), each on local storage in its own temporary
 * persist directory with the migrations applied. Each gets a user registered over HTTP and 10 items added through
 * POST /api/pantry; the second then gets 4,990 more with SQL (wrangler d1 execute, while its Worker is stopped).
 * N sequential dashboard calls are timed per size, alternating between the two so background load hits both alike.
 * Prints p50/p95/mean/min for both sizes and their ratio (target: 5,000 items within 1.5x of 10), then stops the
 * Workers and deletes the directories.
 * Options: BENCH_N (default 200), BENCH_WARMUP (default 20).
 *
 * Then Plan my week (benchPlanMyWeek): POST /api/mealplans/plan-week with reshuffle over the 400-recipe library and
 * a 40-item pantry, timed call by call (target: under 1 s). BENCH_ONLY=plan-week runs that part alone;
 * BENCH_PLAN_N sets its call count (default 30).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unstable_dev, type Unstable_DevWorker } from "wrangler";
import { applyMigrations, executeSql, ROOT, sqlValue, type Target } from "./lib/local";

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const SMALL = 10;
const LARGE = 5_000;
const TARGET_RATIO = 1.5;
const CATEGORIES = ["Fresh Fruits", "Fresh Vegetables", "Milk & Eggs", "Cheese & Yogurt", "Fresh Meat", "Canned Goods", "Dry Goods", "Frozen Foods", "Beverages", "Snacks"];
const LOCATIONS = ["fridge", "pantry", "freezer"];

type Stats = { n: number; p50: number; p95: number; mean: number; min: number; max: number; slowest: string };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function summarize(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  // Where the slowest calls fell (call number: ms), to tell one-off stalls from a steady cost.
  const slowest = samples
    .map((ms, index) => ({ ms, index }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map(({ ms, index }) => `#${index + 1}: ${ms.toFixed(0)}`)
    .join(", ");
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean, min: sorted[0]!, max: sorted[sorted.length - 1]!, slowest };
}

function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** A spread like a real pantry: some expired, many soon, most later, some undated. */
function itemFor(i: number) {
  const roll = (i * 7919) % 100;
  const offset = roll < 5 ? -((i % 20) + 1) : roll < 20 ? i % 8 : roll < 90 ? 8 + (i % 365) : null;
  return {
    name: `Bench item ${i}`,
    category: CATEGORIES[i % CATEGORIES.length]!,
    quantity: 1 + (i % 4),
    storageLocation: LOCATIONS[i % LOCATIONS.length]!,
    expirationDate: offset === null ? null : isoDate(offset),
  };
}

async function startWorker(persistTo: string): Promise<Unstable_DevWorker> {
  return unstable_dev(join(ROOT, "worker/index.ts"), {
    config: join(ROOT, "wrangler.toml"),
    persistTo,
    local: true,
    ip: "127.0.0.1",
    logLevel: "error",
    experimental: { disableExperimentalWarning: true, watch: false, liveReload: false, showInteractiveDevSession: false },
  });
}

function originOf(worker: Unstable_DevWorker) {
  return `http://${worker.address}:${worker.port}`;
}

async function registerUser(worker: Unstable_DevWorker): Promise<string> {
  const origin = originOf(worker);
  const username = `bench_${Date.now().toString(36)}`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: "bench password 123", firstName: "Bench" }),
  });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith("plantry_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

async function currentUserId(worker: Unstable_DevWorker, cookie: string): Promise<string> {
  const response = await fetch(`${originOf(worker)}/api/auth/user`, { headers: { Cookie: cookie } });
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new Error(`no user id: ${response.status}`);
  return body.id;
}

async function addItemsOverHttp(worker: Unstable_DevWorker, cookie: string, from: number, to: number) {
  const origin = originOf(worker);
  for (let i = from; i < to; i += 1) {
    const response = await fetch(`${origin}/api/pantry`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
      body: JSON.stringify(itemFor(i)),
    });
    if (!response.ok) throw new Error(`add item failed: ${response.status} ${await response.text()}`);
  }
}

function addItemsWithSql(userId: string, from: number, to: number, target: Target) {
  const statements: string[] = [];
  const rowsPerStatement = 250;
  for (let start = from; start < to; start += rowsPerStatement) {
    const values: string[] = [];
    for (let i = start; i < Math.min(to, start + rowsPerStatement); i += 1) {
      const item = itemFor(i);
      values.push(
        `(${[userId, item.name, item.category, item.quantity, item.storageLocation, item.expirationDate, item.expirationDate ? "user" : null].map(sqlValue).join(", ")})`,
      );
    }
    statements.push(`INSERT INTO pantry_items (user_id, name, category, quantity, storage_location, expiration_date, expiry_source) VALUES ${values.join(", ")}`);
  }
  executeSql(statements, target);
}

type BenchTarget = { label: string; worker: Unstable_DevWorker; cookie: string; items: number };

async function dashboardCall(target: BenchTarget): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${originOf(target.worker)}/api/dashboard`, { headers: { Cookie: target.cookie } });
  const body = (await response.json()) as { counts?: { pantryItems: number } };
  const elapsed = performance.now() - start;
  if (!response.ok || body.counts?.pantryItems !== target.items) {
    throw new Error(`unexpected dashboard answer from ${target.label}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return elapsed;
}

/**
 * Times N sequential calls against each database, alternating between them call by call, so a busy machine
 * slows both sides alike instead of skewing the ratio.
 */
async function timeDashboards(targets: BenchTarget[]): Promise<Stats[]> {
  for (let i = 0; i < WARMUP; i += 1) for (const target of targets) await dashboardCall(target);
  const samples = targets.map(() => [] as number[]);
  for (let i = 0; i < N; i += 1) {
    for (const [index, target] of targets.entries()) samples[index]!.push(await dashboardCall(target));
  }
  return samples.map(summarize);
}

function line(label: string, stats: Stats) {
  const f = (x: number) => x.toFixed(2).padStart(8);
  return `${label.padEnd(12)} n=${stats.n}  p50 ${f(stats.p50)} ms  p95 ${f(stats.p95)} ms  mean ${f(stats.mean)} ms  min ${f(stats.min)}  max ${f(stats.max)}  (slowest ${stats.slowest})`;
}

async function main() {
  if (process.env.BENCH_ONLY === "plan-week") {
    await benchPlanMyWeek();
    return;
  }
  // One database per size, each served by its own Worker, so the small one holds only its 10 rows.
  const smallDir = mkdtempSync(join(tmpdir(), "plantry-bench-small-"));
  const largeDir = mkdtempSync(join(tmpdir(), "plantry-bench-large-"));
  const running = new Set<Unstable_DevWorker>();
  const start = async (persistTo: string) => {
    const worker = await startWorker(persistTo);
    running.add(worker);
    return worker;
  };
  const stop = async (worker: Unstable_DevWorker) => {
    running.delete(worker);
    await worker.stop();
  };
  const cleanUp = async () => {
    await Promise.allSettled([...running].map(stop));
    for (const dir of [smallDir, largeDir]) rmSync(dir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    // wrangler.toml points the assets binding at dist/client; it only has to exist.
    mkdirSync(join(ROOT, "dist", "client"), { recursive: true });
    console.log("Applying migrations to two temporary local databases...");
    applyMigrations({ persistTo: smallDir });
    applyMigrations({ persistTo: largeDir });

    // Large: a user and 10 items over HTTP, then 4,990 more with SQL while its Worker is stopped.
    let large = await start(largeDir);
    const largeCookie = await registerUser(large);
    const largeUserId = await currentUserId(large, largeCookie);
    await addItemsOverHttp(large, largeCookie, 0, SMALL);
    await stop(large);
    console.log(`Adding ${LARGE - SMALL} items with SQL...`);
    addItemsWithSql(largeUserId, SMALL, LARGE, { persistTo: largeDir });
    large = await start(largeDir);

    const small = await start(smallDir);
    const smallCookie = await registerUser(small);
    await addItemsOverHttp(small, smallCookie, 0, SMALL);

    console.log(`Timing ${N} sequential GET /api/dashboard calls per size, alternating (after ${WARMUP} warm-up calls each)...`);
    const [smallStats, largeStats] = await timeDashboards([
      { label: "small", worker: small, cookie: smallCookie, items: SMALL },
      { label: "large", worker: large, cookie: largeCookie, items: LARGE },
    ]);

    console.log("");
    console.log(line(`${SMALL} items`, smallStats!));
    console.log(line(`${LARGE} items`, largeStats!));
    const ratio = (key: "p50" | "p95" | "mean" | "min") => largeStats![key] / smallStats![key];
    console.log(
      `ratio ${LARGE}/${SMALL}: p50 ${ratio("p50").toFixed(2)}x, p95 ${ratio("p95").toFixed(2)}x, mean ${ratio("mean").toFixed(2)}x, min ${ratio("min").toFixed(2)}x (target <= ${TARGET_RATIO}x)`,
    );
    console.log(ratio("p50") <= TARGET_RATIO ? "PASS: p50 within target" : "OVER TARGET");
  } finally {
    await cleanUp();
  }
  await benchPlanMyWeek();
}

// ---------------------------------------------------------------------------------------------------------------
// Plan my week

const PLAN_TARGET_MS = 1000;
const PLAN_PANTRY = [
  "Spinach", "Milk", "Eggs", "Chicken breast", "Carrots", "Onions", "Garlic", "Tomatoes", "Potatoes", "Rice", "Pasta",
  "Cheddar cheese", "Butter", "Yogurt", "Bell pepper", "Broccoli", "Mushrooms", "Lemons", "Apples", "Bananas",
  "Ground beef", "Salmon", "Tofu", "Chickpeas", "Black beans", "Flour", "Sugar", "Olive oil", "Bread", "Cream",
  "Zucchini", "Cucumber", "Lettuce", "Celery", "Ginger", "Basil", "Parsley", "Bacon", "Feta", "Oats",
];

/**
 * Times Plan my week on one Worker with its own local database: a user with a 40-item pantry (a third expiring
 * within a week), the library seeded by a first plan, then BENCH_PLAN_N reshuffles of next week (each replaces
 * the 21 meals: the full ranking and write every time).
 */
async function benchPlanMyWeek() {
  const calls = Number(process.env.BENCH_PLAN_N ?? 30);
  const dir = mkdtempSync(join(tmpdir(), "plantry-bench-plan-"));
  let worker: Unstable_DevWorker | undefined;
  try {
    mkdirSync(join(ROOT, "dist", "client"), { recursive: true });
    applyMigrations({ persistTo: dir });
    worker = await startWorker(dir);
    const origin = originOf(worker);
    const cookie = await registerUser(worker);
    for (const [i, name] of PLAN_PANTRY.entries()) {
      const response = await fetch(`${origin}/api/pantry`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
        body: JSON.stringify({ name, category: "Other", expirationDate: i % 3 === 0 ? isoDate((i % 7) - 1) : isoDate(20 + i) }),
      });
      if (!response.ok) throw new Error(`add item failed: ${response.status} ${await response.text()}`);
    }
    const monday = (() => {
      const d = new Date();
      const weekday = (d.getUTCDay() + 6) % 7;
      return isoDate(7 - weekday);
    })();
    const plan = async (reshuffle: boolean) => {
      const start = performance.now();
      const response = await fetch(`${origin}/api/mealplans/plan-week`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
        body: JSON.stringify({ weekStart: monday, reshuffle }),
      });
      const body = (await response.json()) as { filled?: number; candidates?: number };
      const elapsed = performance.now() - start;
      if (!response.ok || body.filled !== 21) throw new Error(`unexpected plan-week answer: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      return { elapsed, candidates: body.candidates ?? 0 };
    };
    console.log("");
    console.log("Plan my week: seeding the library with a first plan...");
    const first = await plan(false);
    console.log(`first plan (includes seeding ${first.candidates} recipes): ${first.elapsed.toFixed(0)} ms`);
    for (let i = 0; i < 3; i += 1) await plan(true);
    const samples: number[] = [];
    for (let i = 0; i < calls; i += 1) samples.push((await plan(true)).elapsed);
    const stats = summarize(samples);
    console.log(line("plan-week", stats));
    console.log(`${first.candidates} recipes, ${PLAN_PANTRY.length} pantry items, 21 slots: p95 ${stats.p95.toFixed(0)} ms (target < ${PLAN_TARGET_MS} ms)`);
    console.log(stats.p95 < PLAN_TARGET_MS ? "PASS: plan-week p95 under target" : "OVER TARGET");
  } finally {
    await worker?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
