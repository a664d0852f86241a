import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";

/**
 * Personal access tokens for API clients (sent as `Authorization: Bearer`). Only a SHA-256 hash of the token is
 * kept; the token itself is shown once, when it is made. Revoking deletes the row.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, so the owner can tell tokens apart. */
    prefix: text("prefix").notNull(),
    /** read | read-write */
    scope: text("scope").notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_idx").on(t.tokenHash), index("api_tokens_user_id_idx").on(t.userId)],
);
