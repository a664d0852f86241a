/**
 * Data rights, as the privacy policy promises: a copy of everything an account owns (JSON, plus CSV for the pantry
 * and grocery lists) and deletion of all of it (every row, every stored file, every session). Which tables belong
 * to a user is read from the live schema (worker/domain/userData.ts), so tables added later are covered.
 */
import type { Db } from "../../db";
import type { AppContext, UserRow } from "../context";
import { toPublicUser, endAllSessions } from "../auth/accounts";
import {
  ACCOUNT_TABLE,
  deleteOwnedRowsSql,
  deletionOrder,
  exportableRow,
  isStoredFileColumn,
  isSystemTable,
  ownedRowsSql,
  ownershipPlan,
  toCsv,
  type TableSchema,
} from "../domain/userData";

/** The app's tables with their columns and foreign keys, from SQLite's own catalogue. */
export async function readSchema(db: Db): Promise<TableSchema[]> {
  const d1 = db.$client;
  // D1 refuses to describe its own _cf_ tables, so they are left out in SQL, before the pragmas run.
  const appTables = "m.type = 'table' AND m.name NOT GLOB '_cf_*' AND m.name NOT GLOB 'sqlite_*'";
  const [tables, columns, keys] = await d1.batch<Record<string, string | null>>([
    d1.prepare(`SELECT m.name AS tableName FROM sqlite_master m WHERE ${appTables} ORDER BY m.name`),
    d1.prepare(`SELECT m.name AS tableName, p.name AS columnName FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE ${appTables}`),
    d1.prepare(`SELECT m.name AS tableName, f."from" AS columnName, f."table" AS parent, f."to" AS parentColumn FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f WHERE ${appTables}`),
  ]);
  const names = (tables?.results ?? []).map((t) => String(t.tableName)).filter((name) => !isSystemTable(name));
  const columnRows = (columns?.results ?? []) as { tableName: string; columnName: string }[];
  const keyRows = (keys?.results ?? []) as { tableName: string; columnName: string; parent: string; parentColumn: string | null }[];
  return names.map((name) => ({
    name,
    columns: columnRows.filter((c) => c.tableName === name).map((c) => c.columnName),
    // A foreign key naming no column points at the parent's primary key, which is `id` in this schema.
    foreignKeys: keyRows.filter((k) => k.tableName === name).map((k) => ({ column: k.columnName, parent: k.parent, parentColumn: k.parentColumn ?? "id" })),
  }));
}

/** Everything the user owns, table by table (secret columns left out), with the account as the app shows it. */
export async function exportAccount(ctx: Pick<AppContext, "db" | "env"> & { user: UserRow }) {
  const schema = await readSchema(ctx.db);
  const plan = ownershipPlan(schema);
  const d1 = ctx.db.$client;
  const tableNames = [...plan.owned, ...plan.children.map((c) => c.name)].sort();
  const results = await d1.batch(tableNames.map((table) => d1.prepare(ownedRowsSql(plan, table)).bind(ctx.user.id)));
  const tables: Record<string, Record<string, unknown>[]> = {};
  tableNames.forEach((table, index) => {
    tables[table] = (results[index]?.results ?? []).map((row) => exportableRow(row as Record<string, unknown>));
  });
  const accountRow = await d1.prepare(`SELECT * FROM ${ACCOUNT_TABLE} WHERE id = ?`).bind(ctx.user.id).first<Record<string, unknown>>();
  return {
    format: "plantry-export" as const,
    version: 1,
    exportedAt: new Date().toISOString(),
    account: toPublicUser(ctx.env, ctx.user),
    tables: { [ACCOUNT_TABLE]: accountRow ? [exportableRow(accountRow)] : [], ...tables },
  };
}

export type CsvExport = "pantry" | "grocery-lists";

const iso = (epochMs: unknown) => (typeof epochMs === "number" ? new Date(epochMs).toISOString() : "");

