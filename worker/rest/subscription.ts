import { createApp } from "../app";

/** Where the old upgrade buttons navigate. Payments are not live in the beta: the browser lands on the page saying so. */
export const BETA_PRICING_PATH = "/upgrade";

export const subscriptionRest = createApp().get("/subscription/create-checkout", (c) => c.redirect(BETA_PRICING_PATH, 303));
