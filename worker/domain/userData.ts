/**
 * What belongs to a user, worked out from the database schema itself so that tables added later are exported and
 * deleted without anyone remembering to list them. Pure: the service reads the schema (sqlite_master and the
 * table_info / foreign_key_list pragmas) and hands it here.
 *
 * - An owned table has a `user_id` column: the user's rows are those with their id.
 * - A child table has no `user_id` but a foreign key into an owned (or another child) table: its rows belong to
 *   the user through the parent (recipe_ingredients through recipes).
 * - `users` itself is the account row.
 */

export type ForeignKey = { column: string; parent: string; parentColumn: string };
export type TableSchema = { name: string; columns: string[]; foreignKeys: ForeignKey[] };

export const USER_COLUMN = "user_id";
export const ACCOUNT_TABLE = "users";

/** Columns never written to an export: credentials and push keys (the rest of the row is the user's). */
export function isSecretColumn(column: string): boolean {
  return /password|(^|_)(secret|token)($|_)|^auth$|^p256dh$/i.test(column);
}

/** R2 keys the rows point at (receipt images, the profile photo): deleted with the account. */
export function isStoredFileColumn(column: string): boolean {
  return /(^|_)image_key$/.test(column);
}

/** Tables the runtime or the migration tool own, never the app's data. */
export function isSystemTable(name: string): boolean {
  return /^(sqlite_|_cf_|d1_|__drizzle)/i.test(name);
}

/** A row reached through a parent: `column` of `table` points at `parentColumn` of `parent`. */
export type ChildTable = { name: string; via: ForeignKey; path: ForeignKey[] };

export type OwnershipPlan = {
  owned: string[];
  children: ChildTable[];
  /** Every table that is neither owned, a child nor the account (library rows, counters); for the record. */
  unowned: string[];
};

/** Sorts the schema's tables into owned, child and unowned. Deterministic (tables in name order). */
export function ownershipPlan(tables: TableSchema[]): OwnershipPlan {
  const appTables = tables.filter((t) => !isSystemTable(t.name)).sort((a, b) => a.name.localeCompare(b.name));
  const owned = appTables.filter((t) => t.name !== ACCOUNT_TABLE && t.columns.includes(USER_COLUMN)).map((t) => t.name);
  const reached = new Map<string, ChildTable>();
  const pathTo = (name: string): ForeignKey[] => reached.get(name)?.path ?? [];
  // Children of children: keep going until nothing new is reached (a schema has few levels).
  for (let changed = true; changed; ) {
    changed = false;
    for (const table of appTables) {
      if (table.name === ACCOUNT_TABLE || owned.includes(table.name) || reached.has(table.name)) continue;
      const via = table.foreignKeys.find((fk) => fk.parent !== table.name && (owned.includes(fk.parent) || reached.has(fk.parent)));
      if (!via) continue;
      reached.set(table.name, { name: table.name, via, path: [via, ...pathTo(via.parent)] });
      changed = true;
    }
  }
  const children = [...reached.values()];
  const unowned = appTables.map((t) => t.name).filter((name) => name !== ACCOUNT_TABLE && !owned.includes(name) && !reached.has(name));
  return { owned, children, unowned };
}

/**
 * The order to delete in: a table before every table it points at, so no foreign key (cascading or not) ever
 * blocks a delete. Children come first, then owned tables, by their references among each other.
 */
export function deletionOrder(tables: TableSchema[], plan: OwnershipPlan): string[] {
  const names = [...plan.children.map((c) => c.name), ...plan.owned];
  const byName = new Map(tables.map((t) => [t.name, t]));
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  // Depth-first: everything that points at a table is deleted before it.
  const referrers = (name: string) => names.filter((other) => other !== name && byName.get(other)?.foreignKeys.some((fk) => fk.parent === name));
  const visit = (name: string) => {
    if (state.get(name) === "done" || state.get(name) === "visiting") return;
    state.set(name, "visiting");
    for (const referrer of referrers(name)) visit(referrer);
    state.set(name, "done");
    order.push(name);
  };
  for (const name of names) visit(name);
  return order;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * SQL selecting a table's rows that belong to the user (one `?` for the user id): owned tables by user_id, child
 * tables through the chain of parents up to an owned table.
 */
export function ownedRowsSql(plan: OwnershipPlan, table: string, select = "*"): string {
  if (plan.owned.includes(table)) return `SELECT ${select} FROM ${quoteIdent(table)} WHERE ${USER_COLUMN} = ?`;
  const child = plan.children.find((c) => c.name === table);
  if (!child) throw new Error(`${table} does not belong to users`);
  return `SELECT ${select} FROM ${quoteIdent(table)} WHERE ${quoteIdent(child.via.column)} IN (${ownedRowsSql(plan, child.via.parent, quoteIdent(child.via.parentColumn))})`;
}

/** SQL deleting a table's rows that belong to the user (one `?` for the user id). */
export function deleteOwnedRowsSql(plan: OwnershipPlan, table: string): string {
  if (plan.owned.includes(table)) return `DELETE FROM ${quoteIdent(table)} WHERE ${USER_COLUMN} = ?`;
  const child = plan.children.find((c) => c.name === table);
  if (!child) throw new Error(`${table} does not belong to users`);
  return `DELETE FROM ${quoteIdent(table)} WHERE ${quoteIdent(child.via.column)} IN (${ownedRowsSql(plan, child.via.parent, quoteIdent(child.via.parentColumn))})`;
}

/** A row as exported: secret columns left out. */
export function exportableRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !isSecretColumn(column)));
}

/**
 * RFC 4180 CSV. Cells a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) get a leading
 * apostrophe, so an item named "=HYPERLINK(...)" stays text when the file is opened.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return "";
    let text = typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);
    if (/^[=+\-@\t\r]/.test(text) && !(typeof value === "number")) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
