import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { receipts } from "../../db/schema";
import { VISION_MODEL } from "../../worker/ai/models";
import { todayIn } from "../../worker/domain/dates";
import { RECEIPT_MESSAGES } from "../../worker/schemas/receipts";
import { createFakeAi, recorded } from "../helpers/fakeAi";
import { createUser, setPremium, testDb, type TestUser } from "../helpers/factories";
import { json, request } from "../helpers/http";
import {
  confirm,
  FREE,
  linesFrom,
  OCR_LINES,
  PHOTO_JPG,
  PHOTO_PNG,
  pngBomb,
  pngVariant,
  pantryRowsOf,
  receiptRowsOf,
  scan,
  storedObjects,
  TEXT_PDF,
  type ScanBody,
} from "../helpers/receipts";

// ---------------------------------------------------------------------------------------------------------

describe("receipt scanning: upload, review, confirm", () => {
  it("reads the browser's OCR lines into reviewable items with estimated expiry; bags start unticked", async () => {
    const user = await createUser();
    const response = await scan(user, PHOTO_PNG, { ocrLines: OCR_LINES });
    expect(response.status).toBe(200);
    const body = await json<ScanBody>(response);
    expect(body.duplicate).toBe(false);
    expect(body.limit).toBeNull(); // PREMIUM_FOR_ALL is on by default
    expect(body.receipt).toMatchObject({ storeName: "GREEN VALLEY MARKET", total: 34.61, subtotal: 34.61, status: "parsed", imageUrl: `/api/receipts/${body.receipt.id}/image` });
    // "11/18/2006" is an OCR slip for 2026: too old to be a purchase date, so estimates count from today.
    expect(body.receipt.purchaseDate).toBeNull();

    const names = body.groceryItems.map((i) => i.name.toLowerCase());
    for (const expected of ["whole milk", "eggs", "bananas", "strawberries", "cheddar cheese", "baby spinach", "sourdough bread", "greek yogurt"]) {
      expect(names).toContain(expected);
    }
    const today = todayIn("UTC");
    const milk = body.groceryItems.find((i) => i.name.toLowerCase() === "whole milk")!;
    expect(milk).toMatchObject({ price: 3.49, category: "Milk & Eggs", storageLocation: "fridge", isFood: true, selected: true });
    expect(milk.expirationDate! > today).toBe(true);
    expect(milk.expiryNote).toBeTruthy();
    const yogurt = body.groceryItems.find((i) => i.name.toLowerCase() === "greek yogurt")!;
    expect(yogurt).toMatchObject({ quantity: 2, price: 2.5 });
    const bag = body.groceryItems.find((i) => /bag/i.test(i.name))!;
    expect(bag).toMatchObject({ isFood: false, selected: false, expirationDate: null });

    // The file is stored under the user's prefix (account deletion removes it).
    const objects = await storedObjects(user.id);
    expect(objects).toHaveLength(1);
    expect(objects[0]!.size).toBe(PHOTO_PNG.length);
  });

  it("confirms the reviewed items into the pantry with expiry, price and the receipt link, once", async () => {
    const user = await createUser();
    const scanned = await json<ScanBody>(await scan(user, PHOTO_PNG, { ocrLines: OCR_LINES }));
    const items = scanned.groceryItems.map((item) => {
      if (item.name.toLowerCase() === "bananas") return { ...item, selected: false }; // the user unticks one
      // Renamed and moved with the date cleared: the server estimates again for the new name and place.
      if (item.name.toLowerCase() === "chicken breasts") return { ...item, name: "Chicken thighs", storageLocation: "freezer" as const, expirationDate: null };
      // A date the user typed wins.
      if (item.name.toLowerCase() === "sourdough bread") return { ...item, expirationDate: "2099-01-01" };
      return item;
    });
    // A row the user added by hand.
    items.push({ name: "Basil", rawName: "", quantity: 1, unit: null, price: 1.99, category: "Fresh Vegetables", storageLocation: "fridge", expirationDate: null, expiryNote: null, isFood: true, selected: true });
    const expectedCount = items.filter((i) => i.selected).length;

    const response = await confirm(user, scanned.receipt.id, items);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.added).toBe(expectedCount);
    expect(body.receipt.status).toBe("confirmed");
    expect(body.pantryItems).toHaveLength(expectedCount);

    const rows = await pantryRowsOf(user.id);
    expect(rows).toHaveLength(expectedCount);
    expect(rows.every((r) => r.receiptId === scanned.receipt.id && r.purchaseDate === todayIn("UTC") && r.expirationDate)).toBe(true);
    expect(rows.find((r) => r.name.toLowerCase() === "bananas")).toBeUndefined();
    expect(rows.find((r) => /bag/i.test(r.name))).toBeUndefined();
    const milk = rows.find((r) => r.name.toLowerCase() === "whole milk")!;
    expect(milk).toMatchObject({ price: 3.49, storageLocation: "fridge" });
    expect(milk.expirySource).not.toBe("user");
    const thighs = rows.find((r) => r.name === "Chicken thighs")!;
    const chickenBefore = scanned.groceryItems.find((i) => i.name.toLowerCase() === "chicken breasts")!;
    expect(thighs.storageLocation).toBe("freezer");
    expect(thighs.expirationDate! > chickenBefore.expirationDate!).toBe(true); // frozen keeps for months
    expect(rows.find((r) => r.name.toLowerCase() === "sourdough bread")).toMatchObject({ expirationDate: "2099-01-01", expirySource: "user" });
    expect(rows.find((r) => r.name === "Basil")).toMatchObject({ price: 1.99, receiptId: scanned.receipt.id });

    // The pantry API shows them too.
    const pantry = await json<{ name: string; receiptId: number | null }[]>(await request("/api/pantry", { cookie: user.cookie }));
    expect(pantry.filter((p) => p.receiptId === scanned.receipt.id)).toHaveLength(expectedCount);

    // Confirming again adds nothing.
    const again = await json(await confirm(user, scanned.receipt.id, items));
    expect(again).toMatchObject({ added: 0, alreadyConfirmed: true });
    expect(await pantryRowsOf(user.id)).toHaveLength(expectedCount);
  });

  it("adds the items once when the same review is confirmed twice at the same moment", async () => {
    const user = await createUser();
    const scanned = await json<ScanBody>(await scan(user, pngVariant("race"), { ocrLines: OCR_LINES }));
    const [first, second] = await Promise.all([confirm(user, scanned.receipt.id, scanned.groceryItems), confirm(user, scanned.receipt.id, scanned.groceryItems)]);
    const added = (await json(first)).added + (await json(second)).added;
    const ticked = scanned.groceryItems.filter((i) => i.selected).length;
    expect(added).toBe(ticked);
    expect(await pantryRowsOf(user.id)).toHaveLength(ticked);
  });

  it("answers the stored receipt for the same file again, without a second receipt or image", async () => {
    const user = await createUser();
    const first = await json<ScanBody>(await scan(user, PHOTO_PNG, { ocrLines: OCR_LINES }));
    const again = await scan(user, PHOTO_PNG, { name: "other-name.png", ocrLines: OCR_LINES });
    expect(again.status).toBe(200);
    const body = await json<ScanBody>(again);
    expect(body.duplicate).toBe(true);
    expect(body.receipt.id).toBe(first.receipt.id);
    expect(body.groceryItems).toEqual(first.groceryItems);
    expect(await receiptRowsOf(user.id)).toHaveLength(1);
    expect(await storedObjects(user.id)).toHaveLength(1);

    // After confirming, the same file again still adds nothing to the pantry.
    await confirm(user, first.receipt.id, first.groceryItems);
    const count = (await pantryRowsOf(user.id)).length;
    const third = await json<ScanBody>(await scan(user, PHOTO_PNG, { ocrLines: OCR_LINES }));
    expect(third).toMatchObject({ duplicate: true, receipt: { id: first.receipt.id, status: "confirmed" } });
    expect((await json(await confirm(user, third.receipt.id, third.groceryItems))).added).toBe(0);
    expect(await pantryRowsOf(user.id)).toHaveLength(count);
  });

  it("accepts a real JPEG and a text PDF, served back with their own safe content types", async () => {
    const user = await createUser();
    const jpeg = await scan(user, PHOTO_JPG, { name: "IMG_2041.jpg", type: "image/jpeg", ocrLines: OCR_LINES });
    expect(jpeg.status).toBe(200);
    const jpegBody = await json<ScanBody>(jpeg);
    const pdf = await scan(user, TEXT_PDF, { name: "receipt.pdf", type: "application/pdf", ocrLines: ["GREEN VALLEY MARKET", "BANANAS 1.29", "TOTAL 1.29"] });
    expect(pdf.status).toBe(200);
    const pdfBody = await json<ScanBody>(pdf);
    expect(pdfBody.groceryItems.map((i) => i.name.toLowerCase())).toContain("bananas");

    const jpegImage = await request(jpegBody.receipt.imageUrl, { cookie: user.cookie });
    expect(jpegImage.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await jpegImage.arrayBuffer())).toEqual(PHOTO_JPG);
    const pdfFile = await request(pdfBody.receipt.imageUrl, { cookie: user.cookie });
    expect(pdfFile.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdfFile.headers.get("Content-Disposition")).toMatch(/^inline/);
    await pdfFile.arrayBuffer();
  });

  it("lists receipts newest first and shows one receipt with the pantry items made from it", async () => {
    const user = await createUser();
    const a = await json<ScanBody>(await scan(user, pngVariant("list-a"), { ocrLines: OCR_LINES }));
    const b = await json<ScanBody>(await scan(user, pngVariant("list-b"), { ocrLines: ["CORNER SHOP", "APPLES 2.00", "TOTAL 2.00"] }));
    await confirm(user, a.receipt.id, a.groceryItems);

    const list = await json<{ id: number; storeName: string; itemCount: number; addedCount: number; status: string }[]>(await request("/api/receipts", { cookie: user.cookie }));
    expect(list.map((r) => r.id)).toEqual([b.receipt.id, a.receipt.id]);
    expect(list[1]).toMatchObject({ status: "confirmed", itemCount: a.groceryItems.length, addedCount: a.groceryItems.filter((i) => i.selected).length });

    const detail = await json(await request(`/api/receipts/${a.receipt.id}`, { cookie: user.cookie }));
    expect(detail.receipt.storeName).toBe("GREEN VALLEY MARKET");
    expect(detail.pantryItems.map((p: { name: string }) => p.name.toLowerCase())).toContain("whole milk");
    expect((await request("/api/receipts/999999", { cookie: user.cookie })).status).toBe(404);
  });
});

