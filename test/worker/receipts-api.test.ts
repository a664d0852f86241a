/**
 * Receipt uploads as API clients and the app's tRPC client make them: the upload guard, FormData over tRPC,
 * the server reading a PDF's text layer, old receipts whose estimates have passed, rescans reusing their draft,
 * and only confirmed receipts counting.
 */
import { describe, expect, it } from "vitest";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";
import { addDays, todayIn } from "../../worker/domain/dates";
import { RECEIPT_MESSAGES } from "../../worker/schemas/receipts";
import { createUser, type TestUser } from "../helpers/factories";
import { json, ORIGIN, request } from "../helpers/http";
import { confirm, FREE, linesFrom, OCR_LINES, pantryRowsOf, PHOTO_PNG, pngVariant, receiptRowsOf, scan, scanForm, storedObjects, TEXT_PDF, type ScanBody } from "../helpers/receipts";

/** The scan procedure over tRPC, as the app's httpLink sends FormData (no batching, multipart body). */
function trpcScan(user: TestUser | null, form: FormData, options: { env?: Partial<Env> } = {}) {
  return request("/trpc/receipts.scan", { method: "POST", body: form, cookie: user?.cookie ?? null, env: options.env });
}

/** A body stream that counts how many chunks anyone pulled from it. */
function countingBody(chunks: number, chunkBytes: number) {
  const pulls = { count: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls.count += 1;
        if (sent >= chunks) return controller.close();
        sent += 1;
        controller.enqueue(new Uint8Array(chunkBytes));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls };
}

async function rawPost(path: string, body: ReadableStream<Uint8Array> | Uint8Array, headers: Record<string, string>) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Origin: ORIGIN, ...headers }, body }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The photo fixture's lines with a date `daysAgo` before today (a plausible purchase date). */
function linesDated(daysAgo: number, extra: string[] = []): string[] {
  const [year, month, day] = addDays(todayIn("UTC"), -daysAgo).split("-");
  return OCR_LINES.map((line) => (line.startsWith("11/18/2006") ? `${month}/${day}/${year} 2:32 PM` : line)).concat(extra);
}

describe("uploads: a session and the size cap come before the body", () => {
  it("a signed-out multipart post of a big body gets 401, on REST and tRPC", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PHOTO_PNG.subarray(0, 33), 0);
    const rest = await scan(null, big);
    expect(rest.status).toBe(401);
    expect((await json(rest)).message).toBe("Please sign in to continue");

    const viaTrpc = await trpcScan(null, scanForm(big));
    expect(viaTrpc.status).toBe(401);
    expect((await json(viaTrpc)).error.data.code).toBe("UNAUTHORIZED");
  });

  it("never pulls a byte of a signed-out upload's body", async () => {
    for (const path of ["/api/receipts/scan", "/trpc/receipts.scan"]) {
      const { stream, pulls } = countingBody(12, 1024 * 1024);
      const response = await rawPost(path, stream, { "Content-Type": "multipart/form-data; boundary=x" });
      expect(response.status, path).toBe(401);
      expect(pulls.count, path).toBe(0);
    }
  });

  it("stops reading a signed-in body without Content-Length as soon as it passes the cap (413)", async () => {
    const user = await createUser();
    for (const path of ["/api/receipts/scan", "/trpc/receipts.scan"]) {
      const { stream, pulls } = countingBody(40, 1024 * 1024);
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: user.cookie, "Content-Type": "multipart/form-data; boundary=x" }, body: stream }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.status, path).toBe(413);
      expect(pulls.count, path).toBeLessThan(14); // 10 MB file + 1 MB of fields, then it stopped
    }
  });

  it("refuses a file sent to a tRPC procedure that takes none, without reading it", async () => {
    const user = await createUser();
    const { stream, pulls } = countingBody(3, 1024);
    const response = await rawPost("/trpc/pantry.create", stream, { Cookie: user.cookie, "Content-Type": "multipart/form-data; boundary=x" });
    expect(response.status).toBe(415);
    expect(pulls.count).toBe(0);
  });
});

