/**
 * Personal access tokens: made and revoked by their owner on the profile, used by API clients as a Bearer
 * header. A read token may call queries only; read-write may also call mutations (checked in worker/trpc.ts).
 */
import { TRPCError } from "@trpc/server";
import { and, desc, eq, lt, or, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { apiTokens, users } from "../../db/schema";
import { hashApiToken, newApiToken, tokenPrefix } from "../auth/apiTokens";
import { API_TOKEN_LIMITS, type ApiTokenScope } from "../schemas/apiTokens";

type TokensDb = { db: Db };
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export const TOKEN_NOT_FOUND = "Token not found";
/** Last-used times are written at most this often per token (a write per API call would cost more than it tells). */
const LAST_USED_RESOLUTION_MS = 60 * 60 * 1000;

export function toApiTokenOutput(row: ApiTokenRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as ApiTokenScope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(ctx: TokensDb, userId: string) {
  const rows = await ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.id));
  return rows.map(toApiTokenOutput);
}

/** Makes a token; the answer carries it in full, the only time it is ever shown. */
export async function createApiToken(ctx: TokensDb, userId: string, input: { name: string; scope: ApiTokenScope }) {
  const [count] = await ctx.db.select({ n: sql<number>`COUNT(*)` }).from(apiTokens).where(eq(apiTokens.userId, userId));
  if ((count?.n ?? 0) >= API_TOKEN_LIMITS.perUser) {
    throw new TRPCError({ code: "BAD_REQUEST", message: `You can have at most ${API_TOKEN_LIMITS.perUser} tokens. Revoke one you no longer use first.` });
  }
  const token = newApiToken();
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({ userId, name: input.name, scope: input.scope, tokenHash: await hashApiToken(token), prefix: tokenPrefix(token) })
    .returning();
  return { ...toApiTokenOutput(row!), token };
}

export async function revokeApiToken(ctx: TokensDb, userId: string, id: number) {
  const [row] = await ctx.db.delete(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId))).returning();
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: TOKEN_NOT_FOUND });
  return { ok: true as const, id: row.id, message: `${row.name} has been revoked.` };
}

export type TokenAuth = { user: typeof users.$inferSelect; token: ApiTokenRow };

/**
 * The token's owner (one indexed read, token and user together), or null for an unknown or revoked token or a
 * disabled account. `touch` records the use (at most hourly); the caller runs it after the response.
 */
export async function authenticateApiToken(ctx: TokensDb, token: string): Promise<(TokenAuth & { touch: () => Promise<unknown> }) | null> {
  if (!token) return null;
  const tokenHash = await hashApiToken(token);
  const [found] = await ctx.db.select({ token: apiTokens, user: users }).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId)).where(eq(apiTokens.tokenHash, tokenHash)).limit(1);
  if (!found || found.user.disabled) return null;
  const now = Date.now();
  const touch = () =>
    ctx.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiTokens.id, found.token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now - LAST_USED_RESOLUTION_MS)))));
  return { ...found, touch };
}
