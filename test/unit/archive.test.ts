import { describe, expect, it } from "vitest";
import { deflateSync, gzipSync, strToU8, zipSync } from "fflate";
import { ArchiveError, gunzipWithin, isGzip, isZip, listZipEntries, newBudget, readZipFiles, type ArchiveLimits } from "../../worker/domain/archive";
import { streamedZip, withDeclaredSize } from "../helpers/recipeExports";

const limits: ArchiveLimits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };
const read = (zip: Uint8Array, l = limits) => [...readZipFiles(zip, l, newBudget(l))];
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe("magic bytes", () => {
  it("tells ZIP and GZIP apart by content", () => {
    expect(isZip(zipSync({ "a.txt": strToU8("a") }))).toBe(true);
    expect(isGzip(gzipSync(strToU8("a")))).toBe(true);
    expect(isZip(strToU8("PK is not enough"))).toBe(false);
    expect(isGzip(strToU8('{"name":"x"}'))).toBe(false);
  });
});

describe("reading a ZIP", () => {
  it("reads stored and deflated entries and skips directories and macOS metadata", () => {
    const zip = zipSync({
      "recipes/": new Uint8Array(),
      "recipes/a.json": [strToU8('{"a":1}'), { level: 0 }],
      "recipes/b.json": [strToU8("b".repeat(5000)), { level: 9 }],
      "__MACOSX/recipes/._a.json": strToU8("junk"),
    });
    const files = read(zip);
    expect(files.map((f) => f.name)).toEqual(["recipes/a.json", "recipes/b.json"]);
    expect(text(files[0]!.data)).toBe('{"a":1}');
    expect(files[1]!.data.length).toBe(5000);
  });

  it("reads a streamed ZIP whose sizes sit in data descriptors", () => {
    const files = read(streamedZip({ "one.json": strToU8('{"n":1}'), "two.json": strToU8('{"n":2}') }));
    expect(files.map((f) => text(f.data))).toEqual(['{"n":1}', '{"n":2}']);
  });

  it("refuses too many entries before reading any", () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 11; i++) many[`${i}.txt`] = strToU8("x");
    expect(() => listZipEntries(zipSync(many), limits)).toThrow(/holds 11 files; an import can read at most 10/);
  });

  it("refuses an entry that declares more than the per-entry limit without inflating it", () => {
    const bomb = zipSync({ "big.json": new Uint8Array(limits.maxEntryBytes + 1) });
    expect(() => read(bomb)).toThrow(ArchiveError);
    expect(() => read(bomb)).toThrow(/unpacks to more data/);
  });

  it("stops an entry that inflates past the size it declares (a lying zip bomb)", () => {
    // 8 MB of zeros compress to a few KB; the directory claims 100 bytes.
    const liar = withDeclaredSize(zipSync({ "small.json": new Uint8Array(8 * 1024 * 1024) }), 100);
    expect(() => read(liar, { ...limits, maxEntryBytes: 16 * 1024 * 1024, maxTotalBytes: 32 * 1024 * 1024 })).toThrow(ArchiveError);
  });

  it("shares one budget across entries", () => {
    const zip = zipSync({ "a.bin": new Uint8Array(900 * 1024), "b.bin": new Uint8Array(900 * 1024), "c.bin": new Uint8Array(900 * 1024) });
    expect(() => read(zip)).toThrow(/unpacks to more data/);
  });

  it("refuses what is not a ZIP, or a truncated one", () => {
    expect(() => read(strToU8("hello"))).toThrow(/damaged or not a ZIP/);
    const zip = zipSync({ "a.json": strToU8('{"a":1}') });
    expect(() => read(zip.subarray(0, zip.length - 30))).toThrow(ArchiveError);
  });

  it("refuses password-protected entries", () => {
    const zip = zipSync({ "a.json": strToU8("{}") });
    const view = new DataView(zip.buffer);
    for (let at = zip.length - 22; at >= 0; at--) {
      if (view.getUint32(at, true) === 0x06054b50) {
        const directory = view.getUint32(at + 16, true);
        view.setUint16(directory + 8, view.getUint16(directory + 8, true) | 1, true);
        break;
      }
    }
    expect(() => read(zip)).toThrow(/password-protected/);
  });
});

describe("gunzip", () => {
  it("inflates within the limit", () => {
    expect(text(gunzipWithin(gzipSync(strToU8("hello")), 100, { remaining: 100 }))).toBe("hello");
  });

  it("stops past the limit or the budget", () => {
    const big = gzipSync(new Uint8Array(200_000));
    expect(() => gunzipWithin(big, 100_000, { remaining: 1_000_000 })).toThrow(/unpacks to more data/);
    expect(() => gunzipWithin(big, 1_000_000, { remaining: 100_000 })).toThrow(/unpacks to more data/);
  });

  it("refuses raw deflate data that is not gzip", () => {
    expect(() => gunzipWithin(deflateSync(strToU8("x")), 100, { remaining: 100 })).toThrow(/not gzip-compressed/);
  });
});
