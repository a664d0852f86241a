/**
 * The meal plan as an iCalendar (RFC 5545) feed: one event per entry at its slot time (mealSlots.ts) in the user's
 * time zone. ical-generator writes the text (escaping, 75-octet line folding, CRLF); the VTIMEZONE it needs is built
 * here from the runtime's IANA rules (Intl), with one observance per offset change inside the feed's dates, so a
 * calendar reads 8:00 as 8:00 local on both sides of a daylight-saving change. Server only (TZDate); no I/O.
 */
import ical, { ICalCalendarMethod } from "ical-generator";
import { TZDate } from "@date-fns/tz";
import type { MealType } from "./constants";
import { safeTimeZone } from "./dates";
import { SLOT_TIMES } from "./mealSlots";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in a time zone at an instant (-240 for New York in summer). */
export function utcOffsetMinutes(timeZone: string, instant: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(instant)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === "-" ? -minutes : minutes;
}

/** The first minute at which the offset differs from the one at `from`, searching up to `to`. */
function transitionBetween(timeZone: string, from: number, to: number): number {
  const before = utcOffsetMinutes(timeZone, from);
  let low = from;
  let high = to;
  while (high - low > MINUTE_MS) {
    const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (utcOffsetMinutes(timeZone, mid) === before) low = mid;
    else high = mid;
  }
  return high;
}

/** "-0400", "+0530". */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** Local date-time text (yyyyMMddTHHmmss) of an instant seen at a fixed offset. */
function localStamp(instant: number, offsetMinutes: number): string {
  return new Date(instant + offsetMinutes * MINUTE_MS).toISOString().slice(0, 19).replace(/[-:]/g, "");
}

/** Summer time is any offset above the year's smaller one (January or July, so both hemispheres work). */
function isDaylight(timeZone: string, instant: number, offset: number): boolean {
  const year = new Date(instant).getUTCFullYear();
  const standard = Math.min(utcOffsetMinutes(timeZone, Date.UTC(year, 0, 1)), utcOffsetMinutes(timeZone, Date.UTC(year, 6, 1)));
  return offset > standard;
}

/**
 * A VTIMEZONE for `timeZone` valid from `fromMs` to `toMs`: the offset in force at the start, then each change in
 * between (found day by day, then to the minute). Lines are CRLF-separated, without a final CRLF.
 */
export function vtimezone(timeZone: string, fromMs: number, toMs: number): string {
  const start = fromMs - DAY_MS;
  const end = toMs + DAY_MS;
  const observances: { at: number; from: number; to: number }[] = [];
  const first = utcOffsetMinutes(timeZone, start);
  observances.push({ at: start, from: first, to: first });
  let previous = first;
  for (let t = start; t < end; t += DAY_MS) {
    const next = utcOffsetMinutes(timeZone, Math.min(t + DAY_MS, end));
    if (next === previous) continue;
    const at = transitionBetween(timeZone, t, Math.min(t + DAY_MS, end));
    observances.push({ at, from: previous, to: utcOffsetMinutes(timeZone, at) });
    previous = utcOffsetMinutes(timeZone, at);
  }
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  for (const o of observances) {
    const kind = isDaylight(timeZone, o.at, o.to) ? "DAYLIGHT" : "STANDARD";
    // DTSTART is the local time the observance begins, read in the offset before it (RFC 5545 3.6.5).
    lines.push(`BEGIN:${kind}`, `DTSTART:${localStamp(o.at, o.from)}`, `TZOFFSETFROM:${formatOffset(o.from)}`, `TZOFFSETTO:${formatOffset(o.to)}`, `END:${kind}`);
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}

export type FeedEntry = {
  id: number;
  date: string;
  mealType: MealType;
  title: string;
  notes: string | null;
  servings: number | null;
  recipeId: number | null;
  reason: string | null;
  cooked: boolean;
  updatedAt: Date;
};

export type FeedOptions = {
  timeZone: string;
  /** The app's origin, for recipe links ("https://plantry.example"). */
  origin: string;
  /** The host in each event's UID. */
  uidHost: string;
  /** The first and last dates the feed covers (yyyy-MM-dd). */
  from: string;
  through: string;
  /** DTSTAMP: when the feed was made. */
  now: Date;
};

const MEAL_LABEL: Record<MealType, string> = {
  breakfast: "Breakfast",
  lunch: "Lunch",
  dinner: "Dinner",
  snack: "Snack",
  dessert: "Dessert",
  appetizer: "Appetizer",
};

/** The instant a meal starts: its slot time on its date in the time zone. */
export function slotStart(date: string, mealType: MealType, timeZone: string): TZDate {
  const [year, month, day] = date.split("-").map(Number);
  const time = SLOT_TIMES[mealType];
  return new TZDate(year!, month! - 1, day!, time.hour, time.minute, 0, timeZone);
}

/** The feed's text (see the module comment), ending with CRLF. */
export function mealPlanFeed(entries: readonly FeedEntry[], options: FeedOptions): string {
  const timeZone = safeTimeZone(options.timeZone);
  const [fromYear, fromMonth, fromDay] = options.from.split("-").map(Number);
  const [toYear, toMonth, toDay] = options.through.split("-").map(Number);
  const fromMs = Date.UTC(fromYear!, fromMonth! - 1, fromDay!);
  const toMs = Date.UTC(toYear!, toMonth! - 1, toDay!) + DAY_MS;
  const calendar = ical({
    name: "Plantry meal plan",
    description: "Your planned meals from Plantry",
    prodId: { company: "Plantry", product: "Meal plans", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
    x: { "X-WR-TIMEZONE": timeZone },
    // No calendar-wide zone name: ical-generator would then write DTSTAMP in it, and RFC 5545 wants UTC there.
    // Each event names the zone, and the generator adds its VTIMEZONE once.
    timezone: { name: null, generator: (zone) => vtimezone(zone, fromMs, toMs) },
  });
  for (const entry of entries) {
    const start = slotStart(entry.date, entry.mealType, timeZone);
    const end = new TZDate(start.getTime() + SLOT_TIMES[entry.mealType].minutes * MINUTE_MS, timeZone);
    const recipeUrl = entry.recipeId !== null ? `${options.origin}/recipes/${entry.recipeId}` : null;
    const description = [
      entry.servings ? `Serves ${entry.servings}` : null,
      entry.notes && entry.recipeId !== null ? entry.notes : null,
      entry.reason,
      entry.cooked ? "Cooked" : null,
      recipeUrl ? `Recipe: ${recipeUrl}` : null,
    ].filter((line): line is string => Boolean(line));
    calendar.createEvent({
      id: `meal-${entry.id}@${options.uidHost}`,
      start,
      end,
      timezone: timeZone,
      stamp: options.now,
      lastModified: entry.updatedAt,
      summary: `${MEAL_LABEL[entry.mealType]}: ${entry.title}`,
      description: description.length > 0 ? description.join("\n") : null,
      url: recipeUrl,
    });
  }
  return `${calendar.toString()}\r\n`;
}
