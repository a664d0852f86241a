import { createApp } from "../app";
import { procedure } from "./adapter";

/** Login and registration failures answer `{ error }`, which their forms read. */
export const authRest = createApp()
  .post("/auth/login", procedure((api) => api.auth.login, ({ body }) => body, { errorKey: "error" }))
  .post("/auth/register", procedure((api) => api.auth.register, ({ body }) => body, { errorKey: "error" }))
  .get("/auth/user", procedure((api) => api.auth.me))
  .get("/auth/providers", procedure((api) => api.auth.providers))
  .post("/auth/logout", procedure((api) => api.auth.logout));
