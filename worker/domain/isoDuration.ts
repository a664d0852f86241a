/**
 * Recipe durations in whole minutes. Pages give ISO-8601 durations in every form ("PT1H30M", "P0DT0H45M", "PT90M",
 * "P1DT2H", "PT0.5H", "PT1H15M30S" rounded up, "P0Y0M0DT0H35M0.000S", lower case, ranges "PT20M-PT30M") or human text
 * ("1 hour 30 minutes", "90 mins", "01:30:00", "~30 minutes", "10-15 min"); a bare number means minutes. Pure; no I/O.
 */
import { lookupTable } from "./lookup";

const UNICODE_FRACTIONS: Readonly<Record<string, number>> = lookupTable({
  "½": 0.5, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8,
  "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
});

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const ISO_DURATION = new RegExp(
  String.raw`^P(?:(${NUMBER})Y)?(?:(${NUMBER})M)?(?:(${NUMBER})W)?(?:(${NUMBER})D)?` +
    String.raw`(?:T(?:(${NUMBER})H)?(?:(${NUMBER})M)?(?:(${NUMBER})S)?)?$`,
  "i",
);

const MINUTES_PER = { year: 525_600, month: 43_200, week: 10_080, day: 1_440, hour: 60 } as const;

function toNumber(text: string | undefined): number {
  return text === undefined ? 0 : Number(text.replace(",", "."));
}

/** Minutes in an ISO-8601 duration, or null when the text is not one. */
function parseIsoForm(text: string): number | null {
  const match = ISO_DURATION.exec(text);
  if (!match) return null;
  const [, years, months, weeks, days, hours, minutes, seconds] = match;
  if ([years, months, weeks, days, hours, minutes, seconds].every((part) => part === undefined)) return null;
  const secondsValue = toNumber(seconds);
  const onlySeconds = seconds !== undefined && [years, months, weeks, days, hours, minutes].every((p) => p === undefined);
  // Some CMS templates (Drupal's schema metatags, for one) write minutes with an S ("PT45S" for 45 minutes). No recipe
  // step takes 45 seconds, so a seconds-only value that is not a whole number of minutes is read as minutes.
  if (onlySeconds && secondsValue % 60 !== 0) return Math.round(secondsValue);
  const total =
    toNumber(years) * MINUTES_PER.year +
    toNumber(months) * MINUTES_PER.month +
    toNumber(weeks) * MINUTES_PER.week +
    toNumber(days) * MINUTES_PER.day +
    toNumber(hours) * MINUTES_PER.hour +
    toNumber(minutes) +
    secondsValue / 60;
  return Math.max(0, Math.ceil(total - 1e-9));
}

const HUMAN_UNIT = new RegExp(
  String.raw`(\d+(?:\.\d+)?(?:\s+\d+/\d+)?|\d+/\d+)\s*` +
    String.raw`(days?|d|hours?|hrs?|h|std\.?|stunden?|heures?|horas?|ore|ora|uur|godz(?:in[ay]?)?|minutes?|minuten?|minutos?|minuti|minuty|minut|mins?|mn|m|seconds?|secs?|s)(?![a-z])`,
  "gi",
);

function parseAmount(text: string): number {
  const [whole, fraction] = text.includes("/") ? (text.includes(" ") ? text.split(/\s+/) : ["0", text]) : [text, undefined];
  let value = Number(whole);
  if (fraction) {
    const [numerator, denominator] = fraction.split("/").map(Number);
    if (numerator !== undefined && denominator) value += numerator / denominator;
  }
  return value;
}

function minutesPerUnit(unit: string): number {
  const u = unit.toLowerCase();
  if (u.startsWith("d")) return MINUTES_PER.day;
  if (u.startsWith("h") || u.startsWith("std") || u.startsWith("stund") || u === "uur" || u === "ore" || u === "ora" || u.startsWith("godz")) return MINUTES_PER.hour;
  if (u.startsWith("s")) return 1 / 60;
  return 1;
}

/** Minutes in human text such as "1 hr 15 mins", "1h30", "1:30", "½ hour"; null when no duration is found. */
function parseHumanForm(raw: string): number | null {
  let text = raw.toLowerCase().replace(/[~≈]|\babout\b|\bapprox(?:imately|\.)?|\bca\.?/g, " ");
  // "1½ hours" -> "1.5 hours"
  text = text.replace(/(\d*)\s*([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/g, (_m, whole: string, glyph: string) =>
    String(Number(whole || 0) + (UNICODE_FRACTIONS[glyph] ?? 0)),
  );
  // Ranges ("10-15 minutes", "1 to 2 hours") count as their upper end: the time the recipe may take.
  text = text.replace(/(\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(?=\d)/g, "");
  // "1:30" and "01:30:00" (hours, minutes and seconds, seconds rounded up like ISO seconds).
  const clock = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:h|hours?|hrs?)?\s*$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]) + (Number(clock[3] ?? 0) > 0 ? 1 : 0);
  if (/^\s*\d+(?:\.\d+)?\s*$/.test(text)) return Math.round(Number(text));

  let total = 0;
  let found = false;
  let lastUnitWasHours = false;
  let end = 0;
  for (const match of text.matchAll(HUMAN_UNIT)) {
    const [, amount, unit] = match;
    if (amount === undefined || unit === undefined) continue;
    const perUnit = minutesPerUnit(unit);
    total += parseAmount(amount) * perUnit;
    found = true;
    lastUnitWasHours = perUnit === MINUTES_PER.hour;
    end = (match.index ?? 0) + match[0].length;
  }
  if (!found) return null;
  // "1h30": a trailing bare number after hours is minutes.
  const trailing = /^\s*(\d{1,2})\b/.exec(text.slice(end));
  if (lastUnitWasHours && trailing?.[1]) total += Number(trailing[1]);
  return Math.round(total);
}

/** Minutes in a duration written as ISO-8601 or as human text; null when nothing readable is found. */
export function parseIsoDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const iso = parseIsoForm(trimmed.replace(/\s+/g, ""));
  if (iso !== null) return iso;
  // A range of ISO durations ("PT20M-PT30M", "PT1H to PT2H") counts as its upper end, like "10-15 minutes".
  const range = /^(P[\dT.,YMWDHS]+)\s*(?:-|–|to)\s*(P[\dT.,YMWDHS]+)$/i.exec(trimmed);
  if (range?.[1] && range[2]) {
    const readings = [parseIsoForm(range[1]), parseIsoForm(range[2])].filter((m): m is number => m !== null);
    if (readings.length) return Math.max(...readings);
  }
  // "PT2H30": a hand-written duration missing its last M, read like "2h30".
  const bareMinutes = /^PT(\d+)H(\d{1,2})$/i.exec(trimmed);
  if (bareMinutes) return Number(bareMinutes[1]) * 60 + Number(bareMinutes[2]);
  if (/^P/i.test(trimmed) && /^P[\dT.,YMWDHS]*$/i.test(trimmed.replace(/\s+/g, ""))) return null;
  // Asides in brackets ("30 min (in 10 minute intervals)") are not extra time; alternatives ("1h or 2h") count as
  // the longer one, like ranges.
  const alternatives = trimmed.replace(/\([^)]*\)/g, " ").split(/\bor\b/i);
  const readings = alternatives.map(parseHumanForm).filter((m): m is number => m !== null && Number.isFinite(m));
  return readings.length ? Math.max(...readings) : null;
}
