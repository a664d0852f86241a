import type { Session } from "lucia";
import { createDb, type Db } from "../db";
import type { users } from "../db/schema";
import { createLucia, type AppLucia } from "./auth/lucia";
import { createAiSeam, type AiSeam } from "./ai";
import type { AiBinding } from "./ai/types";
import type { ApiTokenScope } from "./schemas/apiTokens";

export type UserRow = typeof users.$inferSelect;

export type AppContext = {
  env: Env;
  db: Db;
  lucia: AppLucia;
  ai: AiSeam;
  user: UserRow | null;
  session: Session | null;
  /** Set when the caller signed in with a personal access token (Authorization: Bearer) instead of a session. */
  apiToken: { id: number; scope: ApiTokenScope } | null;
  /** The id this request's logs and X-Request-Id header carry. */
  requestId: string;
  /** Headers (Set-Cookie) the HTTP layer adds to the response. */
  resHeaders: Headers;
  requestUrl: string;
  clientIp: string;
  /** Lets procedures finish work after the response (e.g. push delivery). */
  waitUntil: (promise: Promise<unknown>) => void;
};

export type ContextInput = {
  env: Env;
  requestUrl: string;
  clientIp?: string;
  user?: UserRow | null;
  session?: Session | null;
  apiToken?: { id: number; scope: ApiTokenScope } | null;
  requestId?: string;
  resHeaders?: Headers;
  waitUntil?: (promise: Promise<unknown>) => void;
  db?: Db;
  lucia?: AppLucia;
};

/** Builds a context from bindings alone, so tests and the cron job can call the real router without a request. */
export function createContextInner(input: ContextInput): AppContext {
  const db = input.db ?? createDb(input.env.DB);
  return {
    env: input.env,
    db,
    lucia: input.lucia ?? createLucia(input.env.SESSIONS, db, input.requestUrl),
    ai: createAiSeam(db, (input.env.AI as unknown as AiBinding | undefined) ?? null),
    user: input.user ?? null,
    session: input.session ?? null,
    apiToken: input.apiToken ?? null,
    requestId: input.requestId ?? crypto.randomUUID(),
    resHeaders: input.resHeaders ?? new Headers(),
    requestUrl: input.requestUrl,
    clientIp: input.clientIp ?? "unknown",
    waitUntil: input.waitUntil ?? (() => undefined),
  };
}

/** Premium when the beta promise is on (PREMIUM_FOR_ALL, default true) or the account has the flag. */
export function isPremiumUser(env: Env, user: Pick<UserRow, "isPremium">): boolean {
  return (env.PREMIUM_FOR_ALL ?? "true") !== "false" || user.isPremium;
}
