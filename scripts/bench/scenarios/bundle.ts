/**
 * Client JavaScript: builds the app into a temporary folder with Vite's manifest, then measures what the landing
 * page loads before any lazy route (the entry script in the built index.html and its static imports, which are the
 * modulepreload links) and what the dashboard loads on top (its lazy chunk and that chunk's static imports), and
 * each route's own chunk. Sizes are gzipped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { ROOT } from "../../lib/local";
import { budget, type Scenario } from "../lib";

const BUDGET_KB = 150;
const DASHBOARD_SOURCE = "pages/dashboard/DashboardPage.tsx";

type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

export const bundleScenario: Scenario = {
  name: "Client JavaScript",
  async run({ tempDir }) {
    const outDir = join(tempDir, "client");
    await build({ configFile: join(ROOT, "vite.config.ts"), logLevel: "error", build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false } });
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Record<string, Chunk>;
    const gz = new Map<string, number>();
    const sizeOf = (file: string) => {
      if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(outDir, file))).length);
      return gz.get(file)!;
    };
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    /** A chunk's file and everything it imports statically, by manifest key. */
    const closure = (key: string, into = new Set<string>()) => {
      if (into.has(key)) return into;
      into.add(key);
      for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
      return into;
    };
    const files = (keys: Set<string>) => new Set([...keys].map((key) => manifest[key]!.file));
    const total = (set: Set<string>) => [...set].reduce((sum, file) => sum + sizeOf(file), 0);

    // The landing page: the entry in index.html, cross-checked against its modulepreload links.
    const html = readFileSync(join(outDir, "index.html"), "utf8");
    const htmlScripts = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g)].map((m) => m[1]!);
    const landing = files(closure("index.html"));
    const missing = htmlScripts.filter((file) => !landing.has(file));
    if (missing.length) throw new Error(`index.html loads files the manifest graph does not: ${missing.join(", ")}`);
    const landingBytes = total(landing);

    // The dashboard: the landing set plus, when the dashboard is its own lazy chunk, that chunk's static closure.
    const dashboardKey = Object.keys(manifest).find((key) => key.endsWith(DASHBOARD_SOURCE));
    const dashboard = new Set([...landing, ...(dashboardKey && manifest[dashboardKey]!.isDynamicEntry ? files(closure(dashboardKey)) : [])]);
    const dashboardBytes = total(dashboard);

    const lines = [
      `landing page: ${kb(landingBytes)} in ${landing.size} files (${[...landing].map((f) => `${f.replace(/^assets\//, "")} ${kb(sizeOf(f))}`).join(", ")})`,
      `dashboard: ${kb(dashboardBytes)} (landing plus ${[...dashboard].filter((f) => !landing.has(f)).map((f) => `${f.replace(/^assets\//, "")} ${kb(sizeOf(f))}`).join(", ") || "nothing"})`,
      "each route's own chunk (its lazy chunk and the static imports the first load does not already have):",
    ];
    const routes = Object.entries(manifest)
      .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src?.startsWith("pages/"))
      .map(([key, chunk]) => {
        const own = [...files(closure(key))].filter((file) => !landing.has(file));
        return { name: chunk.src!.replace(/^pages\//, ""), bytes: total(new Set(own)), self: sizeOf(chunk.file) };
      })
      .sort((a, b) => b.bytes - a.bytes);
    for (const route of routes) lines.push(`  ${route.name}: ${kb(route.bytes)} (chunk ${kb(route.self)})`);
    return {
      lines,
      budgets: [
        budget(`Initial JS of the landing page under ${BUDGET_KB} KB gzipped`, landingBytes < BUDGET_KB * 1024, kb(landingBytes)),
        budget(`Initial JS of the dashboard under ${BUDGET_KB} KB gzipped`, dashboardBytes < BUDGET_KB * 1024, kb(dashboardBytes)),
      ],
    };
  },
};
