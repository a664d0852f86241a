import { createApp } from "../app";
import { procedure } from "./adapter";

export const systemRest = createApp()
  .get("/version", procedure((api) => api.system.version))
  // For uptime monitors: 200 when every binding answered, 503 otherwise, with each check in the body.
  .get("/health", procedure((api) => api.system.health, { respond: (c, output) => c.json(output, output.status === "ok" ? 200 : 503) }));
