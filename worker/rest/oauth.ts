import { generateCodeVerifier, generateState } from "arctic";
import type { Context } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { createApp, type AppEnv } from "../app";
import {
  accountForProfile,
  githubClient,
  githubProfile,
  googleClient,
  googleProfileFromIdToken,
  linkProviderToUser,
  OAUTH_COOKIES,
  oauthCookieOptions,
  type OAuthProfile,
} from "../auth/oauth";
import { endSession, startSession } from "../auth/accounts";

/** Reads and clears the round trip's cookies: each state is good for one callback only. */
function takeRoundTrip(c: Context<AppEnv>) {
  const stored = {
    state: getCookie(c, OAUTH_COOKIES.state),
    verifier: getCookie(c, OAUTH_COOKIES.verifier),
    link: getCookie(c, OAUTH_COOKIES.link),
  };
  for (const name of Object.values(OAUTH_COOKIES)) deleteCookie(c, name, oauthCookieOptions(c.req.url));
  return stored;
}

/** A plain sign-in forgets a connect request left over from an abandoned round trip. */
function dropLinkRequest(c: Context<AppEnv>) {
  if (getCookie(c, OAUTH_COOKIES.link) !== undefined) deleteCookie(c, OAUTH_COOKIES.link, oauthCookieOptions(c.req.url));
}

/**
 * The end of a round trip: a connect request (started by auth.linkProvider while signed in) links the identity
 * to that account and goes back to the profile; a sign-in finds or creates the account and starts a session.
 */
async function finish(c: Context<AppEnv>, profile: OAuthProfile, linkRequestedBy: string | undefined) {
  const ctx = c.var.ctx;
  if (linkRequestedBy !== undefined) {
    const outcome = await linkProviderToUser(ctx, linkRequestedBy, profile);
    if (outcome === "not-signed-in") return c.redirect("/login?error=oauth_state", 302);
    if (outcome === "in-use-elsewhere") return c.redirect(`/profile?error=${profile.provider}_in_use`, 302);
    return c.redirect(`/profile?linked=${profile.provider}`, 302);
  }
  const user = await accountForProfile(ctx, profile);
  if (user.disabled) return c.redirect("/login?error=disabled", 302);
  await startSession(ctx, user.id);
  return c.redirect("/", 302);
}

/** Sign-in redirects. Provider errors send the person back to the sign-in screen with a readable reason. */
export const oauthRest = createApp()
  .get("/auth/google", (c) => {
    const origin = new URL(c.req.url).origin;
    const google = googleClient(c.env, origin);
    if (!google) {
      return c.json({ message: "Google sign-in is not configured on this server. Please sign in with a username and password." }, 503);
    }
    const state = generateState();
    const verifier = generateCodeVerifier();
    setCookie(c, OAUTH_COOKIES.state, state, oauthCookieOptions(c.req.url));
    setCookie(c, OAUTH_COOKIES.verifier, verifier, oauthCookieOptions(c.req.url));
    dropLinkRequest(c);
    return c.redirect(google.createAuthorizationURL(state, verifier, ["openid", "profile", "email"]).toString(), 302);
  })
  .get("/auth/google/callback", async (c) => {
    const origin = new URL(c.req.url).origin;
    const google = googleClient(c.env, origin);
    const state = c.req.query("state");
    const code = c.req.query("code");
    const stored = takeRoundTrip(c);
    if (!google) return c.json({ message: "Google sign-in is not configured on this server." }, 503);
    if (!state || !code || !stored.state || !stored.verifier || state !== stored.state) {
      return c.redirect("/login?error=oauth_state", 302);
    }
    try {
      const tokens = await google.validateAuthorizationCode(code, stored.verifier);
      return await finish(c, googleProfileFromIdToken(tokens.idToken()), stored.link);
    } catch (error) {
      console.error("Google sign-in failed", error);
      return c.redirect("/login?error=oauth_failed", 302);
    }
  })
  // Platform sign-in: GitHub when configured, otherwise our own sign-in screen.
  .get("/login", (c) => {
    const github = githubClient(c.env, new URL(c.req.url).origin);
    if (!github) return c.redirect("/login", 302);
    const state = generateState();
    setCookie(c, OAUTH_COOKIES.state, state, oauthCookieOptions(c.req.url));
    dropLinkRequest(c);
    return c.redirect(github.createAuthorizationURL(state, ["read:user", "user:email"]).toString(), 302);
  })
  .get("/login/callback", async (c) => {
    const github = githubClient(c.env, new URL(c.req.url).origin);
    const state = c.req.query("state");
    const code = c.req.query("code");
    const stored = takeRoundTrip(c);
    if (!github) return c.redirect("/login", 302);
    if (!state || !code || !stored.state || state !== stored.state) return c.redirect("/login?error=oauth_state", 302);
    try {
      const tokens = await github.validateAuthorizationCode(code);
      return await finish(c, await githubProfile(tokens.accessToken()), stored.link);
    } catch (error) {
      console.error("GitHub sign-in failed", error);
      return c.redirect("/login?error=oauth_failed", 302);
    }
  })
  // The one GET that changes state: the header's Log out is a plain link, not a form.
  .get("/logout", async (c) => {
    await endSession(c.var.ctx);
    return c.redirect("/", 302);
  });
