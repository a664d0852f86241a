/**
 * The paged pantry list (pantry.page): every sort and filter, walked a few items at a time, gives exactly the full
 * list's items in the full list's order; counts come with the first page; bad cursors get a message; each page is
 * read from an index in order (no scan of the user's rows, no sort of them).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { pantryItems } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { PANTRY_SORTS } from "../../worker/domain/constants";
import { PANTRY_EXPIRY_FILTERS } from "../../worker/schemas/pantry";
import { createPantryItem, createUser, testDb, type TestUser } from "../helpers/factories";
import { trpc } from "../helpers/http";

let owner: TestUser;
let other: TestUser;
const today = todayIn("UTC");

// Mixed case, shared names (ties broken by id), every band, undated items, several quantities and places.
const NAMES = ["apple", "Apple", "banana", "Broccoli", "carrot", "Carrots", "dill", "eggs", "Eggs", "feta", "garlic", "honey", "Zucchini", "yogurt"];
const OFFSETS = [-9, -1, 0, 1, 2, 3, 7, 8, 30, null];

beforeAll(async () => {
  owner = await createUser();
  other = await createUser();
  const rows = Array.from({ length: 70 }, (_, i) => ({
    userId: owner.id,
    name: NAMES[i % NAMES.length]!,
    category: i % 3 === 0 ? "Fresh Fruits" : i % 3 === 1 ? "Dry Goods" : "Milk & Eggs",
    quantity: 1 + (i % 4),
    storageLocation: ["fridge", "pantry", "freezer"][i % 3]!,
    expirationDate: OFFSETS[i % OFFSETS.length] === null ? null : addDays(today, OFFSETS[i % OFFSETS.length]!),
    dateAdded: new Date(Date.UTC(2026, 0, 1) + (i % 9) * 60_000),
  }));
  // Used-up rows are never listed.
  rows.push({ ...rows[0]!, name: "used up", quantity: 0 });
  for (let i = 0; i < rows.length; i += 8) await testDb().insert(pantryItems).values(rows.slice(i, i + 8));
  await createPantryItem(other, { name: "apple" });
});

type Page = { items: { id: number; name: string }[]; nextCursor: string | null; total: number | null; needAttention: number | null };

async function query<T>(path: string, input: unknown, user = owner): Promise<T> {
  const response = await trpc(path, input, { type: "query", cookie: user.cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function walk(filters: Record<string, unknown>, limit: number): Promise<{ ids: number[]; first: Page; pages: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let first: Page | null = null;
  let pages = 0;
  do {
    const page: Page = await query<Page>("pantry.page", { ...filters, limit, cursor });
    first ??= page;
    pages += 1;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { ids, first: first!, pages };
}

describe("pantry.page walks the same list as pantry.list", () => {
  for (const sort of PANTRY_SORTS) {
    it(`sort ${sort}, every expiry filter`, async () => {
      for (const expiry of PANTRY_EXPIRY_FILTERS) {
        const full = await query<{ id: number }[]>("pantry.list", { sort, expiry });
        const { ids, first } = await walk({ sort, expiry }, 6);
        expect(ids, `${sort}/${expiry}`).toEqual(full.map((item) => item.id));
        expect(first.total, `${sort}/${expiry}`).toBe(full.length);
      }
    });
  }

  it("keeps search, category and place filters on the server", async () => {
    for (const filters of [{ search: "EGG" }, { category: "Dry Goods", sort: "name" }, { storageLocation: "freezer", expiry: "expiring" }, { search: "c", sort: "quantity" }]) {
      const full = await query<{ id: number }[]>("pantry.list", filters);
      const { ids } = await walk(filters, 4);
      expect(ids).toEqual(full.map((item) => item.id));
      expect(ids.length).toBeGreaterThan(0);
    }
  });

  it("answers the counts on the first page only, and a whole page when it fits", async () => {
    const all = await query<{ expiry: { highlight: boolean } }[]>("pantry.list", {});
    const first = await query<Page>("pantry.page", {});
    expect(first.total).toBe(all.length);
    expect(first.needAttention).toBe(all.filter((item) => item.expiry.highlight).length);
    expect(first.needAttention).toBeGreaterThan(0);
    expect(first.nextCursor).not.toBeNull();
    const second = await query<Page>("pantry.page", { cursor: first.nextCursor });
    expect(second.total).toBeNull();
    const whole = await query<Page>("pantry.page", { limit: 100 });
    expect(whole.items.length).toBe(all.length);
    expect(whole.nextCursor).toBeNull();
  });

  it("never lists another user's items", async () => {
    const page = await query<Page>("pantry.page", { limit: 100 }, other);
    expect(page.items.map((item) => item.name)).toEqual(["apple"]);
    expect(page.total).toBe(1);
  });
});

describe("bad paging input", () => {
  for (const [label, input] of [
    ["a made-up cursor", { cursor: "not-a-cursor" }],
    ["a cursor of another sort", null],
    ["a page size over 100", { limit: 101 }],
    ["a page size of 0", { limit: 0 }],
  ] as const) {
    it(`${label} answers 400 with a message`, async () => {
      let body = input as Record<string, unknown> | null;
      if (!body) body = { sort: "name", cursor: (await query<Page>("pantry.page", { sort: "expiration", limit: 2 })).nextCursor };
      const response = await trpc("pantry.page", body, { type: "query", cookie: owner.cookie });
      expect(response.status).toBe(400);
      const error = ((await response.json()) as { error: { message: string } }).error;
      expect(error.message.length).toBeGreaterThan(5);
      expect(error.message).not.toMatch(/ZodError|at .*\.ts/);
    });
  }
});

describe("each page is read from an index in order", () => {
  it("no sort or scan of the user's rows, for every sort, first and later pages", async () => {
    const statements: string[] = [];
    const spying = (db: D1Database): D1Database => new Proxy(db, {
      get(target, prop, receiver) {
        // Requests read through a D1 session (read replication): spy on the session as well.
        if (prop === "withSession") return (bookmark?: string) => spying(target.withSession(bookmark) as unknown as D1Database);
        if (prop === "batch") {
          return async (list: { statement?: string }[]) => {
            for (const s of list) statements.push((s as unknown as { statement: string }).statement);
            return target.batch(list as never);
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const spy = spying(env.DB);
    for (const sort of PANTRY_SORTS) {
      const first = await query<Page>("pantry.page", { sort, limit: 5 });
      const response = await trpc("pantry.page", { sort, limit: 5, cursor: first.nextCursor }, { type: "query", cookie: owner.cookie, env: { DB: spy } });
      expect(response.status).toBe(200);
      await trpc("pantry.page", { sort, limit: 5 }, { type: "query", cookie: owner.cookie, env: { DB: spy } });
    }
    const pageStatements = statements.filter((s) => /from "pantry_items"/.test(s) && /order by/i.test(s));
    expect(pageStatements.length).toBeGreaterThanOrEqual(PANTRY_SORTS.length * 2);
    for (const statement of pageStatements) {
      // Bound values do not change the plan's shape; the planner sees placeholders.
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`)
        .bind(...Array.from({ length: (statement.match(/\?/g) ?? []).length }, () => null))
        .all<{ detail: string }>();
      const detail = plan.results.map((row) => row.detail).join(" | ");
      expect(detail, statement).toMatch(/USING (COVERING )?INDEX pantry_items_user_id_\w*visible_idx/);
      expect(detail, statement).not.toMatch(/TEMP B-TREE|SCAN pantry_items\b(?! USING)/);
    }
  });

  it("the rows it counts are the user's visible ones", async () => {
    const [row] = await testDb()
      .select({ n: sql<number>`COUNT(*)` })
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, owner.id), sql`quantity > 0`));
    expect((await query<Page>("pantry.page", {})).total).toBe(row!.n);
  });
});
