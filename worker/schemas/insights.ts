import { z } from "zod";
import "./zodMessages";
import { isValidTimeZone } from "../domain/dates";
import type { Weekday } from "../domain/mealSlots";
import { isValidSubscriptionKeys } from "../lib/webPush";

/**
 * Reminder lead time: how many days before expiry an item is listed (0 = only on the day). At most the
 * expiring-soon window, so everything a reminder lists is in the "Expiring soon" list it links to.
 */
// The limits live beside the expiry rules (no zod there), so the dashboard's settings card can import them
// without bringing the schema library into the first load.
import { DEFAULT_REMINDER_LEAD_DAYS, REMINDER_LEAD_DAYS_MAX, REMINDER_LEAD_DAYS_MIN } from "../domain/expiry";
export { DEFAULT_REMINDER_LEAD_DAYS, REMINDER_LEAD_DAYS_MAX, REMINDER_LEAD_DAYS_MIN };

export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, "Time zone is required")
  .max(64, "Time zone is not valid")
  .refine(isValidTimeZone, "Time zone is not valid");

export const notificationSettingsInput = z
  .object({
    remindersEnabled: z.boolean().optional(),
    reminderLeadDays: z
      .number()
      .int("Lead time must be a whole number of days")
      .min(REMINDER_LEAD_DAYS_MIN, `Lead time must be between ${REMINDER_LEAD_DAYS_MIN} and ${REMINDER_LEAD_DAYS_MAX} days`)
      .max(REMINDER_LEAD_DAYS_MAX, `Lead time must be between ${REMINDER_LEAD_DAYS_MIN} and ${REMINDER_LEAD_DAYS_MAX} days`)
      .optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .refine((v) => v.remindersEnabled !== undefined || v.reminderLeadDays !== undefined || v.timeZone !== undefined, "Nothing to update");
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

export const notificationIdInput = z.object({ id: z.coerce.number().int().positive("Notification not found") });

export const pushSubscriptionInput = z
  .object({
    endpoint: z
      .string()
      .trim()
      .max(2048, "Push endpoint is too long")
      .url("Push endpoint must be an https URL")
      .refine((url) => url.startsWith("https://"), "Push endpoint must be an https URL"),
    keys: z.object({
      p256dh: z.string().trim().min(1).max(200),
      auth: z.string().trim().min(1).max(100),
    }),
  })
  .refine((v) => isValidSubscriptionKeys(v.keys), { message: "Push subscription keys are not valid", path: ["keys"] });
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.object({ endpoint: z.string().trim().min(1).max(2048) });

export const INSIGHT_PERIODS = ["week", "month"] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

const WEEKDAY_MESSAGE = "weekStartsOn must be a day from 1 (Monday) to 7 (Sunday)";

export const insightsSummaryInput = z.object({
  period: z.enum(INSIGHT_PERIODS).default("week"),
  count: z.coerce.number().int().min(1).max(52).default(8),
  /** The locale's first day of the week (1 Monday ... 7 Sunday), as the meal planner uses it; Monday if not said. */
  weekStartsOn: z.coerce
    .number({ error: WEEKDAY_MESSAGE })
    .int(WEEKDAY_MESSAGE)
    .min(1, WEEKDAY_MESSAGE)
    .max(7, WEEKDAY_MESSAGE)
    .transform((day) => day as Weekday)
    .default(1),
});
export type InsightsSummaryInput = z.infer<typeof insightsSummaryInput>;

/** actionData is stored as JSON; 4 KB keeps one row small. */
export const TRACK_ACTION_DATA_MAX_BYTES = 4096;

export const trackActionInput = z.object({
  actionType: z.string().trim().min(1, "actionType is required").max(64),
  actionData: z
    .record(z.string(), z.unknown())
    .optional()
    .default({})
    .refine((data) => new TextEncoder().encode(JSON.stringify(data)).length <= TRACK_ACTION_DATA_MAX_BYTES, "actionData must be at most 4 KB"),
  context: z.string().trim().max(64).optional().nullable(),
});
export type TrackActionInput = z.infer<typeof trackActionInput>;
