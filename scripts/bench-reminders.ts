/**
 * Benchmark of the expiry reminder job (worker/jobs/reminders.ts) at 100,000 users.
 *
 * Seeds a throw-away local D1 (wrangler's getPlatformProxy, persisted to a temp dir that is deleted at the end)
 * with 100,000 users in 24 time zones, ~260,000 pantry items (30% of users with items due soon or recently
 * expired), yesterday's reminders, the 410-recipe library, some users' own recipes and 2% of users with a push
 * subscription. Then runs the real job three times: a first run (pages of 1000, fake push service that answers
 * 201 after 15 ms), the same hour again (must create nothing), and the next day with pages of 500. Every D1
 * call is counted at the binding, so "queries" is what D1 sees, not what the job thinks it did.
 *
 * Run: npm run bench:reminders   (stops by itself; takes a few minutes on a small machine)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { runExpiryReminders, type ReminderPageStats, type ReminderRunResult } from "../worker/jobs/reminders";
import { generateVapidKeys } from "../worker/lib/webPush";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SHARE_WITH_DUE_ITEMS = 0.3;
const SHARE_WITH_PUSH = 0.02;
const SHARE_WITH_OWN_RECIPES = 0.02;
const SEED_CHUNK = 2000;
const PUSH_LATENCY_MS = 15;
const ROOT = new URL("..", import.meta.url).pathname;

// Time zones with rough weights; at 18:00 UTC the Asia-Pacific ones are before 07:00 and wait for a later run.
const ZONES: [string, number][] = [
  ["America/Los_Angeles", 10], ["America/Denver", 3], ["America/Chicago", 8], ["America/New_York", 14], ["America/Sao_Paulo", 5],
  ["America/Mexico_City", 3], ["America/Toronto", 3], ["Pacific/Honolulu", 1], ["Europe/London", 8], ["Europe/Berlin", 7],
  ["Europe/Paris", 5], ["Europe/Madrid", 3], ["Europe/Athens", 2], ["Africa/Lagos", 2], ["Africa/Johannesburg", 2],
  ["Asia/Dubai", 2], ["Asia/Kolkata", 6], ["Asia/Singapore", 3], ["Asia/Shanghai", 3], ["Asia/Tokyo", 4],
  ["Australia/Sydney", 3], ["Pacific/Auckland", 1], ["UTC", 1], ["Asia/Kathmandu", 1],
];

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20250616);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const zoneTotal = ZONES.reduce((sum, [, w]) => sum + w, 0);
function pickZone(): string {
  let r = rand() * zoneTotal;
  for (const [zone, weight] of ZONES) {
    r -= weight;
    if (r <= 0) return zone;
  }
  return "UTC";
}
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const userId = () => Array.from({ length: 16 }, () => pick([...ID_ALPHABET])).join("");
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The parts of the D1 binding this script uses (the Workers types are not loaded in Node scripts). */
type D1Statement = {
  bind(...params: unknown[]): D1Statement;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  raw(): Promise<unknown[]>;
  run(): Promise<unknown>;
  first(): Promise<unknown>;
};
type D1Database = { prepare(sql: string): D1Statement; batch(statements: D1Statement[]): Promise<unknown[]>; exec(sql: string): Promise<unknown>; dump(): Promise<unknown> };
type D1PreparedStatement = D1Statement;
type Env = Parameters<typeof runExpiryReminders>[0];
type ProxyEnv = { DB: D1Database; SESSIONS: unknown };

type Counter = { queries: number; statements: number; waitMs: number; plans: Map<string, unknown[]> };

/** Wraps a D1 binding so every round trip (statement or batch) is counted and timed at the binding. */
function countingD1(d1: D1Database, counter: Counter): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sqlText: string): D1PreparedStatement => {
    const timed =
      <K extends "all" | "raw" | "run" | "first">(method: K) =>
      async (...args: unknown[]) => {
        counter.queries += 1;
        counter.statements += 1;
        const started = performance.now();
        try {
          return await (statement[method] as (...a: unknown[]) => Promise<unknown>).apply(statement, args);
        } finally {
          counter.waitMs += performance.now() - started;
        }
      };
    const wrapped = {
      bind: (...params: unknown[]) => {
        if (!counter.plans.has(sqlText)) counter.plans.set(sqlText, params);
        return wrap(statement.bind(...params), sqlText);
      },
      all: timed("all"),
      raw: timed("raw"),
      run: timed("run"),
      first: timed("first"),
    } as unknown as D1PreparedStatement;
    originals.set(wrapped, statement);
    return wrapped;
  };
  return {
    prepare: (sqlText: string) => wrap(d1.prepare(sqlText), sqlText),
    batch: async (statements: D1PreparedStatement[]) => {
      counter.queries += 1;
      counter.statements += statements.length;
      const started = performance.now();
      try {
        return await d1.batch(statements.map((s) => originals.get(s) ?? s));
      } finally {
        counter.waitMs += performance.now() - started;
      }
    },
    exec: (sqlText: string) => d1.exec(sqlText),
    dump: () => d1.dump(),
    withSession: () => {
      throw new Error("not used");
    },
  } as unknown as D1Database;
}

