import { Hono } from "hono";
import type { AppContext } from "./context";

export type AppEnv = { Bindings: Env; Variables: { ctx: AppContext; requestId: string } };

export function createApp() {
  return new Hono<AppEnv>();
}
