/**
 * Cooking companion inputs and the screen's messages, shared by the procedures, the REST adapters and the chat
 * screen's own checks.
 */
import { z } from "zod";
import "./zodMessages";
import { LIMITS } from "../domain/constants";

export const COMPANION_MESSAGES = {
  empty: "Please enter a message",
  tooLong: `Message is too long (max ${LIMITS.chatMessageMax} characters)`,
  premiumTitle: "Premium Required",
  premium: "The AI Chef is a premium feature. Upgrade to access this AI assistant!",
  errorTitle: "Chat Error",
  error: "Sorry, I had trouble responding. Please try again!",
  clearedTitle: "Chat Cleared",
  sessionInvalid: "Chat session not found",
  sessionNotFound: "Chat session not found",
  actionNotFound: "That suggestion was not found",
  actionDone: "That's already done",
  actionDismissed: "That suggestion was dismissed",
  actionIsLink: "There is nothing to confirm: that is a link",
  rateLimited: "You've sent a lot of messages in the last hour. Please take a break and try again later.",
} as const;

/** Browser storage key of the current session id. */
export const COMPANION_SESSION_KEY = "cooking-companion-session-id";

/** session_{timestamp}_{random}, as the screen makes them. */
export const SESSION_ID_PATTERN = /^session_\d{10,16}_[a-z0-9]{4,32}$/;

export function newSessionId(now = Date.now(), random: () => number = Math.random): string {
  return `session_${now}_${random().toString(36).slice(2, 11).padEnd(6, "0")}`;
}

export const sessionId = z
  .string({ error: COMPANION_MESSAGES.sessionInvalid })
  .trim()
  .max(64, COMPANION_MESSAGES.sessionInvalid)
  .regex(SESSION_ID_PATTERN, COMPANION_MESSAGES.sessionInvalid);

export const chatMessage = z
  .string({ error: (issue) => (issue.input === undefined ? COMPANION_MESSAGES.empty : "Message must be text") })
  .trim()
  .min(1, COMPANION_MESSAGES.empty)
  .max(LIMITS.chatMessageMax, COMPANION_MESSAGES.tooLong);

export const chatInput = z.object({ message: chatMessage, sessionId });
export type ChatInput = z.input<typeof chatInput>;

export const historyInput = z.object({ sessionId });

export const actionId = z
  .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, COMPANION_MESSAGES.actionNotFound).transform(Number)], { error: COMPANION_MESSAGES.actionNotFound })
  .pipe(z.number().int().positive(COMPANION_MESSAGES.actionNotFound).max(Number.MAX_SAFE_INTEGER, COMPANION_MESSAGES.actionNotFound));

export const actionInput = z.object({ actionId });

/** The screen's check before sending: the same rule and messages as the server's. */
export function chatMessageProblem(text: string): string | null {
  const result = chatMessage.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? COMPANION_MESSAGES.empty);
}
