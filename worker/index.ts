import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { HTTPException } from "hono/http-exception";
import { createApp } from "./app";
import { csrfGuard, requestContext, requestLog, securityHeaders, trpcUploads } from "./middleware";
import { errorFields, logJson } from "./lib/log";
import { appRouter } from "./routers";
import { restApi } from "./rest";
import { runScheduledJobs } from "./jobs";
import { scheduledRunLogLine } from "./domain/scheduledRun";

export const app = createApp();

app.use("/api/*", requestLog, securityHeaders, csrfGuard, requestContext);
app.use("/trpc/*", requestLog, securityHeaders, csrfGuard, requestContext, trpcUploads);

app.all("/trpc/*", (c) =>
  fetchRequestHandler({
    endpoint: "/trpc",
    req: c.req.raw,
    router: appRouter,
    createContext: () => c.var.ctx,
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logJson("error", "procedure failed", { requestId: c.var.requestId, procedure: path ?? "?", ...errorFields(error.cause ?? error) });
    },
  }),
);

app.route("/api", restApi);

app.all("/api/*", (c) => c.json({ message: "Not found" }, 404));

// Anything else is the single-page app (assets are served before the Worker runs for other paths).
app.get("*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError((error, c) => {
  if (error instanceof HTTPException) return c.json({ message: error.message || "Request failed" }, error.status);
  logJson("error", "unhandled error", { requestId: c.var.requestId, path: c.req.path, ...errorFields(error) });
  return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    // One JSON line per run: searchable in Workers Logs, and how `npm start` reports local runs.
    ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime).then((summary) => console.info(scheduledRunLogLine(summary))));
  },
} satisfies ExportedHandler<Env>;
