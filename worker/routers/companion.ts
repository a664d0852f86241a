/**
 * The AI cooking companion: chat (one answer as JSON, POST /api/cooking-companion/chat), chatStream (the same
 * answer streamed to the screen over httpBatchStreamLink, decision 017), history per session, and confirming or
 * dismissing what an answer proposed. Sending needs premium; reading one's own history does not.
 */
import { actionInput, chatInput, COMPANION_MESSAGES, historyInput } from "../schemas/companion";
import { answerChunks, chatHistory, chatWithCompanion, confirmAction, dismissAction, type ChatTurnResult } from "../services/companion";
import { premiumProcedure, protectedProcedure, router } from "../trpc";

const companionProcedure = premiumProcedure.meta({ premiumMessage: COMPANION_MESSAGES.premium });

/** Pause between streamed pieces so the answer reads as it arrives (about 1.5 s at most for a long answer). */
const STREAM_PACE_MS = 12;
const STREAM_MAX_PACED_CHUNKS = 120;

export type ChatStreamEvent = { type: "delta"; text: string } | { type: "done"; turn: ChatTurnResult };

async function* streamTurn(turn: ChatTurnResult): AsyncGenerator<ChatStreamEvent> {
  const chunks = answerChunks(turn.response);
  for (const [index, text] of chunks.entries()) {
    yield { type: "delta", text };
    if (index < STREAM_MAX_PACED_CHUNKS) await new Promise((resolve) => setTimeout(resolve, STREAM_PACE_MS));
  }
  yield { type: "done", turn };
}

export const companionRouter = router({
  chat: companionProcedure.input(chatInput).mutation(({ ctx, input }) => chatWithCompanion(ctx, input)),

  /**
   * The same turn as `chat`, streamed: the answer is checked and stored first (nothing unchecked reaches the
   * screen), then sent in pieces, then the whole turn with its actions.
   */
  chatStream: companionProcedure.input(chatInput).mutation(async ({ ctx, input }) => streamTurn(await chatWithCompanion(ctx, input))),

  history: protectedProcedure.input(historyInput).query(({ ctx, input }) => chatHistory(ctx, input.sessionId)),

  confirmAction: companionProcedure.input(actionInput).mutation(({ ctx, input }) => confirmAction(ctx, input.actionId)),

  dismissAction: protectedProcedure.input(actionInput).mutation(({ ctx, input }) => dismissAction(ctx, input.actionId)),
});
