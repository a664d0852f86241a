/**
 * The pantry's shared rules, held together: "expiring soon" gives the same items on the dashboard card, behind its
 * View all link (the pantry's expiring filter), on the notifications card and in the reminders; "still has
 * something left" is one SQL fragment that agrees with the JS predicate and uses the partial index.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { and, eq, sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { notifications, pantryItems, users } from "../../db/schema";
import { isVisible } from "../../worker/domain/containers";
import { addDays, todayIn } from "../../worker/domain/dates";
import { isExpiringSoon } from "../../worker/domain/expiry";
import { dueItemsQuery, runExpiryReminders } from "../../worker/jobs/reminders";
import { dashboardQueries } from "../../worker/services/dashboard";
import { expiringSoonPantryItem, pantryListQuery, visiblePantryItem } from "../../worker/services/pantry";
import { smartPantryQuery } from "../../worker/services/smart";
import { createUser, testDb, type TestUser } from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";

type Listed = { id: number; name: string };

async function setZone(user: TestUser, timeZone: string) {
  await testDb().update(users).set({ timeZone }).where(eq(users.id, user.id));
}

/** Items at these day offsets from the user's today (null: no date), plus used-up rows that must never count. */
async function seedPantry(user: TestUser, today: string, offsets: (number | null)[]) {
  const rows = offsets.map((offset, i) => ({
    userId: user.id,
    name: `Item ${i} (${offset ?? "no date"})`,
    category: "Other",
    expirationDate: offset === null ? null : addDays(today, offset),
  }));
  const hidden = [
    { userId: user.id, name: "Used up", category: "Other", quantity: 0, expirationDate: addDays(today, 1) },
    { userId: user.id, name: "Empty jar", category: "Other", quantity: 1, amountPerUnit: 0, maxAmountPerUnit: 500, expirationDate: addDays(today, -1) },
  ];
  for (let i = 0; i < rows.length; i += 10) await testDb().insert(pantryItems).values(rows.slice(i, i + 10));
  await testDb().insert(pantryItems).values(hidden);
  return testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id));
}

async function dashboardOf(user: TestUser) {
  const response = await request("/api/dashboard", { cookie: user.cookie });
  expect(response.status).toBe(200);
  return json<{ expiringItems: Listed[]; expiringCount: number }>(response);
}

async function expiringFilterOf(user: TestUser) {
  const response = await trpc("pantry.list", { expiry: "expiring" }, { cookie: user.cookie, type: "query" });
  expect(response.status).toBe(200);
  return (await json<{ result: { data: Listed[] } }>(response)).result.data;
}

async function notificationsOf(user: TestUser) {
  const response = await trpc("notifications.list", undefined, { cookie: user.cookie, type: "query" });
  expect(response.status).toBe(200);
  return (await json<{ result: { data: { notifications: { items: { id: number }[] }[]; expiringSoon: { count: number; expired: number } } } }>(response)).result.data;
}

const OFFSETS = [-45, -3, -1, 0, 1, 2, 3, 5, 7, 8, 9, 30, null];