describe("receipt scanning: files that are refused", () => {
  async function expectRefused(response: Response, status: number, message: string | RegExp, user: TestUser) {
    expect(response.status).toBe(status);
    const body = await json(response);
    expect(body.message).toMatch(message);
    // Nothing half-written.
    expect(await receiptRowsOf(user.id)).toHaveLength(0);
    expect(await storedObjects(user.id)).toHaveLength(0);
  }

  it("refuses a zero-byte file", async () => {
    const user = await createUser();
    await expectRefused(await scan(user, new Uint8Array()), 400, /empty/i, user);
  });

  it("refuses a missing file field", async () => {
    const user = await createUser();
    await expectRefused(await scan(user, PHOTO_PNG, { field: "photo" }), 400, RECEIPT_MESSAGES.missingFile, user);
    const notMultipart = await request("/api/receipts/scan", { method: "POST", body: { receipt: "x" }, cookie: user.cookie });
    await expectRefused(notMultipart, 400, RECEIPT_MESSAGES.missingFile, user);
  });

  it("refuses other types whatever their name and declared type say", async () => {
    const user = await createUser();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    await expectRefused(await scan(user, html, { name: "receipt.png", type: "image/png" }), 400, RECEIPT_MESSAGES.invalidType, user);
    const gif = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000");
    await expectRefused(await scan(user, gif, { name: "receipt.jpg", type: "image/jpeg" }), 400, RECEIPT_MESSAGES.invalidType, user);
  });

  it("refuses a corrupt PNG (signature followed by garbage) and a truncated PDF without crashing", async () => {
    const user = await createUser();
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    garbage.set(PHOTO_PNG.subarray(0, 8), 0);
    await expectRefused(await scan(user, garbage), 400, RECEIPT_MESSAGES.damaged, user);
    await expectRefused(await scan(user, TEXT_PDF.subarray(0, 2000), { name: "r.pdf", type: "application/pdf" }), 400, RECEIPT_MESSAGES.damaged, user);
  });

  it("refuses a decompression bomb (IHDR claiming 50000 x 50000)", async () => {
    const user = await createUser();
    await expectRefused(await scan(user, pngBomb()), 400, RECEIPT_MESSAGES.imageTooBig, user);
  });

  it("refuses 10 MB + 1 byte with the message users see, and an oversized body before reading it", async () => {
    const user = await createUser();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PHOTO_PNG.subarray(0, 33), 0);
    await expectRefused(await scan(user, big), 413, RECEIPT_MESSAGES.tooLarge, user);
    const exactly = new Uint8Array(10 * 1024 * 1024);
    exactly.set(PHOTO_PNG.subarray(0, 33), 0);
    expect((await scan(user, exactly, { ocrLines: OCR_LINES })).status).toBe(200);

    const declaredHuge = await request("/api/receipts/scan", {
      method: "POST",
      body: "--x\r\n",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      cookie: user.cookie,
    });
    // Refused from the Content-Length alone, before any of the body is read.
    expect(declaredHuge.status).toBe(413);
  });
});

