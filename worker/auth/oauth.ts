import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import { decodeIdToken, generateCodeVerifier, generateState, GitHub, Google } from "arctic";
import { serialize as serializeCookie } from "hono/utils/cookie";
import { z } from "zod";
import type { AppContext, UserRow } from "../context";
import { users } from "../../db/schema";
import { newUserId } from "./accounts";
import { isLocalHost } from "./lucia";

export type OAuthProfile = {
  provider: "google" | "github";
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  preferredUsername: string;
};

export function googleClient(env: Env, origin: string): Google | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return new Google(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, `${origin}/api/auth/google/callback`);
}

export function githubClient(env: Env, origin: string): GitHub | null {
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET) return null;
  return new GitHub(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, `${origin}/api/login/callback`);
}

const googleClaims = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

export function googleProfileFromIdToken(idToken: string): OAuthProfile {
  const claims = googleClaims.parse(decodeIdToken(idToken));
  return {
    provider: "google",
    subject: claims.sub,
    email: claims.email?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true,
    firstName: claims.given_name ?? null,
    lastName: claims.family_name ?? null,
    displayName: claims.name ?? null,
    preferredUsername: (claims.email?.split("@")[0] ?? claims.given_name ?? "cook").toLowerCase(),
  };
}

const githubUser = z.object({ id: z.number(), login: z.string(), name: z.string().nullable().optional() });
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

export async function githubProfile(accessToken: string): Promise<OAuthProfile> {
  const headers = { Authorization: `Bearer ${accessToken}`, "User-Agent": "Plantry", Accept: "application/vnd.github+json" };
  const user = githubUser.parse(await (await fetch("https://api.github.com/user", { headers })).json());
  let email: string | null = null;
  let verified = false;
  const emailsResponse = await fetch("https://api.github.com/user/emails", { headers });
  if (emailsResponse.ok) {
    const primary = githubEmails.parse(await emailsResponse.json()).find((e) => e.primary);
    email = primary?.email.toLowerCase() ?? null;
    verified = primary?.verified ?? false;
  }
  const [firstName, ...rest] = (user.name ?? "").split(" ");
  return {
    provider: "github",
    subject: String(user.id),
    email,
    emailVerified: verified,
    firstName: firstName || null,
    lastName: rest.join(" ") || null,
    displayName: user.name ?? user.login,
    preferredUsername: user.login.toLowerCase(),
  };
}

async function availableUsername(ctx: AppContext, wanted: string): Promise<string> {
  const base = (wanted.replace(/[^a-z0-9_.-]/gi, "").slice(0, 30) || "cook").padEnd(3, "0");
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? base : `${base}${Math.floor(Math.random() * 10_000)}`;
    const taken = await ctx.db.query.users.findFirst({ where: eq(users.usernameKey, candidate.toLowerCase()) });
    if (!taken) return candidate;
  }
  return `${base}${newUserId().slice(0, 6)}`;
}

function providerColumn(provider: OAuthProfile["provider"]) {
  return provider === "google" ? users.googleId : users.githubId;
}

function providerLink(profile: OAuthProfile): Pick<UserRow, "googleId"> | Pick<UserRow, "githubId"> {
  return profile.provider === "google" ? { googleId: profile.subject } : { githubId: profile.subject };
}

function linkedSubject(user: UserRow, provider: OAuthProfile["provider"]): string | null {
  return provider === "google" ? user.googleId : user.githubId;
}

/**
 * Finds or creates the account for a provider identity, keyed on the provider's subject.
 *
 * An existing account is linked through its email only when both sides have proved that email: the provider
 * says it is verified, and the account's own email is verified (it came from a provider). A password account's
 * email was only typed in, so linking to it would hand the account to whoever typed the address first: someone
 * could register victim@example.com with a password and later receive the victim's Google sign-in. Instead the
 * identity gets an account of its own; the person who really owns the password account can connect the
 * provider from their profile while signed in (startProviderLink). The new account does not take an email
 * another account holds (the unique index would refuse it, and the other account may be its real owner's).
 */
export async function accountForProfile(ctx: AppContext, profile: OAuthProfile): Promise<UserRow> {
  const bySubject = await ctx.db.query.users.findFirst({ where: eq(providerColumn(profile.provider), profile.subject) });
  if (bySubject) return bySubject;
  const verifiedEmail = profile.email && profile.emailVerified ? profile.email : null;
  const byEmail = verifiedEmail ? await ctx.db.query.users.findFirst({ where: eq(users.email, verifiedEmail) }) : undefined;
  if (byEmail && byEmail.emailVerified && linkedSubject(byEmail, profile.provider) === null) {
    const link = providerLink(profile);
    const [linked] = await ctx.db
      .update(users)
      .set(link)
      .where(and(eq(users.id, byEmail.id), isNull(providerColumn(profile.provider))))
      .returning();
    if (linked) return linked;
  }
  return createProviderAccount(ctx, profile, byEmail ? null : verifiedEmail);
}

