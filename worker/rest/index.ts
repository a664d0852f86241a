import { createApp } from "../app";
import { authRest } from "./auth";
import { oauthRest } from "./oauth";
import { systemRest } from "./system";
import { engagementRest } from "./engagement";
import { aiRest } from "./ai";

/** The documented REST paths, each a thin adapter over a tRPC procedure. Mounted under /api. */
export const restApi = createApp()
  .route("/", authRest)
  .route("/", oauthRest)
  .route("/", systemRest)
  .route("/", engagementRest)
  .route("/", aiRest);
