import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { REMINDER_CURSOR_KEY, REMINDER_KIND, runExpiryReminders } from "../../worker/jobs/reminders";
import { generateVapidKeys } from "../../worker/lib/webPush";
import { notifications, pantryItems, pushSubscriptions, rateLimits, users } from "../../db/schema";
import { createRecipeRow, createUser, testDb } from "../helpers/factories";
import { json, request } from "../helpers/http";

/** 2025-06-15 09:00 UTC: 09:00 in UTC, 21:00 in Auckland, 02:00 in Los Angeles. */
const MORNING_UTC = new Date(Date.UTC(2025, 5, 15, 9, 0, 0));
const TODAY = "2025-06-15";

type ItemSeed = { name: string; expirationDate: string | null; quantity?: number; amountPerUnit?: number | null; category?: string };

async function seedItems(userId: string, items: ItemSeed[]) {
  return testDb()
    .insert(pantryItems)
    .values(
      items.map((item) => ({
        userId,
        name: item.name,
        category: item.category ?? "Other",
        quantity: item.quantity ?? 1,
        amountPerUnit: item.amountPerUnit ?? null,
        expirationDate: item.expirationDate,
      })),
    )
    .returning({ id: pantryItems.id, name: pantryItems.name });
}

async function setUser(userId: string, values: Partial<typeof users.$inferInsert>) {
  await testDb().update(users).set(values).where(eq(users.id, userId));
}

async function remindersOf(userId: string) {
  return testDb().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, REMINDER_KIND)));
}

async function seedRecipe(title: string, ingredientNames: string[], userId: string | null = null) {
  return (await createRecipeRow({ title, ingredients: ingredientNames, userId })).id;
}

const noPush = { fetchImpl: (async () => new Response(null, { status: 500 })) as unknown as typeof fetch };

