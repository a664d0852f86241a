/**
 * fast-check arbitraries from zod (v4) schemas, read from their definitions: mostly inputs that pass or nearly
 * pass the schema (within its lengths, bounds, formats and enums), so the fuzzing reaches the procedures behind
 * them, mixed with arbitrary JSON and with valid inputs that have one field replaced by junk.
 */
import fc from "fast-check";

type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  element?: unknown;
  entries?: Record<string, string | number>;
  values?: unknown[];
  items?: unknown[];
  keyType?: unknown;
  valueType?: unknown;
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
};
type CheckDef = { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp };

const defOf = (schema: unknown): Def | null => (schema as { _zod?: { def: Def } } | null)?._zod?.def ?? null;

/** Arbitrary JSON, small: what a client can send anywhere. */
export const jsonJunk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, "", " ", "0", "null", "<script>alert(1)</script>", "' OR 1=1 --", "\u0000", "🥑".repeat(50)),
  fc.string({ maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 2 }),
);

const WORDS = ["milk", "Eggs", "2 cups flour", "chicken breast", "Café crème", "  spaced  ", "a".repeat(130), "x"];

function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const pattern = checks.find((c) => c.pattern)?.pattern;
  if (pattern) return fc.oneof({ weight: 4, arbitrary: fc.stringMatching(pattern) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) });
  const min = checks.find((c) => c.check === "min_length")?.minimum ?? 0;
  const max = checks.find((c) => c.check === "max_length")?.maximum ?? 200;
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: Math.min(min, 50), maxLength: Math.min(Math.max(max, min), 80) }) },
    { weight: 2, arbitrary: fc.constantFrom(...WORDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: Math.min(max + 5, 400) }) },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const isInt = checks.some((c) => c.check === "number_format" && /int/.test(c.format ?? ""));
  const low = checks.find((c) => c.check === "greater_than")?.value;
  const high = checks.find((c) => c.check === "less_than")?.value;
  const min = Math.max(low ?? -1e6, -1e9);
  const max = Math.min(high ?? 1e6, 1e9);
  const inRange = isInt ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
  return fc.oneof({ weight: 5, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(0, -1, 1, 0.5, 1e12, -1e12, Number.MAX_SAFE_INTEGER) });
}

/** An arbitrary for the schema's input side (pipes and transforms are fed what their first step accepts). */
export function arbitraryFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 6) return jsonJunk;
  const inner = (s: unknown) => arbitraryFor(s, depth + 1);
  switch (def.type) {
    case "string":
      return stringArbitrary(def);
    case "number":
    case "int":
      return numberArbitrary(def);
    case "bigint":
      return fc.bigInt({ min: -1000n, max: 1000n }).map(Number);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? { a: "a" }));
    case "date":
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case "optional":
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case "nullable":
      return fc.option(inner(def.innerType), { nil: null, freq: 3 });
    case "default":
    case "prefault":
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case "catch":
    case "readonly":
    case "nonoptional":
    case "success":
      return inner(def.innerType);
    case "pipe":
      return inner(def.in);
    case "lazy":
      return inner(def.getter?.());
    case "union":
      return fc.oneof(...(def.options ?? []).map(inner));
    case "intersection":
      return inner(def.left);
    case "array": {
      const checks = checksOf(def);
      const min = checks.find((c) => c.check === "min_length")?.minimum ?? 0;
      const max = checks.find((c) => c.check === "max_length")?.maximum ?? 8;
      return fc.array(inner(def.element), { minLength: Math.min(min, 10), maxLength: Math.min(Math.max(max, min), 12) });
    }
    case "tuple":
      return fc.tuple(...(def.items ?? []).map(inner));
    case "record":
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 5 });
    case "object": {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const arbitraries = Object.fromEntries(keys.map((key) => [key, inner(shape[key])]));
      // Optional fields may be left out altogether, as a client would.
      const required = keys.filter((key) => !["optional", "default", "prefault"].includes(defOf(shape[key])?.type ?? ""));
      return fc.record(arbitraries, { requiredKeys: required });
    }
    default:
      // custom, any, unknown, transform, file, ...: anything a client could send.
      return jsonJunk;
  }
}

/** Inputs to throw at a procedure: schema-shaped ones, junk, and schema-shaped ones with one field spoiled. */
export function fuzzInputs(schema: unknown): fc.Arbitrary<unknown> {
  const shaped = arbitraryFor(schema);
  const spoiled = fc.tuple(shaped, fc.string({ maxLength: 12 }), jsonJunk).map(([value, key, junk]) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return junk;
    const keys = Object.keys(value);
    const target = keys.length ? keys[key.length % keys.length]! : key;
    return { ...(value as Record<string, unknown>), [target]: junk };
  });
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 2, arbitrary: spoiled }, { weight: 1, arbitrary: jsonJunk }, { weight: 1, arbitrary: fc.constant(undefined) });
}