describe("receipt scanning: reading failures", () => {
  it("keeps a receipt it could not read (status failed) and confirms items added by hand", async () => {
    const user = await createUser();
    const response = await scan(user, pngVariant("unreadable"), { ocrLines: ["~~ ::: ~~", "%%%"] });
    expect(response.status).toBe(200);
    const body = await json<ScanBody>(response);
    expect(body.receipt.status).toBe("failed");
    expect(body.groceryItems).toEqual([]);

    const manual = [{ name: "Apples", rawName: null, quantity: 6, unit: null, price: 3.5, category: "Fresh Fruits", storageLocation: "fridge", expirationDate: "", selected: true }];
    const confirmed = await request(`/api/receipts/${body.receipt.id}/confirm`, { method: "POST", body: { items: manual }, cookie: user.cookie });
    expect(confirmed.status).toBe(200);
    expect((await json(confirmed)).added).toBe(1);
    const [apples] = await pantryRowsOf(user.id);
    expect(apples).toMatchObject({ name: "Apples", quantity: 6, price: 3.5, receiptId: body.receipt.id });
    expect(apples!.expirationDate).toBeTruthy();
  });

  it("a photo without text and no reader on the server says what to send, and keeps the receipt (failed)", async () => {
    const user = await createUser();
    const response = await scan(user, pngVariant("no-text"));
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.message).toBe(RECEIPT_MESSAGES.sendText);
    expect(body.message).toMatch(/ocrText/);
    const [row] = await receiptRowsOf(user.id);
    expect(row).toMatchObject({ id: body.receiptId, status: "failed" });
    // Sending the text later (the same file) reads it.
    const again = await json<ScanBody>(await scan(user, pngVariant("no-text"), { ocrLines: OCR_LINES }));
    expect(again).toMatchObject({ duplicate: true, receipt: { id: body.receiptId, status: "parsed" } });
    expect(again.groceryItems.length).toBeGreaterThan(5);
  });

  it("refuses an empty review and bad rows with a message", async () => {
    const user = await createUser();
    const body = await json<ScanBody>(await scan(user, pngVariant("bad-rows"), { ocrLines: OCR_LINES }));
    const none = await confirm(user, body.receipt.id, body.groceryItems.map((i) => ({ ...i, selected: false })));
    expect(none.status).toBe(400);
    expect((await json(none)).message).toBe(RECEIPT_MESSAGES.nothingSelected);
    const badPrice = await confirm(user, body.receipt.id, [{ ...body.groceryItems[0]!, price: -4 }]);
    expect(badPrice.status).toBe(400);
    const badName = await confirm(user, body.receipt.id, [{ ...body.groceryItems[0]!, name: "  " }]);
    expect(badName.status).toBe(400);
    expect(await pantryRowsOf(user.id)).toHaveLength(0);
  });
});

