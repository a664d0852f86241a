import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { pantryItems } from "../../db/schema";
import { createUser, testDb, type TestUser } from "../helpers/factories";
import { json, request } from "../helpers/http";

type GlobWithQuery = { glob<T>(pattern: string, options: { eager: true; query: string; import: "default" }): Record<string, T> };
const inlined = (import.meta as unknown as GlobWithQuery).glob<string>("../fixtures/receipts-images/photo-receipt.png", { eager: true, query: "?inline", import: "default" });
const url = Object.values(inlined)[0]!;
const PHOTO_PNG = Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (ch) => ch.charCodeAt(0));

const OCR_LINES = [
  "CORNER MARKET",
  "WHOLE MILK 1 GAL           3.49",
  "GRND BEEF 80/20 1LB        5.99",
  "BABY SPINACH 5OZ           2.99",
  "LARGE EGGS 12CT            2.99",
  "COLA 6PK 12OZ              4.99",
  "BANANAS                    1.29",
  "TOTAL                     21.74",
];

type ReviewItem = { name: string; rawName: string; quantity: number; unit: string | null; selected: boolean } & Record<string, unknown>;

async function scan(user: TestUser) {
  const form = new FormData();
  form.append("receipt", new File([PHOTO_PNG], "receipt.png", { type: "image/png" }));
  form.append("ocrText", JSON.stringify(OCR_LINES));
  const response = await request("/api/receipts/scan", { method: "POST", body: form, cookie: user.cookie });
  expect(response.status).toBe(200);
  return json<{ receipt: { id: number }; groceryItems: ReviewItem[] }>(response);
}

const byRawName = (items: ReviewItem[], prefix: string) => items.find((item) => item.rawName.startsWith(prefix))!;

describe("sizes printed in receipt names", () => {
  it("fill the unit on review and the container amounts in the pantry; 80/20 is not a size", async () => {
    const user = await createUser();
    const scanned = await scan(user);
    const items = scanned.groceryItems;
    expect(byRawName(items, "WHOLE MILK")).toMatchObject({ quantity: 1, unit: "gallon" });
    expect(byRawName(items, "GRND BEEF")).toMatchObject({ quantity: 1, unit: "lb" });
    expect(byRawName(items, "BABY SPINACH")).toMatchObject({ quantity: 1, unit: "oz" });
    expect(byRawName(items, "LARGE EGGS")).toMatchObject({ quantity: 12, unit: null });
    expect(byRawName(items, "COLA")).toMatchObject({ quantity: 6, unit: "oz" });
    expect(byRawName(items, "BANANAS")).toMatchObject({ quantity: 1, unit: null });

    const confirmed = await request(`/api/receipts/${scanned.receipt.id}/confirm`, { method: "POST", body: { items }, cookie: user.cookie });
    expect(confirmed.status).toBe(200);
    const rows = await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id));
    const row = (name: RegExp) => rows.find((r) => name.test(r.name))!;
    expect(row(/milk/i)).toMatchObject({ quantity: 1, unit: "gallon", amountPerUnit: 1, maxAmountPerUnit: 1, size: "container" });
    expect(row(/beef/i)).toMatchObject({ quantity: 1, unit: "lb", amountPerUnit: 1, maxAmountPerUnit: 1 });
    expect(row(/spinach/i)).toMatchObject({ quantity: 1, unit: "oz", amountPerUnit: 5, maxAmountPerUnit: 5 });
    expect(row(/egg/i)).toMatchObject({ quantity: 12, unit: null, amountPerUnit: null, maxAmountPerUnit: null });
    expect(row(/cola|soda/i)).toMatchObject({ quantity: 6, unit: "oz", amountPerUnit: 12, maxAmountPerUnit: 12 });
    expect(row(/banana/i)).toMatchObject({ quantity: 1, unit: null, amountPerUnit: null });
  });

  it("leaves the container empty when the reviewer changed the unit", async () => {
    const user = await createUser();
    const scanned = await scan(user);
    const items = scanned.groceryItems.map((item) => (item.rawName.startsWith("WHOLE MILK") ? { ...item, quantity: 4, unit: "quart" } : { ...item, selected: false }));
    const confirmed = await request(`/api/receipts/${scanned.receipt.id}/confirm`, { method: "POST", body: { items }, cookie: user.cookie });
    expect(confirmed.status).toBe(200);
    const rows = await testDb().select().from(pantryItems).where(eq(pantryItems.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ quantity: 4, unit: "quart", amountPerUnit: null, maxAmountPerUnit: null, size: null });
  });
});
