import { describe, expect, it } from "vitest";
import { markNotSent, placeLiveMessages, withoutSent, type ChatMessage } from "../../src/pages/cookingCompanion/chatThread";

const message = (id: string, role: ChatMessage["role"], extra: Partial<ChatMessage> = {}): ChatMessage => ({ id, role, content: id, timestamp: "2026-01-01T10:00:00.000Z", ...extra });

const saved = [message("1-user", "user"), message("1-assistant", "assistant"), message("2-user", "user"), message("2-assistant", "assistant")];
const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe("placeLiveMessages", () => {
  it("shows the saved conversation alone when nothing is in flight", () => {
    expect(placeLiveMessages(saved, [])).toBe(saved);
  });

  it("puts a message being sent after the saved turns it followed", () => {
    expect(ids(placeLiveMessages(saved, [message("live-user-1", "user", { after: 4 })]))).toEqual(["1-user", "1-assistant", "2-user", "2-assistant", "live-user-1"]);
  });

  it("keeps a message that failed where it was when a later question is saved", () => {
    const failed = message("live-user-1", "user", { after: 2, notSent: true });
    expect(ids(placeLiveMessages(saved, [failed]))).toEqual(["1-user", "1-assistant", "live-user-1", "2-user", "2-assistant"]);
  });

  it("keeps the order messages were sent in at one place, and puts messages sent before history loaded last", () => {
    const live = [message("a", "user", { after: 0, notSent: true }), message("b", "user", { after: 0 }), message("c", "user", { after: Infinity }), message("d", "user")];
    expect(ids(placeLiveMessages(saved, live))).toEqual(["a", "b", "1-user", "1-assistant", "2-user", "2-assistant", "c", "d"]);
    expect(ids(placeLiveMessages([], live))).toEqual(["a", "b", "c", "d"]);
  });
});

describe("markNotSent", () => {
  it("keeps the user's message, marked, and drops the half-streamed answer", () => {
    const live = [message("old", "user", { notSent: true }), message("live-user-2", "user"), message("live-assistant-2", "assistant", { streaming: true })];
    const next = markNotSent(live, "live-user-2", "live-assistant-2");
    expect(next.map((m) => [m.id, m.notSent ?? false])).toEqual([
      ["old", true],
      ["live-user-2", true],
    ]);
    expect(next[1]!.content).toBe("live-user-2");
  });
});

describe("withoutSent", () => {
  it("drops only the saved turn's own live messages, so an earlier failed one stays", () => {
    const live = [message("old", "user", { notSent: true }), message("live-user-2", "user"), message("live-assistant-2", "assistant")];
    expect(ids(withoutSent(live, "live-user-2", "live-assistant-2"))).toEqual(["old"]);
  });
});
