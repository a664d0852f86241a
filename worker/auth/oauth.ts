import { eq } from "drizzle-orm";
import { decodeIdToken, GitHub, Google } from "arctic";
import { z } from "zod";
import type { AppContext, UserRow } from "../context";
import { users } from "../../db/schema";
import { newUserId } from "./accounts";

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

/**
 * Finds or creates the account for a provider identity: keyed on the provider's subject; an existing account
 * is linked only through a verified email, so nobody can claim another person's account with an unverified one.
 */
export async function accountForProfile(ctx: AppContext, profile: OAuthProfile): Promise<UserRow> {
  const idColumn = profile.provider === "google" ? users.googleId : users.githubId;
  const bySubject = await ctx.db.query.users.findFirst({ where: eq(idColumn, profile.subject) });
  if (bySubject) return bySubject;
  if (profile.email && profile.emailVerified) {
    const byEmail = await ctx.db.query.users.findFirst({ where: eq(users.email, profile.email) });
    if (byEmail) {
      const link = profile.provider === "google" ? { googleId: profile.subject } : { githubId: profile.subject };
      await ctx.db.update(users).set({ ...link, emailVerified: true }).where(eq(users.id, byEmail.id));
      return { ...byEmail, ...link, emailVerified: true };
    }
  }
  const username = await availableUsername(ctx, profile.preferredUsername);
  const id = newUserId();
  // An unverified email is not stored as the account email: it could belong to someone else.
  const email = profile.email && profile.emailVerified ? profile.email : null;
  const emailTaken = email ? await ctx.db.query.users.findFirst({ where: eq(users.email, email) }) : null;
  await ctx.db.insert(users).values({
    id,
    username,
    usernameKey: username.toLowerCase(),
    email: emailTaken ? null : email,
    emailVerified: Boolean(email && !emailTaken),
    firstName: profile.firstName,
    lastName: profile.lastName,
    displayName: profile.displayName,
    ...(profile.provider === "google" ? { googleId: profile.subject } : { githubId: profile.subject }),
  });
  return (await ctx.db.query.users.findFirst({ where: eq(users.id, id) }))!;
}
