/**
 * Fetching a user-supplied recipe link without letting it reach places it should not (SSRF defence).
 *
 * Workers cannot resolve DNS before fetching, so we cannot check the address a name points to: the rules here work on
 * the URL itself. Only http(s) on the default ports, no credentials, no local or internal names, no IP literals in
 * private, loopback, link-local, shared (CGNAT), multicast or reserved ranges, in any spelling (decimal "2130706433",
 * hex "0x7f000001", octal "0177.0.0.1", short "127.1", IPv4-mapped IPv6). Redirects are followed by hand so every hop
 * is checked again. A public name that resolves to a private address (DNS rebinding, wildcard DNS services beyond the
 * few listed) is left to the platform's network isolation: Workers' outbound fetch runs on Cloudflare's edge, not
 * inside our network.
 */

export type SafeFetchStatus = 400 | 413 | 415 | 422 | 502 | 504;

/** An import failure whose message is a sentence a user may read (it reaches the UI toast). */
export class SafeFetchError extends Error {
  constructor(
    message: string,
    readonly status: SafeFetchStatus,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export const FETCH_PAGE_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;

const MESSAGES = {
  invalid: "That doesn't look like a valid web address.",
  scheme: "Only http and https links can be imported.",
  credentials: "Links with a username or password can't be imported.",
  port: "Only links on the standard web ports can be imported.",
  privateHost: "That link points to a private or local address, so it can't be imported.",
  tooLarge: "The page is too large to import.",
  notHtml: "That link is not a web page.",
  timeout: "The site took too long to answer.",
  unreachable: "We couldn't reach that site. Check the link and try again.",
  tooManyRedirects: "The site redirected too many times.",
  badRedirect: "The site sent a redirect we can't follow.",
  privateRedirect: "The site redirected to a private or local address, so it can't be imported.",
  refusedRedirect: "The site redirected to a link that can't be imported.",
} as const;

const BLOCKED_NAMES = new Set(["localhost", "metadata", "metadata.google.internal", "metadata.goog", "instance-data", "kubernetes.default"]);
const BLOCKED_SUFFIXES = [
  ".localhost", ".local", ".internal", ".home.arpa", ".localdomain", ".lan", ".intranet", ".corp", ".test", ".invalid",
  // Wildcard DNS services that answer any embedded address (127.0.0.1.nip.io): the best we can do without DNS.
  ".nip.io", ".sslip.io", ".xip.io", ".localtest.me", ".lvh.me",
];
const BLOCKED_EXACT_SUFFIX_NAMES = new Set(["localtest.me", "lvh.me", "nip.io", "sslip.io", "xip.io"]);

// ---------------------------------------------------------------------------------------------------------------
// IP literals
// ---------------------------------------------------------------------------------------------------------------

/**
 * Reads an IPv4 host the way inet_aton (and the WHATWG URL parser) does: one to four parts, each decimal, hex (0x)
 * or octal (leading 0), the last part filling the remaining bytes. Null when the host is not a numeric IPv4 form.
 */
export function parseIpv4(host: string): number | null {
  const text = host.endsWith(".") ? host.slice(0, -1) : host;
  const parts = text.split(".");
  if (parts.length === 0 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(?:0|[1-9]\d*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isFinite(value)) return null;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  let address = 0;
  values.forEach((v, index) => (address += v * 256 ** (3 - index)));
  return address + last;
}

function inV4Range(address: number, base: string, prefix: number): boolean {
  const start = parseIpv4(base) ?? 0;
  const size = 2 ** (32 - prefix);
  return address >= start && address < start + size;
}

const BLOCKED_V4_RANGES: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes 255.255.255.255
];

export function isBlockedIpv4(address: number): boolean {
  return BLOCKED_V4_RANGES.some(([base, prefix]) => inV4Range(address, base, prefix));
}

/** Eight 16-bit groups of an IPv6 literal (brackets optional, embedded IPv4 tail allowed); null when invalid. */
export function parseIpv6(host: string): number[] | null {
  let text = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  text = text.split("%")[0] ?? ""; // zone id
  if (!text.includes(":")) return null;
  let tailGroups: number[] = [];
  if (text.includes(".")) {
    // "::ffff:127.0.0.1": the last 32 bits written as dotted IPv4.
    const lastColon = text.lastIndexOf(":");
    const dotted = text.slice(lastColon + 1);
    const v4 = /^\d{1,3}(?:\.\d{1,3}){3}$/.test(dotted) ? parseIpv4(dotted) : null;
    if (v4 === null) return null;
    tailGroups = [v4 >>> 16, v4 & 0xffff];
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parseGroups = (part: string | undefined) =>
    part ? part.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : Number.NaN)) : [];
  const head = parseGroups(halves[0]);
  const rest = halves.length === 2 ? parseGroups(halves[1]) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  const known = head.length + rest.length + tailGroups.length;
  if (halves.length === 1) return known === 8 ? [...head, ...tailGroups] : null;
  if (known > 7) return null;
  const zeros: number[] = new Array<number>(8 - known).fill(0);
  return [...head, ...zeros, ...rest, ...tailGroups];
}

export function isBlockedIpv6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::/96 holds :: (unspecified), ::1 (loopback) and the deprecated IPv4-compatible ::a.b.c.d.
  if (firstFiveZero && g5 === 0) return true;
  // IPv4-mapped ::ffff:a.b.c.d is judged by the IPv4 address it carries.
  if (firstFiveZero && g5 === 0xffff) return isBlockedIpv4(g6 * 65536 + g7);
  if (g0 === 0x64 && g1 === 0xff9b) return true; // NAT64 (64:ff9b::/96 and 64:ff9b:1::/48)
  if (g0 === 0x2002) return true; // 6to4 carries an IPv4 address (2002:7f00:1::)
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // old site-local fec0::/10
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// URL rules
// ---------------------------------------------------------------------------------------------------------------

function refuse(message: string): never {
  throw new SafeFetchError(message, 400);
}

/** The parsed URL when a link may be fetched; throws SafeFetchError(400) with a readable reason otherwise. */
export function checkUrlAllowed(raw: string): URL {
  const text = raw.trim();
  if (!text || text.length > 2048) refuse(MESSAGES.invalid);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    refuse(MESSAGES.invalid);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") refuse(MESSAGES.scheme);
  if (url.username || url.password) refuse(MESSAGES.credentials);
  if (url.port && url.port !== "80" && url.port !== "443") refuse(MESSAGES.port);

  // "localhost." and "localhost" are the same name.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (!host) refuse(MESSAGES.invalid);

  if (host.startsWith("[") || host.includes(":")) {
    const groups = parseIpv6(host);
    if (!groups || isBlockedIpv6(groups)) refuse(MESSAGES.privateHost);
    return url;
  }
  // URL parsing already turns "2130706433", "0x7f000001", "0177.0.0.1" and "127.1" into dotted form; parse again
  // anyway so a runtime that does not normalise is still covered.
  const address = parseIpv4(host);
  if (address !== null) {
    if (isBlockedIpv4(address)) refuse(MESSAGES.privateHost);
    return url;
  }
  if (/^[\d.]+$/.test(host)) refuse(MESSAGES.invalid);
  if (BLOCKED_NAMES.has(host) || BLOCKED_EXACT_SUFFIX_NAMES.has(host) || BLOCKED_SUFFIXES.some((s) => host.endsWith(s))) {
    refuse(MESSAGES.privateHost);
  }
  // A single-label name ("intranet", "router") can only be reached through a local search domain.
  if (!host.includes(".")) refuse(MESSAGES.privateHost);
  return url;
}

// ---------------------------------------------------------------------------------------------------------------
// Fetching
// ---------------------------------------------------------------------------------------------------------------

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

function charsetOf(contentType: string, head: Uint8Array): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (declared) return declared;
  // <meta charset="..."> or <meta http-equiv="Content-Type" content="...; charset=..."> near the top.
  const start = String.fromCharCode(...head.subarray(0, 2048));
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(start)?.[1] ?? "utf-8";
}