async function createProviderAccount(ctx: AppContext, profile: OAuthProfile, email: string | null): Promise<UserRow> {
  const username = await availableUsername(ctx, profile.preferredUsername);
  const id = newUserId();
  const values = {
    id,
    username,
    usernameKey: username.toLowerCase(),
    email,
    emailVerified: email !== null,
    firstName: profile.firstName,
    lastName: profile.lastName,
    displayName: profile.displayName,
    ...providerLink(profile),
  };
  try {
    await ctx.db.insert(users).values(values);
  } catch (error) {
    // Someone took the email (or the username) a moment ago: the unique indexes decided. Try once more without
    // the email and with a fresh username.
    if (!String(error).includes("UNIQUE")) throw error;
    const retryName = await availableUsername(ctx, `${profile.preferredUsername}${newUserId().slice(0, 4)}`);
    await ctx.db.insert(users).values({ ...values, username: retryName, usernameKey: retryName.toLowerCase(), email: null, emailVerified: false });
  }
  return (await ctx.db.query.users.findFirst({ where: eq(users.id, id) }))!;
}

// ---------------------------------------------------------------------------------------------------------
// Connecting a provider to the signed-in account

export const OAUTH_COOKIES = {
  state: "plantry_oauth_state",
  verifier: "plantry_oauth_verifier",
  /** The id of the signed-in user who asked to connect a provider; absent for a plain sign-in. */
  link: "plantry_oauth_link",
} as const;

/** The short-lived cookies of one OAuth round trip: HttpOnly, Lax (the provider redirects back with a GET). */
export function oauthCookieOptions(requestUrl: string) {
  const url = new URL(requestUrl);
  return {
    httpOnly: true,
    secure: url.protocol === "https:" || !isLocalHost(url.hostname),
    sameSite: "Lax" as const,
    path: "/",
    maxAge: 600,
  };
}

export const LINK_MESSAGES = {
  notConfigured: (provider: OAuthProfile["provider"]) => `${provider === "google" ? "Google" : "GitHub"} sign-in is not configured on this server.`,
  alreadyLinked: (provider: OAuthProfile["provider"]) => `Your account is already connected to ${provider === "google" ? "Google" : "GitHub"}.`,
} as const;

/**
 * Starts connecting Google or GitHub to the signed-in account: the same round trip as sign-in, with one more
 * cookie naming the user. The callback links only when the same user is still signed in (linkProviderToUser).
 */
export function startProviderLink(ctx: AppContext & { user: UserRow }, provider: OAuthProfile["provider"]): { url: string } {
  const origin = new URL(ctx.requestUrl).origin;
  if (linkedSubject(ctx.user, provider) !== null) throw new TRPCError({ code: "CONFLICT", message: LINK_MESSAGES.alreadyLinked(provider) });
  const options = oauthCookieOptions(ctx.requestUrl);
  const state = generateState();
  let url: URL;
  if (provider === "google") {
    const google = googleClient(ctx.env, origin);
    if (!google) throw new TRPCError({ code: "PRECONDITION_FAILED", message: LINK_MESSAGES.notConfigured(provider) });
    const verifier = generateCodeVerifier();
    ctx.resHeaders.append("Set-Cookie", serializeCookie(OAUTH_COOKIES.verifier, verifier, options));
    url = google.createAuthorizationURL(state, verifier, ["openid", "profile", "email"]);
  } else {
    const github = githubClient(ctx.env, origin);
    if (!github) throw new TRPCError({ code: "PRECONDITION_FAILED", message: LINK_MESSAGES.notConfigured(provider) });
    url = github.createAuthorizationURL(state, ["read:user", "user:email"]);
  }
  ctx.resHeaders.append("Set-Cookie", serializeCookie(OAUTH_COOKIES.state, state, options));
  ctx.resHeaders.append("Set-Cookie", serializeCookie(OAUTH_COOKIES.link, ctx.user.id, options));
  return { url: url.toString() };
}

export type LinkOutcome = "linked" | "already-linked" | "in-use-elsewhere" | "not-signed-in";

/**
 * Finishes a connect round trip: the provider identity joins the signed-in account that asked for it, unless
 * another account already has it. A verified provider email equal to the account's own marks it verified.
 */
export async function linkProviderToUser(ctx: AppContext, requestedBy: string | undefined, profile: OAuthProfile): Promise<LinkOutcome> {
  const user = ctx.user;
  if (!user || !requestedBy || user.id !== requestedBy) return "not-signed-in";
  const owner = await ctx.db.query.users.findFirst({ where: eq(providerColumn(profile.provider), profile.subject) });
  if (owner) return owner.id === user.id ? "already-linked" : "in-use-elsewhere";
  const provesEmail = profile.emailVerified && profile.email !== null && profile.email === user.email;
  const [linked] = await ctx.db
    .update(users)
    .set({ ...providerLink(profile), ...(provesEmail ? { emailVerified: true } : {}) })
    .where(and(eq(users.id, user.id), isNull(providerColumn(profile.provider))))
    .returning({ id: users.id });
  return linked ? "linked" : "already-linked";
}
