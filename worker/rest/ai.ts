import { createApp } from "../app";
import { procedure } from "./adapter";

export const aiRest = createApp().get("/token-usage", procedure((api) => api.ai.tokenUsage));
