/**
 * In-app notifications (the morning expiry reminders), what expires soon right now, reminder settings and Web
 * Push subscriptions, each scoped to the signed-in user.
 */
import { TRPCError } from "@trpc/server";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { notifications, pantryItems, pushSubscriptions, users } from "../../db/schema";
import type { NotificationSettingsInput, PushSubscriptionInput } from "../schemas/insights";
import { expiringSoonPantryItem, visiblePantryItem } from "./pantry";

type NotificationsDb = { db: Db };

const LIST_LIMIT = 20;
/** Browsers a user may register for push; the oldest go first beyond this. */
const MAX_SUBSCRIPTIONS_PER_USER = 10;

type NotificationRow = typeof notifications.$inferSelect;

function toNotification(row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    day: row.day,
    title: row.title,
    body: row.body,
    items: row.data?.items ?? [],
    recipe: row.data?.recipe ?? null,
    dismissed: row.dismissedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Up to 20 notifications (undismissed first, newest first), how many are undismissed, and what is expiring soon
 * now (the dashboard's rule), so the card never says "all caught up" while food is expiring.
 */
export async function listNotifications(ctx: NotificationsDb, userId: string, today: string) {
  const [rows, undismissed, expiring] = await ctx.db.batch([
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(sql`${notifications.dismissedAt} is not null`, desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LIMIT),
    ctx.db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.dismissedAt))),
    ctx.db
      .select({ count: count(), expired: sql<number>`coalesce(sum(case when ${pantryItems.expirationDate} < ${today} then 1 else 0 end), 0)` })
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, userId), expiringSoonPantryItem(today), visiblePantryItem)),
  ]);
  return {
    notifications: rows.map(toNotification),
    undismissedCount: undismissed[0]?.count ?? 0,
    expiringSoon: { count: expiring[0]?.count ?? 0, expired: Number(expiring[0]?.expired ?? 0) },
  };
}

export async function dismissNotification(ctx: NotificationsDb, userId: string, id: number) {
  const updated = await ctx.db
    .update(notifications)
    .set({ dismissedAt: sql`coalesce(${notifications.dismissedAt}, cast(unixepoch('subsec') * 1000 as integer))` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Notification not found" });
}

export async function dismissAllNotifications(ctx: NotificationsDb, userId: string): Promise<number> {
  const updated = await ctx.db
    .update(notifications)
    .set({ dismissedAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.dismissedAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

export async function updateReminderSettings(ctx: NotificationsDb, userId: string, input: NotificationSettingsInput) {
  const [row] = await ctx.db
    .update(users)
    .set({
      ...(input.remindersEnabled !== undefined && { remindersEnabled: input.remindersEnabled }),
      ...(input.reminderLeadDays !== undefined && { reminderLeadDays: input.reminderLeadDays }),
      ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
    })
    .where(eq(users.id, userId))
    .returning({ remindersEnabled: users.remindersEnabled, reminderLeadDays: users.reminderLeadDays, timeZone: users.timeZone });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Account not found" });
  return row;
}

/** Registers a browser for push; an endpoint another account used before now belongs to this one. */
export async function subscribePush(ctx: NotificationsDb, userId: string, input: PushSubscriptionInput) {
  await ctx.db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth },
    });
  const mine = await ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  const stale = mine.slice(MAX_SUBSCRIPTIONS_PER_USER).map((row) => row.id);
  if (stale.length > 0) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, stale.slice(0, 99)));
}

export async function unsubscribePush(ctx: NotificationsDb, userId: string, endpoint: string) {
  await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}
