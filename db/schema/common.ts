import { integer } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

/** Epoch milliseconds, set by SQLite on insert so every row has a creation time. */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`);
