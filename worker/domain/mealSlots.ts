/**
 * The meal planner's calendar rules, shared by the Worker and the client: which meal types make a day's slots, the
 * order they are shown in, their clock times for the calendar feed, completion against 21 meals a week, weeks that
 * start on the user's own first day, month grids and weekly repeats. Pure; no I/O.
 */
import { MEAL_TYPES, type MealType } from "./constants";
import { addDays, daysBetween, todayIn } from "./dates";

/** The three slots every day has; snack, dessert and appetizer may be added beside them. */
export const DAILY_SLOTS = ["breakfast", "lunch", "dinner"] as const satisfies readonly MealType[];
export type DailySlot = (typeof DAILY_SLOTS)[number];

/** The planner counts 21 meals a week (three a day) for its completion percentage. */
export const MEALS_PER_DAY = DAILY_SLOTS.length;
export const MEALS_PER_WEEK = MEALS_PER_DAY * 7;

/**
 * Clock time and length of each meal in the calendar feed. Breakfast 8:00, lunch 12:30, dinner 19:00 and snack
 * 15:00 are the product's; appetizer (before dinner) and dessert (after it) follow from dinner.
 */
export const SLOT_TIMES: Readonly<Record<MealType, { hour: number; minute: number; minutes: number }>> = {
  breakfast: { hour: 8, minute: 0, minutes: 30 },
  lunch: { hour: 12, minute: 30, minutes: 45 },
  dinner: { hour: 19, minute: 0, minutes: 60 },
  snack: { hour: 15, minute: 0, minutes: 15 },
  appetizer: { hour: 18, minute: 30, minutes: 30 },
  dessert: { hour: 20, minute: 0, minutes: 30 },
};

export function isMealType(value: string): value is MealType {
  return (MEAL_TYPES as readonly string[]).includes(value);
}

/** Breakfast, lunch, dinner, snack, dessert, appetizer; unknown types last. */
export function mealTypeRank(mealType: string): number {
  const rank = (MEAL_TYPES as readonly string[]).indexOf(mealType.toLowerCase());
  return rank === -1 ? MEAL_TYPES.length : rank;
}

export function compareMeals(a: { date: string; mealType: string; id?: number }, b: { date: string; mealType: string; id?: number }): number {
  return a.date.localeCompare(b.date) || mealTypeRank(a.mealType) - mealTypeRank(b.mealType) || (a.id ?? 0) - (b.id ?? 0);
}

export type Completion = { planned: number; target: number; percent: number };

/**
 * Filled breakfast, lunch and dinner slots among `days`, against three a day (21 a week). Two entries in one slot
 * fill it once; snacks and desserts are extras and do not count.
 */
export function completion(entries: readonly { date: string; mealType: string }[], days: readonly string[]): Completion {
  const inRange = new Set(days);
  const filled = new Set<string>();
  for (const entry of entries) {
    if (inRange.has(entry.date) && (DAILY_SLOTS as readonly string[]).includes(entry.mealType)) filled.add(`${entry.date}|${entry.mealType}`);
  }
  const target = days.length * MEALS_PER_DAY;
  return { planned: filled.size, target, percent: target === 0 ? 0 : Math.round((filled.size / target) * 100) };
}

// ---------------------------------------------------------------------------------------------------------------
// Weeks and months

/** Day numbers as Intl.Locale weekInfo gives them: 1 Monday ... 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Regions whose week starts on Sunday, Saturday or Friday (CLDR's weekData); everywhere else starts on Monday. */
const SUNDAY_START = new Set(
  "AG AS BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW".split(" "),
);
const SATURDAY_START = new Set("AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY".split(" "));
const FRIDAY_START = new Set(["MV"]);

type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => { firstDay?: number }; weekInfo?: { firstDay?: number } };

function regionOf(locale: string): string | null {
  try {
    const parsed = new Intl.Locale(locale);
    return parsed.region ?? parsed.maximize().region ?? null;
  } catch {
    const match = /[-_]([A-Za-z]{2})(?:[-_]|$)/.exec(locale);
    return match ? match[1]!.toUpperCase() : null;
  }
}

