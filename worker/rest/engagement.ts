import { createApp } from "../app";
import { callProcedure, jsonBody } from "./adapter";

export const engagementRest = createApp()
  .post("/feedback", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.engagement.sendFeedback(body as never));
  })
  .post("/user-research", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.engagement.submitResearch(body as never));
  });
