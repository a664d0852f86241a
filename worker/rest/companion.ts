import { createApp } from "../app";
import { procedure } from "./adapter";

/** /api/cooking-companion: chat, history per session, and the cook's answer to a proposed action. */
export const companionRest = createApp()
  .post("/cooking-companion/chat", procedure((api) => api.companion.chat, ({ body }) => body))
  .get("/cooking-companion/history/:sessionId", procedure((api) => api.companion.history, ({ param }) => ({ sessionId: param("sessionId") })))
  .post("/cooking-companion/actions/:id/confirm", procedure((api) => api.companion.confirmAction, ({ param }) => ({ actionId: param("id") })))
  .post("/cooking-companion/actions/:id/dismiss", procedure((api) => api.companion.dismissAction, ({ param }) => ({ actionId: param("id") })));
