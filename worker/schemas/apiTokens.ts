/** Personal access token inputs, shared by the procedures and the profile card's form. */
import { z } from "zod";
import "./zodMessages";

export const API_TOKEN_SCOPES = ["read", "read-write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_LIMITS = { nameMax: 60, perUser: 20 } as const;

export const createApiTokenInput = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? "Name is required" : "Name must be text") })
    .trim()
    .min(1, "Name is required")
    .max(API_TOKEN_LIMITS.nameMax, `Name must be at most ${API_TOKEN_LIMITS.nameMax} characters`),
  scope: z.enum(API_TOKEN_SCOPES, { error: "Scope must be read or read-write" }).default("read"),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const apiTokenId = z
  .number({ error: "Invalid token id" })
  .int("Invalid token id")
  .positive("Invalid token id")
  .max(Number.MAX_SAFE_INTEGER, "Invalid token id");
