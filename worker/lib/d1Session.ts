/**
 * D1 read replication through the Sessions API. Each request opens a session: from the caller's last bookmark
 * when it sent one (the `plantry_d1` cookie, or the `x-d1-bookmark` header for API clients), so its reads come
 * from a replica at least as new as its own last write; otherwise "first-unconstrained" (any copy). The newest
 * bookmark goes back on every API response (header, and the cookie when it moved). See decision record 021.
 *
 * The seam: a binding without withSession (an older runtime, a test double) is used as it is, without bookmarks.
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
export const BOOKMARK_COOKIE = "plantry_d1";
/** D1 bookmarks are hex groups joined by dashes; anything else from a client is ignored. */
const BOOKMARK = /^[0-9a-f]{1,40}(?:-[0-9a-f]{1,64}){1,6}$/i;

export type D1Session = {
  /** Use this for every query of the request (drizzle needs only prepare and batch). */
  database: D1Database;
  /** The newest bookmark the session has seen, or null (no query yet, or no Sessions API). */
  bookmark(): string | null;
};

export function validBookmark(value: string | null | undefined): string | null {
  return value && value.length <= 200 && BOOKMARK.test(value) ? value : null;
}

export function openD1Session(db: D1Database, bookmark: string | null): D1Session {
  if (typeof db.withSession !== "function") return { database: db, bookmark: () => null };
  const session = db.withSession(validBookmark(bookmark) ?? "first-unconstrained");
  // A bookmark that cannot be read (the database failing) only means the next request starts unconstrained.
  const bookmarkOf = () => {
    try {
      return session.getBookmark() ?? null;
    } catch {
      return null;
    }
  };
  return { database: session as unknown as D1Database, bookmark: bookmarkOf };
}

/** The bookmark a request carries: the API client's header first, then the browser's cookie. */
export function requestBookmark(header: string | undefined, cookieHeader: string | undefined): string | null {
  const fromHeader = validBookmark(header?.trim());
  if (fromHeader) return fromHeader;
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === BOOKMARK_COOKIE) return validBookmark(decodeURIComponent(rest.join("=")));
  }
  return null;
}