describe("receipt scanning: Workers AI vision", () => {
  it("reads the photo on the server when the AI binding exists and no text was sent", async () => {
    const user = await createUser();
    const fake = createFakeAi(await recorded("receipt-valid"));
    const response = await scan(user, pngVariant("vision"), { env: { AI: fake.binding } as Partial<Env> });
    expect(response.status).toBe(200);
    const body = await json<ScanBody>(response);
    expect(body.receipt).toMatchObject({ storeName: "GREEN VALLEY MARKET", total: 20.33, status: "parsed", purchaseDate: "2026-11-18" });
    expect(body.groceryItems.filter((i) => i.selected).map((i) => i.name.toLowerCase())).toEqual(["whole milk", "eggs", "bananas", "strawberries", "chicken breasts"]);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.model).toBe(VISION_MODEL);
    expect(JSON.stringify(fake.calls[0]!.inputs.messages)).toContain("data:image/");
  });

  it("prefers the text the browser sent over a model call", async () => {
    const user = await createUser();
    const fake = createFakeAi([]);
    const response = await scan(user, pngVariant("device-first"), { ocrLines: OCR_LINES, env: { AI: fake.binding } as Partial<Env> });
    expect(response.status).toBe(200);
    expect(fake.calls).toHaveLength(0);
  });

  for (const recording of ["receipt-malformed", "receipt-refusal"]) {
    it(`answers 503 for ${recording} and keeps the receipt for manual entry`, async () => {
      const user = await createUser();
      const fake = createFakeAi(await recorded(recording));
      const response = await scan(user, pngVariant(recording), { env: { AI: fake.binding } as Partial<Env> });
      expect(response.status).toBe(503);
      const body = await json(response);
      expect(body.message).toBe(RECEIPT_MESSAGES.readingFailed);
      expect(typeof body.receiptId).toBe("number");
      expect(fake.calls).toHaveLength(2); // one repair attempt, then give up
      const [row] = await receiptRowsOf(user.id);
      expect(row).toMatchObject({ id: body.receiptId, status: "failed" });
      expect(await storedObjects(user.id)).toHaveLength(1);

      const manual = [{ name: "Milk", rawName: null, quantity: 1, unit: null, price: 3.49, category: "Milk & Eggs", storageLocation: "fridge", expirationDate: null, selected: true }];
      const confirmed = await request(`/api/receipts/${body.receiptId}/confirm`, { method: "POST", body: { items: manual }, cookie: user.cookie });
      expect((await json(confirmed)).added).toBe(1);
    });
  }
});

