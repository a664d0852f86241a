import { createApp } from "../app";
import { callProcedure, jsonBody } from "./adapter";

export const authRest = createApp()
  .post("/auth/login", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.auth.login(body as never), { errorKey: "error" });
  })
  .post("/auth/register", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.auth.register(body as never), { errorKey: "error" });
  })
  .get("/auth/user", (c) => callProcedure(c, (api) => api.auth.me()))
  .get("/auth/providers", (c) => callProcedure(c, (api) => api.auth.providers()))
  .post("/auth/logout", (c) => callProcedure(c, (api) => api.auth.logout()));
