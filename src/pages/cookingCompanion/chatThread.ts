/**
 * The chat screen's conversation as pure data: saved turns from the server plus messages that live only on this
 * page (one being sent, its answer while it streams in, and messages that could not be sent).
 */
import type { RouterOutputs } from "../../lib/trpc";

type Turn = RouterOutputs["companion"]["history"][number];
export type ChatAction = Turn["actions"][number];

/** A message on screen: id, role, content, timestamp, plus an answer's suggestions and actions. */
export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  suggestions?: string[];
  actions?: ChatAction[];
  streaming?: boolean;
  /** A user message whose request failed: it stays where it was, marked, with a way to send it again. */
  notSent?: boolean;
  /**
   * How many saved messages came before this one when it was sent. A message that failed keeps its place even when
   * later questions succeed and their turns join the saved list; Infinity puts it last (history not loaded yet).
   */
  after?: number;
};

/** Saved turns become a user message and an assistant message (with suggestions and actions). */
export function turnsToMessages(turns: Turn[]): ChatMessage[] {
  return turns.flatMap((turn) => [
    { id: `${turn.id}-user`, role: "user" as const, content: turn.userMessage, timestamp: turn.createdAt },
    { id: `${turn.id}-assistant`, role: "assistant" as const, content: turn.assistantResponse, timestamp: turn.createdAt, suggestions: turn.suggestions, actions: turn.actions },
  ]);
}

/** The saved messages with the page's own messages put back where each was sent, in the order they were sent. */
export function placeLiveMessages(stored: ChatMessage[], live: ChatMessage[]): ChatMessage[] {
  if (live.length === 0) return stored;
  const result: ChatMessage[] = [];
  const at = (index: number) => live.filter((m) => Math.min(m.after ?? Infinity, stored.length) === index);
  for (let index = 0; index < stored.length; index += 1) {
    result.push(...at(index), stored[index]!);
  }
  result.push(...at(stored.length));
  return result;
}

/**
 * After a failed request: the user's message stays, marked as not sent, and a half-streamed answer to it goes (an
 * answer cut off mid-sentence would read as the whole reply).
 */
export function markNotSent(live: ChatMessage[], userMessageId: string, answerId: string): ChatMessage[] {
  return live.filter((m) => m.id !== answerId).map((m) => (m.id === userMessageId ? { ...m, notSent: true } : m));
}

/** Once a turn is saved, its two live messages are dropped (the saved turn shows them); other live messages stay. */
export function withoutSent(live: ChatMessage[], userMessageId: string, answerId: string): ChatMessage[] {
  return live.filter((m) => m.id !== userMessageId && m.id !== answerId);
}
