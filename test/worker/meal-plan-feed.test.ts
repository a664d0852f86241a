import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { mealPlanFeeds, users } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { createMealPlanEntry, createUser, libraryRecipe, testDb, type TestUser } from "../helpers/factories";
import { json, ORIGIN, request } from "../helpers/http";

async function newFeed(user: TestUser): Promise<string> {
  const response = await request("/api/mealplans/feed", { method: "POST", cookie: user.cookie });
  expect(response.status).toBe(200);
  const body = await json(response);
  expect(body.url).toMatch(new RegExp(`^${ORIGIN}/api/mealplans/feed/[A-Za-z0-9_-]{43}\\.ics$`));
  return body.url;
}

/** Fetches the feed as a calendar app would: no session, no Origin. */
async function fetchFeed(url: string) {
  return request(url.slice(ORIGIN.length));
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
}

describe("calendar feed", () => {
  it("serves the plan at a secret URL as iCalendar a real parser reads, at the slot times of the user's zone, with recipe links", async () => {
    const user = await createUser();
    await testDb().update(users).set({ timeZone: "America/New_York" }).where(eq(users.id, user.id));
    const today = todayIn("America/New_York");
    const recipe = await libraryRecipe();
    const dinner = await createMealPlanEntry(user, { date: today, mealType: "dinner", recipeId: recipe.id, notes: null, servings: 3 });
    const breakfast = await createMealPlanEntry(user, { date: addDays(today, 1), mealType: "breakfast", notes: "Porridge; with berries, honey" });
    const lunch = await createMealPlanEntry(user, { date: addDays(today, 2), mealType: "lunch", notes: "Soup" });
    const snack = await createMealPlanEntry(user, { date: addDays(today, 2), mealType: "snack", notes: "Apple" });
    // Outside the feed's window.
    await createMealPlanEntry(user, { date: addDays(today, -60), notes: "Long ago" });

    const url = await newFeed(user);
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const events = parse(text);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(events).toHaveLength(4);

    const dinnerEvent = byUid.get(`meal-${dinner.id}@localhost`)!;
    expect(dinnerEvent.summary).toBe(`Dinner: ${recipe.title}`);
    expect(dinnerEvent.component.getFirstPropertyValue("url")).toBe(`${ORIGIN}/recipes/${recipe.id}`);
    expect(dinnerEvent.description).toContain(`Recipe: ${ORIGIN}/recipes/${recipe.id}`);
    expect(dinnerEvent.description).toContain("Serves 3");
    expect(byUid.get(`meal-${breakfast.id}@localhost`)!.summary).toBe("Breakfast: Porridge; with berries, honey");

    // Wall-clock slot times in New York, whatever the offset that day.
    const local = (event: ICAL.Event) => [event.startDate.zone?.tzid, event.startDate.hour, event.startDate.minute];
    expect(local(dinnerEvent)).toEqual(["America/New_York", 19, 0]);
    expect(local(byUid.get(`meal-${breakfast.id}@localhost`)!)).toEqual(["America/New_York", 8, 0]);
    expect(local(byUid.get(`meal-${lunch.id}@localhost`)!)).toEqual(["America/New_York", 12, 30]);
    expect(local(byUid.get(`meal-${snack.id}@localhost`)!)).toEqual(["America/New_York", 15, 0]);
    const offsetHours = (Date.parse(`${addDays(today, 1)}T08:00:00Z`) - byUid.get(`meal-${breakfast.id}@localhost`)!.startDate.toJSDate().getTime()) / 3_600_000;
    expect([-4, -5]).toContain(offsetHours);

    const status = await json(await request("/api/mealplans/feed", { cookie: user.cookie }));
    expect(status).toMatchObject({ active: true });
    expect(status.lastFetchedAt).not.toBeNull();
  });

  it("stores only the token's hash; renewing stops the old URL and revoking stops the new one", async () => {
    const user = await createUser();
    await createMealPlanEntry(user, { notes: "Pasta" });
    const first = await newFeed(user);
    const token = first.slice(first.lastIndexOf("/") + 1, -".ics".length);
    const [stored] = await testDb().select().from(mealPlanFeeds).where(eq(mealPlanFeeds.userId, user.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const second = await newFeed(user);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    const revoked = await request("/api/mealplans/feed", { method: "DELETE", cookie: user.cookie });
    expect(await json(revoked)).toEqual({ ok: true, revoked: true });
    const gone = await fetchFeed(second);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual({ message: "Calendar feed not found" });
    expect(await json(await request("/api/mealplans/feed", { cookie: user.cookie }))).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
  });

  it("answers 404 for made-up tokens and never shows one user's plan to another", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await createMealPlanEntry(a, { notes: "A's secret dinner" });
    await createMealPlanEntry(b, { notes: "B's dinner" });
    for (const path of ["/api/mealplans/feed/abc.ics", `/api/mealplans/feed/${"A".repeat(43)}.ics`, "/api/mealplans/feed/%2E%2E"]) {
      expect((await request(path)).status).toBe(404);
    }
    const text = await (await fetchFeed(await newFeed(b))).text();
    expect(text).toContain("B's dinner");
    expect(text).not.toContain("A's secret dinner");
  });

  it("a repeating meal appears every week in the feed", async () => {
    const user = await createUser();
    const today = todayIn("UTC");
    await request("/api/mealplans", { cookie: user.cookie, body: { date: today, mealType: "dinner", notes: "Pizza", repeatWeekly: true } });
    const events = parse(await (await fetchFeed(await newFeed(user))).text());
    const dates = events.map((e) => e.startDate.toString().slice(0, 10)).sort();
    expect(dates).toEqual(Array.from({ length: 13 }, (_, i) => addDays(today, i * 7)));
  });
});
