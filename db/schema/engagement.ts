import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";

export const feedback = sqliteTable(
  "feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    feedback: text("feedback").notNull(),
    page: text("page"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_user_id_idx").on(t.userId)],
);

export const researchResponses = sqliteTable(
  "research_responses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    answers: text("answers", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("research_responses_user_id_idx").on(t.userId)],
);

export const trackedActions = sqliteTable(
  "tracked_actions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionType: text("action_type").notNull(),
    actionData: text("action_data", { mode: "json" }).$type<Record<string, unknown>>(),
    context: text("context"),
    createdAt: createdAt(),
  },
  (t) => [index("tracked_actions_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

export type NotificationData = {
  items: { id: number; name: string; expirationDate: string | null }[];
  recipe?: { id: number; title: string } | null;
};

/** In-app notifications; one expiry reminder per user per day (unique on user, kind, day). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** yyyy-MM-dd in the user's time zone. */
    day: text("day").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    data: text("data", { mode: "json" }).$type<NotificationData>(),
    dismissedAt: integer("dismissed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_user_id_kind_day_idx").on(t.userId, t.kind, t.day),
    index("notifications_user_id_dismissed_at_idx").on(t.userId, t.dismissedAt),
  ],
);
