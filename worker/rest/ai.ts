import { createApp } from "../app";
import { callProcedure } from "./adapter";

export const aiRest = createApp().get("/token-usage", (c) => callProcedure(c, (api) => api.ai.tokenUsage()));
