import { createApp } from "../app";
import { procedure } from "./adapter";

export const systemRest = createApp().get("/version", procedure((api) => api.system.version));
