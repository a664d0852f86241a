import type { TRPCError } from "@trpc/server";
import { ZodError } from "zod";

/** HTTP status for each tRPC error code the REST adapters can meet. */
const STATUS: Partial<Record<TRPCError["code"], number>> = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

export function httpStatusFor(code: TRPCError["code"]): number {
  return STATUS[code] ?? 500;
}

/** Field errors from zod, keyed by path, for forms. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ZodError)) return null;
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * The message a user may see: the first validation message for bad input, the error's own message otherwise,
 * and a generic sentence for internal errors (never a stack trace or SQL).
 */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? "Invalid input";
  if (error.code === "INTERNAL_SERVER_ERROR") return "Something went wrong on our side. Please try again.";
  return error.message;
}

/**
 * Extra fields a failure shows the client beside its message: recipe generation's `type` and `errors`; a receipt
 * upload's free-plan limit flag (`limitReached`, with the toast `title`) and the id of a receipt kept although it
 * could not be read (`receiptId`).
 */
export type ErrorDetailFields = {
  type?: "validation_error" | "service_error";
  errors?: string[];
  limitReached?: boolean;
  title?: string;
  receiptId?: number;
};

/** Pass as a TRPCError's cause to add ErrorDetailFields to the REST error body and to the tRPC error data. */
export class ErrorDetails extends Error {
  constructor(readonly details: ErrorDetailFields) {
    super(details.type ?? "error details");
    this.name = "ErrorDetails";
  }
}

export function errorDetailsOf(cause: unknown): ErrorDetailFields | null {
  return cause instanceof ErrorDetails ? { ...cause.details } : null;
}
