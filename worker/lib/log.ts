/**
 * Structured logs: one JSON object per line (Workers Logs and `wrangler tail` index the fields), always with the
 * request id the response carries in X-Request-Id. Users appear only as a hash of their id, never the id itself.
 */
export type LogLevel = "info" | "warn" | "error";

export function logJson(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}

/** A stable, non-reversible stand-in for a user id in logs (ids are random, so the hash cannot be walked back). */
export async function hashUserId(userId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`plantry-log-user:${userId}`));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** An error as log fields: its name and message, and the cause's, without the stack of request data. */
export function errorFields(error: unknown): Record<string, unknown> {
  const err = error instanceof Error ? error : new Error(String(error));
  const cause = err.cause instanceof Error ? { causeName: err.cause.name, cause: err.cause.message } : {};
  return { errorName: err.name, error: err.message, ...cause, stack: err.stack?.split("\n").slice(0, 6).join("\n") };
}
