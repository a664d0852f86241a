import type { AiBinding } from "../../worker/ai/types";

export type RecordedOutput = { response?: unknown; usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } } | { throws: string };

/**
 * A stand-in for the Workers AI binding (which has no local simulation): it replays recorded model outputs in
 * order and keeps every call, so tests drive the real Workers AI adapter code.
 */
export function createFakeAi(outputs: RecordedOutput[]) {
  const queue = [...outputs];
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const binding: AiBinding = {
    async run(model, inputs) {
      calls.push({ model, inputs: structuredClone(inputs) });
      const next = queue.shift();
      if (!next) throw new Error("fake AI: no recorded output left");
      if ("throws" in next) throw new Error(next.throws);
      return next;
    },
  };
  return { binding, calls, remaining: () => queue.length };
}

/** Recorded outputs live in test/fixtures/ai/<name>.json as an array of Workers AI responses. */
export async function recorded(name: string): Promise<RecordedOutput[]> {
  // Vite's import.meta.glob bundles every recording into the test worker (there is no file system in workerd).
  const all = import.meta.glob<RecordedOutput[]>("../fixtures/ai/*.json", { eager: true, import: "default" });
  const found = all[`../fixtures/ai/${name}.json`];
  if (!found) throw new Error(`no recorded AI outputs named ${name}`);
  return structuredClone(found);
}