/** The pantry or the grocery lists as a spreadsheet, for people who keep their own records. */
export async function exportCsv(ctx: { db: Db; user: { id: string } }, kind: CsvExport) {
  const d1 = ctx.db.$client;
  if (kind === "pantry") {
    const rows = await d1
      .prepare(
        `SELECT name, category, quantity, unit, size, storage_location, is_opened, amount_per_unit, max_amount_per_unit, expiration_date,
                purchase_date, price, created_at FROM pantry_items WHERE user_id = ? ORDER BY name COLLATE NOCASE`,
      )
      .bind(ctx.user.id)
      .all<Record<string, unknown>>();
    const header = ["Name", "Category", "Quantity", "Unit", "Container", "Storage", "Opened", "Amount left", "Full amount", "Expires", "Purchased", "Price", "Added"];
    const csv = toCsv(
      header,
      rows.results.map((r) => [r.name, r.category, r.quantity, r.unit, r.size, r.storage_location, r.is_opened ? "yes" : "no", r.amount_per_unit, r.max_amount_per_unit, r.expiration_date, r.purchase_date, r.price, iso(r.created_at)]),
    );
    return { filename: "plantry-pantry.csv", csv };
  }
  const rows = await d1
    .prepare(
      `SELECT l.name AS list, l.notes AS notes, l.created_at AS list_created, i.name AS item, i.quantity, i.unit, i.category, i.checked
         FROM grocery_lists l LEFT JOIN grocery_list_items i ON i.list_id = l.id AND i.user_id = l.user_id
        WHERE l.user_id = ? ORDER BY l.created_at, l.id, i.position, i.id`,
    )
    .bind(ctx.user.id)
    .all<Record<string, unknown>>();
  const header = ["List", "List notes", "List created", "Item", "Quantity", "Unit", "Category", "Checked"];
  const csv = toCsv(
    header,
    rows.results.map((r) => [r.list, r.notes, iso(r.list_created), r.item, r.quantity, r.unit, r.category, r.item === null ? "" : r.checked ? "yes" : "no"]),
  );
  return { filename: "plantry-grocery-lists.csv", csv };
}

/** R2 keys the account's rows point at, beside everything under its own prefix. */
async function storedFileKeys(db: Db, schema: TableSchema[], userId: string): Promise<string[]> {
  const plan = ownershipPlan(schema);
  const d1 = db.$client;
  const statements = [];
  for (const table of schema) {
    const fileColumns = table.columns.filter(isStoredFileColumn);
    if (fileColumns.length === 0) continue;
    const isOwned = plan.owned.includes(table.name) || plan.children.some((c) => c.name === table.name);
    if (!isOwned && table.name !== ACCOUNT_TABLE) continue;
    for (const column of fileColumns) {
      const query =
        table.name === ACCOUNT_TABLE
          ? `SELECT "${column}" AS k FROM ${ACCOUNT_TABLE} WHERE id = ?`
          : ownedRowsSql(plan, table.name, `"${column}" AS k`);
      statements.push(d1.prepare(query).bind(userId));
    }
  }
  if (statements.length === 0) return [];
  const results = await d1.batch<{ k: unknown }>(statements);
  return results.flatMap((r) => r.results.map((row) => row.k)).filter((k): k is string => typeof k === "string" && k.length > 0);
}

/** Every object under the user's R2 prefix and every object their rows point at. */
async function deleteStoredFiles(env: Env, db: Db, schema: TableSchema[], userId: string): Promise<void> {
  const keys = new Set(await storedFileKeys(db, schema, userId));
  let cursor: string | undefined;
  do {
    const page = await env.BUCKET.list({ prefix: `users/${userId}/`, cursor });
    for (const object of page.objects) keys.add(object.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const all = [...keys];
  // R2 deletes at most 1000 keys per call.
  for (let at = 0; at < all.length; at += 1000) await env.BUCKET.delete(all.slice(at, at + 1000));
}

/**
 * Deletes the account and everything it owns: stored files first (so a failure leaves the account whole to try
 * again), then every session, then all rows in one batch (all or nothing), children before parents so no foreign
 * key can block it. Sign-in counters keyed by the user's id or username go too.
 */
export async function deleteAccount(ctx: AppContext & { user: UserRow }): Promise<void> {
  const userId = ctx.user.id;
  const schema = await readSchema(ctx.db);
  const plan = ownershipPlan(schema);
  await deleteStoredFiles(ctx.env, ctx.db, schema, userId);
  await endAllSessions(ctx, userId);
  const d1 = ctx.db.$client;
  const statements = deletionOrder(schema, plan).map((table) => d1.prepare(deleteOwnedRowsSql(plan, table)).bind(userId));
  if (schema.some((t) => t.name === "rate_limits")) {
    // Exact suffix match (":<id>" or ":<username>"): LIKE would read "_" in a username as a wildcard.
    statements.push(
      d1
        .prepare("DELETE FROM rate_limits WHERE substr(key, -(length(?1) + 1)) = ':' || ?1 OR substr(key, -(length(?2) + 1)) = ':' || ?2")
        .bind(userId, ctx.user.usernameKey),
    );
  }
  statements.push(d1.prepare(`DELETE FROM ${ACCOUNT_TABLE} WHERE id = ?`).bind(userId));
  await d1.batch(statements);
}
