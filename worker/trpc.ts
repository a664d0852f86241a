/**
 * The only place procedures are defined. Routers import `router` and the procedures from here.
 *
 * 1. Context: built per request from c.env (see context.ts); createContextInner lets tests and the cron job
 *    call the router without a request.
 * 2. Init: error formatter exposing zod field errors, the user-readable message and typed error details.
 * 3. Procedures: public, protected (signed in), premium (signed in and premium).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import type { AppContext, UserRow } from "./context";
import { isPremiumUser } from "./context";
import { errorDetailsOf, fieldErrorsOf, publicMessage } from "./errors";

export type ProcedureMeta = {
  /** The FORBIDDEN message a premiumProcedure gives free users (worded per feature, so it says what is locked). */
  premiumMessage?: string;
};

const t = initTRPC
  .context<AppContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      return {
        ...shape,
        message: publicMessage(error),
        // `details` is what the client may act on beyond the message (see ErrorDetailFields); REST bodies carry the
        // same fields beside `message`.
        data: { ...shape.data, stack: undefined, fieldErrors: fieldErrorsOf(error.cause), details: errorDetailsOf(error.cause) },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const SIGN_IN_MESSAGE = "Please sign in to continue";

export const READ_TOKEN_MESSAGE = "This token can only read. Make a read-write token on your profile to change data.";

/**
 * Signed in with a session cookie or a personal access token. A read token may call queries only (mutations
 * answer FORBIDDEN); REST paths reach procedures through the caller, so the same rule holds there.
 */
export const protectedProcedure = t.procedure.use(({ ctx, type, next }) => {
  if (!ctx.user || (!ctx.session && !ctx.apiToken)) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: SIGN_IN_MESSAGE });
  }
  if (ctx.apiToken?.scope === "read" && type !== "query") throw new TRPCError({ code: "FORBIDDEN", message: READ_TOKEN_MESSAGE });
  return next({ ctx: { ...ctx, user: ctx.user as UserRow } });
});

export const SESSION_ONLY_MESSAGE = "Manage access tokens from the Plantry app while signed in, not with a token.";

/** Signed in with a session (the app), not a token: for managing tokens themselves. */
export const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: "FORBIDDEN", message: SESSION_ONLY_MESSAGE });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const DEFAULT_PREMIUM_MESSAGE = "Premium subscription required";

export const premiumProcedure = protectedProcedure.use(({ ctx, meta, next }) => {
  if (!isPremiumUser(ctx.env, ctx.user)) {
    throw new TRPCError({ code: "FORBIDDEN", message: meta?.premiumMessage ?? DEFAULT_PREMIUM_MESSAGE });
  }
  return next();
});
