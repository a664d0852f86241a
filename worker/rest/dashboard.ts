import { createApp } from "../app";
import { callProcedure } from "./adapter";

export const dashboardRest = createApp().get("/dashboard", (c) => callProcedure(c, (api) => api.dashboard.get()));
