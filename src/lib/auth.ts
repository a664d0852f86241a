import { useEffect, useSyncExternalStore } from "react";
import { trpc, type RouterOutputs } from "./trpc";
import { isUnauthorized } from "./api";
import { DEBUG_PREMIUM_KEY } from "../../worker/domain/constants";

/** The signed-in user as the server shapes it (auth.me). */
export type ServerUser = RouterOutputs["auth"]["me"];
/** The user the client works with: the server's user with the local premium override applied. */
export type AuthUser = ServerUser;

export type AuthState = {
  /** True only while the first current-user call is running. */
  isLoading: boolean;
  isAuthenticated: boolean;
  user: AuthUser | null;
  /** isPremium after the debug override. */
  isPremium: boolean;
  /** The local override from localStorage `debug-premium-toggle`, or null when none is set. */
  premiumOverride: boolean | null;
};

// ---- Debug premium override: a local switch to preview tiers, with no server effect. ----

const overrideListeners = new Set<() => void>();

function readPremiumOverride(): boolean | null {
  try {
    const value = localStorage.getItem(DEBUG_PREMIUM_KEY);
    return value === "true" ? true : value === "false" ? false : null;
  } catch {
    return null;
  }
}

function notifyOverride() {
  for (const listener of overrideListeners) listener();
}

function subscribeOverride(listener: () => void) {
  overrideListeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEBUG_PREMIUM_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    overrideListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Forces isPremium on or off in this browser (the dashboard's Debug card). */
export function setPremiumOverride(value: boolean): void {
  try {
    localStorage.setItem(DEBUG_PREMIUM_KEY, String(value));
  } catch {
    // Storage disabled: the override simply does not stick.
  }
  notifyOverride();
}

/** Removes the override so the server's isPremium applies again. */
export function clearPremiumOverride(): void {
  try {
    localStorage.removeItem(DEBUG_PREMIUM_KEY);
  } catch {
    // Nothing stored.
  }
  notifyOverride();
}

/** The current override (true, false or null), re-rendering when it changes. */
export function usePremiumOverride(): boolean | null {
  return useSyncExternalStore(subscribeOverride, readPremiumOverride, () => null);
}

// ---- Current user ----

type LoginMutation = ReturnType<typeof trpc.auth.login.useMutation>;
type RegisterMutation = ReturnType<typeof trpc.auth.register.useMutation>;

const CURRENT_USER_STALE_MS = 5 * 60_000;

/**
 * Who is signed in. UNAUTHORIZED means signed out without an error; any other failure is logged and also treated
 * as signed out, so the sign-in screen stays reachable. No retry and no refetch on window focus.
 */
export function useAuth(): AuthState {
  const me = trpc.auth.me.useQuery(undefined, {
    retry: false,
    // A failed call is an answer ("signed out"); re-asking whenever another component mounts would flip the app
    // back to the loading screen.
    retryOnMount: false,
    refetchOnWindowFocus: false,
    staleTime: CURRENT_USER_STALE_MS,
  });
  const premiumOverride = usePremiumOverride();

  useEffect(() => {
    if (me.error && !isUnauthorized(me.error)) console.warn("Could not load the current user; treating as signed out", me.error);
  }, [me.error]);

  const serverUser = me.error ? null : (me.data ?? null);
  const isPremium = premiumOverride ?? serverUser?.isPremium ?? false;
  const user = serverUser ? { ...serverUser, isPremium } : null;
  return {
    isLoading: me.isLoading,
    isAuthenticated: user !== null,
    user,
    isPremium: user ? isPremium : false,
    premiumOverride,
  };
}

/** The browser's IANA time zone, sent with sign-in so reminders arrive in the user's morning. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Password sign-in; on success the current user is stored so the app switches to signed-in at once. */
export function useLoginMutation(): LoginMutation {
  const utils = trpc.useUtils();
  return trpc.auth.login.useMutation({
    onSuccess: (data) => {
      utils.auth.me.setData(undefined, data.user);
    },
  });
}

/** Account creation; signs the new user in like login. */
export function useRegisterMutation(): RegisterMutation {
  const utils = trpc.useUtils();
  return trpc.auth.register.useMutation({
    onSuccess: (data) => {
      utils.auth.me.setData(undefined, data.user);
    },
  });
}

/** Signs out through the documented GET /api/logout, which ends the session and redirects to /. */
export function logout(): void {
  window.location.assign("/api/logout");
}

/** Browser navigations to the sign-in providers. */
export const SIGN_IN_URLS = {
  platform: "/api/login",
  google: "/api/auth/google",
} as const;

/**
 * The sign-in screen's two modes, each with its own URL: every Join / Try / Start button opens create-account
 * (/login?mode=register), Log In opens sign-in (/login).
 */
export type AuthMode = "signin" | "register";
export const CREATE_ACCOUNT_SEARCH = { mode: "register" } as const satisfies { mode: AuthMode };
export const CREATE_ACCOUNT_URL = "/login?mode=register";

/** The name used in greetings: first name, else "there" ("Good morning, there" reads naturally). */
export function greetingName(user: Pick<AuthUser, "firstName"> | null | undefined): string {
  const first = user?.firstName?.trim();
  return first ? first : "there";
}

/** "Good morning" before noon, "Good afternoon" until 6 pm, "Good evening" after. */
export function timeOfDayGreeting(now: Date = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/**
 * Initials for an avatar: first letters of first and last name, uppercased; if missing, the
 * first letter of the display name, then of the username, then "U".
 */
export function userInitials(user: Pick<AuthUser, "firstName" | "lastName" | "displayName" | "username"> | null | undefined): string {
  const first = user?.firstName?.trim()?.[0] ?? "";
  const last = user?.lastName?.trim()?.[0] ?? "";
  if (first || last) return `${first}${last}`.toUpperCase();
  const fallback = user?.displayName?.trim()?.[0] ?? user?.username?.trim()?.[0] ?? "U";
  return fallback.toUpperCase();
}

/** Display name with the profile's fallbacks: display name, username, "Your Name". */
export function displayNameOf(user: Pick<AuthUser, "displayName" | "username"> | null | undefined): string {
  return user?.displayName?.trim() || user?.username || "Your Name";
}