describe("scanning over tRPC with FormData (the app's client)", () => {
  it("reads the text sent with the photo and answers the review rows", async () => {
    const user = await createUser();
    const response = await trpcScan(user, scanForm(pngVariant("trpc"), { ocrLines: OCR_LINES }));
    expect(response.status).toBe(200);
    const body = (await json(response)).result.data as ScanBody;
    expect(body.receipt.storeName).toBe("GREEN VALLEY MARKET");
    expect(body.groceryItems.map((i) => i.name)).toContain("Whole milk");
  });

  it("carries the free plan's limit flag and title in the error data", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await trpcScan(user, scanForm(pngVariant(`trpc-free-${i}`), { ocrLines: linesFrom(`Shop ${i}`) }), { env: FREE })).status).toBe(200);
    const sixth = await trpcScan(user, scanForm(pngVariant("trpc-free-6"), { ocrLines: linesFrom("Shop 6") }), { env: FREE });
    expect(sixth.status).toBe(403);
    const error = (await json(sixth)).error;
    expect(error.message).toBe(RECEIPT_MESSAGES.limitMessage);
    expect(error.data.details).toMatchObject({ limitReached: true, title: RECEIPT_MESSAGES.limitTitle });
  });

  it("refuses the wrong file type and a too-large file with the messages users see", async () => {
    const user = await createUser();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const wrongType = await trpcScan(user, scanForm(html, { name: "receipt.png" }));
    expect(wrongType.status).toBe(400);
    expect((await json(wrongType)).error.message).toBe(RECEIPT_MESSAGES.invalidType);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PHOTO_PNG.subarray(0, 33), 0);
    const tooLarge = await trpcScan(user, scanForm(big));
    expect(tooLarge.status).toBe(413);
    expect((await json(tooLarge)).error.message).toBe(RECEIPT_MESSAGES.tooLarge);
    expect(await storedObjects(user.id)).toHaveLength(0);
  });
});

describe("the server reads a PDF's text layer", () => {
  const EXPECTED = ["Whole milk", "Eggs", "Bananas", "Strawberries", "Chicken breasts", "Cheddar cheese", "Baby spinach", "Sourdough bread", "Greek yogurt"];

  it("gives an API client without OCR lines the same items the browser gets (REST)", async () => {
    const user = await createUser();
    const response = await scan(user, TEXT_PDF, { name: "text-receipt.pdf", type: "application/pdf" });
    expect(response.status).toBe(200);
    const body = (await json(response)) as ScanBody & { reading: { source: string; lines: number } };
    expect(body.reading.source).toBe("pdf-text");
    expect(body.receipt).toMatchObject({ storeName: "GREEN VALLEY MARKET", total: 34.61, status: "parsed" });
    const names = body.groceryItems.map((i) => i.name);
    for (const name of EXPECTED) expect(names).toContain(name);
    expect(body.groceryItems.find((i) => i.name === "Whole milk")?.price).toBe(3.49);
  });

  it("reads it over tRPC as well", async () => {
    const user = await createUser();
    const response = await trpcScan(user, scanForm(TEXT_PDF, { name: "text-receipt.pdf", type: "application/pdf" }));
    expect(response.status).toBe(200);
    const names = ((await json(response)).result.data as ScanBody).groceryItems.map((i) => i.name);
    for (const name of EXPECTED) expect(names).toContain(name);
  });

  it("a PDF without a text layer asks for the text or a photo, and keeps the receipt", async () => {
    const user = await createUser();
    // A valid PDF whose only page has no text (what a scanner saves).
    const blank = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const response = await scan(user, blank, { name: "scan.pdf", type: "application/pdf" });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.message).toBe(RECEIPT_MESSAGES.pdfWithoutText);
    expect((await receiptRowsOf(user.id))[0]).toMatchObject({ id: body.receiptId, status: "failed" });
  });
});

describe("an old receipt whose estimated dates have passed", () => {
  it("marks the rows, offers dates counted from today, and confirms with the user's choice", async () => {
    const user = await createUser();
    const today = todayIn("UTC");
    const scanned = (await json(await scan(user, pngVariant("old-receipt"), { ocrLines: linesDated(40) }))) as ScanBody;
    expect(scanned.receipt.purchaseDate).toBe(addDays(today, -40));
    const milk = scanned.groceryItems.find((i) => i.name === "Whole milk")!;
    expect(milk.expirationDate! < today).toBe(true);
    expect(milk.pastExpiry).toBe(true);
    expect(milk.expirationDateFromToday! > today).toBe(true);
    // Long-keeping food counted from the receipt's date is still good, and is not marked.
    const fresh = scanned.groceryItems.filter((i) => i.isFood && i.expirationDate && i.expirationDate >= today);
    for (const row of fresh) expect(row.pastExpiry).toBe(false);

    // Counting from today: every estimate starts today, none arrives expired; the purchase date stays printed.
    const fromToday = await confirm(user, scanned.receipt.id, scanned.groceryItems, { expiryFrom: "today" });
    expect(fromToday.status).toBe(200);
    const rows = await pantryRowsOf(user.id);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.expirationDate! >= today, row.name).toBe(true);
    expect(rows.find((r) => r.name === "Whole milk")?.expirationDate).toBe(milk.expirationDateFromToday);
    expect(rows.every((r) => r.purchaseDate === addDays(today, -40))).toBe(true);
  });

  it("keeps the printed dates when the user chooses so (the default), and a date the user typed either way", async () => {
    const user = await createUser();
    const today = todayIn("UTC");
    const scanned = (await json(await scan(user, pngVariant("old-keep"), { ocrLines: linesDated(40) }))) as ScanBody;
    const milk = scanned.groceryItems.find((i) => i.name === "Whole milk")!;
    const own = addDays(today, 3);
    const items = scanned.groceryItems.map((i) => (i.name === "Eggs" ? { ...i, expirationDate: own } : i));
    expect((await confirm(user, scanned.receipt.id, items)).status).toBe(200);
    const rows = await pantryRowsOf(user.id);
    expect(rows.find((r) => r.name === "Whole milk")?.expirationDate).toBe(milk.expirationDate);
    expect(rows.find((r) => r.name === "Eggs")).toMatchObject({ expirationDate: own, expirySource: "user" });

    const other = await createUser();
    const again = (await json(await scan(other, pngVariant("old-keep"), { ocrLines: linesDated(40) }))) as ScanBody;
    const withOwn = again.groceryItems.map((i) => (i.name === "Eggs" ? { ...i, expirationDate: own } : i));
    await confirm(other, again.receipt.id, withOwn, { expiryFrom: "today" });
    expect((await pantryRowsOf(other.id)).find((r) => r.name === "Eggs")).toMatchObject({ expirationDate: own, expirySource: "user" });
  });

  it("refuses an unknown choice with a message", async () => {
    const user = await createUser();
    const scanned = await json<ScanBody>(await scan(user, pngVariant("old-bad"), { ocrLines: linesDated(40) }));
    const response = await confirm(user, scanned.receipt.id, scanned.groceryItems, { expiryFrom: "tomorrow" });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(/count from/);
    expect(await pantryRowsOf(user.id)).toHaveLength(0);
  });
});

