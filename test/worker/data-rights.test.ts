/**
 * Data rights over HTTP: Download my data (JSON of every table that belongs to the user, CSV for the pantry and
 * grocery lists) and Delete my account (nothing of the user left in any table, in R2 or in KV).
 *
 * Tables are discovered from sqlite_master, never listed here: the deletion test fills every table that has a
 * user_id column (and every table hanging off one) with a row of the user, through the factories where one exists
 * and a generic insert otherwise, so a table added by a later release is covered the day it is created.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createComment,
  createGroceryList,
  createGroceryListItem,
  createMealPlan,
  createNotification,
  createOwnRecipe,
  createPantryItem,
  createPantryLink,
  createReceipt,
  createUser,
  libraryRecipe,
  type TestUser,
} from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";

type ColumnInfo = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number };
type ForeignKeyInfo = { from: string; table: string; to: string | null };
type TableInfo = { name: string; columns: ColumnInfo[]; foreignKeys: ForeignKeyInfo[] };

async function schema(): Promise<TableInfo[]> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE '__drizzle%'").all<{ name: string }>();
  return Promise.all(
    tables.results.map(async ({ name }) => ({
      name,
      columns: (await env.DB.prepare(`SELECT * FROM pragma_table_info(?)`).bind(name).all<ColumnInfo>()).results,
      foreignKeys: (await env.DB.prepare(`SELECT * FROM pragma_foreign_key_list(?)`).bind(name).all<ForeignKeyInfo>()).results,
    })),
  );
}

const hasUserId = (t: TableInfo) => t.name !== "users" && t.columns.some((c) => c.name === "user_id");

/** Tables whose rows belong to a user: with user_id, or hanging off such a table by a foreign key. */
function userTables(tables: TableInfo[]) {
  const owned = new Set(tables.filter(hasUserId).map((t) => t.name));
  const children = new Map<string, ForeignKeyInfo>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of tables) {
      if (t.name === "users" || owned.has(t.name) || children.has(t.name)) continue;
      const via = t.foreignKeys.find((f) => owned.has(f.table) || children.has(f.table));
      if (via) {
        children.set(t.name, via);
        changed = true;
      }
    }
  }
  return { owned, children };
}

/** SQL selecting `column` of a table's rows that belong to the user (one bound parameter), through parents. */
function ownedIdsSql(tables: TableInfo[], table: string, column: string): string {
  const { owned, children } = userTables(tables);
  if (owned.has(table)) return `SELECT "${column}" FROM "${table}" WHERE user_id = ?`;
  const via = children.get(table)!;
  return `SELECT "${column}" FROM "${table}" WHERE "${via.from}" IN (${ownedIdsSql(tables, via.table, via.to ?? "id")})`;
}

const countSql = (tables: TableInfo[], name: string) => `SELECT COUNT(*) AS n FROM (${ownedIdsSql(tables, name, "rowid")})`;

/** Every row of each user table, whoever owns it. */
async function totals(): Promise<Record<string, number>> {
  const tables = await schema();
  const { owned, children } = userTables(tables);
  const out: Record<string, number> = {};
  for (const name of [...owned, ...children.keys(), "users"]) out[name] = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).first<{ n: number }>())!.n;
  return out;
}

