/**
 * What the seeded data takes on disk, per table with its indexes, read from the stopped Worker's local D1 file
 * with SQLite's dbstat: the figures behind decision record 021 (how big a user is, and how many fit in 10 GB).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

const TABLES = ["pantry_items", "recipes", "recipe_ingredients", "recipe_ingredient_keys", "meal_plans", "grocery_list_items", "users"];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export function measureStorage(persistTo: string): string[] {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => /^[0-9a-f]{64}\.sqlite$/.test(name));
  if (!file) return ["no local D1 file found"];
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    const owner = new Map((db.prepare("SELECT name, tbl_name FROM sqlite_schema").all() as { name: string; tbl_name: string }[]).map((r) => [r.name, r.tbl_name]));
    const bytes = new Map<string, number>();
    for (const row of db.prepare("SELECT name, SUM(pgsize) AS size FROM dbstat GROUP BY name").all() as { name: string; size: number }[]) {
      const table = owner.get(row.name) ?? row.name;
      bytes.set(table, (bytes.get(table) ?? 0) + row.size);
    }
    const total = [...bytes.values()].reduce((a, b) => a + b, 0);
    const lines = [`database: ${kb(total)} in all`];
    for (const table of TABLES) {
      const rows = (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      const size = bytes.get(table) ?? 0;
      lines.push(`  ${table} (with its indexes): ${kb(size)} for ${rows} rows, ${rows ? (size / rows).toFixed(0) : "-"} bytes a row`);
    }
    return lines;
  } finally {
    db.close();
  }
}