describe("drafts: a receipt scanned again reuses its draft, and only confirmed receipts count", () => {
  it("another photo of the same receipt (new bytes) answers the first draft, and counts once after confirming", async () => {
    const user = await createUser();
    const lines = linesDated(2);
    const first = await json<ScanBody>(await scan(user, pngVariant("photo-1"), { ocrLines: lines }));
    const second = await json<ScanBody>(await scan(user, pngVariant("photo-2"), { ocrLines: lines }));
    const third = await json<ScanBody>(await scan(user, pngVariant("photo-3"), { ocrLines: lines }));
    expect(second).toMatchObject({ duplicate: true, receipt: { id: first.receipt.id } });
    expect(third.receipt.id).toBe(first.receipt.id);
    expect(await receiptRowsOf(user.id)).toHaveLength(1);
    expect(await storedObjects(user.id)).toHaveLength(1);

    // A different receipt from the same shop and day is its own receipt.
    const different = await json<ScanBody>(await scan(user, pngVariant("photo-other"), { ocrLines: linesDated(2, ["APPLES    2.00"]).map((l) => (l.startsWith("TOTAL") ? "TOTAL    36.61" : l)) }));
    expect(different.duplicate).toBe(false);

    // Drafts are not counted anywhere yet.
    const dashboardBefore = await json(await request("/api/dashboard", { cookie: user.cookie }));
    expect(dashboardBefore.counts.receipts).toBe(0);
    const insightsBefore = await json(await request("/api/insights/summary?period=week&count=4", { cookie: user.cookie }));
    expect(insightsBefore.totals.spend).toBe(0);

    await confirm(user, first.receipt.id, first.groceryItems);
    const dashboardAfter = await json(await request("/api/dashboard", { cookie: user.cookie }));
    expect(dashboardAfter.counts.receipts).toBe(1);
    const insightsAfter = await json(await request("/api/insights/summary?period=week&count=4", { cookie: user.cookie }));
    expect(insightsAfter.totals.spend).toBe(34.61);

    // Scanning it once more after confirming answers the confirmed receipt: nothing is added twice.
    const later = await json<ScanBody>(await scan(user, pngVariant("photo-4"), { ocrLines: lines }));
    expect(later).toMatchObject({ duplicate: true, receipt: { id: first.receipt.id, status: "confirmed" } });
  });

  it("the same PDF downloaded again (new bytes, same text) reuses its draft", async () => {
    const user = await createUser();
    const first = await json<ScanBody>(await scan(user, TEXT_PDF, { name: "receipt.pdf", type: "application/pdf" }));
    // The shop's download stamps a new creation date: different bytes, same receipt.
    const redownloaded = TEXT_PDF.slice();
    const stamp = new TextEncoder().encode("CreationDate (D:");
    const at = redownloaded.findIndex((_, i) => stamp.every((b, j) => redownloaded[i + j] === b)) + stamp.length;
    redownloaded.set(new TextEncoder().encode("20991231235959"), at);
    expect(redownloaded).not.toEqual(TEXT_PDF);
    const second = await json<ScanBody>(await scan(user, redownloaded, { name: "receipt (1).pdf", type: "application/pdf" }));
    expect(second).toMatchObject({ duplicate: true, receipt: { id: first.receipt.id } });
    expect(await receiptRowsOf(user.id)).toHaveLength(1);
  });
});