async function countsOf(userId: string): Promise<Record<string, number>> {
  const tables = await schema();
  const { owned, children } = userTables(tables);
  const out: Record<string, number> = {};
  for (const name of [...owned, ...children.keys()].sort()) {
    out[name] = (await env.DB.prepare(countSql(tables, name)).bind(userId).first<{ n: number }>())!.n;
  }
  out.users = (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE id = ?").bind(userId).first<{ n: number }>())!.n;
  return out;
}

/** A value for a NOT NULL column without a default, by its declared type (text unique per user). */
function filler(column: ColumnInfo, userId: string): unknown {
  const type = column.type.toUpperCase();
  if (/INT|REAL|NUM|FLOA|DOUB/.test(type)) return 1;
  return `x-${column.name}-${userId}`;
}

/**
 * Gives the user a row in every user table still empty for them: user_id set, foreign keys pointing at one of the
 * user's rows in the parent table (or the user), NOT NULL columns filled by type. Parents are filled first.
 */
async function fillEveryUserTable(userId: string) {
  const tables = await schema();
  const { owned, children } = userTables(tables);
  const pending = [...owned, ...children.keys()];
  for (let round = 0; round < 10 && pending.length > 0; round++) {
    for (const name of [...pending]) {
      const counts = (await env.DB.prepare(countSql(tables, name)).bind(userId).first<{ n: number }>())!.n;
      if (counts > 0) {
        pending.splice(pending.indexOf(name), 1);
        continue;
      }
      const table = tables.find((t) => t.name === name)!;
      const values: Record<string, unknown> = {};
      let ready = true;
      for (const column of table.columns) {
        if (column.pk && /INT/i.test(column.type)) continue;
        if (column.name === "user_id") {
          values[column.name] = userId;
          continue;
        }
        const key = table.foreignKeys.find((f) => f.from === column.name);
        if (key) {
          if (key.table === "users") values[column.name] = userId;
          else if (owned.has(key.table) || children.has(key.table)) {
            const parent = await env.DB.prepare(`${ownedIdsSql(tables, key.table, key.to ?? "id")} LIMIT 1`)
              .bind(userId)
              .first<Record<string, unknown>>();
            if (!parent) ready = false;
            else values[column.name] = Object.values(parent)[0];
          } else if (column.notnull) ready = false;
          continue;
        }
        if (column.notnull && column.dflt_value === null) values[column.name] = filler(column, userId);
      }
      if (!ready) continue;
      const names = Object.keys(values);
      await env.DB.prepare(`INSERT INTO "${name}" (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`)
        .bind(...Object.values(values))
        .run();
      pending.splice(pending.indexOf(name), 1);
    }
  }
  expect(pending, "tables the generic filler could not give a row").toEqual([]);
}

/** A user with something in every table: real objects through the factories, then the generic filler. */
async function userWithEverything(): Promise<TestUser> {
  const user = await createUser();
  const item = await createPantryItem(user, { name: "Spinach" });
  const recipe = await createOwnRecipe(user);
  await createComment(user, recipe.id);
  await createPantryLink(user, recipe.id, item.id);
  await user.api.recipes.feedback.set.mutate({ recipeId: recipe.id, feedbackType: "thumbs_up" });
  await user.api.recipes.save.mutate({ id: (await libraryRecipe()).id });
  await createReceipt(user, { confirm: true });
  await createNotification(user.id);
  const list = await createGroceryList(user);
  await createGroceryListItem(user, list.id);
  await createMealPlan(user.id, { recipeId: recipe.id });
  await user.api.engagement.sendFeedback.mutate({ feedback: "Love it" });
  await user.api.engagement.submitResearch.mutate({ age: "26-35" });
  await env.BUCKET.put(`users/${user.id}/profile/photo.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await fillEveryUserTable(user.id);
  return user;
}

describe("Download my data", () => {
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    owner = await userWithEverything();
    other = await userWithEverything();
  });

  it("answers 401 signed out, over tRPC and REST", async () => {
    expect((await trpc("account.export", undefined, { type: "query" })).status).toBe(401);
    expect((await request("/api/account/export")).status).toBe(401);
    expect((await request("/api/account/export/pantry.csv")).status).toBe(401);
  });

  it("holds every table of the user, only the user's rows, without credentials", async () => {
    const response = await request("/api/account/export", { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="plantry-export.json"');
    const body = await json(response);
    const counts = await countsOf(owner.id);
    // Exactly the tables that belong to users, each with the user's row count.
    expect(Object.keys(body.tables).sort()).toEqual(Object.keys(counts).sort());
    for (const [table, count] of Object.entries(counts)) expect({ table, rows: body.tables[table].length }).toEqual({ table, rows: count });
    for (const [table, rows] of Object.entries(body.tables as Record<string, Record<string, unknown>[]>)) {
      for (const row of rows) if ("user_id" in row) expect({ table, user: row.user_id }).toEqual({ table, user: owner.id });
    }
    expect(JSON.stringify(body)).not.toContain(other.id);
    expect(body.tables.users[0]).not.toHaveProperty("password_hash");
    expect(body.tables.pantry_items.map((r: { name: string }) => r.name)).toContain("Spinach");
    expect(body.tables.recipe_ingredients.length).toBeGreaterThan(0);
    expect(body.account).toMatchObject({ id: owner.id, username: owner.username });
  });

  it("gives the pantry and the grocery lists as CSV, formulas defused", async () => {
    await createPantryItem(owner, { name: "=cmd|' /C calc'!A0" });
    const pantry = await request("/api/account/export/pantry.csv", { cookie: owner.cookie });
    expect(pantry.status).toBe(200);
    expect(pantry.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await pantry.text();
    const [header, ...rows] = text.trim().split("\r\n");
    expect(header).toBe("Name,Category,Quantity,Unit,Container,Storage,Opened,Amount left,Full amount,Expires,Purchased,Price,Added");
    expect(rows.some((r) => r.startsWith("Spinach,Fresh Vegetables,1,"))).toBe(true);
    // A leading apostrophe makes spreadsheets show the cell as text instead of running it.
    expect(rows.some((r) => r.startsWith("'=cmd|' /C calc'!A0,Fresh Vegetables,"))).toBe(true);

    const lists = await owner.api.account.exportCsv.query({ kind: "grocery-lists" });
    expect(lists.filename).toBe("plantry-grocery-lists.csv");
    expect(lists.csv.split("\r\n")[0]).toBe("List,List notes,List created,Item,Quantity,Unit,Category,Checked");
    expect(lists.csv).toContain("Weekly shop,,");
    expect(lists.csv).toContain(",Oat milk,1,carton,Milk & Eggs,no");
  });

  it("refuses an unknown CSV kind with a message", async () => {
    const response = await trpc("account.exportCsv", { kind: "recipes" }, { type: "query", cookie: owner.cookie });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe("Choose pantry or grocery-lists");
  });
});

describe("Delete my account", () => {
  it("removes every row, every stored file and every session of the user, and nothing of anyone else", async () => {
    const user = await userWithEverything();
    const bystander = await userWithEverything();
    const before = await countsOf(user.id);
    // The fixture really did give the user something everywhere.
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    const bystanderBefore = await countsOf(bystander.id);
    const totalsBefore = await totals();
    const receiptKeys = (await env.DB.prepare("SELECT image_key AS k FROM receipts WHERE user_id = ? AND image_key IS NOT NULL").bind(user.id).all<{ k: string }>()).results.map((r) => r.k);
    expect(receiptKeys.length).toBeGreaterThan(0);
    const secondDevice = (await request("/api/auth/login", { body: { username: user.username, password: user.password } })).headers.getSetCookie()[0]!.split(";")[0]!;

    const refused = await trpc("auth.deleteAccount", { password: "not my password", confirm: "DELETE" }, { cookie: user.cookie });
    expect(refused.status).toBe(403);
    expect(await countsOf(user.id)).toEqual(before);
    const unconfirmed = await trpc("auth.deleteAccount", { password: user.password, confirm: "delete" }, { cookie: user.cookie });
    expect(unconfirmed.status).toBe(400);
    expect((await json(unconfirmed)).error.message).toBe("Type DELETE to confirm");

    const deleted = await trpc("auth.deleteAccount", { password: user.password, confirm: "DELETE" }, { cookie: user.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().some((c) => c.startsWith("plantry_session=;"))).toBe(true);

    const after = await countsOf(user.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    // Rows are gone, not just detached from the user (a SET NULL foreign key would leave them anonymised).
    const expected = Object.fromEntries(Object.entries(totalsBefore).map(([table, n]) => [table, n - (before[table] ?? 0)]));
    expect(await totals()).toEqual(expected);
    // No row anywhere still names the user, whatever the column (feedback's user_id is SET NULL, so rows could survive anonymised).
    for (const table of await schema()) {
      for (const column of table.columns.filter((c) => /TEXT/i.test(c.type) || c.type === "")) {
        const hit = await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${table.name}" WHERE "${column.name}" = ?`).bind(user.id).first<{ n: number }>();
        expect({ table: table.name, column: column.name, n: hit!.n }).toEqual({ table: table.name, column: column.name, n: 0 });
      }
    }
    expect((await env.BUCKET.list({ prefix: `users/${user.id}/` })).objects).toEqual([]);
    for (const key of receiptKeys) expect(await env.BUCKET.head(key)).toBeNull();
    expect((await env.SESSIONS.list({ prefix: `user-sessions:${user.id}:` })).keys).toEqual([]);
    for (const cookie of [user.cookie, secondDevice]) expect((await request("/api/auth/user", { cookie })).status).toBe(401);

    expect(await countsOf(bystander.id)).toEqual(bystanderBefore);
    expect((await env.BUCKET.list({ prefix: `users/${bystander.id}/` })).objects.length).toBeGreaterThan(0);
    expect((await request("/api/auth/user", { cookie: bystander.cookie })).status).toBe(200);
  });

  it("answers 401 signed out", async () => {
    expect((await trpc("auth.deleteAccount", { confirm: "DELETE" })).status).toBe(401);
  });
});
