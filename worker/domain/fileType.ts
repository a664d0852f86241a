/**
 * Upload sniffing: what a file really is (by its magic bytes, not its name or declared type) and whether an
 * image would decode to an unreasonable size. Pure; works on the first bytes of an upload.
 */

export type FileKind = "jpeg" | "png" | "pdf" | "webp" | "gif" | "heic";

/** Images larger than this are refused before any decoder sees them. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

const CONTENT_TYPES: Record<FileKind, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  webp: "image/webp",
  gif: "image/gif",
  heic: "image/heic",
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

export function detectFileType(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  // ISO base media file: [size]["ftyp"][major brand]; HEIF/HEIC brands.
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    if (["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].includes(brand)) return "heic";
  }
  return null;
}

/** Archives (recipe exports), told apart by their bytes; kept apart from detectFileType, which names uploads that may be shown. */
export function detectArchiveType(bytes: Uint8Array): "zip" | "gzip" | null {
  // A local file header, or the end record of an empty archive.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  // Deflate is the only method gzip files use.
  if (startsWith(bytes, [0x1f, 0x8b, 0x08])) return "gzip";
  return null;
}

export function contentTypeFor(kind: FileKind): string {
  return CONTENT_TYPES[kind];
}

const readUint16BE = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const readUint32BE = (bytes: Uint8Array, at: number) => (((bytes[at] ?? 0) << 24) >>> 0) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);

/** Width and height from the IHDR chunk, which a valid PNG always has first. */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (detectFileType(bytes) !== "png" || bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
  return { width: readUint32BE(bytes, 16), height: readUint32BE(bytes, 20) };
}

/** Width and height from the first start-of-frame marker (baseline, progressive and the other SOF kinds). */
export function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (detectFileType(bytes) !== "jpeg") return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length field.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame header
    const length = readUint16BE(bytes, at + 2);
    if (length < 2) return null;
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      if (at + 9 > bytes.length) return null;
      return { height: readUint16BE(bytes, at + 5), width: readUint16BE(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

const readUint24LE = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);

/** Width and height from a WebP's first chunk: VP8X (extended), VP8L (lossless) or VP8 (lossy key frame). */
export function webpDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (detectFileType(bytes) !== "webp" || bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8X") return { width: readUint24LE(bytes, 24) + 1, height: readUint24LE(bytes, 27) + 1 };
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: ((bytes[26] ?? 0) | ((bytes[27] ?? 0) << 8)) & 0x3fff, height: ((bytes[28] ?? 0) | ((bytes[29] ?? 0) << 8)) & 0x3fff };
  }
  return null;
}

/** Width and height of a PNG, JPEG or WebP; null when the header cannot be read (or for other kinds). */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const kind = detectFileType(bytes);
  if (kind === "png") return pngDimensions(bytes);
  if (kind === "jpeg") return jpegDimensions(bytes);
  if (kind === "webp") return webpDimensions(bytes);
  return null;
}

/**
 * True when an image declares dimensions that would take huge memory to decode (a "decompression bomb"):
 * more than 40 megapixels or a side above 12,000 px. A PNG, JPEG or WebP whose header cannot be read is refused
 * too, since nothing then bounds its size. Other kinds pass (PDFs are not rasterised here).
 */
export function looksLikeDecompressionBomb(bytes: Uint8Array, kind: FileKind): boolean {
  const size = kind === "png" || kind === "jpeg" || kind === "webp" ? imageDimensions(bytes) : undefined;
  if (size === undefined) return false;
  if (size === null) return true;
  const { width, height } = size;
  if (width === 0 || height === 0) return true;
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
}
