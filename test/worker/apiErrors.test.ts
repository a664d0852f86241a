import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorMessage } from "../../src/lib/api";

/** A failed call as the tRPC client hands it over: the server's message and the formatter's data. */
function failure(message: string, code: string | undefined, httpStatus?: number) {
  const error = new TRPCClientError(message);
  Object.assign(error, { data: code ? { code, httpStatus } : undefined });
  return error;
}

describe("errorMessage", () => {
  const fallback = "Failed to update food preferences. Please try again.";

  it("shows what the server said about the user's input or limits", () => {
    expect(errorMessage(failure("Choose cuisines from the list", "BAD_REQUEST", 400), fallback)).toBe("Choose cuisines from the list");
    expect(errorMessage(failure("Too many requests. Please wait a minute.", "TOO_MANY_REQUESTS", 429), fallback)).toBe("Too many requests. Please wait a minute.");
  });

  it("gives the screen's own words for an internal error or a call that got no answer", () => {
    expect(errorMessage(failure("Something went wrong on our side. Please try again.", "INTERNAL_SERVER_ERROR", 500), fallback)).toBe(fallback);
    expect(errorMessage(failure("Failed to fetch", undefined), fallback)).toBe(fallback);
  });
});
