/**
 * What the benchmark scenarios share: timing and percentiles, one served local Worker on loopback with its own
 * temporary storage, the signed-in bench users, tRPC calls over HTTP, and the result type every scenario returns.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { unstable_dev, type Unstable_DevWorker } from "wrangler";
import { ROOT } from "../lib/local";

// ---------------------------------------------------------------------------------------------------------------
// Results

export type BudgetStatus = "PASS" | "FAIL" | "NOT AVAILABLE";
export type Budget = { budget: string; status: BudgetStatus; detail: string };
export type ScenarioResult = {
  lines: string[];
  budgets: Budget[];
  /** Checks made on the database once the Worker has stopped (rows counted before the run are given). */
  afterStop?: (db: { rowsBefore: Map<string, number>; query: <T>(sql: string) => T[] }) => Promise<Budget[]>;
};

/** A scenario: a name, the tRPC procedures it needs (missing ones make it "not available"), and its run. */
export type Scenario = {
  name: string;
  needs?: string[];
  run(ctx: BenchContext): Promise<ScenarioResult>;
};

export function budget(name: string, pass: boolean, detail: string): Budget {
  return { budget: name, status: pass ? "PASS" : "FAIL", detail };
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics

export type Stats = { n: number; p50: number; p95: number; p99: number; mean: number; min: number; max: number };

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export function summarize(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean, min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
}

export const ms = (x: number) => `${x.toFixed(2)} ms`;

export function statsLine(label: string, stats: Stats): string {
  return `${label}: n=${stats.n}, p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}, p99 ${ms(stats.p99)}, mean ${ms(stats.mean)}, min ${ms(stats.min)}, max ${ms(stats.max)}`;
}

/**
 * Times `calls` in rounds: each round calls every one once, in turn, so a busy machine slows them alike and the
 * ratios stay fair. Warm-up rounds first (not counted).
 */
export async function timeAlternating(calls: (() => Promise<void>)[], rounds: number, warmup: number): Promise<Stats[]> {
  for (let i = 0; i < warmup; i++) for (const call of calls) await call();
  const samples = calls.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    for (const [index, call] of calls.entries()) {
      const start = performance.now();
      await call();
      samples[index]!.push(performance.now() - start);
    }
  }
  return samples.map(summarize);
}

// ---------------------------------------------------------------------------------------------------------------
// The served Worker

export type BenchServer = { origin: string; worker: Unstable_DevWorker };

/** A local Worker on 127.0.0.1 with storage in `persistTo` (migrations applied by the caller). */
export async function startServer(persistTo: string): Promise<BenchServer> {
  // wrangler.toml points the assets binding at dist/client; it only has to exist.
  mkdirSync(join(ROOT, "dist", "client"), { recursive: true });
  const worker = await unstable_dev(join(ROOT, "worker/index.ts"), {
    config: join(ROOT, "wrangler.toml"),
    persistTo,
    local: true,
    ip: "127.0.0.1",
    logLevel: "error",
    experimental: { disableExperimentalWarning: true, watch: false, liveReload: false, showInteractiveDevSession: false },
  });
  const origin = `http://${worker.address}:${worker.port}`;
  if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(origin)) {
    await worker.stop();
    throw new Error(`the bench only talks to loopback, not ${origin}`);
  }
  return { origin, worker };
}

// ---------------------------------------------------------------------------------------------------------------
// Users and calls

export type BenchUser = { label: string; id: string; cookie: string; items: number };

let registered = 0;

/** Registers an account over HTTP (each from its own address, as the per-address limit expects of real people). */
export async function registerUser(server: BenchServer, label: string): Promise<Omit<BenchUser, "items">> {
  registered += 1;
  const username = `bench_${label}_${Date.now().toString(36)}${registered}`;
  const response = await fetch(`${server.origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.origin, "CF-Connecting-IP": `10.77.${registered >> 8}.${registered & 255}` },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: "bench password 123", firstName: "Bench" }),
  });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("plantry_session="));
  const body = (await response.json()) as { user?: { id?: string } };
  if (!cookie || !body.user?.id) throw new Error("no session cookie or user id");
  return { label, id: body.user.id, cookie };
}

export type CallOptions = { cookie?: string; headers?: Record<string, string> };

/** A tRPC query over HTTP; throws unless it answers 200. */
export async function trpcQuery<T = unknown>(server: BenchServer, path: string, input: unknown, options: CallOptions = {}): Promise<T> {
  const q = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${server.origin}/trpc/${path}${q}`, { headers: { ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A tRPC mutation over HTTP from our own origin; throws unless it answers 200. */
export async function trpcMutation<T = unknown>(server: BenchServer, path: string, input: unknown, options: CallOptions = {}): Promise<T> {
  const response = await fetch(`${server.origin}/trpc/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.origin, ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
    body: JSON.stringify(input ?? {}),
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** Whether the served router has a procedure (tRPC answers NOT_FOUND "No procedure found" otherwise). */
export async function procedureExists(server: BenchServer, path: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.origin}/trpc/${path}`, { headers: { Cookie: cookie } });
  if (response.status !== 404) return true;
  const text = await response.text();
  return !/No ("?query"?|"?mutation"?|procedure)[^"]*found/i.test(text) && !text.includes("NOT_FOUND");
}

/** Everything a scenario may use: the server, the seeded users by label, and the run's settings. */
export type BenchContext = {
  server: BenchServer;
  users: Record<string, BenchUser>;
  rounds: number;
  warmup: number;
  /** Days of the seeded week (yyyy-MM-dd, Monday first) with meal plans for the plan users. */
  week: string[];
  /** A temporary folder for the run (deleted afterwards). */
  tempDir: string;
};

/**
 * One mutation called `calls` times after a first untimed call, for the plan user; passes when the slowest call
 * is under `targetMs` (a feature a person waits on once, not a hot path measured in rounds).
 */
export async function slowestUnder(
  server: BenchServer,
  cookie: string,
  options: { procedure: string; input: () => unknown; label: string; targetMs: number; calls: number },
): Promise<ScenarioResult> {
  const { procedure, input, label, targetMs, calls } = options;
  await trpcMutation(server, procedure, input(), { cookie });
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await trpcMutation(server, procedure, input(), { cookie });
    samples.push(performance.now() - start);
  }
  const stats = summarize(samples);
  return {
    lines: [statsLine(procedure, stats)],
    budgets: [budget(`${label} under ${targetMs} ms`, stats.max < targetMs, `slowest of ${calls}: ${ms(stats.max)}, p50 ${ms(stats.p50)}`)],
  };
}