describe("expiring soon means one thing everywhere", () => {
  it("the dashboard card, its View all list and the notifications card list the same items", async () => {
    const user = await createUser();
    const other = await createUser();
    const today = todayIn("UTC");
    const rows = await seedPantry(user, today, OFFSETS);
    // Someone else's expiring food never shows up in this user's counts or lists.
    await seedPantry(other, today, [-1, 0, 2]);
    const expected = rows.filter((row) => isVisible(row) && isExpiringSoon(row.expirationDate, today)).map((row) => row.id);
    // Expired (any age), today, and up to 7 days ahead; not 8 or later, not undated, not used up.
    expect(expected).toHaveLength(9);

    const dashboard = await dashboardOf(user);
    const filter = await expiringFilterOf(user);
    const notes = await notificationsOf(user);
    expect(dashboard.expiringItems.map((i) => i.id).sort()).toEqual([...expected].sort());
    expect(dashboard.expiringCount).toBe(expected.length);
    expect(filter.map((i) => i.id)).toEqual(dashboard.expiringItems.map((i) => i.id));
    // No morning reminder yet, yet the card knows what is expiring (it never says "all caught up" here).
    expect(notes.notifications).toEqual([]);
    expect(notes.expiringSoon).toEqual({ count: expected.length, expired: 3 });
  });

  it("the card shows the first 10 and its count matches the View all list", async () => {
    const user = await createUser();
    const today = todayIn("UTC");
    await seedPantry(user, today, [-2, -1, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8]);
    const dashboard = await dashboardOf(user);
    const filter = await expiringFilterOf(user);
    expect(dashboard.expiringItems).toHaveLength(10);
    expect(dashboard.expiringCount).toBe(13);
    expect(filter).toHaveLength(13);
    expect(filter.slice(0, 10).map((i) => i.id)).toEqual(dashboard.expiringItems.map((i) => i.id));
    expect((await notificationsOf(user)).expiringSoon.count).toBe(13);
  });

  it("counts days in the user's own time zone everywhere", async () => {
    const user = await createUser();
    const zone = "Pacific/Kiritimati"; // UTC+14: often a day ahead of UTC
    await setZone(user, zone);
    const today = todayIn(zone);
    await seedPantry(user, today, [7, 8]);
    const dashboard = await dashboardOf(user);
    expect(dashboard.expiringItems.map((i) => i.name)).toEqual(["Item 0 (7)"]);
    expect((await expiringFilterOf(user)).map((i) => i.name)).toEqual(["Item 0 (7)"]);
    expect((await notificationsOf(user)).expiringSoon.count).toBe(1);
  });

  it("every item a reminder lists is in the list its See items link opens", async () => {
    const user = await createUser();
    await testDb().update(users).set({ reminderLeadDays: 7 }).where(eq(users.id, user.id));
    const now = new Date();
    const today = todayIn("UTC", now);
    await seedPantry(user, today, OFFSETS);
    // 07:00 UTC or later is when the job writes a UTC user's reminder.
    const morning = new Date(`${today}T09:00:00Z`);
    await runExpiryReminders(env, morning, { startAfter: null, useStoredCursor: false });
    const [reminder] = await testDb().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(reminder).toBeDefined();
    const reminded = reminder!.data!.items.map((i) => i.id);
    const listed = new Set((await expiringFilterOf(user)).map((i) => i.id));
    expect(reminded.length).toBeGreaterThan(0);
    for (const id of reminded) expect(listed.has(id)).toBe(true);
    // Expired more than 30 days ago: still expiring soon in the pantry, no longer repeated every morning.
    const old = (await expiringFilterOf(user)).find((i) => i.name.includes("(-45)"))!;
    expect(reminded).not.toContain(old.id);
  });

  it("the SQL window and isExpiringSoon agree on every plain date (property)", async () => {
    const user = await createUser();
    const today = "2026-03-08";
    const offsets = fc.sample(fc.integer({ min: -60, max: 60 }), 80);
    const rows = await seedPantry(user, today, offsets);
    const selected = await testDb()
      .select({ id: pantryItems.id })
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, user.id), expiringSoonPantryItem(today)));
    const fromSql = new Set(selected.map((r) => r.id));
    for (const row of rows) expect(fromSql.has(row.id), `${row.expirationDate}`).toBe(isExpiringSoon(row.expirationDate, today));
  });
});