describe("receipt scanning: plan limit", () => {
  it("lets a free user scan 5 receipts a month and refuses the 6th with the limit flag", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const response = await scan(user, pngVariant(`free-${i}`), { ocrLines: linesFrom(`Shop ${i}`), env: FREE });
      expect(response.status).toBe(200);
      expect((await json<ScanBody>(response)).limit).toEqual({ used: i + 1, max: 5 });
    }
    const sixth = await scan(user, pngVariant("free-6"), { ocrLines: OCR_LINES, env: FREE });
    expect(sixth.status).toBe(403);
    expect(await json(sixth)).toEqual({ message: "Upgrade to premium for unlimited receipt scanning", limitReached: true, title: "Free Plan Limit Reached" });
    expect(await receiptRowsOf(user.id)).toHaveLength(5);
    expect(await storedObjects(user.id)).toHaveLength(5);

    // A file already stored is no new scan.
    expect((await scan(user, pngVariant("free-0"), { ocrLines: OCR_LINES, env: FREE })).status).toBe(200);
    const info = await json(await request("/api/receipts/scan-info", { cookie: user.cookie, env: FREE }));
    expect(info).toEqual({ limit: { used: 5, max: 5 }, reader: "device" });

    // Receipts from an earlier month do not count.
    await testDb()
      .update(receipts)
      .set({ createdAt: new Date(Date.UTC(2020, 0, 15)) })
      .where(and(eq(receipts.userId, user.id)));
    expect((await scan(user, pngVariant("free-next-month"), { ocrLines: OCR_LINES, env: FREE })).status).toBe(200);
  });

  it("never limits premium users, who get no limit panel", async () => {
    const user = await createUser();
    await setPremium(user.id, true);
    for (let i = 0; i < 6; i++) {
      const response = await scan(user, pngVariant(`premium-${i}`), { ocrLines: linesFrom(`Shop ${i}`), env: FREE });
      expect(response.status).toBe(200);
      expect((await json<ScanBody>(response)).limit).toBeNull();
    }
    const info = await json(await request("/api/receipts/scan-info", { cookie: user.cookie, env: FREE }));
    expect(info.limit.max).toBeNull();
  });

  it("counts racing uploads against the limit at write time", async () => {
    const user = await createUser();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => scan(user, pngVariant(`race-${i}`), { ocrLines: linesFrom(`Shop ${i}`), env: FREE })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(3);
    expect(await receiptRowsOf(user.id)).toHaveLength(5);
    expect(await storedObjects(user.id)).toHaveLength(5);
  });
});

