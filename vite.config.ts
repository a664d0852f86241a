import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import type { ProxyOptions } from "vite";
import { ocrAssets } from "./scripts/vite-ocr-assets";

const API_TARGET = "http://127.0.0.1:8787";

/**
 * The Worker refuses state-changing requests whose Origin is not its own (CSRF guard). Through the dev proxy the
 * browser's Origin is the Vite server, so requests coming from this dev server are re-labelled as the API's own
 * origin; any other origin is passed through untouched and is still refused.
 */
function apiProxy(): ProxyOptions {
  return {
    target: API_TARGET,
    changeOrigin: true,
    configure(proxy) {
      proxy.on("proxyReq", (proxyReq, req) => {
        const origin = req.headers.origin;
        if (origin && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin)) proxyReq.setHeader("origin", API_TARGET);
      });
    },
  };
}

export default defineConfig({
  root: "src",
  publicDir: "../public",
  plugins: [react(), ocrAssets()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "data", test: /node_modules[\\/](@tanstack|@trpc)[\\/]/ },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": apiProxy(),
      "/trpc": apiProxy(),
    },
  },
  preview: { port: 4173 },
});
