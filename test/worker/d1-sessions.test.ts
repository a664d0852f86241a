/**
 * D1 read replication: every request reads through a D1 session, and the caller gets the session's bookmark back
 * (x-d1-bookmark header, plantry_d1 cookie when it moved), so their next request starts no older than their own
 * last write. Local workerd implements the Sessions API (on one database, so "no older" is the only order there
 * is); the seam falls back to the plain binding where withSession is missing.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, openD1Session, requestBookmark, validBookmark } from "../../worker/lib/d1Session";
import { createUser } from "../helpers/factories";
import { request, trpc } from "../helpers/http";

/** A D1 binding that records which bookmark or constraint each session was opened with. */
function recordingD1(opened: (string | undefined)[]): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "withSession") {
        return (constraint?: string) => {
          opened.push(constraint);
          return target.withSession(constraint);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const bookmarkCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));

describe("a session per request, anchored at the caller's bookmark", () => {
  it("answers with a bookmark, and the next request (cookie or header) opens its session there", async () => {
    const user = await createUser();
    const opened: (string | undefined)[] = [];
    const DB = recordingD1(opened);
    const write = await trpc("pantry.create", { name: "Leeks", category: "Fresh Vegetables" }, { cookie: user.cookie, env: { DB } });
    expect(write.status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    const bookmark = write.headers.get(BOOKMARK_HEADER);
    expect(validBookmark(bookmark)).toBe(bookmark);
    expect(bookmarkCookie(write)).toBe(`${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark!)}`);
    expect(write.headers.getSetCookie().find((c) => c.startsWith(BOOKMARK_COOKIE))).toMatch(/HttpOnly; SameSite=Lax/);

    // The browser: the cookie carries it. The read sees the write.
    const read = await trpc("pantry.list", undefined, { type: "query", cookie: `${user.cookie}; ${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark!)}`, env: { DB } });
    expect(opened[1]).toBe(bookmark);
    expect(((await read.json()) as { result: { data: { name: string }[] } }).result.data.map((i) => i.name)).toContain("Leeks");
    // A bookmark that did not move is not set again.
    if (read.headers.get(BOOKMARK_HEADER) === bookmark) expect(bookmarkCookie(read)).toBeUndefined();

    // An API client: the header carries it, and wins over a cookie.
    await request("/api/pantry", { cookie: `${user.cookie}; ${BOOKMARK_COOKIE}=00000000-00000001-00000000-00000000000000000000000000000000`, headers: { [BOOKMARK_HEADER]: bookmark! }, env: { DB } });
    expect(opened[2]).toBe(bookmark);
  });

  it("ignores a bookmark that is not one (starts unconstrained instead)", async () => {
    const opened: (string | undefined)[] = [];
    const response = await request("/api/version", { headers: { [BOOKMARK_HEADER]: "'; DROP TABLE users; --" }, env: { DB: recordingD1(opened) } });
    expect(response.status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    expect(requestBookmark(undefined, `other=1; ${BOOKMARK_COOKIE}=not a bookmark`)).toBeNull();
  });

  it("a binding without the Sessions API is used as it is", async () => {
    const plain = { prepare: env.DB.prepare.bind(env.DB), batch: env.DB.batch.bind(env.DB), exec: env.DB.exec.bind(env.DB) } as unknown as D1Database;
    const session = openD1Session(plain, "00000000-00000001-00000000-00000000000000000000000000000000");
    expect(session.database).toBe(plain);
    expect(session.bookmark()).toBeNull();
    const user = await createUser();
    const response = await request("/api/pantry", { cookie: user.cookie, env: { DB: plain } });
    expect(response.status).toBe(200);
    expect(response.headers.get(BOOKMARK_HEADER)).toBeNull();
  });
});