async function insertJson(db: D1Database, sqlText: string, rows: unknown[]) {
  for (let i = 0; i < rows.length; i += SEED_CHUNK) {
    await db.prepare(sqlText).bind(JSON.stringify(rows.slice(i, i + SEED_CHUNK))).run();
  }
}

async function seed(db: D1Database, now: number) {
  const files = readdirSync(join(ROOT, "migrations")).filter((f) => f.endsWith(".sql")).sort();
  for (const file of files) {
    for (const statement of readFileSync(join(ROOT, "migrations", file), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await db.prepare(statement).run();
    }
  }

  const today = isoDay(now);
  const yesterday = isoDay(now - DAY_MS);
  const groceryNames = (JSON.parse(readFileSync(join(ROOT, "data/grocery-names/grocery_items_cc0_pd.json"), "utf8")) as { name: string }[]).map((g) => g.name);
  const users: { id: string; tz: string; lead: number }[] = [];
  for (let i = 0; i < USERS; i += 1) users.push({ id: userId(), tz: pickZone(), lead: rand() < 0.8 ? 2 : Math.floor(rand() * 8) });
  await insertJson(
    db,
    `insert into users (id, username, username_key, time_zone, reminder_lead_days, reminders_enabled)
     select json_extract(value, '$.id'), json_extract(value, '$.id'), json_extract(value, '$.id'), json_extract(value, '$.tz'),
            json_extract(value, '$.lead'), json_extract(value, '$.on') from json_each(?)`,
    users.map((u) => ({ ...u, on: rand() < 0.95 ? 1 : 0 })),
  );

  const items: { u: string; n: string; e: string | null; q: number }[] = [];
  const reminded: { u: string; d: string }[] = [];
  for (const user of users) {
    if (rand() < SHARE_WITH_DUE_ITEMS) {
      for (let k = 0; k < 4; k += 1) {
        const offset = k < 2 ? Math.floor(rand() * 9) - 4 : 5 + Math.floor(rand() * 40); // -4..+4 days, or later
        items.push({ u: user.id, n: pick(groceryNames), e: isoDay(now + offset * DAY_MS), q: rand() < 0.1 ? 0 : 1 });
      }
      reminded.push({ u: user.id, d: yesterday });
    } else {
      items.push({ u: user.id, n: pick(groceryNames), e: isoDay(now + (10 + Math.floor(rand() * 60)) * DAY_MS), q: 1 });
      items.push({ u: user.id, n: pick(groceryNames), e: rand() < 0.5 ? null : isoDay(now + 100 * DAY_MS), q: 1 });
    }
  }
  await insertJson(
    db,
    `insert into pantry_items (user_id, name, category, quantity, expiration_date)
     select json_extract(value, '$.u'), json_extract(value, '$.n'), 'Other', json_extract(value, '$.q'), json_extract(value, '$.e') from json_each(?)`,
    items,
  );
  await insertJson(
    db,
    `insert into notifications (user_id, kind, day, title, body)
     select json_extract(value, '$.u'), 'expiry', json_extract(value, '$.d'), 'Earlier reminder', 'x' from json_each(?)`,
    reminded,
  );

  const library = JSON.parse(readFileSync(join(ROOT, "data/recipes/recipes.json"), "utf8")) as { slug: string; title: string; ingredients: { text: string }[] }[];
  await insertJson(
    db,
    `insert into recipes (title, source_type, library_key) select json_extract(value, '$.t'), 'library', json_extract(value, '$.k') from json_each(?)`,
    library.map((r) => ({ t: r.title, k: r.slug })),
  );
  await insertJson(
    db,
    `insert into recipe_ingredients (recipe_id, position, name)
     select r.id, json_extract(j.value, '$.p'), json_extract(j.value, '$.n') from json_each(?) j join recipes r on r.library_key = json_extract(j.value, '$.k')`,
    library.flatMap((r) => r.ingredients.map((ing, p) => ({ k: r.slug, p, n: ing.text }))),
  );
  const own = users.filter(() => rand() < SHARE_WITH_OWN_RECIPES).flatMap((u) => [0, 1].map((n) => ({ u: u.id, k: `${u.id}-${n}`, t: `My dish ${n}` })));
  await insertJson(
    db,
    `insert into recipes (user_id, title, source_type, library_key) select json_extract(value, '$.u'), json_extract(value, '$.t'), 'user', json_extract(value, '$.k') from json_each(?)`,
    own,
  );
  await insertJson(
    db,
    `insert into recipe_ingredients (recipe_id, position, name)
     select r.id, json_extract(j.value, '$.p'), json_extract(j.value, '$.n') from json_each(?) j join recipes r on r.library_key = json_extract(j.value, '$.k')`,
    own.flatMap((r) => Array.from({ length: 5 }, (_, p) => ({ k: r.k, p, n: pick(groceryNames) }))),
  );
  const keys = { p: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", a: "BTBZMqHH6r4Tts7J_aSIgg" };
  await insertJson(
    db,
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
     select json_extract(value, '$.u'), json_extract(value, '$.e'), json_extract(value, '$.p'), json_extract(value, '$.a') from json_each(?)`,
    users.filter(() => rand() < SHARE_WITH_PUSH).map((u) => ({ u: u.id, e: `https://push.example.net/${u.id}`, ...keys })),
  );
  await db.prepare("analyze").run();
  return { users: users.length, items: items.length, ownRecipes: own.length, today };
}

function summarize(label: string, result: ReminderRunResult, pages: ReminderPageStats[], counter: Counter, wallMs: number, cpuMs: number) {
  const times = pages.map((p) => p.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = pages.reduce((a, b) => (b.ms > a.ms ? b : a), pages[0]!);
  console.log(`\n## ${label}`);
  console.log(`users scanned ${result.usersScanned}, pages ${result.pages}, notifications created ${result.notificationsCreated}, finished in one run: ${result.cursor === null}`);
  console.log(`push: ${result.pushSent} sent, ${result.pushFailed} failed, ${result.pushRemoved} endpoints removed`);
  console.log(`total wall time ${(wallMs / 1000).toFixed(2)} s; D1 wait ${(counter.waitMs / 1000).toFixed(2)} s; job process CPU ${(cpuMs / 1000).toFixed(2)} s`);
  console.log(`per page: mean ${(wallMs / Math.max(1, result.pages)).toFixed(0)} ms, median ${median} ms, largest ${slowest?.ms ?? 0} ms (page ${slowest?.page}, ${slowest?.dueUsers} due users, ${slowest?.pushRequests} pushes)`);
  console.log(
    `D1 round trips: ${counter.queries} (${counter.statements} statements); per page max ${Math.max(...pages.map((p) => p.queries))}, mean ${(result.queries / Math.max(1, result.pages)).toFixed(2)}`,
  );
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "plantry-bench-"));
  const proxy = await getPlatformProxy<ProxyEnv>({ configPath: join(ROOT, "wrangler.toml"), persist: { path: dir } });
  try {
    const now = Date.UTC(2025, 5, 16, 18, 0, 0);
    const seedStart = performance.now();
    const seeded = await seed(proxy.env.DB, now);
    console.log(`# Expiry reminder benchmark\nseeded ${seeded.users} users, ${seeded.items} pantry items, ${seeded.ownRecipes} own recipes in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const vapid = await generateVapidKeys();
    const fakePush = (async () => {
      await new Promise((resolve) => setTimeout(resolve, PUSH_LATENCY_MS));
      return new Response(null, { status: 201 });
    }) as unknown as typeof fetch;

    const runs: [string, Date, number][] = [
      ["run 1: 18:00 UTC, pages of 1000, push on", new Date(now), 1000],
      ["run 2: same hour again (idempotent)", new Date(now), 1000],
      ["run 3: next day 18:00 UTC, pages of 500", new Date(now + DAY_MS), 500],
    ];
    let firstPlans: Map<string, unknown[]> | null = null;
    for (const [label, at, pageSize] of runs) {
      const counter: Counter = { queries: 0, statements: 0, waitMs: 0, plans: new Map() };
      const env = { ...proxy.env, DB: countingD1(proxy.env.DB, counter), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } as unknown as Env;
      const pages: ReminderPageStats[] = [];
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const result = await runExpiryReminders(env, at, { pageSize, fetchImpl: fakePush, onPage: (p) => pages.push(p), useStoredCursor: false, startAfter: null });
      const wall = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      summarize(label, result, pages, counter, wall, (cpu.user + cpu.system) / 1000);
      firstPlans ??= counter.plans;
    }

    console.log("\n## Query plans (EXPLAIN QUERY PLAN of each distinct statement of run 1)");
    for (const [sqlText, params] of firstPlans ?? []) {
      const plan = await proxy.env.DB.prepare(`explain query plan ${sqlText}`).bind(...params).all<{ detail: string }>();
      console.log(`- ${sqlText.replace(/\s+/g, " ").trim().slice(0, 90)}...`);
      for (const row of plan.results) console.log(`    ${row.detail}`);
    }
  } finally {
    await proxy.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
