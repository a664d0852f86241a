import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  addMonths,
  completion,
  datesBetween,
  firstDayFromRegion,
  firstDayOfWeek,
  localDateOf,
  MEALS_PER_WEEK,
  mealTypeRank,
  monthGrid,
  SLOT_TIMES,
  startOfWeek,
  weekDates,
  weekdayOf,
  weeklyOccurrences,
} from "../../worker/domain/mealSlots";
import { addDays, daysBetween } from "../../worker/domain/dates";

describe("week start follows the locale", () => {
  it.each([
    ["en-US", 7],
    ["en-GB", 1],
    ["de-DE", 1],
    ["fr-CA", 7],
    ["ar-EG", 6],
    ["he-IL", 7],
    ["ja-JP", 7],
    ["pt-BR", 7],
    ["pt-PT", 7],
    ["en-AU", 1],
    ["dv-MV", 5],
  ])("%s starts on day %i", (locale, day) => {
    expect(firstDayFromRegion(locale)).toBe(day);
    expect(firstDayOfWeek(locale, { useIntl: false })).toBe(day);
  });

  it("reads a language-only tag through its likely region, and an unreadable one as Monday", () => {
    expect(firstDayFromRegion("en")).toBe(7); // en -> en-Latn-US
    expect(firstDayFromRegion("fr")).toBe(1); // fr -> fr-Latn-FR
    expect(firstDayFromRegion("not a locale!")).toBe(1);
    expect(firstDayOfWeek("not a locale!")).toBe(1);
  });

  it("agrees with the runtime's Intl week data where the runtime has it", () => {
    for (const locale of ["en-US", "en-GB", "de-DE", "ar-EG", "ja-JP", "fr-FR"]) {
      const info = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
      const runtime = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
      expect(firstDayOfWeek(locale)).toBe(runtime ?? firstDayFromRegion(locale));
    }
  });

  it("startOfWeek gives the first day on or before the date, for every first day", () => {
    expect(startOfWeek("2026-11-04", 1)).toBe("2026-11-02"); // Wednesday -> Monday
    expect(startOfWeek("2026-11-04", 7)).toBe("2026-11-01"); // -> Sunday
    expect(startOfWeek("2026-11-04", 6)).toBe("2026-10-31"); // -> Saturday, across the month end
    expect(startOfWeek("2026-11-01", 7)).toBe("2026-11-01");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 1, max: 7 }), (offset, first) => {
        const date = addDays("2024-01-01", offset);
        const start = startOfWeek(date, first as 1);
        return weekdayOf(start) === first && daysBetween(start, date) >= 0 && daysBetween(start, date) < 7;
      }),
    );
  });
});

describe("calendar ranges", () => {
  it("a week is seven dates across a month end and the daylight-saving weekend", () => {
    expect(weekDates("2026-10-26")).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(datesBetween("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(datesBetween("2026-03-02", "2026-03-01")).toEqual([]);
  });

  it("a month grid covers the month in whole weeks from the locale's first day", () => {
    const sunday = monthGrid("2026-11-15", 7);
    expect(sunday[0]).toBe("2026-11-01");
    expect(sunday).toHaveLength(35);
    expect(sunday.at(-1)).toBe("2026-12-05");
    const monday = monthGrid("2026-02-10", 1);
    expect(monday[0]).toBe("2026-01-26");
    expect(monday.at(-1)).toBe("2026-03-01");
    expect(monday.length % 7).toBe(0);
  });

  it("addMonths keeps the day where it can", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-03-15", -3)).toBe("2025-12-15");
  });

  it("reads timestamps as the date they fall on in the user's time zone", () => {
    // Monday 00:00 in New York, sent as UTC by a browser.
    expect(localDateOf("2026-10-26T04:00:00.000Z", "America/New_York")).toBe("2026-10-26");
    // Sunday 23:59:59.999 after the clocks went back.
    expect(localDateOf("2026-11-02T04:59:59.999Z", "America/New_York")).toBe("2026-11-01");
    expect(localDateOf("2026-10-25T23:30:00.000Z", "Europe/London")).toBe("2026-10-25");
    expect(localDateOf("2026-10-24T23:30:00.000Z", "Europe/London")).toBe("2026-10-25");
    expect(localDateOf("2026-10-25", "Pacific/Kiritimati")).toBe("2026-10-25");
  });
});

describe("completion against 21 meals a week", () => {
  it("counts filled breakfast, lunch and dinner slots once each; extras do not count", () => {
    const days = weekDates("2026-03-02");
    const entries = [
      { date: "2026-03-02", mealType: "breakfast" },
      { date: "2026-03-02", mealType: "dinner" },
      { date: "2026-03-02", mealType: "dinner" },
      { date: "2026-03-03", mealType: "snack" },
      { date: "2026-03-09", mealType: "lunch" },
    ];
    expect(MEALS_PER_WEEK).toBe(21);
    expect(completion(entries, days)).toEqual({ planned: 2, target: 21, percent: 10 });
    expect(completion([], [])).toEqual({ planned: 0, target: 0, percent: 0 });
  });

  it("orders meals breakfast, lunch, dinner, then the extras", () => {
    expect(["dinner", "snack", "breakfast", "lunch", "mystery"].sort((a, b) => mealTypeRank(a) - mealTypeRank(b))).toEqual(["breakfast", "lunch", "dinner", "snack", "mystery"]);
    expect(SLOT_TIMES.breakfast).toMatchObject({ hour: 8, minute: 0 });
    expect(SLOT_TIMES.lunch).toMatchObject({ hour: 12, minute: 30 });
    expect(SLOT_TIMES.dinner).toMatchObject({ hour: 19, minute: 0 });
    expect(SLOT_TIMES.snack).toMatchObject({ hour: 15, minute: 0 });
  });
});

describe("weekly recurrence", () => {
  it("pizza every Friday: same weekday, every 7 days, after the last one made", () => {
    expect(weeklyOccurrences("2026-10-02", "2026-10-02", "2026-10-31")).toEqual(["2026-10-09", "2026-10-16", "2026-10-23", "2026-10-30"]);
    // Nothing made yet (the start is after `after`): the start itself comes first.
    expect(weeklyOccurrences("2026-10-02", "2026-09-01", "2026-10-10")).toEqual(["2026-10-02", "2026-10-09"]);
    // Continuing from a later point does not repeat dates already made.
    expect(weeklyOccurrences("2026-10-02", "2026-10-20", "2026-11-07")).toEqual(["2026-10-23", "2026-10-30", "2026-11-06"]);
  });

  it("stops at the until date and never runs before the start", () => {
    expect(weeklyOccurrences("2026-10-02", "2026-10-02", "2026-12-31", "2026-10-20")).toEqual(["2026-10-09", "2026-10-16"]);
    expect(weeklyOccurrences("2026-10-02", "2026-09-01", "2026-09-30")).toEqual([]);
  });

  it("every occurrence is on the start's weekday, inside the window, 7 days apart", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: -30, max: 400 }), fc.integer({ min: 0, max: 120 }), (startOffset, afterOffset, span) => {
        const start = addDays("2026-01-01", startOffset);
        const after = addDays("2026-01-01", afterOffset);
        const through = addDays(after, span);
        const dates = weeklyOccurrences(start, after, through);
        const expected = datesBetween(addDays(after, 1), through).filter((d) => d >= start && daysBetween(start, d) % 7 === 0);
        return JSON.stringify(dates) === JSON.stringify(expected);
      }),
    );
  });
});
