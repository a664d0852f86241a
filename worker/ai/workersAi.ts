import { z } from "zod";
import type { AiBinding, AiChatMessage, AiTask } from "./types";
import { TEXT_MODEL, VISION_MODEL } from "./models";
import { AiServiceError } from "./errors";

const usageSchema = z
  .object({
    prompt_tokens: z.number().optional(),
    completion_tokens: z.number().optional(),
    total_tokens: z.number().optional(),
  })
  .partial();

const responseSchema = z.object({
  response: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  usage: usageSchema.nullish(),
});

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Pulls a JSON value out of a model answer that may wrap it in prose or a ```json fence. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidate = (fenced?.[1] ?? text).trim();
  try {
    return JSON.parse(candidate);
  } catch {
    const start = candidate.search(/[[{]/);
    const end = Math.max(candidate.lastIndexOf("}"), candidate.lastIndexOf("]"));
    if (start >= 0 && end > start) {
      try {
        return JSON.parse(candidate.slice(start, end + 1));
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * Runs a task on Workers AI: JSON-schema response, zod validation, and one repair retry that shows the model
 * its own invalid answer and the validation error. Anything still invalid is a service error, never data.
 */
export async function runOnWorkersAi<I, O>(
  binding: AiBinding,
  task: AiTask<I, O>,
  input: I,
): Promise<{ output: O; model: string; tokens: number }> {
  const model = task.kind === "vision" ? VISION_MODEL : TEXT_MODEL;
  const messages: AiChatMessage[] = task.prompt(input);
  const image = task.image?.(input);
  let tokens = 0;
  let lastProblem = "";

  for (let attempt = 0; attempt < 2; attempt++) {
    const inputs: Record<string, unknown> = {
      messages:
        image && task.kind === "vision"
          ? messages.map((m, i) =>
              i === messages.length - 1 && m.role === "user"
                ? {
                    role: "user",
                    content: [
                      { type: "text", text: m.content },
                      { type: "image_url", image_url: { url: `data:image/jpeg;base64,${toBase64(image)}` } },
                    ],
                  }
                : m,
            )
          : messages,
      response_format: { type: "json_schema", json_schema: task.jsonSchema },
      max_tokens: task.maxTokens,
    };
    let raw: unknown;
    try {
      raw = await binding.run(model, inputs);
    } catch (error) {
      throw new AiServiceError(`The AI service did not answer: ${error instanceof Error ? error.message : "unknown error"}`);
    }
    const parsed = responseSchema.safeParse(raw);
    if (!parsed.success) throw new AiServiceError("The AI service answered in an unexpected shape");
    const answer = parsed.data.response;
    const text = typeof answer === "string" ? answer : JSON.stringify(answer ?? "");
    tokens +=
      parsed.data.usage?.total_tokens ??
      (parsed.data.usage?.prompt_tokens ?? estimateTokens(messages.map((m) => m.content).join("\n"))) +
        (parsed.data.usage?.completion_tokens ?? estimateTokens(text));
    const value = typeof answer === "string" ? extractJson(answer) : answer;
    const validated = task.output.safeParse(value);
    if (validated.success) return { output: validated.data, model, tokens };
    lastProblem =
      value === undefined
        ? "The answer was not JSON."
        : validated.error.issues
            .slice(0, 5)
            .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
            .join("; ");
    messages.push(
      { role: "assistant", content: text.slice(0, 4000) },
      {
        role: "user",
        content: `That answer does not match the required JSON schema (${lastProblem}). Reply again with only valid JSON that matches the schema.`,
      },
    );
  }
  throw new AiServiceError(`The AI answer could not be used (${lastProblem})`, tokens);
}
