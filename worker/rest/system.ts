import { createApp } from "../app";
import { callProcedure } from "./adapter";

export const systemRest = createApp().get("/version", (c) => callProcedure(c, (api) => api.system.version()));