describe("expiry reminder job", () => {
  it("creates one notification per user per day, listing due and expired items only, and a second run adds nothing", async () => {
    const user = await createUser();
    const seeded = await seedItems(user.id, [
      { name: "Milk", expirationDate: "2025-06-15" },
      { name: "Spinach", expirationDate: "2025-06-16" },
      { name: "Yogurt", expirationDate: "2025-06-17" },
      { name: "Ham", expirationDate: "2025-06-12" },
      { name: "Cheddar", expirationDate: "2025-06-20" },
      { name: "Rice", expirationDate: null },
    ]);

    const first = await runExpiryReminders(env, MORNING_UTC, noPush);
    expect(first.notificationsCreated).toBeGreaterThanOrEqual(1);
    const second = await runExpiryReminders(env, MORNING_UTC, noPush);
    expect(second.notificationsCreated).toBe(0);
    // An hour later the same local day: still nothing new.
    const later = await runExpiryReminders(env, new Date(MORNING_UTC.getTime() + 3_600_000), noPush);
    expect(later.notificationsCreated).toBe(0);

    const rows = await remindersOf(user.id);
    expect(rows).toHaveLength(1);
    const [reminder] = rows;
    expect(reminder!.day).toBe(TODAY);
    expect(reminder!.title).toBe("4 items expire soon");
    expect(reminder!.body).toContain("Milk (today)");
    expect(reminder!.body).toContain("Spinach (tomorrow)");
    expect(reminder!.body).toContain("Yogurt (in 2 days)");
    expect(reminder!.body).toContain("Ham (expired)");
    expect(reminder!.body).not.toContain("Cheddar");
    expect(reminder!.body).not.toContain("Rice");
    const listed = reminder!.data!.items.map((item) => item.id).sort((a, b) => a - b);
    const expected = seeded.filter((s) => ["Milk", "Spinach", "Yogurt", "Ham"].includes(s.name)).map((s) => s.id).sort((a, b) => a - b);
    expect(listed).toEqual(expected);

    // The next local day brings a new reminder.
    const nextDay = await runExpiryReminders(env, new Date(MORNING_UTC.getTime() + 86_400_000), noPush);
    expect(nextDay.notificationsCreated).toBeGreaterThanOrEqual(1);
    const days = (await remindersOf(user.id)).map((r) => r.day).sort();
    expect(days).toEqual([TODAY, "2025-06-16"]);
  });

  it("suggests a recipe that uses the expiring items (own recipes included)", async () => {
    const user = await createUser();
    await seedItems(user.id, [
      { name: "Quokkaberries", expirationDate: "2025-06-16" },
      { name: "Wombatroot", expirationDate: "2025-06-17" },
    ]);
    await seedRecipe("Quokkaberry jam", ["quokkaberries", "sugar"]);
    const ownId = await seedRecipe("Quokkaberry and wombatroot salad", ["quokkaberry", "wombatroot", "lemon juice"], user.id);
    // Someone else's recipe is never suggested, even when it fits better.
    const other = await createUser();
    await seedRecipe("Secret quokkaberry wombatroot pie", ["quokkaberry", "wombatroot"], other.id);

    await runExpiryReminders(env, MORNING_UTC, noPush);
    const [reminder] = await remindersOf(user.id);
    expect(reminder!.title).toBe("2 items expire soon");
    expect(reminder!.data!.recipe).toEqual({ id: ownId, title: "Quokkaberry and wombatroot salad" });
    expect(reminder!.body).toContain("Idea: Quokkaberry and wombatroot salad.");
  });

  it("uses each user's own time zone for today and waits for 07:00 local", async () => {
    const auckland = await createUser();
    const losAngeles = await createUser();
    await setUser(auckland.id, { timeZone: "Pacific/Auckland" });
    await setUser(losAngeles.id, { timeZone: "America/Los_Angeles" });
    await seedItems(auckland.id, [
      { name: "Kiwi", expirationDate: "2025-06-18" },
      { name: "Feijoa", expirationDate: "2025-06-13" },
    ]);
    await seedItems(losAngeles.id, [
      { name: "Avocado", expirationDate: "2025-06-17" },
      { name: "Lettuce", expirationDate: "2025-06-18" },
    ]);

    // 16:00 UTC: 09:00 on the 15th in Los Angeles, 04:00 on the 16th in Auckland (too early).
    await runExpiryReminders(env, new Date(Date.UTC(2025, 5, 15, 16, 0, 0)), noPush);
    expect(await remindersOf(auckland.id)).toHaveLength(0);
    const [la] = await remindersOf(losAngeles.id);
    expect(la!.day).toBe("2025-06-15");
    expect(la!.body).toBe("Avocado (in 2 days).");

    // 20:00 UTC: 08:00 on the 16th in Auckland.
    await runExpiryReminders(env, new Date(Date.UTC(2025, 5, 15, 20, 0, 0)), noPush);
    const [nz] = await remindersOf(auckland.id);
    expect(nz!.day).toBe("2025-06-16");
    expect(nz!.body).toBe("Kiwi (in 2 days), Feijoa (expired).");
    expect(await remindersOf(losAngeles.id)).toHaveLength(1);
  });

  it("respects the lead time and the reminders switch set through the settings endpoint", async () => {
    const sameDay = await createUser();
    const fiveDays = await createUser();
    const off = await createUser();
    const put = (cookie: string, body: unknown) => request("/api/notifications/settings", { method: "PUT", body, cookie });
    expect((await put(sameDay.cookie, { reminderLeadDays: 0 })).status).toBe(200);
    expect((await put(fiveDays.cookie, { reminderLeadDays: 5 })).status).toBe(200);
    expect((await put(off.cookie, { remindersEnabled: false })).status).toBe(200);
    await seedItems(sameDay.id, [
      { name: "Cream", expirationDate: "2025-06-15" },
      { name: "Butter", expirationDate: "2025-06-16" },
    ]);
    await seedItems(fiveDays.id, [
      { name: "Eggs", expirationDate: "2025-06-20" },
      { name: "Bacon", expirationDate: "2025-06-21" },
    ]);
    await seedItems(off.id, [{ name: "Fish", expirationDate: "2025-06-15" }]);

    await runExpiryReminders(env, MORNING_UTC, noPush);
    expect((await remindersOf(sameDay.id))[0]!.body).toBe("Cream (today).");
    expect((await remindersOf(fiveDays.id))[0]!.body).toBe("Eggs (in 5 days).");
    expect(await remindersOf(off.id)).toHaveLength(0);
  });

  it("does not list items already used up or thrown away", async () => {
    const user = await createUser();
    const [used] = await seedItems(user.id, [{ name: "Used up bread", expirationDate: "2025-06-16" }]);
    await testDb().delete(pantryItems).where(eq(pantryItems.id, used!.id));
    await seedItems(user.id, [
      { name: "Empty carton", expirationDate: "2025-06-15", quantity: 0 },
      { name: "Empty bottle", expirationDate: "2025-06-15", amountPerUnit: 0 },
    ]);
    await runExpiryReminders(env, MORNING_UTC, noPush);
    expect(await remindersOf(user.id)).toHaveLength(0);

    // Once a real due item is there, only it is listed.
    await seedItems(user.id, [{ name: "Tomatoes", expirationDate: "2025-06-16" }]);
    await runExpiryReminders(env, MORNING_UTC, noPush);
    const [reminder] = await remindersOf(user.id);
    expect(reminder!.body).toBe("Tomatoes (tomorrow).");
    expect(reminder!.title).toBe("1 item expires soon");
  });

  it("walks all users in pages and resumes from the stored cursor when the budget runs out", async () => {
    const a = await createUser();
    const b = await createUser();
    await seedItems(a.id, [{ name: "Pears", expirationDate: "2025-07-01" }]);
    await seedItems(b.id, [{ name: "Plums", expirationDate: "2025-07-01" }]);
    const now = new Date(Date.UTC(2025, 5, 30, 10, 0, 0));
    const pages: number[] = [];
    const full = await runExpiryReminders(env, now, { ...noPush, pageSize: 2, onPage: (p) => pages.push(p.queries) });
    const allUsers = await testDb()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.remindersEnabled, true), eq(users.disabled, false)));
    expect(full.usersScanned).toBe(allUsers.length);
    expect(full.pages).toBe(Math.ceil(allUsers.length / 2));
    expect(full.cursor).toBeNull();
    expect(Math.max(...pages)).toBeLessThanOrEqual(7);
    expect(await remindersOf(a.id)).toHaveLength(1);
    expect(await remindersOf(b.id)).toHaveLength(1);

    // A budget for exactly one page: the run stops and stores where the next one continues.
    const nextDay = new Date(now.getTime() + 86_400_000);
    const partial = await runExpiryReminders(env, nextDay, { ...noPush, pageSize: 1, queryBudget: 7 });
    expect(partial.pages).toBe(1);
    expect(partial.cursor).not.toBeNull();
    expect(await env.SESSIONS.get(REMINDER_CURSOR_KEY)).toBe(partial.cursor);
    const rest = await runExpiryReminders(env, nextDay, { ...noPush, pageSize: 1000 });
    expect(rest.cursor).toBeNull();
    expect(rest.usersScanned).toBe(allUsers.filter((u) => u.id > partial.cursor!).length);
    expect(await env.SESSIONS.get(REMINDER_CURSOR_KEY)).toBeNull();
  });

  it("pushes new reminders to subscribed browsers and deletes gone endpoints", async () => {
    const user = await createUser();
    await seedItems(user.id, [{ name: "Salmon", expirationDate: "2025-08-02" }]);
    const keys = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };
    await testDb()
      .insert(pushSubscriptions)
      .values([
        { userId: user.id, endpoint: "https://push.example.net/live", ...keys },
        { userId: user.id, endpoint: "https://push.example.net/gone", ...keys },
      ]);
    const vapid = await generateVapidKeys();
    const pushEnv = { ...env, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:t@example.com" } as Env;
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return new Response(null, { status: url.endsWith("/gone") ? 410 : 201 });
    }) as unknown as typeof fetch;

    const now = new Date(Date.UTC(2025, 7, 1, 9, 0, 0));
    const result = await runExpiryReminders(pushEnv, now, { fetchImpl: fakeFetch });
    const mine = calls.filter((c) => c.url.startsWith("https://push.example.net/"));
    expect(mine.map((c) => c.url).sort()).toEqual(["https://push.example.net/gone", "https://push.example.net/live"]);
    expect(mine[0]!.headers["Content-Encoding"]).toBe("aes128gcm");
    expect(result.pushSent).toBeGreaterThanOrEqual(1);
    expect(result.pushRemoved).toBe(1);
    const left = await testDb().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(left.map((s) => s.endpoint)).toEqual(["https://push.example.net/live"]);

    // Nothing new to say: no second push.
    calls.length = 0;
    await runExpiryReminders(pushEnv, now, { fetchImpl: fakeFetch });
    expect(calls).toHaveLength(0);
  });

  it("stops before a user whose pushes no longer fit the run's push budget, and the next run takes over", async () => {
    const first = await createUser();
    const second = await createUser();
    const keys = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };
    for (const user of [first, second]) {
      await seedItems(user.id, [{ name: "Figs", expirationDate: "2025-10-02" }]);
      await testDb().insert(pushSubscriptions).values({ userId: user.id, endpoint: `https://push.example.net/${user.id}`, ...keys });
    }
    const [earlier, later] = [first, second].sort((a, b) => (a.id < b.id ? -1 : 1));
    const vapid = await generateVapidKeys();
    const pushEnv = { ...env, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } as Env;
    const pushed: string[] = [];
    const fakeFetch = (async (url: string) => {
      pushed.push(url);
      return new Response(null, { status: 201 });
    }) as unknown as typeof fetch;
    const now = new Date(Date.UTC(2025, 9, 1, 9, 0, 0));

    const run1 = await runExpiryReminders(pushEnv, now, { fetchImpl: fakeFetch, pushBudget: 1 });
    expect(run1.cursor).not.toBeNull();
    expect(run1.cursor! < later!.id).toBe(true);
    expect(pushed).toEqual([`https://push.example.net/${earlier!.id}`]);
    expect(await remindersOf(earlier!.id)).toHaveLength(1);
    expect(await remindersOf(later!.id)).toHaveLength(0);

    const run2 = await runExpiryReminders(pushEnv, now, { fetchImpl: fakeFetch });
    expect(run2.cursor).toBeNull();
    expect(pushed).toEqual([`https://push.example.net/${earlier!.id}`, `https://push.example.net/${later!.id}`]);
    expect(await remindersOf(later!.id)).toHaveLength(1);
    expect(await env.SESSIONS.get(REMINDER_CURSOR_KEY)).toBeNull();
  });

  it("runs from the scheduled handler: cleans old rate limits and creates reminders", async () => {
    const user = await createUser();
    await seedItems(user.id, [{ name: "Peaches", expirationDate: "2025-09-10" }]);
    const scheduledTime = Date.UTC(2025, 8, 10, 12, 0, 0);
    await testDb().insert(rateLimits).values({ key: "login:stale-test", windowStart: scheduledTime - 24 * 3_600_000, count: 3 });

    const controller = createScheduledController({ scheduledTime, cron: "0 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);

    const [reminder] = await remindersOf(user.id);
    expect(reminder!.day).toBe("2025-09-10");
    expect(reminder!.body).toBe("Peaches (today).");
    expect(await testDb().select().from(rateLimits).where(eq(rateLimits.key, "login:stale-test"))).toHaveLength(0);

    // The user sees it through the notifications endpoint.
    const list = await json(await request("/api/notifications", { cookie: user.cookie }));
    expect(list.notifications.map((n: { title: string }) => n.title)).toContain("1 item expires soon");
  });
});
