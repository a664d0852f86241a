/**
 * Serves the in-browser text recognition files from our own origin, so receipt reading works offline and no
 * photo or library request leaves for a CDN: the tesseract.js worker, its WebAssembly core (the LSTM builds: plain,
 * SIMD and relaxed SIMD; the worker picks one for the device), the English model, and the pdf.js worker with its
 * image decoders. Copied from node_modules into dist/client/ocr/ at build time (never committed) and served from
 * node_modules by the dev server. src/lib/ocr.ts holds the matching URLs.
 */
import { createReadStream, existsSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const NODE_MODULES = fileURLToPath(new URL("../node_modules/", import.meta.url));

/** URL path under /ocr/ -> file in node_modules. */
export const OCR_ASSETS: Record<string, string> = {
  "tesseract/worker.min.js": "tesseract.js/dist/worker.min.js",
  "tesseract/core/tesseract-core-lstm.wasm.js": "tesseract.js-core/tesseract-core-lstm.wasm.js",
  "tesseract/core/tesseract-core-simd-lstm.wasm.js": "tesseract.js-core/tesseract-core-simd-lstm.wasm.js",
  "tesseract/core/tesseract-core-relaxedsimd-lstm.wasm.js": "tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js",
  "tesseract/lang/eng.traineddata.gz": "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz",
  "pdfjs/pdf.worker.min.mjs": "pdfjs-dist/build/pdf.worker.min.mjs",
  "pdfjs/wasm/openjpeg.wasm": "pdfjs-dist/wasm/openjpeg.wasm",
  "pdfjs/wasm/openjpeg_nowasm_fallback.js": "pdfjs-dist/wasm/openjpeg_nowasm_fallback.js",
  "pdfjs/wasm/jbig2.wasm": "pdfjs-dist/wasm/jbig2.wasm",
  "pdfjs/wasm/qcms_bg.wasm": "pdfjs-dist/wasm/qcms_bg.wasm",
};

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".gz": "application/gzip",
};

function contentTypeOf(path: string): string {
  const extension = /\.[a-z]+$/.exec(path)?.[0] ?? "";
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

export function ocrAssets(): Plugin {
  return {
    name: "plantry-ocr-assets",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split("?")[0] ?? "";
        const source = path.startsWith("/ocr/") ? OCR_ASSETS[path.slice("/ocr/".length)] : undefined;
        if (!source) return next();
        res.setHeader("Content-Type", contentTypeOf(path));
        res.setHeader("Cache-Control", "public, max-age=86400");
        createReadStream(join(NODE_MODULES, source)).pipe(res);
      });
    },
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      await Promise.all(
        Object.entries(OCR_ASSETS).map(async ([target, source]) => {
          const from = join(NODE_MODULES, source);
          if (!existsSync(from)) throw new Error(`OCR asset missing: ${from} (run npm install)`);
          const to = join(outDir, "ocr", target);
          await mkdir(dirname(to), { recursive: true });
          await copyFile(from, to);
        }),
      );
    },
  };
}
