import { TRPCError } from "@trpc/server";
import { todayIn } from "../domain/dates";
import { vapidConfigFrom } from "../lib/webPush";
import { notificationIdInput, notificationSettingsInput, pushSubscriptionInput, pushUnsubscribeInput } from "../schemas/insights";
import {
  dismissAllNotifications,
  dismissNotification,
  listNotifications,
  subscribePush,
  unsubscribePush,
  updateReminderSettings,
} from "../services/notifications";
import { protectedProcedure, router } from "../trpc";

export const notificationsRouter = router({
  /** Up to 20: undismissed first, newest first within each group; plus what is expiring soon right now. */
  list: protectedProcedure.query(({ ctx }) => listNotifications(ctx, ctx.user.id, todayIn(ctx.user.timeZone))),

  dismiss: protectedProcedure.input(notificationIdInput).mutation(async ({ ctx, input }) => {
    await dismissNotification(ctx, ctx.user.id, input.id);
    return { ok: true as const };
  }),

  dismissAll: protectedProcedure.mutation(async ({ ctx }) => ({ ok: true as const, dismissed: await dismissAllNotifications(ctx, ctx.user.id) })),

  settings: protectedProcedure.query(({ ctx }) => ({
    remindersEnabled: ctx.user.remindersEnabled,
    reminderLeadDays: ctx.user.reminderLeadDays,
    timeZone: ctx.user.timeZone,
    pushAvailable: vapidConfigFrom(ctx.env) !== null,
  })),

  updateSettings: protectedProcedure.input(notificationSettingsInput).mutation(async ({ ctx, input }) => {
    const row = await updateReminderSettings(ctx, ctx.user.id, input);
    return { ...row, pushAvailable: vapidConfigFrom(ctx.env) !== null };
  }),

  /** The VAPID application server key for PushManager.subscribe, or null when push is not configured. */
  pushPublicKey: protectedProcedure.query(({ ctx }) => ({ publicKey: vapidConfigFrom(ctx.env)?.publicKey ?? null })),

  subscribe: protectedProcedure.input(pushSubscriptionInput).mutation(async ({ ctx, input }) => {
    if (!vapidConfigFrom(ctx.env)) throw new TRPCError({ code: "BAD_REQUEST", message: "Push notifications are not available" });
    await subscribePush(ctx, ctx.user.id, input);
    return { ok: true as const };
  }),

  unsubscribe: protectedProcedure.input(pushUnsubscribeInput).mutation(async ({ ctx, input }) => {
    await unsubscribePush(ctx, ctx.user.id, input.endpoint);
    return { ok: true as const };
  }),
});
