declare const __BUILD_TIME__: string | undefined;

/** Set by wrangler's `define` at deploy/build time; falls back to the moment this isolate loaded. */
export const BUILD_TIME: string = typeof __BUILD_TIME__ === "string" ? __BUILD_TIME__ : new Date().toISOString();
