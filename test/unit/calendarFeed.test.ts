import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { mealPlanFeed, slotStart, utcOffsetMinutes, vtimezone, type FeedEntry } from "../../worker/domain/calendarFeed";

function entry(values: Partial<FeedEntry>): FeedEntry {
  return { id: 1, date: "2026-11-02", mealType: "dinner", title: "Pasta", notes: null, servings: null, recipeId: null, reason: null, cooked: false, updatedAt: new Date("2026-10-20T10:00:00Z"), ...values };
}

const options = (timeZone: string, from: string, through: string) => ({ timeZone, origin: "https://plantry.example", uidHost: "plantry.example", from, through, now: new Date("2026-10-20T09:30:00Z") });

/** Parses with a real iCalendar parser, registering the feed's own VTIMEZONEs so times are read through them. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e)) };
}

describe("the meal plan feed", () => {
  it("puts slot times in the user's zone on both sides of New York's November change", () => {
    const text = mealPlanFeed(
      [
        entry({ id: 1, date: "2026-10-31", mealType: "breakfast", title: "Porridge" }),
        entry({ id: 2, date: "2026-11-02", mealType: "breakfast", title: "Porridge" }),
        entry({ id: 3, date: "2026-11-02", mealType: "lunch", title: "Soup" }),
        entry({ id: 4, date: "2026-11-02", mealType: "dinner", title: "Pasta" }),
        entry({ id: 5, date: "2026-11-02", mealType: "snack", title: "Apple" }),
      ],
      options("America/New_York", "2026-10-05", "2026-11-30"),
    );
    const { events } = parse(text);
    const starts = Object.fromEntries(events.map((e) => [e.uid, e.startDate.toJSDate().toISOString()]));
    expect(starts).toEqual({
      "meal-1@plantry.example": "2026-10-31T12:00:00.000Z", // 08:00 EDT
      "meal-2@plantry.example": "2026-11-02T13:00:00.000Z", // 08:00 EST
      "meal-3@plantry.example": "2026-11-02T17:30:00.000Z", // 12:30
      "meal-4@plantry.example": "2026-11-03T00:00:00.000Z", // 19:00
      "meal-5@plantry.example": "2026-11-02T20:00:00.000Z", // 15:00
    });
    for (const event of events) {
      expect(event.startDate.zone?.tzid).toBe("America/New_York");
      expect(event.endDate.toJSDate().getTime()).toBeGreaterThan(event.startDate.toJSDate().getTime());
    }
    expect(text).toContain("DTSTART;TZID=America/New_York:20261031T080000");
  });

  it("Europe/London across 25 October: 19:00 is 18:00Z before and 19:00Z after", () => {
    const { events } = parse(
      mealPlanFeed([entry({ id: 7, date: "2026-10-24" }), entry({ id: 8, date: "2026-10-25" })], options("Europe/London", "2026-10-01", "2026-11-15")),
    );
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(["2026-10-24T18:00:00.000Z", "2026-10-25T19:00:00.000Z"]);
  });

  it("describes the meal and links the recipe", () => {
    const { calendar, events } = parse(
      mealPlanFeed(
        [entry({ id: 9, title: "Spinach-Rice Casserole", recipeId: 42, servings: 3, notes: "Double the cheese", reason: "Uses your spinach, which expires tomorrow.", cooked: true })],
        options("UTC", "2026-10-01", "2026-11-30"),
      ),
    );
    const [event] = events;
    expect(event!.summary).toBe("Dinner: Spinach-Rice Casserole");
    expect(event!.description).toBe("Serves 3\nDouble the cheese\nUses your spinach, which expires tomorrow.\nCooked\nRecipe: https://plantry.example/recipes/42");
    expect(event!.component.getFirstPropertyValue("url")).toBe("https://plantry.example/recipes/42");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Plantry meal plan");
    expect(String(event!.component.getFirstPropertyValue("dtstamp"))).toBe("2026-10-20T09:30:00Z");
  });

  it("writes RFC 5545 text: CRLF lines of at most 75 octets, escaped commas and semicolons", () => {
    const title = "Pancakes; berries, cream \\ maple — a very long title with ünïcödé that must be folded over several lines";
    const text = mealPlanFeed([entry({ title, notes: "line one\nline two", recipeId: 1 })], options("Asia/Kolkata", "2026-10-01", "2026-11-30"));
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toContain("Pancakes\\; berries\\, cream \\\\");
    const { events } = parse(text);
    expect(events[0]!.summary).toBe(`Dinner: ${title}`);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe("2026-11-02T13:30:00.000Z"); // 19:00 IST
  });

  it("an empty plan is still a valid calendar", () => {
    const { calendar, events } = parse(mealPlanFeed([], options("America/New_York", "2026-10-01", "2026-11-30")));
    expect(events).toEqual([]);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  });
});

describe("VTIMEZONE from the runtime's rules", () => {
  it("has one observance per change inside the window, with the offsets before and after", () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2026, 11, 31);
    const text = vtimezone("America/New_York", from, to);
    expect(text).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT");
    expect(text).toContain("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD");
    // A zone without changes has only its opening observance.
    const kolkata = vtimezone("Asia/Kolkata", from, to);
    expect(kolkata.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(kolkata).toContain("TZOFFSETTO:+0530");
    // Southern hemisphere: Sydney's summer time is the daylight one.
    expect(vtimezone("Australia/Sydney", from, to)).toContain("BEGIN:STANDARD\r\nDTSTART:20260405T030000\r\nTZOFFSETFROM:+1100\r\nTZOFFSETTO:+1000");
  });

  it("reads offsets and slot instants through Intl and TZDate", () => {
    expect(utcOffsetMinutes("America/New_York", Date.UTC(2026, 6, 1))).toBe(-240);
    expect(utcOffsetMinutes("UTC", Date.UTC(2026, 6, 1))).toBe(0);
    expect(new Date(slotStart("2026-03-08", "lunch", "America/New_York").getTime()).toISOString()).toBe("2026-03-08T16:30:00.000Z");
  });
});
