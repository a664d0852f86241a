/**
 * Expiry bands: one set for pantry items and the simple card, another for the pantry picker in recipe
 * generation. Pure: dates are yyyy-MM-dd (or ISO timestamps) and `today` is the user's calendar date,
 * usually todayIn(user time zone).
 */
import { addDays, daysBetween, isIsoDate } from "./dates";

const DAY_MS = 86_400_000;

/**
 * Whole days from `today` until `expirationDate`, rounded up (negative once past). A plain date counts whole
 * calendar days; a timestamp's time of day rounds up ("tomorrow 09:00" is 1 day, not 0.4), measured from the
 * start of `today` in UTC. Null for no date or one that cannot be read.
 */
export function daysUntil(expirationDate: string | null, today: string): number | null {
  if (!expirationDate || !isIsoDate(today)) return null;
  const value = expirationDate.trim();
  if (isIsoDate(value)) return daysBetween(today, value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return null;
  const days = Math.ceil((instant - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  return days === 0 ? 0 : days; // no -0
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export type PantryBand = "none" | "expired" | "critical" | "warning" | "good";

/**
 * Pantry item badge: none (no date) "No expiry"; expired (below 0) "Expired N day(s) ago"; critical (0-2)
 * "Expires today" or "N day(s) left"; warning (3-7) and good (over 7) "N days left". Critical and expired cards
 * get the red highlight.
 */
export function pantryExpiry(
  expirationDate: string | null,
  today: string,
): { band: PantryBand; days: number | null; label: string; highlight: boolean } {
  const days = daysUntil(expirationDate, today);
  if (days === null) return { band: "none", days: null, label: "No expiry", highlight: false };
  if (days < 0) return { band: "expired", days, label: `Expired ${plural(-days, "day")} ago`, highlight: true };
  if (days === 0) return { band: "critical", days, label: "Expires today", highlight: true };
  const label = `${plural(days, "day")} left`;
  if (days <= CRITICAL_LAST_DAY) return { band: "critical", days, label, highlight: true };
  if (days <= WARNING_LAST_DAY) return { band: "warning", days, label, highlight: false };
  return { band: "good", days, label, highlight: false };
}

const CRITICAL_LAST_DAY = 2;
const WARNING_LAST_DAY = 7;

/**
 * The expiry dates of a pantry band, for a query: `dated` false means only undated items (band "none"); from/to
 * are inclusive yyyy-MM-dd bounds (absent: open). Agrees with pantryExpiry day for day.
 */
export function pantryBandDates(band: PantryBand, today: string): { dated: boolean; from?: string; to?: string } {
  switch (band) {
    case "none":
      return { dated: false };
    case "expired":
      return { dated: true, to: addDays(today, -1) };
    case "critical":
      return { dated: true, from: today, to: addDays(today, CRITICAL_LAST_DAY) };
    case "warning":
      return { dated: true, from: addDays(today, CRITICAL_LAST_DAY + 1), to: addDays(today, WARNING_LAST_DAY) };
    case "good":
      return { dated: true, from: addDays(today, WARNING_LAST_DAY + 1) };
  }
}

/** The last date whose badge is highlighted (expired or critical): the pantry's "need attention" count. */
export function highlightLastDate(today: string): string {
  return addDays(today, CRITICAL_LAST_DAY);
}

// ---------------------------------------------------------------------------------------------------------------
// Expiring soon: one rule for the dashboard card, the pantry's "Expiring soon" filter (the card's View all link),
// the notifications card and the reminder job (see docs/decisions/012-expiring-soon.md).

/** Days ahead that count as expiring soon: the pantry's critical (0-2) and warning (3-7) bands. */
export const EXPIRING_SOON_DAYS = 7;

/** The reminder's lead time (days before expiry), as the settings card offers it. */
export const REMINDER_LEAD_DAYS_MIN = 0;
export const REMINDER_LEAD_DAYS_MAX = EXPIRING_SOON_DAYS;
export const DEFAULT_REMINDER_LEAD_DAYS = 2;

/** Expired items older than this are no longer repeated in the daily reminder (they stay "expiring soon"). */
export const REMINDER_EXPIRED_LOOKBACK_DAYS = 30;

/** Expiring soon: the item has a date and it is past, today, or at most EXPIRING_SOON_DAYS days away. */
export function isExpiringSoon(expirationDate: string | null, today: string): boolean {
  const days = daysUntil(expirationDate, today);
  return days !== null && days <= EXPIRING_SOON_DAYS;
}

/**
 * The last calendar date that is expiring soon. Stored dates are yyyy-MM-dd, so "expiration_date <= this" in SQL
 * is the same rule as isExpiringSoon (a test holds them together).
 */
export function expiringSoonLastDate(today: string): string {
  return addDays(today, EXPIRING_SOON_DAYS);
}

/**
 * The dates a user's daily reminder lists: expired within the last REMINDER_EXPIRED_LOOKBACK_DAYS days up to
 * `leadDays` ahead (the user's setting, never past the expiring-soon window). Every item a reminder lists is
 * therefore also in the "Expiring soon" list its "See items" link opens.
 */
export function reminderDateRange(today: string, leadDays: number): { from: string; to: string } {
  const lead = Math.min(Math.max(Math.round(leadDays), 0), EXPIRING_SOON_DAYS);
  return { from: addDays(today, -REMINDER_EXPIRED_LOOKBACK_DAYS), to: addDays(today, lead) };
}

export type SimpleBand = "critical" | "urgent" | "warning" | "good";

/**
 * The simple grocery card: negative "Expired" (critical); 0 "Expires today" (critical); 1 "Expires tomorrow"
 * (urgent); 2-3 "N days left" (warning); 4 or more "N days left" (good). An unreadable date counts as expired.
 */
export function simpleCardExpiry(expirationDate: string, today: string): { band: SimpleBand; days: number; label: string } {
  const days = daysUntil(expirationDate, today) ?? -1;
  if (days < 0) return { band: "critical", days, label: "Expired" };
  if (days === 0) return { band: "critical", days, label: "Expires today" };
  if (days === 1) return { band: "urgent", days, label: "Expires tomorrow" };
  if (days <= 3) return { band: "warning", days, label: `${days} days left` };
  return { band: "good", days, label: `${days} days left` };
}

export type SelectionBand = "expired" | "critical" | "warning" | "good" | "none";

/** Recipe pantry selection: 0 or fewer expired (red); 1-3 critical (red); 4-7 warning (amber); above 7 good. */
export function selectionExpiry(expirationDate: string | null, today: string): { band: SelectionBand; days: number | null } {
  const days = daysUntil(expirationDate, today);
  if (days === null) return { band: "none", days: null };
  if (days <= 0) return { band: "expired", days };
  if (days <= 3) return { band: "critical", days };
  if (days <= 7) return { band: "warning", days };
  return { band: "good", days };
}

/** Items with a date first, soonest first; undated items keep their order at the end (stable). */
export function sortBySoonestExpiry<T extends { expirationDate: string | null }>(items: T[]): T[] {
  const key = (item: T): number | null => {
    if (!item.expirationDate) return null;
    const time = Date.parse(isIsoDate(item.expirationDate) ? `${item.expirationDate}T00:00:00Z` : item.expirationDate);
    return Number.isNaN(time) ? null : time;
  };
  return items
    .map((item, index) => ({ item, index, time: key(item) }))
    .sort((a, b) => {
      if (a.time === null || b.time === null) {
        if (a.time === b.time) return a.index - b.index;
        return a.time === null ? 1 : -1;
      }
      return a.time - b.time || a.index - b.index;
    })
    .map(({ item }) => item);
}
