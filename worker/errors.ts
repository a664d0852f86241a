import { TRPCError } from "@trpc/server";
import type { ReceiptOutput } from "./services/receipts";
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
 * What a failure tells the client beside its message, when the client must act on more than the text: recipe
 * generation's `type` and `errors` (which toast to show), the receipt scan's free-plan `limitReached` flag (with
 * the `title` of its notice) and the receipt kept after a failed reading (`receiptId`, `receipt`).
 */
export type ErrorDetailFields = {
  type?: "validation_error" | "service_error";
  errors?: string[];
  limitReached?: boolean;
  title?: string;
  receiptId?: number;
  receipt?: ReceiptOutput;
};

/**
 * The one way to attach ErrorDetailFields: pass it as a TRPCError's cause. The error formatter exposes the fields
 * as `error.data.details` to tRPC clients; the REST adapters put them beside `message` in the JSON body.
 */
export class ErrorDetails extends Error {
  constructor(readonly details: ErrorDetailFields) {
    super(details.type ?? "error details");
    this.name = "ErrorDetails";
  }
}

export function errorDetailsOf(cause: unknown): ErrorDetailFields | null {
  return cause instanceof ErrorDetails ? { ...cause.details } : null;
}

/** A TRPCError that carries details for the client. */
export function detailedError(code: TRPCError["code"], message: string, details: ErrorDetailFields): TRPCError {
  return new TRPCError({ code, message, cause: new ErrorDetails(details) });
}
