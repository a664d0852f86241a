import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { eq, or } from "drizzle-orm";
import { router, publicProcedure, protectedProcedure } from "../trpc";
import { users } from "../../db/schema";
import { deleteAccountInput, loginInput, registerInput } from "../schemas/auth";
import { hashPassword, verifyPassword } from "../auth/password";
import { RATE_LIMITS, rateLimit } from "../auth/rateLimit";
import { startProviderLink } from "../auth/oauth";
import { endSession, isValidTimeZone, loginWithPassword, newUserId, startSession, toPublicUser } from "../auth/accounts";
import { deleteAccount } from "../services/account";

const timeZoneInput = z
  .string()
  .max(64)
  .optional()
  .transform((tz) => (tz && isValidTimeZone(tz) ? tz : undefined));

export const authRouter = router({
  /** Which sign-in options this deployment offers (Google and GitHub need credentials). */
  providers: publicProcedure.query(({ ctx }) => ({
    google: Boolean(ctx.env.GOOGLE_CLIENT_ID && ctx.env.GOOGLE_CLIENT_SECRET),
    github: Boolean(ctx.env.GITHUB_CLIENT_ID && ctx.env.GITHUB_CLIENT_SECRET),
  })),

  register: publicProcedure
    .input(registerInput.extend({ timeZone: timeZoneInput }))
    .mutation(async ({ ctx, input }) => {
      // Counted before the password hash, the expensive part.
      await rateLimit(ctx, RATE_LIMITS.register, ctx.clientIp);
      const usernameKey = input.username.toLowerCase();
      const existing = await ctx.db.query.users.findFirst({
        where: or(eq(users.usernameKey, usernameKey), eq(users.email, input.email)),
      });
      if (existing) {
        throw new TRPCError({
          code: "CONFLICT",
          message: existing.usernameKey === usernameKey ? "That username is already taken" : "An account with this email already exists",
        });
      }
      const id = newUserId();
      try {
        await ctx.db.insert(users).values({
          id,
          username: input.username,
          usernameKey,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          firstName: input.firstName,
          lastName: input.lastName,
          timeZone: input.timeZone ?? "UTC",
        });
      } catch (error) {
        // Two registrations raced past the check above; the unique index decided.
        if (String(error).includes("UNIQUE")) {
          throw new TRPCError({ code: "CONFLICT", message: "That username or email is already taken" });
        }
        throw error;
      }
      await startSession(ctx, id);
      const user = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
      return { ok: true as const, user: toPublicUser(ctx.env, user!) };
    }),

  login: publicProcedure.input(loginInput.extend({ timeZone: timeZoneInput })).mutation(async ({ ctx, input }) => {
    const user = await loginWithPassword(ctx, input);
    await startSession(ctx, user.id);
    return { ok: true as const, user: toPublicUser(ctx.env, user) };
  }),

  /**
   * Connects Google or GitHub to the signed-in account: answers the provider's URL for the browser to open;
   * the callback links the identity when it comes back to the same signed-in user. This is how someone whose
   * password account was never email-verified adds a provider (sign-in alone never links to such an account).
   */
  linkProvider: protectedProcedure
    .input(z.object({ provider: z.enum(["google", "github"], { error: "Choose Google or GitHub" }) }))
    .mutation(({ ctx, input }) => startProviderLink(ctx, input.provider)),

  /** The signed-in user; UNAUTHORIZED (401) when signed out. */
  me: protectedProcedure.query(({ ctx }) => toPublicUser(ctx.env, ctx.user)),

  logout: protectedProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx);
    return { ok: true as const };
  }),

  /**
   * Deletes the account and everything it owns: every row in every table that belongs to users, its files in R2 and
   * every session (services/account.ts). Accounts with a password must confirm it.
   */
  deleteAccount: protectedProcedure
    .input(deleteAccountInput)
    .mutation(async ({ ctx, input }) => {
      if (ctx.user.passwordHash && !(await verifyPassword(input.password ?? "", ctx.user.passwordHash))) {
        throw new TRPCError({ code: "FORBIDDEN", message: "That password is not correct" });
      }
      await deleteAccount(ctx);
      ctx.resHeaders.append("Set-Cookie", ctx.lucia.createBlankSessionCookie().serialize());
      return { ok: true as const };
    }),
});
