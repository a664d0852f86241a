import { z } from "zod";

/**
 * The generic schema messages users and API clients expect ("Required", "String must contain at least N
 * character(s)", ...). zod 4 words its defaults differently, so one error map gives server and forms the same texts.
 */
export function genericSchemaMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "Required";
      const received = issue.input === null ? "null" : Array.isArray(issue.input) ? "array" : typeof issue.input;
      if (issue.expected === "date") return "Invalid date";
      return `Expected ${issue.expected}, received ${received}`;
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return `String must contain at least ${min} character(s)`;
      if (issue.origin === "array" || issue.origin === "set") return `Array must contain at least ${min} element(s)`;
      return `Number must be greater than or equal to ${min}`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `String must contain at most ${max} character(s)`;
      if (issue.origin === "array" || issue.origin === "set") return `Array must contain at most ${max} element(s)`;
      return `Number must be less than or equal to ${max}`;
    }
    case "invalid_format":
      return `Invalid ${issue.format === "regex" ? "input" : issue.format}`;
    default:
      return "Invalid input";
  }
}

let installed = false;
/** Installs the catalogue as zod's global error map; idempotent. */
export function installSchemaMessages() {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => genericSchemaMessage(issue) });
}
installSchemaMessages();
