import { createApp } from "../app";
import { callProcedure, jsonBody } from "./adapter";

/** REST for the smart insights panel, waste/spending insights and notifications: thin adapters over tRPC. */
export const insightsRest = createApp()
  .get("/smart/recommendations", (c) => callProcedure(c, (api) => api.smart.recommendations()))
  .get("/smart/shopping-suggestions", (c) => callProcedure(c, (api) => api.smart.shoppingSuggestions()))
  .get("/smart/cooking-tips", (c) => callProcedure(c, (api) => api.smart.cookingTips()))
  .get("/smart/learning-data", (c) => callProcedure(c, (api) => api.smart.learningData()))
  .post("/smart/track-action", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.smart.trackAction(body as never));
  })
  .get("/insights/summary", (c) =>
    callProcedure(c, (api) => api.insights.summary({ period: c.req.query("period") ?? undefined, count: c.req.query("count") ?? undefined } as never)),
  )
  .get("/notifications", (c) => callProcedure(c, (api) => api.notifications.list()))
  .post("/notifications/dismiss-all", (c) => callProcedure(c, (api) => api.notifications.dismissAll()))
  .get("/notifications/settings", (c) => callProcedure(c, (api) => api.notifications.settings()))
  .put("/notifications/settings", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.notifications.updateSettings(body as never));
  })
  .get("/notifications/push-public-key", (c) => callProcedure(c, (api) => api.notifications.pushPublicKey()))
  .post("/notifications/subscribe", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.notifications.subscribe(body as never));
  })
  .delete("/notifications/subscribe", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.notifications.unsubscribe(body as never));
  })
  .post("/notifications/:id/dismiss", (c) => callProcedure(c, (api) => api.notifications.dismiss({ id: c.req.param("id") } as never)));
