import { generateCodeVerifier, generateState } from "arctic";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { createApp } from "../app";
import { accountForProfile, githubClient, githubProfile, googleClient, googleProfileFromIdToken } from "../auth/oauth";
import { endSession, startSession } from "../auth/accounts";
import { isLocalHost } from "../auth/lucia";

const STATE_COOKIE = "plantry_oauth_state";
const VERIFIER_COOKIE = "plantry_oauth_verifier";

function shortCookie(url: string) {
  const u = new URL(url);
  return {
    httpOnly: true,
    secure: u.protocol === "https:" || !isLocalHost(u.hostname),
    sameSite: "Lax" as const,
    path: "/",
    maxAge: 600,
  };
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
    setCookie(c, STATE_COOKIE, state, shortCookie(c.req.url));
    setCookie(c, VERIFIER_COOKIE, verifier, shortCookie(c.req.url));
    return c.redirect(google.createAuthorizationURL(state, verifier, ["openid", "profile", "email"]).toString(), 302);
  })
  .get("/auth/google/callback", async (c) => {
    const origin = new URL(c.req.url).origin;
    const google = googleClient(c.env, origin);
    const state = c.req.query("state");
    const code = c.req.query("code");
    const storedState = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: "/" });
    deleteCookie(c, VERIFIER_COOKIE, { path: "/" });
    if (!google) return c.json({ message: "Google sign-in is not configured on this server." }, 503);
    if (!state || !code || !storedState || !verifier || state !== storedState) {
      return c.redirect("/login?error=oauth_state", 302);
    }
    try {
      const tokens = await google.validateAuthorizationCode(code, verifier);
      const user = await accountForProfile(c.var.ctx, googleProfileFromIdToken(tokens.idToken()));
      if (user.disabled) return c.redirect("/login?error=disabled", 302);
      await startSession(c.var.ctx, user.id);
      return c.redirect("/", 302);
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
    setCookie(c, STATE_COOKIE, state, shortCookie(c.req.url));
    return c.redirect(github.createAuthorizationURL(state, ["read:user", "user:email"]).toString(), 302);
  })
  .get("/login/callback", async (c) => {
    const github = githubClient(c.env, new URL(c.req.url).origin);
    const state = c.req.query("state");
    const code = c.req.query("code");
    const storedState = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: "/" });
    if (!github) return c.redirect("/login", 302);
    if (!state || !code || !storedState || state !== storedState) return c.redirect("/login?error=oauth_state", 302);
    try {
      const tokens = await github.validateAuthorizationCode(code);
      const user = await accountForProfile(c.var.ctx, await githubProfile(tokens.accessToken()));
      if (user.disabled) return c.redirect("/login?error=disabled", 302);
      await startSession(c.var.ctx, user.id);
      return c.redirect("/", 302);
    } catch (error) {
      console.error("GitHub sign-in failed", error);
      return c.redirect("/login?error=oauth_failed", 302);
    }
  })
  // The one GET that changes state, as the spec's header link requires.
  .get("/logout", async (c) => {
    await endSession(c.var.ctx);
    return c.redirect("/", 302);
  });
