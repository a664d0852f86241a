/** Helpers for scripts that work on the local (or, with --remote, the deployed) D1 database through wrangler. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export type Target = { remote?: boolean; persistTo?: string; env?: string };

function targetArgs(target: Target): string[] {
  const args = target.remote ? ["--remote"] : ["--local"];
  if (!target.remote && target.persistTo) args.push("--persist-to", target.persistTo);
  if (target.env) args.push("--env", target.env);
  return args;
}

export function wrangler(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${result.stderr || result.stdout}`);
  }
  if (!options.quiet && result.stderr.trim()) process.stderr.write("");
  return result.stdout;
}

export function applyMigrations(target: Target): void {
  wrangler(["d1", "migrations", "apply", "DB", ...targetArgs(target)], { quiet: true });
}

/** Runs one SQL query and returns its rows. */
export function query<T = Record<string, unknown>>(sql: string, target: Target): T[] {
  const out = wrangler(["d1", "execute", "DB", ...targetArgs(target), "--json", "--command", sql], { quiet: true });
  const parsed = JSON.parse(out.slice(out.indexOf("["))) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

/** Runs a file of SQL statements (D1 executes the file as one batch). */
export function executeSql(statements: string[], target: Target): void {
  if (statements.length === 0) return;
  const dir = mkdtempSync(join(tmpdir(), "plantry-sql-"));
  try {
    const file = join(dir, "batch.sql");
    writeFileSync(file, statements.join(";\n") + ";\n");
    wrangler(["d1", "execute", "DB", ...targetArgs(target), "--file", file, "--yes"], { quiet: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SQL literal for a value (scripts only build statements from their own data, but quote everything anyway). */
export function sqlValue(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
}

export function parseTargetFlags(argv: string[]): { target: Target; rest: string[] } {
  const target: Target = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--remote") target.remote = true;
    else if (arg === "--persist-to") target.persistTo = argv[++i];
    else if (arg === "--env") target.env = argv[++i];
    else rest.push(arg);
  }
  return { target, rest };
}