describe("receipt scanning: access", () => {
  it("needs a session for every receipt path", async () => {
    expect((await scan(null, PHOTO_PNG, { ocrLines: OCR_LINES })).status).toBe(401);
    expect((await request("/api/receipts")).status).toBe(401);
    expect((await request("/api/receipts/1")).status).toBe(401);
    expect((await request("/api/receipts/1/image")).status).toBe(401);
    expect((await request("/api/receipts/1/confirm", { method: "POST", body: { items: [] } })).status).toBe(401);
  });

  it("hides other users' receipts and images (404) and serves the owner's image safely", async () => {
    const owner = await createUser();
    const other = await createUser();
    const body = await json<ScanBody>(await scan(owner, PHOTO_PNG, { ocrLines: OCR_LINES }));
    const id = body.receipt.id;

    const image = await request(`/api/receipts/${id}/image`, { cookie: owner.cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Content-Disposition")).toMatch(/^inline; filename="receipt-\d+\.png"$/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PHOTO_PNG);

    expect((await request(`/api/receipts/${id}/image`, { cookie: other.cookie })).status).toBe(404);
    expect((await request(`/api/receipts/${id}`, { cookie: other.cookie })).status).toBe(404);
    const stolen = await confirm(other, id, body.groceryItems);
    expect(stolen.status).toBe(404);
    expect(await pantryRowsOf(other.id)).toHaveLength(0);
    expect(await json(await request("/api/receipts", { cookie: other.cookie }))).toEqual([]);
    expect((await request("/api/receipts/not-a-number/image", { cookie: owner.cookie })).status).toBe(400);
  });

  it("keeps each user's copy of the same file apart", async () => {
    const a = await createUser();
    const b = await createUser();
    const first = await json<ScanBody>(await scan(a, pngVariant("shared"), { ocrLines: OCR_LINES }));
    const second = await json<ScanBody>(await scan(b, pngVariant("shared"), { ocrLines: OCR_LINES }));
    expect(second.duplicate).toBe(false);
    expect(second.receipt.id).not.toBe(first.receipt.id);
  });
});
