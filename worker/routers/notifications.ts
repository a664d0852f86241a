import { TRPCError } from "@trpc/server";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { router, protectedProcedure } from "../trpc";
import { notifications, pushSubscriptions, users } from "../../db/schema";
import { vapidConfigFrom } from "../lib/webPush";
import { notificationIdInput, notificationSettingsInput, pushSubscriptionInput, pushUnsubscribeInput } from "../schemas/insights";

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

export const notificationsRouter = router({
  /** Up to 20: undismissed first, newest first within each group. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ctx.user.id))
      .orderBy(sql`${notifications.dismissedAt} is not null`, desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LIMIT);
    const [counted] = await ctx.db
      .select({ count: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), isNull(notifications.dismissedAt)));
    return { notifications: rows.map(toNotification), undismissedCount: Number(counted?.count ?? 0) };
  }),

  dismiss: protectedProcedure.input(notificationIdInput).mutation(async ({ ctx, input }) => {
    const updated = await ctx.db
      .update(notifications)
      .set({ dismissedAt: sql`coalesce(${notifications.dismissedAt}, cast(unixepoch('subsec') * 1000 as integer))` })
      .where(and(eq(notifications.id, input.id), eq(notifications.userId, ctx.user.id)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Notification not found" });
    return { ok: true as const };
  }),

  dismissAll: protectedProcedure.mutation(async ({ ctx }) => {
    const updated = await ctx.db
      .update(notifications)
      .set({ dismissedAt: new Date() })
      .where(and(eq(notifications.userId, ctx.user.id), isNull(notifications.dismissedAt)))
      .returning({ id: notifications.id });
    return { ok: true as const, dismissed: updated.length };
  }),

  settings: protectedProcedure.query(({ ctx }) => ({
    remindersEnabled: ctx.user.remindersEnabled,
    reminderLeadDays: ctx.user.reminderLeadDays,
    timeZone: ctx.user.timeZone,
    pushAvailable: vapidConfigFrom(ctx.env) !== null,
  })),

  updateSettings: protectedProcedure.input(notificationSettingsInput).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .update(users)
      .set({
        ...(input.remindersEnabled !== undefined && { remindersEnabled: input.remindersEnabled }),
        ...(input.reminderLeadDays !== undefined && { reminderLeadDays: input.reminderLeadDays }),
        ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
      })
      .where(eq(users.id, ctx.user.id))
      .returning({ remindersEnabled: users.remindersEnabled, reminderLeadDays: users.reminderLeadDays, timeZone: users.timeZone });
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Account not found" });
    return { ...row, pushAvailable: vapidConfigFrom(ctx.env) !== null };
  }),

  /** The VAPID application server key for PushManager.subscribe, or null when push is not configured. */
  pushPublicKey: protectedProcedure.query(({ ctx }) => ({ publicKey: vapidConfigFrom(ctx.env)?.publicKey ?? null })),

  subscribe: protectedProcedure.input(pushSubscriptionInput).mutation(async ({ ctx, input }) => {
    if (!vapidConfigFrom(ctx.env)) throw new TRPCError({ code: "BAD_REQUEST", message: "Push notifications are not available" });
    // An endpoint belongs to one browser; if another account used it before, the browser now belongs to this one.
    await ctx.db
      .insert(pushSubscriptions)
      .values({ userId: ctx.user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: ctx.user.id, p256dh: input.keys.p256dh, auth: input.keys.auth },
      });
    const mine = await ctx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ctx.user.id))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    const stale = mine.slice(MAX_SUBSCRIPTIONS_PER_USER).map((row) => row.id);
    if (stale.length > 0) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, stale.slice(0, 99)));
    return { ok: true as const };
  }),

  unsubscribe: protectedProcedure.input(pushUnsubscribeInput).mutation(async ({ ctx, input }) => {
    await ctx.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, ctx.user.id)));
    return { ok: true as const };
  }),
});