describe("still has something left: one SQL fragment, one predicate, one index", () => {
  it("the SQL fragment selects exactly the rows isVisible() keeps", async () => {
    const user = await createUser();
    const quantities = [-1, 0, 1e-9, 0.01, 0.5, 1, 2.5];
    const amounts = [null, -1, 0, 1e-9, 0.5, 300];
    const combos = quantities.flatMap((quantity) => amounts.map((amountPerUnit) => ({ quantity, amountPerUnit })));
    const random = fc.sample(fc.record({ quantity: fc.double({ min: -5, max: 5, noNaN: true }), amountPerUnit: fc.option(fc.double({ min: -5, max: 500, noNaN: true })) }), 60);
    const values = [...combos, ...random].map((c, i) => ({ userId: user.id, name: `Row ${i}`, category: "Other", quantity: c.quantity, amountPerUnit: c.amountPerUnit, maxAmountPerUnit: 500 }));
    for (let i = 0; i < values.length; i += 10) await testDb().insert(pantryItems).values(values.slice(i, i + 10));
    const all = await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id));
    const visible = await testDb()
      .select({ id: pantryItems.id })
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, user.id), visiblePantryItem));
    expect(visible.map((r) => r.id).sort((a, b) => a - b)).toEqual(all.filter((row) => isVisible(row)).map((row) => row.id).sort((a, b) => a - b));
    expect(visible.length).toBeGreaterThan(0);
    expect(visible.length).toBeLessThan(all.length);
  });

  it("repeats the partial indexes' WHERE term for term, with literal zeros", async () => {
    // The visible index and the paged list's order indexes (one per sort) share one condition.
    const indexes = await env.DB.prepare("select name, sql from sqlite_master where name like 'pantry_items_user_id_%visible_idx'").all<{ name: string; sql: string }>();
    expect(indexes.results.length).toBe(6);
    const wheres = new Set(indexes.results.map((index) => index.sql.slice(index.sql.indexOf(" WHERE ") + 7).trim()));
    expect(wheres.size).toBe(1);
    const [indexWhere] = [...wheres];
    const query = testDb().select({ id: pantryItems.id }).from(pantryItems).where(visiblePantryItem).toSQL();
    const fragment = query.sql
      .slice(query.sql.indexOf(" where ") + 7)
      .replaceAll('"pantry_items".', "")
      .replaceAll('"', "")
      .replace(/^\((.*)\)$/, "$1");
    expect(fragment).toBe(indexWhere);
    expect(query.params).toEqual([]);
  });

  async function planOf(query: { sql: string; params: unknown[] }): Promise<string> {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    return plan.results.map((row) => row.detail).join(" | ");
  }

  it("lists, the dashboard, smart insights, notifications and reminders read through the partial index", async () => {
    const user = await createUser();
    const db = testDb();
    const today = todayIn("UTC");
    const ctx = { db };
    const pantryQueries: [string, { sql: string; params: unknown[] }][] = [
      ["list", pantryListQuery(ctx, user.id, { expiry: "all", sort: "expiration" }, today).toSQL()],
      ["list by name", pantryListQuery(ctx, user.id, { expiry: "all", sort: "name" }, today).toSQL()],
      ["expiring filter", pantryListQuery(ctx, user.id, { expiry: "expiring", sort: "expiration" }, today).toSQL()],
      ["smart pantry", smartPantryQuery(db, user.id).toSQL()],
      ...dashboardQueries(db, user.id, today)
        .map((q) => q.toSQL())
        .filter((q) => q.sql.includes('from "pantry_items"'))
        .map((q, i) => [`dashboard ${i}`, q] as [string, { sql: string; params: unknown[] }]),
    ];
    const dialect = (db as unknown as { dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } } }).dialect;
    pantryQueries.push(["reminders", dialect.sqlToQuery(dueItemsQuery([{ u: user.id, from: addDays(today, -30), to: addDays(today, 2) }]))]);
    pantryQueries.push(["notifications", db.select({ n: sql`count(*)` }).from(pantryItems).where(and(eq(pantryItems.userId, user.id), expiringSoonPantryItem(today), visiblePantryItem)).toSQL()]);
    expect(pantryQueries.length).toBeGreaterThanOrEqual(8);
    for (const [label, query] of pantryQueries) {
      const plan = await planOf(query);
      expect(plan, label).toMatch(/USING (COVERING )?INDEX pantry_items_user_id_\w*visible_idx/);
      expect(plan, label).not.toMatch(/SCAN pantry_items/);
    }
  });
});
