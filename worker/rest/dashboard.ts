import { createApp } from "../app";
import { procedure } from "./adapter";

export const dashboardRest = createApp().get("/dashboard", procedure((api) => api.dashboard.get));
