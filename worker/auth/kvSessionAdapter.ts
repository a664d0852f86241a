import { generateIdFromEntropySize, type Adapter, type DatabaseSession, type DatabaseUser } from "lucia";
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { users } from "../../db/schema";

type StoredSession = { id: string; userId: string; expiresAt: number };

const sessionKey = (id: string) => `session:${id}`;
const userSessionKey = (userId: string, id: string) => `user-sessions:${userId}:${id}`;

/**
 * A new session id: the user's id, a dot, then 25 random bytes (base32). Carrying the user id lets a request read
 * the session (KV) and the user (D1) at the same time instead of one after the other; the stored session must
 * still name that user, so a made-up prefix gets nothing. The random part alone keeps the id unguessable.
 */
export function newSessionId(userId: string): string {
  return `${userId}.${generateIdFromEntropySize(25)}`;
}

/** The user id a session id claims, or null for ids without one (sessions created before ids carried it). */
function claimedUserId(sessionId: string): string | null {
  const dot = sessionId.indexOf(".");
  if (dot <= 0) return null;
  const userId = sessionId.slice(0, dot);
  return /^[a-z0-9]{1,64}$/.test(userId) ? userId : null;
}

/**
 * Lucia adapter: sessions in KV, users in D1. KV allows one write per second per key and is eventually
 * consistent, so this writes only when lucia creates, renews or deletes a session, never on a plain read.
 * A disabled or deleted user has no valid session, because the user row is read from D1 on every request. That
 * read is the request's only one: the whole row travels as lucia's user attributes (see lucia.ts), so the
 * request context takes the signed-in user from lucia instead of reading it again. It runs alongside the KV read
 * when the session id names its user (newSessionId).
 */
export class KvSessionAdapter implements Adapter {
  constructor(
    private readonly kv: KVNamespace,
    private readonly db: Db,
  ) {}

  private async readSession(id: string): Promise<StoredSession | null> {
    const stored = await this.kv.get<StoredSession>(sessionKey(id), "json");
    if (!stored || typeof stored.userId !== "string") return null;
    return stored;
  }

  private async writeSession(session: StoredSession): Promise<void> {
    // KV needs at least 60 s of TTL; keep a little past expiry so lucia sees and deletes it cleanly.
    const ttl = Math.max(60, Math.ceil((session.expiresAt - Date.now()) / 1000) + 60);
    await Promise.all([
      this.kv.put(sessionKey(session.id), JSON.stringify(session), { expirationTtl: ttl }),
      this.kv.put(userSessionKey(session.userId, session.id), "1", { expirationTtl: ttl }),
    ]);
  }

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const claimed = claimedUserId(sessionId);
    const [stored, claimedUser] = await Promise.all([this.readSession(sessionId), claimed ? this.readUser(claimed) : undefined]);
    if (!stored) return [null, null];
    if (claimed !== null && stored.userId !== claimed) return [null, null];
    const user = claimed !== null ? claimedUser : await this.readUser(stored.userId);
    if (!user || user.disabled) return [null, null];
    return [
      { id: stored.id, userId: stored.userId, expiresAt: new Date(stored.expiresAt), attributes: {} },
      { id: user.id, attributes: user },
    ];
  }

  private readUser(userId: string) {
    return this.db.query.users.findFirst({ where: eq(users.id, userId) });
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const ids = await this.listUserSessionIds(userId);
    const sessions = await Promise.all(ids.map((id) => this.readSession(id)));
    return sessions
      .filter((s): s is StoredSession => s !== null)
      .map((s) => ({ id: s.id, userId: s.userId, expiresAt: new Date(s.expiresAt), attributes: {} }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.writeSession({ id: session.id, userId: session.userId, expiresAt: session.expiresAt.getTime() });
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    const stored = await this.readSession(sessionId);
    if (!stored) return;
    await this.writeSession({ ...stored, expiresAt: expiresAt.getTime() });
  }

  async deleteSession(sessionId: string): Promise<void> {
    const stored = await this.readSession(sessionId);
    await this.kv.delete(sessionKey(sessionId));
    if (stored) await this.kv.delete(userSessionKey(stored.userId, sessionId));
  }

  async deleteUserSessions(userId: string): Promise<void> {
    const ids = await this.listUserSessionIds(userId);
    await Promise.all(ids.flatMap((id) => [this.kv.delete(sessionKey(id)), this.kv.delete(userSessionKey(userId, id))]));
  }

  async deleteExpiredSessions(): Promise<void> {
    // KV expires keys by TTL.
  }

  private async listUserSessionIds(userId: string): Promise<string[]> {
    const prefix = `user-sessions:${userId}:`;
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.kv.list({ prefix, cursor });
      for (const key of page.keys) ids.push(key.name.slice(prefix.length));
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return ids;
  }
}
