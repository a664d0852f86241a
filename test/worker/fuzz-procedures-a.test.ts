import { describe } from "vitest";
import { fuzzProcedures } from "../helpers/fuzzProcedures";

describe("every procedure's input, fuzzed (first half)", () => fuzzProcedures(0));
