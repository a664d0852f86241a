import { describe, expect, it } from "vitest";
import {
  contentTypeFor,
  detectArchiveType,
  detectFileType,
  jpegDimensions,
  looksLikeDecompressionBomb,
  pngDimensions,
  webpDimensions,
  type FileKind,
} from "../../worker/domain/fileType";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];

/** PNG signature + IHDR chunk (length, type, width, height, depth 8, RGBA, compression, filter, interlace, CRC). */
function png(width: number, height: number): Uint8Array {
  return bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], u32(13), "IHDR", u32(width), u32(height), [8, 6, 0, 0, 0], u32(0x12345678));
}

/** SOI, an APP0/JFIF segment, a DQT stub, then a start-of-frame (SOF0 baseline or SOF2 progressive). */
function jpeg(width: number, height: number, sofMarker = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, ...u16(16), ...bytes("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const dqt = [0xff, 0xdb, ...u16(4), 0, 0];
  const sof = [0xff, sofMarker, ...u16(17), 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return bytes([0xff, 0xd8], app0, dqt, sof, [0xff, 0xda]);
}

describe("detectFileType", () => {
  it.each<[string, Uint8Array, FileKind]>([
    ["jpeg", jpeg(800, 600), "jpeg"],
    ["png", png(800, 600), "png"],
    ["pdf", bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "pdf"],
    ["webp", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp"],
    ["gif87a", bytes("GIF87a", [1, 0, 1, 0]), "gif"],
    ["gif89a", bytes("GIF89a", [1, 0, 1, 0]), "gif"],
    ["heic", bytes(u32(24), "ftypheic", u32(0), "mif1heic"), "heic"],
    ["heif mif1", bytes(u32(24), "ftypmif1", u32(0), "mif1heic"), "heic"],
  ])("recognises %s", (_label, data, kind) => {
    expect(detectFileType(data)).toBe(kind);
  });

  it.each([
    ["empty", new Uint8Array()],
    ["text", bytes("hello world, not an image")],
    ["zip", bytes([0x50, 0x4b, 0x03, 0x04], "rest")],
    ["mp4 (ftyp isom)", bytes(u32(24), "ftypisom", u32(0))],
    ["truncated png signature", bytes([0x89, 0x50, 0x4e, 0x47])],
    ["riff that is not webp", bytes("RIFF", [0, 0, 0, 0], "WAVE")],
  ])("refuses %s", (_label, data) => {
    expect(detectFileType(data)).toBeNull();
  });

  it("ignores what the name or declared type says: only the bytes count", () => {
    const disguised = bytes("<html><script>alert(1)</script>");
    expect(detectFileType(disguised)).toBeNull();
  });
});

describe("contentTypeFor", () => {
  it.each<[FileKind, string]>([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["pdf", "application/pdf"],
    ["webp", "image/webp"],
    ["gif", "image/gif"],
    ["heic", "image/heic"],
  ])("%s -> %s", (kind, type) => {
    expect(contentTypeFor(kind)).toBe(type);
  });
});

describe("image dimensions", () => {
  it("reads PNG width and height from IHDR", () => {
    expect(pngDimensions(png(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    expect(pngDimensions(png(1, 70000))).toEqual({ width: 1, height: 70000 });
    expect(pngDimensions(jpeg(10, 10))).toBeNull();
  });

  it("reads JPEG width and height from a baseline or progressive frame header after other segments", () => {
    expect(jpegDimensions(jpeg(4032, 3024, 0xc0))).toEqual({ width: 4032, height: 3024 });
    expect(jpegDimensions(jpeg(640, 480, 0xc2))).toEqual({ width: 640, height: 480 });
    expect(jpegDimensions(png(10, 10))).toBeNull();
  });

  it("gives up on a JPEG without a frame header", () => {
    expect(jpegDimensions(bytes([0xff, 0xd8], [0xff, 0xda, 0, 2]))).toBeNull();
    expect(jpegDimensions(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]))).toBeNull();
  });
});

describe("looksLikeDecompressionBomb", () => {
  it("passes ordinary phone photos and scans", () => {
    expect(looksLikeDecompressionBomb(jpeg(4032, 3024), "jpeg")).toBe(false); // 12 MP
    expect(looksLikeDecompressionBomb(png(2480, 3508), "png")).toBe(false); // A4 at 300 dpi
  });

  it("refuses images over 40 megapixels or with a side over 12,000 px", () => {
    expect(looksLikeDecompressionBomb(png(8000, 6000), "png")).toBe(true); // 48 MP
    expect(looksLikeDecompressionBomb(png(12001, 100), "png")).toBe(true);
    expect(looksLikeDecompressionBomb(jpeg(100, 12001), "jpeg")).toBe(true);
    expect(looksLikeDecompressionBomb(png(0xffffffff, 0xffffffff), "png")).toBe(true);
    expect(looksLikeDecompressionBomb(jpeg(65535, 65535, 0xc2), "jpeg")).toBe(true);
  });

  it("refuses PNG and JPEG files whose size cannot be read", () => {
    expect(looksLikeDecompressionBomb(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "png")).toBe(true);
    expect(looksLikeDecompressionBomb(png(0, 10), "png")).toBe(true);
    expect(looksLikeDecompressionBomb(bytes([0xff, 0xd8, 0xff]), "jpeg")).toBe(true);
  });

  it("does not judge kinds it does not decode", () => {
    expect(looksLikeDecompressionBomb(bytes("%PDF-1.7"), "pdf")).toBe(false);
    expect(looksLikeDecompressionBomb(bytes("GIF89a"), "gif")).toBe(false);
  });
});

/** RIFF/WEBP with a VP8X (extended) chunk: 24-bit little-endian width-1 and height-1. */
function webpExtended(width: number, height: number): Uint8Array {
  const u24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
  return bytes("RIFF", [30, 0, 0, 0], "WEBP", "VP8X", [10, 0, 0, 0], [0, 0, 0, 0], u24(width - 1), u24(height - 1));
}

/** RIFF/WEBP with a lossless VP8L chunk: signature 0x2f, then 14-bit width-1 and height-1. */
function webpLossless(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return bytes("RIFF", [30, 0, 0, 0], "WEBP", "VP8L", [10, 0, 0, 0], [0x2f], [bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff], [0, 0, 0, 0, 0]);
}

describe("webpDimensions", () => {
  it("reads extended and lossless headers", () => {
    expect(webpDimensions(webpExtended(1024, 768))).toEqual({ width: 1024, height: 768 });
    expect(webpDimensions(webpLossless(300, 200))).toEqual({ width: 300, height: 200 });
    expect(webpDimensions(png(10, 10))).toBeNull();
  });

  it("judges WebP sizes like the other images", () => {
    expect(looksLikeDecompressionBomb(webpExtended(1024, 768), "webp")).toBe(false);
    expect(looksLikeDecompressionBomb(webpExtended(16000, 16000), "webp")).toBe(true);
    expect(looksLikeDecompressionBomb(bytes("RIFF", [0, 0, 0, 0], "WEBP"), "webp")).toBe(true);
  });
});

describe("detectArchiveType", () => {
  it("knows ZIP (an empty archive too) and GZIP by their bytes, and nothing else", () => {
    expect(detectArchiveType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toBe("zip");
    expect(detectArchiveType(new Uint8Array([0x50, 0x4b, 0x05, 0x06, 0, 0]))).toBe("zip");
    expect(detectArchiveType(new Uint8Array([0x1f, 0x8b, 0x08, 0]))).toBe("gzip");
    expect(detectArchiveType(new TextEncoder().encode("PK not a zip"))).toBeNull();
    expect(detectArchiveType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
  });
});
