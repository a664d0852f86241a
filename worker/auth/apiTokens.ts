/**
 * Personal access tokens: "plantry_pat_" and 32 random bytes (base64url). Only their SHA-256 is stored: a token
 * has 256 bits of entropy, so a fast hash is enough (unlike passwords), and a lookup by hash is one indexed read.
 */
const PREFIX = "plantry_pat_";
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function newApiToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const text = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${PREFIX}${text}`;
}

export async function hashApiToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What the owner sees of a token after it was shown once: enough to tell tokens apart. */
export function tokenPrefix(token: string): string {
  return token.slice(0, PREFIX.length + 6);
}

/** The token of an `Authorization: Bearer ...` header; null without one; "" for a malformed one. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = BEARER.exec(header);
  return match ? match[1]! : "";
}
