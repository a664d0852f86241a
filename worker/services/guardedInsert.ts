import { getTableColumns, getTableName, is, sql, SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db";

/**
 * INSERT ... SELECT <row> FROM <table> WHERE <guard>: inserts the row only while the guard holds at write time,
 * so checks such as "the receipt is not confirmed yet", "under the monthly limit" or "this grocery item is not in
 * the pantry yet" cannot race the write. Columns follow the table's definition; absent values take the column
 * default, as drizzle's own insert does. A value may be an SQL expression over `from` (which may itself be SQL,
 * e.g. a table joined with json_each of the rows to insert, to write many rows in one statement).
 */
type RowValues<T extends SQLiteTable> = { [K in keyof T["$inferInsert"]]?: T["$inferInsert"][K] | SQL };

export function guardedInsert<T extends SQLiteTable>(db: Db, table: T, row: RowValues<T>, from: SQLiteTable | SQL, guard: SQL) {
  const fields: Record<string, SQL.Aliased> = {};
  const values = row as Record<string, unknown>;
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    // Generated columns cannot be written (drizzle's own insert skips them the same way).
    if (column.generated !== undefined && column.generated.type !== "byDefault") continue;
    const value = values[key];
    let expression: SQL;
    const fallback = value === undefined ? (column.default ?? column.defaultFn?.()) : undefined;
    if (is(value, SQL)) expression = value;
    else if (value !== undefined) expression = sql`${sql.param(value, column)}`;
    else if (is(fallback, SQL)) expression = fallback;
    else if (fallback !== undefined) expression = sql`${sql.param(fallback, column)}`;
    else expression = sql`NULL`;
    fields[key] = expression.as(column.name);
  }
  return db.insert(table).select(db.select(fields).from(from).where(guard) as never);
}

/**
 * A column written "table"."column" wherever it appears. Drizzle writes a bare "column" inside select lists, which
 * SQLite resolves to the innermost table that has one (json_each has an "id"; a subquery's own table wins).
 */
export function qualified(column: SQLiteColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
