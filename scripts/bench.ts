/**
 * `npm run bench`: every hot path against its budget, printed as PASS / FAIL (or NOT AVAILABLE for a scenario
 * whose procedure the branch does not have), and written to docs/performance.md in the section between the
 * bench markers (replaced on each run; the rest of the file is left as it is).
 *
 * 1. Client JavaScript: a production build into a temporary folder, measured from its manifest.
 * 2. One local Worker on 127.0.0.1 (wrangler, local D1/KV/R2 in a temporary folder, migrations applied), seeded
 *    with users holding 10, 1,000, 2,000 and 5,000 pantry items, the library, a week of meals and a grocery list
 *    (scripts/bench/seed.ts). The scenarios in scripts/bench/index.ts run against it, each call timed in rounds.
 * 3. Load: 64 clients for 60 s; then, with the Worker stopped, the database is checked for every acknowledged write.
 *
 * Loopback only; stops by itself and deletes its folder. Options: BENCH_ROUNDS (200), BENCH_WARMUP (20),
 * BENCH_LOAD_SECONDS (60), BENCH_LOAD_CLIENTS (64), BENCH_ONLY (comma-separated scenario names, for a quick look;
 * such a run does not write the file), BENCH_NO_WRITE=1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations, query, ROOT } from "./lib/local";
import { procedureExists, startServer, type BenchContext, type BenchServer, type Budget, type Scenario, type ScenarioResult } from "./bench/lib";
import { SERVER_SCENARIOS } from "./bench/index";
import { bundleScenario } from "./bench/scenarios/bundle";
import { LOAD_CLIENTS, loadScenario } from "./bench/scenarios/load";
import { plannedWeek, registerBenchUsers, seedWithSql } from "./bench/seed";
import { measureStorage } from "./bench/storage";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((s) => s.trim().toLowerCase())) : null;
const WRITE = !ONLY && process.env.BENCH_NO_WRITE !== "1";
const DOC = join(ROOT, "docs", "performance.md");
const START = "<!-- bench:start (written by npm run bench; edits here are replaced) -->";
const END = "<!-- bench:end -->";

type Report = { name: string; result: ScenarioResult | null; budgets: Budget[] };

const wanted = (scenario: Scenario) => !ONLY || ONLY.has(scenario.name.toLowerCase());

async function runScenario(scenario: Scenario, ctx: BenchContext): Promise<Report> {
  const missing: string[] = [];
  const probe = Object.values(ctx.users)[0]!;
  for (const path of scenario.needs ?? []) if (!(await procedureExists(ctx.server, path, probe.cookie))) missing.push(path);
  if (missing.length) {
    return { name: scenario.name, result: null, budgets: [{ budget: scenario.name, status: "NOT AVAILABLE", detail: `${missing.join(", ")} is not on this branch` }] };
  }
  console.log(`- ${scenario.name}...`);
  try {
    const result = await scenario.run(ctx);
    return { name: scenario.name, result, budgets: result.budgets };
  } catch (error) {
    return { name: scenario.name, result: null, budgets: [{ budget: scenario.name, status: "FAIL", detail: `the scenario failed: ${(error as Error).message}` }] };
  }
}

function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? "unknown CPU"}, ${cpu.length} cores, Node ${process.version}`;
}

function renderSection(reports: Report[], date: string): string {
  const budgets = reports.flatMap((r) => r.budgets);
  const rows = budgets.map((b) => `| ${b.budget} | ${b.status} | ${b.detail.replace(/\|/g, "/")} |`);
  const figures = reports.filter((r) => r.result).flatMap((r) => [`${r.name}:`, ...r.result!.lines.map((line) => `  ${line}`)]);
  return [
    START,
    "## Hot paths, load and client size (`npm run bench`)",
    "",
    `Measured on ${date} on ${machine()}: one local Worker (wrangler, local D1/KV/R2) on 127.0.0.1, ${ROUNDS} timed rounds after ${WARMUP} warm-up rounds, calls alternating between sizes so a busy machine slows them alike. How the app grows past one database: [decision record 021](decisions/021-scaling-past-one-database.md).`,
    "",
    "| budget | result | measured |",
    "|---|---|---|",
    ...rows,
    "",
    "```text",
    ...figures,
    "```",
    END,
  ].join("\n");
}

function writeSection(section: string) {
  const doc = readFileSync(DOC, "utf8");
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  const next = from >= 0 && to > from ? `${doc.slice(0, from)}${section}${doc.slice(to + END.length)}` : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(DOC, next);
}

async function main() {
  const tempDir = mkdtempSync(join(tmpdir(), "plantry-bench-"));
  const persistTo = join(tempDir, "state");
  const target = { persistTo };
  let server: BenchServer | null = null;
  const stop = async () => {
    const running = server;
    server = null;
    await running?.worker.stop();
  };
  const cleanUp = async () => {
    await stop().catch(() => undefined);
    rmSync(tempDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  const reports: Report[] = [];
  try {
    const base = { rounds: ROUNDS, warmup: WARMUP, week: plannedWeek(), tempDir };
    if (wanted(bundleScenario)) {
      reports.push(await runScenario(bundleScenario, { ...base, server: null as never, users: { none: { label: "none", id: "", cookie: "", items: 0 } } }).catch((error: Error) => ({ name: bundleScenario.name, result: null, budgets: [{ budget: bundleScenario.name, status: "FAIL" as const, detail: error.message }] })));
    }

    const load = loadScenario([]);
    if (!SERVER_SCENARIOS.some(wanted) && !wanted(load)) return finish(reports);
    console.log("Seeding a temporary local database...");
    applyMigrations(target);
    server = await startServer(persistTo);
    const { users, loadUsers } = await registerBenchUsers(server, LOAD_CLIENTS);
    await stop();
    seedWithSql(users, loadUsers, target);
    const rowsBefore = new Map(
      query<{ user_id: string; n: number }>(`SELECT user_id, COUNT(*) AS n FROM pantry_items WHERE user_id IN (${loadUsers.map((u) => `'${u.id}'`).join(",")}) GROUP BY user_id`, target).map((r) => [r.user_id, r.n]),
    );
    server = await startServer(persistTo);
    const ctx: BenchContext = { ...base, server, users };

    for (const scenario of SERVER_SCENARIOS) if (wanted(scenario)) reports.push(await runScenario(scenario, ctx));
    const loadReport = wanted(load) ? await runScenario(loadScenario(loadUsers), ctx) : null;
    await stop();
    if (loadReport) {
      if (loadReport.result?.afterStop) loadReport.budgets.push(...(await loadReport.result.afterStop({ rowsBefore, query: (sql) => query(sql, target) })));
      reports.push(loadReport);
    }
    reports.push({ name: "Storage (local D1 after the run)", result: { lines: measureStorage(persistTo), budgets: [] }, budgets: [] });
  } finally {
    await cleanUp();
  }
  return finish(reports);
}

function finish(reports: Report[]): number {
  console.log("");
  for (const report of reports) {
    if (!report.result) continue;
    console.log(`${report.name}:`);
    for (const line of report.result.lines) console.log(`  ${line}`);
  }
  console.log("");
  for (const b of reports.flatMap((r) => r.budgets)) console.log(`${b.status.padEnd(13)} ${b.budget}: ${b.detail}`);
  if (WRITE) {
    writeSection(renderSection(reports, new Date().toISOString().slice(0, 10)));
    console.log(`\nWritten to ${DOC}`);
  }
  return reports.flatMap((r) => r.budgets).some((b) => b.status === "FAIL") ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