/** The first day of the week from the region alone (CLDR's table), for runtimes without weekInfo. */
export function firstDayFromRegion(locale: string): Weekday {
  const region = regionOf(locale);
  if (!region) return 1;
  if (SUNDAY_START.has(region)) return 7;
  if (SATURDAY_START.has(region)) return 6;
  if (FRIDAY_START.has(region)) return 5;
  return 1;
}

/**
 * The first day of the week for a locale ("en-US" Sunday, "en-GB" Monday, "ar-EG" Saturday): the runtime's
 * Intl.Locale week data where it has it (getWeekInfo() or the older weekInfo), else the region table.
 */
export function firstDayOfWeek(locale: string, options: { useIntl?: boolean } = {}): Weekday {
  if (options.useIntl !== false) {
    try {
      const parsed = new Intl.Locale(locale) as LocaleWithWeekInfo;
      const info = typeof parsed.getWeekInfo === "function" ? parsed.getWeekInfo() : parsed.weekInfo;
      const day = info?.firstDay;
      if (typeof day === "number" && day >= 1 && day <= 7) return day as Weekday;
    } catch {
      // An unreadable tag falls through to the table.
    }
  }
  return firstDayFromRegion(locale);
}

/** 1 Monday ... 7 Sunday for a yyyy-MM-dd date. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** The first day of the week that holds `date`, for weeks starting on `firstDay`. */
export function startOfWeek(date: string, firstDay: Weekday): string {
  return addDays(date, -((weekdayOf(date) - firstDay + 7) % 7));
}

/** `count` consecutive dates from `start`. */
export function datesFrom(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

export function weekDates(weekStart: string): string[] {
  return datesFrom(weekStart, 7);
}

/** Every date from `start` to `end`, both included (empty when end is before start). */
export function datesBetween(start: string, end: string): string[] {
  const days = daysBetween(start, end);
  return days < 0 ? [] : datesFrom(start, days + 1);
}

/** yyyy-MM-01 of the month holding `date`. */
export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The last day of the month holding `date`. */
export function lastOfMonth(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The same day of the month `months` months later (clamped to the month's end: 31 January + 1 is 28/29 February). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const first = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  const day = Math.min(Number(date.slice(8, 10)), Number(lastOfMonth(first).slice(8, 10)));
  return `${first.slice(0, 8)}${String(day).padStart(2, "0")}`;
}

/** The whole weeks that cover the month holding `date` (28 to 42 days), starting on `firstDay`. */
export function monthGrid(date: string, firstDay: Weekday): string[] {
  const start = startOfWeek(firstOfMonth(date), firstDay);
  const end = lastOfMonth(date);
  const weeks = Math.ceil((daysBetween(start, end) + 1) / 7);
  return datesFrom(start, weeks * 7);
}

// ---------------------------------------------------------------------------------------------------------------
// Weekly repeats

/**
 * The dates of a weekly repeat that starts on `startDate` and falls in (after, through]: same weekday, every 7 days,
 * never before the start nor after `untilDate`.
 */
export function weeklyOccurrences(startDate: string, after: string, through: string, untilDate: string | null = null): string[] {
  const last = untilDate && untilDate < through ? untilDate : through;
  if (last < startDate) return [];
  const gap = daysBetween(startDate, after);
  // The first occurrence strictly after `after` (the start itself when `after` is earlier).
  let date = gap < 0 ? startDate : addDays(startDate, (Math.floor(gap / 7) + 1) * 7);
  const out: string[] = [];
  while (date <= last) {
    out.push(date);
    date = addDays(date, 7);
  }
  return out;
}

/**
 * A calendar date as the user means it: yyyy-MM-dd as written, an ISO timestamp as the date it falls on in their
 * time zone (a client's "start of Monday" at 04:00Z is Monday in New York, not Monday in UTC).
 */
export function localDateOf(value: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return todayIn(timeZone, new Date(value));
}
