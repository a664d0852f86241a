/**
 * Calendar dates (yyyy-MM-dd strings) and the user's local date and hour, read with Intl.DateTimeFormat (the
 * runtime's IANA rules, daylight-saving changes included); nothing here works out an offset by hand. The instant
 * a local day starts is in localDay.ts (server only: it needs @date-fns/tz, which the client does not load). No I/O.
 */
const DAY_MS = 86_400_000;

/**
 * Date strings already checked or parsed, per isolate: ranking a large pantry meets the same few hundred dates on
 * every request, and the Date round trips are what cost. Cleared when full.
 */
const ISO_DATE_MEMO_LIMIT = 20_000;
const isoDateMemo = new Map<string, boolean>();
const epochDayMemo = new Map<string, number>();

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

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit" });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date and the hour (0-23) at `now` in a time zone (UTC when the zone is unknown). */
export function localClock(timeZone: string, now: Date = new Date()): { today: string; hour: number } {
  const parts = clockFormat(safeTimeZone(timeZone)).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { today: `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) % 24 };
}

/** Today's date (yyyy-MM-dd) in an IANA time zone; UTC when the zone is unknown. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localClock(timeZone, now).today;
}

export function isIsoDate(value: string): boolean {
  const known = isoDateMemo.get(value);
  if (known !== undefined) return known;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  const valid = !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  if (isoDateMemo.size >= ISO_DATE_MEMO_LIMIT) isoDateMemo.clear();
  isoDateMemo.set(value, valid);
  return valid;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() + Math.round(days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(epochDay(to) - epochDay(from));
}

/** Days since 1970-01-01 of a yyyy-MM-dd date (NaN when it is not one), parsed once per isolate. */
function epochDay(date: string): number {
  const known = epochDayMemo.get(date);
  if (known !== undefined) return known;
  const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
  if (epochDayMemo.size >= ISO_DATE_MEMO_LIMIT) epochDayMemo.clear();
  epochDayMemo.set(date, day);
  return day;
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

