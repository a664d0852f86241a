import type { z } from "zod";

export type AiChatMessage = { role: "system" | "user" | "assistant"; content: string };

/** Names of every AI task the product has; each is defined once in worker/ai/tasks and run through the seam. */
export type AiTaskName = "recipeGeneration" | "recipeExtraction" | "receiptReading" | "groceryList" | "chat" | "tips";

export type AiTaskContext = {
  /** The signed-in user's id, for metering and for tasks that read the user's kitchen. */
  userId: string;
};

/**
 * One AI task, complete for both providers: the prompt and output schema Workers AI needs, and the offline
 * engine's answer for the same input. Every model output is validated with `output` before use.
 */
export interface AiTask<Input, Output> {
  name: AiTaskName;
  /** text: a chat model with JSON output; vision: a model that also reads an image. */
  kind: "text" | "vision";
  output: z.ZodType<Output>;
  /** JSON schema sent as response_format so the model answers in shape. */
  jsonSchema: Record<string, unknown>;
  maxTokens: number;
  /** Messages for the model. User-supplied text goes in as data, never as instructions. */
  prompt(input: Input): AiChatMessage[];
  /** Image bytes for vision tasks. */
  image?(input: Input): Uint8Array | undefined;
  /** The built-in offline engine's answer. */
  offline(input: Input, context: AiTaskContext): Promise<Output> | Output;
}

export type AiProviderName = "workers-ai" | "offline";

export type AiRunResult<Output> = {
  output: Output;
  provider: AiProviderName;
  model: string | null;
  tokens: number;
};

/** The minimal surface of the Workers AI binding we use; the fake binding in tests implements the same. */
export interface AiBinding {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}
