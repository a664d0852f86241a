import { createApp } from "../app";
import { procedure } from "./adapter";

export const engagementRest = createApp()
  .post("/feedback", procedure((api) => api.engagement.sendFeedback, ({ body }) => body))
  .post("/user-research", procedure((api) => api.engagement.submitResearch, ({ body }) => body));
