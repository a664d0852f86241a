/**
 * Reading uploaded archives (ZIP and GZIP) without trusting them. Pure; no I/O.
 *
 * The ZIP central directory is read here (it is what unzip tools trust, and it gives every entry's sizes even when
 * the local headers leave them out); fflate only inflates. Every entry is inflated in small slices and stopped as
 * soon as it passes its declared size or the limits, so a "zip bomb" costs at most one slice of work past the
 * limit, never the gigabytes it claims to hold.
 */
import { Gunzip, Inflate } from "fflate";
import { detectArchiveType } from "./fileType";

export type ArchiveLimits = {
  /** Entries in one archive (directories included). */
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of everything read through one budget (nested archives share it). */
  maxTotalBytes: number;
};

/** A refused or unreadable archive; the message is fit to show. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

/** How many uncompressed bytes may still be produced; shared by an archive and the archives inside it. */
export type DecompressionBudget = { remaining: number };

export const newBudget = (limits: ArchiveLimits): DecompressionBudget => ({ remaining: limits.maxTotalBytes });

const TOO_BIG = "This file unpacks to more data than an import can take. Export fewer recipes at a time, or without photos.";
const DAMAGED = "This archive is damaged or not a ZIP file we can read.";

// Compressed input is fed to the inflater in slices this size: one slice can expand at most ~1000-fold.
const SLICE = 16 * 1024;

export const isZip = (bytes: Uint8Array): boolean => detectArchiveType(bytes) === "zip";
export const isGzip = (bytes: Uint8Array): boolean => detectArchiveType(bytes) === "gzip";

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>> 0;

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's local header. */
  headerOffset: number;
  isDirectory: boolean;
};

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  if (utf8) return new TextDecoder("utf-8").decode(bytes);
  // Without the UTF-8 flag names are CP437; every tool writes ASCII names that way, which is all we look at.
  return String.fromCharCode(...bytes);
}

/** The entries the central directory lists. ZIP64 and encrypted archives are refused. */
export function listZipEntries(bytes: Uint8Array, limits: Pick<ArchiveLimits, "maxEntries">): ZipEntry[] {
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 64 KB comment.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ArchiveError(DAMAGED);
  const count = u16(bytes, end + 10);
  const directoryOffset = u32(bytes, end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ArchiveError("ZIP64 archives are not supported. Please export fewer recipes at a time.");
  if (count > limits.maxEntries) throw new ArchiveError(`This archive holds ${count} files; an import can read at most ${limits.maxEntries}.`);
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new ArchiveError(DAMAGED);
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const headerOffset = u32(bytes, at + 42);
    if (flags & 1) throw new ArchiveError("This archive is password-protected. Please export it again without a password.");
    if (compressedSize === 0xffffffff || size === 0xffffffff || headerOffset === 0xffffffff) {
      throw new ArchiveError("ZIP64 archives are not supported. Please export fewer recipes at a time.");
    }
    const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    entries.push({ name, method, compressedSize, size, headerOffset, isDirectory: name.endsWith("/") });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Runs a streaming decompressor over `input` in slices, stopping once it has produced more than `max` bytes. */
function decompressWithin(input: Uint8Array, max: number, make: (ondata: (chunk: Uint8Array, final: boolean) => void) => { push(chunk: Uint8Array, final: boolean): void }) {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const stream = make((chunk) => {
    total += chunk.length;
    if (total > max) over = true;
    else chunks.push(chunk);
  });
  try {
    for (let at = 0; at < input.length && !over; at += SLICE) {
      const end = Math.min(at + SLICE, input.length);
      stream.push(input.subarray(at, end), end === input.length);
    }
    if (input.length === 0) stream.push(input, true);
  } catch (error) {
    if (over) throw new ArchiveError(TOO_BIG);
    throw new ArchiveError(error instanceof ArchiveError ? error.message : DAMAGED);
  }
  if (over) throw new ArchiveError(TOO_BIG);
  return concat(chunks, total);
}

function spend(budget: DecompressionBudget, bytes: number) {
  budget.remaining -= bytes;
  if (budget.remaining < 0) throw new ArchiveError(TOO_BIG);
}

/** A gzip file's contents, refused past `maxBytes` or the budget. */
export function gunzipWithin(bytes: Uint8Array, maxBytes: number, budget: DecompressionBudget): Uint8Array {
  if (!isGzip(bytes)) throw new ArchiveError("A file inside the export is not gzip-compressed as expected.");
  const data = decompressWithin(bytes, Math.min(maxBytes, budget.remaining), (ondata) => new Gunzip(ondata));
  spend(budget, data.length);
  return data;
}

/**
 * The files of a ZIP archive, one at a time (directories and macOS metadata skipped), each checked against its
 * declared size, the per-entry limit and the shared budget before the next is read.
 */
export function* readZipFiles(bytes: Uint8Array, limits: ArchiveLimits, budget: DecompressionBudget): Generator<{ name: string; data: Uint8Array }> {
  for (const entry of listZipEntries(bytes, limits)) {
    if (entry.isDirectory || entry.name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(entry.name)) continue;
    if (entry.size > limits.maxEntryBytes || entry.size > budget.remaining) throw new ArchiveError(TOO_BIG);
    const at = entry.headerOffset;
    if (at + 30 > bytes.length || u32(bytes, at) !== 0x04034b50) throw new ArchiveError(DAMAGED);
    const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
    const raw = bytes.subarray(start, start + entry.compressedSize);
    if (raw.length !== entry.compressedSize) throw new ArchiveError(DAMAGED);
    let data: Uint8Array;
    if (entry.method === 0) data = raw;
    else if (entry.method === 8) data = decompressWithin(raw, entry.size, (ondata) => new Inflate(ondata));
    else throw new ArchiveError(`A file in this archive uses a compression method we can't read (${entry.method}).`);
    // A size other than the declared one is a damaged entry (or one written to fool a size check).
    if (data.length !== entry.size) throw new ArchiveError(DAMAGED);
    spend(budget, data.length);
    yield { name: entry.name, data };
  }
}
