/**
 * Calendar dates (yyyy-MM-dd strings) and the user's local time. Time-zone arithmetic goes through @date-fns/tz
 * (TZDate reads the IANA rules the runtime's Intl ships, daylight-saving changes included) rather than offsets
 * worked out by hand. No I/O.
 */
import { TZDate } from "@date-fns/tz";

const DAY_MS = 86_400_000;

const zoneValidity = new Map<string, boolean>();

/** Whether the runtime knows this IANA time zone ("Europe/London" yes, "Mars/Olympus" no). */
export function isValidTimeZone(timeZone: string): boolean {
  let valid = zoneValidity.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    // Zones are a short list; the bound only stops garbage input from growing the cache.
    if (zoneValidity.size > 1000) zoneValidity.clear();
    zoneValidity.set(timeZone, valid);
  }
  return valid;
}

/** The zone itself when the runtime knows it, otherwise UTC (an old or mistyped setting never breaks a page). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : "UTC";
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The calendar date and the hour (0-23) at `now` in a time zone. */
export function localClock(timeZone: string, now: Date = new Date()): { today: string; hour: number } {
  const local = new TZDate(now.getTime(), safeTimeZone(timeZone));
  return { today: `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`, hour: local.getHours() };
}

/** Today's date (yyyy-MM-dd) in an IANA time zone; UTC when the zone is unknown. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localClock(timeZone, now).today;
}

/**
 * The instant (ms since the epoch) at which a calendar date starts in a time zone: local midnight, or the first
 * instant of the day when a daylight-saving change skips midnight (America/Santiago, Asia/Beirut).
 */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return new TZDate(year!, month! - 1, day!, safeTimeZone(timeZone)).getTime();
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() + Math.round(days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Accepts yyyy-MM-dd or a full ISO timestamp and returns the calendar date part (in UTC for timestamps). */
export function toIsoDate(value: string): string | null {
  if (isIsoDate(value)) return value;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

/** The first day of the month `monthsBack` months before the month of `date` (0: its own month). */
export function monthStart(date: string, monthsBack = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - monthsBack;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** Monday of the week holding `date` (weeks run Monday to Sunday). */
export function weekStart(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(date, -weekday);
}
