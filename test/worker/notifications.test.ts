import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, pushSubscriptions, users } from "../../db/schema";
import { generateVapidKeys } from "../../worker/lib/webPush";
import { createNotification, createUser, testDb } from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";

const KEYS = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };

async function seedNotification(userId: string, day: string, title: string, createdAt: number, dismissed = false) {
  const row = await createNotification(userId, { day, title, body: `${title} body`, createdAt: new Date(createdAt), dismissedAt: dismissed ? new Date(createdAt + 1000) : null });
  return row.id;
}

async function vapidEnv(): Promise<Partial<Env>> {
  const keys = await generateVapidKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

describe("notifications", () => {
  it("lists undismissed first, newest first, at most 20", async () => {
    const user = await createUser();
    const base = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 22; i += 1) {
      const day = new Date(base + i * 86_400_000).toISOString().slice(0, 10);
      await seedNotification(user.id, day, `Reminder ${i}`, base + i * 86_400_000, i % 2 === 0);
    }
    const response = await request("/api/notifications", { cookie: user.cookie });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.notifications).toHaveLength(20);
    expect(body.undismissedCount).toBe(11);
    const titles = body.notifications.map((n: { title: string }) => n.title);
    // 11 undismissed (odd numbers, newest first), then dismissed ones newest first.
    expect(titles.slice(0, 11)).toEqual([21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1].map((i) => `Reminder ${i}`));
    expect(titles.slice(11)).toEqual([20, 18, 16, 14, 12, 10, 8, 6, 4].map((i) => `Reminder ${i}`));
    expect(body.notifications[0].dismissed).toBe(false);
    expect(body.notifications[0].items).toEqual([{ id: 1, name: "Milk", expirationDate: "2025-01-22" }]);
    expect(body.notifications[0]).not.toHaveProperty("userId");
  });

  it("dismisses one's own notification; someone else's is 404", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const id = await seedNotification(owner.id, "2025-03-01", "Mine", Date.UTC(2025, 2, 1));

    const foreign = await request(`/api/notifications/${id}/dismiss`, { method: "POST", cookie: stranger.cookie });
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).message).toBe("Notification not found");
    const [still] = await testDb().select().from(notifications).where(eq(notifications.id, id));
    expect(still!.dismissedAt).toBeNull();

    const own = await request(`/api/notifications/${id}/dismiss`, { method: "POST", cookie: owner.cookie });
    expect(own.status).toBe(200);
    const [after] = await testDb().select().from(notifications).where(eq(notifications.id, id));
    expect(after!.dismissedAt).not.toBeNull();
    expect((await request("/api/notifications/999999999/dismiss", { method: "POST", cookie: owner.cookie })).status).toBe(404);
    expect((await request("/api/notifications/abc/dismiss", { method: "POST", cookie: owner.cookie })).status).toBe(400);
  });

  it("dismisses all of one's own and none of anyone else's", async () => {
    const user = await createUser();
    const other = await createUser();
    await seedNotification(user.id, "2025-04-01", "A", Date.UTC(2025, 3, 1));
    await seedNotification(user.id, "2025-04-02", "B", Date.UTC(2025, 3, 2));
    const othersId = await seedNotification(other.id, "2025-04-01", "C", Date.UTC(2025, 3, 1));
    const response = await request("/api/notifications/dismiss-all", { method: "POST", cookie: user.cookie });
    expect(await json(response)).toEqual({ ok: true, dismissed: 2 });
    expect((await json(await request("/api/notifications", { cookie: user.cookie }))).undismissedCount).toBe(0);
    const [theirs] = await testDb().select().from(notifications).where(eq(notifications.id, othersId));
    expect(theirs!.dismissedAt).toBeNull();
  });

  it("reads and updates reminder settings with validation", async () => {
    const user = await createUser();
    const initial = await json(await request("/api/notifications/settings", { cookie: user.cookie }));
    expect(initial).toMatchObject({ remindersEnabled: true, reminderLeadDays: 2, timeZone: "UTC", pushAvailable: false });

    const updated = await request("/api/notifications/settings", {
      method: "PUT",
      cookie: user.cookie,
      body: { remindersEnabled: false, reminderLeadDays: 4, timeZone: "Europe/Berlin" },
    });
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ remindersEnabled: false, reminderLeadDays: 4, timeZone: "Europe/Berlin" });
    const [row] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ remindersEnabled: false, reminderLeadDays: 4, timeZone: "Europe/Berlin" });

    const badLead = await request("/api/notifications/settings", { method: "PUT", cookie: user.cookie, body: { reminderLeadDays: 8 } });
    expect(badLead.status).toBe(400);
    expect((await json(badLead)).message).toBe("Lead time must be between 0 and 7 days");
    const badZone = await request("/api/notifications/settings", { method: "PUT", cookie: user.cookie, body: { timeZone: "Mars/Olympus_Mons" } });
    expect(badZone.status).toBe(400);
    expect((await json(badZone)).message).toBe("Time zone is not valid");
  });

  it("gives the VAPID public key only when push is configured", async () => {
    const user = await createUser();
    const without = await json(await request("/api/notifications/push-public-key", { cookie: user.cookie }));
    expect(without).toEqual({ publicKey: null });
    const vapid = await vapidEnv();
    const withKey = await json(await request("/api/notifications/push-public-key", { cookie: user.cookie, env: vapid }));
    expect(withKey).toEqual({ publicKey: vapid.VAPID_PUBLIC_KEY });
  });

  it("subscribes and unsubscribes a browser, validating the endpoint and keys", async () => {
    const user = await createUser();
    const vapid = await vapidEnv();
    const endpoint = `https://push.example.net/${user.id}`;

    const notConfigured = await request("/api/notifications/subscribe", { cookie: user.cookie, body: { endpoint, keys: KEYS } });
    expect(notConfigured.status).toBe(400);

    const insecure = await request("/api/notifications/subscribe", { cookie: user.cookie, env: vapid, body: { endpoint: "http://push.example.net/x", keys: KEYS } });
    expect(insecure.status).toBe(400);
    const badKeys = await request("/api/notifications/subscribe", { cookie: user.cookie, env: vapid, body: { endpoint, keys: { p256dh: "AAAA", auth: "BBBB" } } });
    expect(badKeys.status).toBe(400);

    const ok = await request("/api/notifications/subscribe", { cookie: user.cookie, env: vapid, body: { endpoint, keys: KEYS } });
    expect(ok.status).toBe(200);
    // Subscribing the same browser again updates, it does not duplicate.
    await request("/api/notifications/subscribe", { cookie: user.cookie, env: vapid, body: { endpoint, keys: KEYS } });
    const rows = await testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(user.id);

    // Another account cannot remove it.
    const other = await createUser();
    await request("/api/notifications/subscribe", { method: "DELETE", cookie: other.cookie, body: { endpoint } });
    expect(await testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    const removed = await request("/api/notifications/subscribe", { method: "DELETE", cookie: user.cookie, body: { endpoint } });
    expect(removed.status).toBe(200);
    expect(await testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
  });

  it("refuses every notifications procedure to a signed-out caller", async () => {
    const calls: [string, unknown, "query" | "mutation"][] = [
      ["notifications.list", undefined, "query"],
      ["notifications.dismiss", { id: 1 }, "mutation"],
      ["notifications.dismissAll", undefined, "mutation"],
      ["notifications.settings", undefined, "query"],
      ["notifications.updateSettings", { remindersEnabled: false }, "mutation"],
      ["notifications.pushPublicKey", undefined, "query"],
      ["notifications.subscribe", { endpoint: "https://push.example.net/x", keys: KEYS }, "mutation"],
      ["notifications.unsubscribe", { endpoint: "https://push.example.net/x" }, "mutation"],
    ];
    for (const [path, input, type] of calls) {
      const response = await trpc(path, input, { type });
      expect(response.status, path).toBe(401);
    }
    for (const [method, path] of [
      ["GET", "/api/notifications"],
      ["POST", "/api/notifications/1/dismiss"],
      ["POST", "/api/notifications/dismiss-all"],
      ["GET", "/api/notifications/settings"],
      ["PUT", "/api/notifications/settings"],
      ["GET", "/api/notifications/push-public-key"],
      ["POST", "/api/notifications/subscribe"],
      ["DELETE", "/api/notifications/subscribe"],
    ] as const) {
      const response = await request(path, { method, body: method === "GET" ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
