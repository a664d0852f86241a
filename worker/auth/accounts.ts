import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { generateIdFromEntropySize } from "lucia";
import type { AppContext, UserRow } from "../context";
import { isPremiumUser } from "../context";
import { users } from "../../db/schema";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import { newSessionId } from "./kvSessionAdapter";
import { RATE_LIMITS, rateLimit, resetRateLimit } from "./rateLimit";
import type { LoginInput } from "../schemas/auth";
import { readCookingProfile } from "../domain/cookingProfile";

export const INVALID_CREDENTIALS = "Invalid username or password";

export function newUserId(): string {
  return generateIdFromEntropySize(10);
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user as clients read it; never the password hash or provider ids. */
export function toPublicUser(env: Env, user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    bio: user.bio,
    isPremium: isPremiumUser(env, user),
    profileImageUrl: user.profileImageKey ? `/api/profile/image/${user.id}?v=${encodeURIComponent(user.profileImageKey.slice(-8))}` : null,
    timeZone: user.timeZone,
    remindersEnabled: user.remindersEnabled,
    reminderLeadDays: user.reminderLeadDays,
    householdSize: user.householdSize,
    foodPreferences: user.foodPreferences ?? null,
    /** The difficulty and cooking time the user chose; null where they have not (the form shows the default). */
    cookingProfile: readCookingProfile(user.cookingProfile),
    hasPassword: user.passwordHash !== null,
    /** Which providers are connected (the profile offers to connect the others). */
    linkedProviders: { google: user.googleId !== null, github: user.githubId !== null },
    createdAt: user.createdAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof toPublicUser>;

/** Creates a session and queues its cookie on the response. */
export async function startSession(ctx: AppContext, userId: string): Promise<void> {
  const session = await ctx.lucia.createSession(userId, {}, { sessionId: newSessionId(userId) });
  ctx.resHeaders.append("Set-Cookie", ctx.lucia.createSessionCookie(session.id).serialize());
}

export async function endSession(ctx: AppContext): Promise<void> {
  if (ctx.session) await ctx.lucia.invalidateSession(ctx.session.id);
  ctx.resHeaders.append("Set-Cookie", ctx.lucia.createBlankSessionCookie().serialize());
}

/** Ends every session of a user (account deleted or disabled). */
export async function endAllSessions(ctx: AppContext, userId: string): Promise<void> {
  await ctx.lucia.invalidateUserSessions(userId);
}

/**
 * Password sign-in. Unknown user and wrong password give the same answer after the same work (a full PBKDF2
 * run either way); failures are counted per username and per IP.
 */
export async function loginWithPassword(ctx: AppContext, input: LoginInput): Promise<UserRow> {
  await rateLimit(ctx, RATE_LIMITS.loginUser, input.username, { count: false });
  await rateLimit(ctx, RATE_LIMITS.loginIp, ctx.clientIp, { count: false });
  const user = await ctx.db.query.users.findFirst({ where: eq(users.usernameKey, input.username.toLowerCase()) });
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok || user.disabled) {
    await Promise.all([rateLimit(ctx, RATE_LIMITS.loginUser, input.username), rateLimit(ctx, RATE_LIMITS.loginIp, ctx.clientIp)]);
    throw new TRPCError({ code: "UNAUTHORIZED", message: INVALID_CREDENTIALS });
  }
  await resetRateLimit(ctx.db, RATE_LIMITS.loginUser, input.username);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
  }
  return user;
}
