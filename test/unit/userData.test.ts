import { describe, expect, it } from "vitest";
import { deleteOwnedRowsSql, deletionOrder, exportableRow, isSecretColumn, ownedRowsSql, ownershipPlan, toCsv, type TableSchema } from "../../worker/domain/userData";

const fk = (column: string, parent: string, parentColumn = "id") => ({ column, parent, parentColumn });

/** A slice of the real schema, plus tables a later release might add. */
const SCHEMA: TableSchema[] = [
  { name: "users", columns: ["id", "username", "password_hash"], foreignKeys: [] },
  { name: "recipes", columns: ["id", "user_id", "title"], foreignKeys: [fk("user_id", "users")] },
  { name: "recipe_ingredients", columns: ["id", "recipe_id", "name"], foreignKeys: [fk("recipe_id", "recipes")] },
  { name: "recipe_ingredient_notes", columns: ["id", "ingredient_id"], foreignKeys: [fk("ingredient_id", "recipe_ingredients")] },
  { name: "pantry_items", columns: ["id", "user_id", "receipt_id"], foreignKeys: [fk("user_id", "users"), fk("receipt_id", "receipts")] },
  { name: "receipts", columns: ["id", "user_id", "image_key"], foreignKeys: [fk("user_id", "users")] },
  { name: "recipe_pantry_items", columns: ["id", "user_id", "recipe_id", "pantry_item_id"], foreignKeys: [fk("recipe_id", "recipes"), fk("pantry_item_id", "pantry_items")] },
  { name: "rate_limits", columns: ["key", "count"], foreignKeys: [] },
  { name: "d1_migrations", columns: ["id", "name"], foreignKeys: [] },
  { name: "sqlite_sequence", columns: ["name", "seq"], foreignKeys: [] },
];

describe("ownership from the schema", () => {
  it("finds owned tables by user_id, children through their parents, and leaves the rest alone", () => {
    const plan = ownershipPlan(SCHEMA);
    expect(plan.owned).toEqual(["pantry_items", "receipts", "recipe_pantry_items", "recipes"]);
    expect(plan.children.map((c) => c.name).sort()).toEqual(["recipe_ingredient_notes", "recipe_ingredients"]);
    expect(plan.unowned).toEqual(["rate_limits"]);
  });

  it("selects a grandchild's rows through the chain of parents", () => {
    const plan = ownershipPlan(SCHEMA);
    expect(ownedRowsSql(plan, "recipes")).toBe('SELECT * FROM "recipes" WHERE user_id = ?');
    expect(ownedRowsSql(plan, "recipe_ingredient_notes")).toBe(
      'SELECT * FROM "recipe_ingredient_notes" WHERE "ingredient_id" IN (SELECT "id" FROM "recipe_ingredients" WHERE "recipe_id" IN (SELECT "id" FROM "recipes" WHERE user_id = ?))',
    );
    expect(deleteOwnedRowsSql(plan, "recipe_ingredients")).toBe('DELETE FROM "recipe_ingredients" WHERE "recipe_id" IN (SELECT "id" FROM "recipes" WHERE user_id = ?)');
    expect(() => ownedRowsSql(plan, "rate_limits")).toThrow();
  });

  it("deletes every table before the tables it points at", () => {
    const plan = ownershipPlan(SCHEMA);
    const order = deletionOrder(SCHEMA, plan);
    expect(order.sort()).toEqual([...plan.owned, ...plan.children.map((c) => c.name)].sort());
    const ordered = deletionOrder(SCHEMA, plan);
    const before = (a: string, b: string) => ordered.indexOf(a) < ordered.indexOf(b);
    expect(before("recipe_ingredient_notes", "recipe_ingredients")).toBe(true);
    expect(before("recipe_ingredients", "recipes")).toBe(true);
    expect(before("recipe_pantry_items", "recipes")).toBe(true);
    expect(before("recipe_pantry_items", "pantry_items")).toBe(true);
    expect(before("pantry_items", "receipts")).toBe(true);
  });
});

describe("exported rows", () => {
  it("leave out credentials and push keys, keep everything else", () => {
    expect(exportableRow({ id: "u1", username: "sam", password_hash: "pbkdf2$...", google_id: "g1" })).toEqual({ id: "u1", username: "sam", google_id: "g1" });
    expect(exportableRow({ endpoint: "https://push", p256dh: "k", auth: "a" })).toEqual({ endpoint: "https://push" });
    expect(isSecretColumn("feed_token")).toBe(true);
    expect(isSecretColumn("calendar_secret")).toBe(true);
    // Token counts are usage, not credentials.
    expect(isSecretColumn("tokens")).toBe(false);
    expect(isSecretColumn("content_hash")).toBe(false);
  });
});

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and defuses spreadsheet formulas", () => {
    const csv = toCsv(["Name", "Qty", "Note"], [
      ["Milk, whole", 1, 'say "hi"'],
      ["=HYPERLINK(\"http://x\")", -2, "line\nbreak"],
      ["@SUM(A1)", null, undefined],
    ]);
    expect(csv).toBe(
      'Name,Qty,Note\r\n"Milk, whole",1,"say ""hi"""\r\n"\'=HYPERLINK(""http://x"")",-2,"line\nbreak"\r\n\'@SUM(A1),,\r\n',
    );
  });
});
