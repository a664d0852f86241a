import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    userMessage: text("user_message").notNull(),
    assistantResponse: text("assistant_response").notNull(),
    suggestions: text("suggestions", { mode: "json" }).$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_user_id_session_id_idx").on(t.userId, t.sessionId, t.createdAt)],
);

/** Tokens used per user per calendar month (UTC), for the free-tier limit. */
export const aiTokenUsage = sqliteTable(
  "ai_token_usage",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** yyyy-MM */
    month: text("month").notNull(),
    tokens: integer("tokens").notNull().default(0),
    requests: integer("requests").notNull().default(0),
  },
  (t) => [uniqueIndex("ai_token_usage_user_id_month_idx").on(t.userId, t.month)],
);
