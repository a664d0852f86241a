import { Hono } from "hono";
import type { AppContext } from "./context";

export type AppEnv = { Bindings: Env; Variables: { ctx: AppContext } };

export function createApp() {
  return new Hono<AppEnv>();
}
