import { Lucia, TimeSpan } from "lucia";
import type { Db } from "../../db";
import type { users } from "../../db/schema";
import { KvSessionAdapter } from "./kvSessionAdapter";

export const SESSION_COOKIE = "plantry_session";

/** Lucia for one request. Secure cookies everywhere except plain-http localhost (local development). */
export function createLucia(kv: KVNamespace, db: Db, requestUrl: string) {
  const url = new URL(requestUrl);
  const secure = url.protocol === "https:" || !isLocalHost(url.hostname);
  return new Lucia(new KvSessionAdapter(kv, db), {
    // 30 days, sliding: lucia renews a session once less than half of this remains.
    sessionExpiresIn: new TimeSpan(30, "d"),
    sessionCookie: {
      name: SESSION_COOKIE,
      expires: true,
      attributes: { secure, sameSite: "lax", path: "/" },
    },
    // The adapter hands over the user row it read; lucia's user is then the full row (one D1 read per request).
    getUserAttributes: (attributes) => attributes,
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module "lucia" {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: typeof users.$inferSelect;
  }
}

export function isLocalHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]" || hostname.endsWith(".localhost");
}
