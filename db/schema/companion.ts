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
  (t) => [
    index("chat_messages_user_id_session_id_idx").on(t.userId, t.sessionId, t.createdAt),
    // History asks whether a session id belongs to someone else (answered 404, not an empty list).
    index("chat_messages_session_id_idx").on(t.sessionId),
  ],
);

/**
 * What an answer offers to do. Writes (add to the grocery list, plan a meal) wait as "proposed" until the user
 * confirms them; "open_recipe" is only a link ("offered"). The payload is what the server checked when it
 * proposed the action, so a confirm runs exactly that and nothing the browser sends.
 */
export const companionActions = sqliteTable(
  "companion_actions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatMessageId: integer("chat_message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    label: text("label").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** offered (a link), proposed, done, dismissed */
    status: text("status").notNull(),
    /** What the confirmed write produced (list id and name, meal plan id). */
    result: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("companion_actions_chat_message_id_idx").on(t.chatMessageId), index("companion_actions_user_id_idx").on(t.userId)],
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