function decodeBody(bytes: Uint8Array, contentType: string): string {
  const charset = charsetOf(contentType, bytes);
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

export type FetchPageOptions = {
  fetchImpl?: typeof fetch;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
};

/**
 * Fetches a web page for recipe import under the rules above: each hop checked, at most `maxRedirects` redirects,
 * `timeoutMs` for the whole exchange (body included), `maxBytes` read at most, HTML only.
 * Errors are SafeFetchError: 400 refused link, 413 too large, 415 not a web page, 502 the site failed, 504 timeout.
 */
export async function fetchPage(
  url: string,
  options: FetchPageOptions = {},
): Promise<{ html: string; finalUrl: string; contentType: string }> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const maxBytes = options.maxBytes ?? FETCH_PAGE_DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? FETCH_PAGE_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? FETCH_PAGE_DEFAULTS.maxRedirects;

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing every await against the deadline also covers fetch implementations that ignore the abort signal.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new SafeFetchError(MESSAGES.timeout, 504));
    }, timeoutMs);
  });
  deadline.catch(() => undefined);
  const withDeadline = <T>(promise: Promise<T>) => Promise.race([promise, deadline]);

  try {
    let current = checkUrlAllowed(url);
    for (let redirects = 0; ; redirects++) {
      let response: Response;
      try {
        response = await withDeadline(
          fetchImpl(current.href, {
            method: "GET",
            redirect: "manual",
            signal: controller.signal,
            headers: {
              accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
              "user-agent": "Mozilla/5.0 (compatible; PlantryRecipeImport/1.0)",
            },
          }),
        );
      } catch (error) {
        if (error instanceof SafeFetchError) throw error;
        if (controller.signal.aborted) throw new SafeFetchError(MESSAGES.timeout, 504);
        throw new SafeFetchError(MESSAGES.unreachable, 502);
      }

      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get("location");
        if (!location) throw new SafeFetchError(MESSAGES.badRedirect, 502);
        if (redirects >= maxRedirects) throw new SafeFetchError(MESSAGES.tooManyRedirects, 502);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new SafeFetchError(MESSAGES.badRedirect, 502);
        }
        try {
          current = checkUrlAllowed(next.href);
        } catch (error) {
          if (!(error instanceof SafeFetchError)) throw error;
          const toPrivate = error.message === MESSAGES.privateHost;
          throw new SafeFetchError(toPrivate ? MESSAGES.privateRedirect : MESSAGES.refusedRedirect, 400);
        }
        continue;
      }

      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        throw new SafeFetchError(`The site answered with status ${response.status}.`, 502);
      }

      const contentType = response.headers.get("content-type") ?? "";
      const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (!HTML_TYPES.has(mediaType)) {
        await response.body?.cancel().catch(() => undefined);
        throw new SafeFetchError(MESSAGES.notHtml, 415);
      }
      const declaredLength = Number(response.headers.get("content-length"));
      if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw new SafeFetchError(MESSAGES.tooLarge, 413);
      }

      const bytes = await withDeadline(readCapped(response, maxBytes));
      return { html: decodeBody(bytes, contentType), finalUrl: current.href, contentType };
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Reads a body, stopping (and cancelling the stream) as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new SafeFetchError(MESSAGES.tooLarge, 413);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError(MESSAGES.unreachable, 502);
  } finally {
    reader.releaseLock?.();
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
