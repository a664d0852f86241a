import { createApp } from "../app";
import { procedure } from "./adapter";

/** REST for the smart insights panel, waste/spending insights and notifications. */
export const insightsRest = createApp()
  .get("/smart/recommendations", procedure((api) => api.smart.recommendations))
  .get("/smart/shopping-suggestions", procedure((api) => api.smart.shoppingSuggestions))
  .get("/smart/cooking-tips", procedure((api) => api.smart.cookingTips))
  .get("/smart/learning-data", procedure((api) => api.smart.learningData))
  .post("/smart/track-action", procedure((api) => api.smart.trackAction, ({ body }) => body))
  .get("/insights/summary", procedure((api) => api.insights.summary, ({ query }) => ({ period: query("period"), count: query("count"), weekStartsOn: query("weekStartsOn") })))
  .get("/notifications", procedure((api) => api.notifications.list))
  .post("/notifications/dismiss-all", procedure((api) => api.notifications.dismissAll))
  .get("/notifications/settings", procedure((api) => api.notifications.settings))
  .put("/notifications/settings", procedure((api) => api.notifications.updateSettings, ({ body }) => body))
  .get("/notifications/push-public-key", procedure((api) => api.notifications.pushPublicKey))
  .post("/notifications/subscribe", procedure((api) => api.notifications.subscribe, ({ body }) => body))
  .delete("/notifications/subscribe", procedure((api) => api.notifications.unsubscribe, ({ body }) => body))
  .post("/notifications/:id/dismiss", procedure((api) => api.notifications.dismiss, ({ param }) => ({ id: param("id") })));
