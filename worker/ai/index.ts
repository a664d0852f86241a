import { TRPCError } from "@trpc/server";
import type { Db } from "../../db";
import type { AiBinding, AiProviderName, AiRunResult, AiTask } from "./types";
import { runOnWorkersAi } from "./workersAi";
import { AiServiceError } from "./errors";
import { FREE_MONTHLY_TOKENS, recordTokens, tokensUsedThisMonth, warningLevelFor, warningMessageFor } from "./metering";

export type { AiTask, AiRunResult, AiProviderName } from "./types";
export { AiServiceError } from "./errors";

export type AiSeam = {
  provider: AiProviderName;
  /** Runs a task for a user: checks the monthly allowance, runs on the selected provider, meters tokens. */
  run<I, O>(task: AiTask<I, O>, input: I, user: { id: string; premium: boolean }): Promise<AiRunResult<O>>;
  usage(user: { id: string; premium: boolean }): Promise<TokenUsage>;
};

export type TokenUsage = {
  usage: { monthlyTokens: number };
  limits: { monthly: number | null };
  warningLevel: "ok" | "warning" | "critical" | "blocked";
  warningMessage: string | null;
  provider: AiProviderName;
};

/** Workers AI when the binding exists (production), otherwise the built-in offline engine. */
export function createAiSeam(db: Db, binding: AiBinding | undefined | null): AiSeam {
  const provider: AiProviderName = binding ? "workers-ai" : "offline";

  async function usage(user: { id: string; premium: boolean }): Promise<TokenUsage> {
    const used = await tokensUsedThisMonth(db, user.id);
    const limit = user.premium ? null : FREE_MONTHLY_TOKENS;
    const level = warningLevelFor(used, limit);
    return {
      usage: { monthlyTokens: used },
      limits: { monthly: limit },
      warningLevel: level,
      warningMessage: warningMessageFor(level, used, limit),
      provider,
    };
  }

  return {
    provider,
    usage,
    async run(task, input, user) {
      if (!binding) {
        // The offline engine costs no model tokens, so it is never metered or blocked.
        const output = await task.offline(input, { userId: user.id });
        return { output, provider, model: null, tokens: 0 };
      }
      if (!user.premium) {
        const current = await usage(user);
        if (current.warningLevel === "blocked") {
          throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: current.warningMessage ?? "Monthly AI token limit reached" });
        }
      }
      try {
        const result = await runOnWorkersAi(binding, task, input);
        await recordTokens(db, user.id, result.tokens);
        return { output: result.output, provider, model: result.model, tokens: result.tokens };
      } catch (error) {
        if (error instanceof AiServiceError) {
          await recordTokens(db, user.id, error.tokens);
          throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: error.message, cause: error });
        }
        throw error;
      }
    },
  };
}
