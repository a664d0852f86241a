/**
 * The router's procedures as the batteries see them: every path with its type, which take another object's id
 * (read from their zod input schemas), and which are premium (built on premiumProcedure).
 */
import { appRouter } from "../../worker/routers";
import { premiumProcedure } from "../../worker/trpc";

export type ProcedureType = "query" | "mutation";
type ProcedureDef = { _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[]; middlewares: unknown[]; meta?: { premiumMessage?: string } } };
type ZodDef = { type: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown; out?: unknown; options?: unknown[]; left?: unknown; right?: unknown; getter?: () => unknown };

export function procedureDefs(): [string, ProcedureDef][] {
  return Object.entries((appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures);
}

export function allProcedures(): { path: string; type: ProcedureType }[] {
  return procedureDefs().map(([path, proc]) => ({ path, type: proc._def.type === "query" ? "query" : "mutation" }));
}

/** The field names of an input schema, through optional, default, pipe (transform, preprocess) and union. */
export function inputFields(schema: unknown, seen = new Set<unknown>()): string[] {
  const def = (schema as { _zod?: { def: ZodDef } } | null)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  switch (def.type) {
    case "object":
      return Object.keys(def.shape ?? {});
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inputFields(def.innerType, seen);
    case "pipe":
      return [...inputFields(def.in, seen), ...inputFields(def.out, seen)];
    case "union":
      return (def.options ?? []).flatMap((option) => inputFields(option, seen));
    case "intersection":
      return [...inputFields(def.left, seen), ...inputFields(def.right, seen)];
    case "lazy":
      return inputFields(def.getter?.(), seen);
    default:
      return [];
  }
}

/** Fields that carry another object's id: `id`, `recipeId`, `listId`, `commentId`, ..., and lists of them. */
export const ID_FIELD = /^id$|Ids?$|^selectedIngredients$/;

export function idProcedures(): { path: string; type: ProcedureType; fields: string[] }[] {
  return procedureDefs()
    .map(([path, proc]) => ({ path, type: proc._def.type === "query" ? ("query" as const) : ("mutation" as const), fields: proc._def.inputs.flatMap((s) => inputFields(s)) }))
    .filter((p) => p.fields.some((field) => ID_FIELD.test(field)));
}

/** The premium check is the last middleware premiumProcedure adds; every procedure built on it carries it. */
export function premiumProcedures(): { path: string; type: ProcedureType; message: string }[] {
  const premiumMiddleware = (premiumProcedure as unknown as ProcedureDef)._def.middlewares.at(-1);
  return procedureDefs()
    .filter(([, proc]) => proc._def.middlewares.includes(premiumMiddleware))
    .map(([path, proc]) => ({ path, type: proc._def.type === "query" ? "query" : "mutation", message: proc._def.meta?.premiumMessage ?? "Premium subscription required" }));
}
