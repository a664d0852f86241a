import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { mkdirSync } from "node:fs";

// wrangler.toml names dist/client as the assets folder; it only has to exist for tests.
mkdirSync(fileURLToPath(new URL("./dist/client", import.meta.url)), { recursive: true });

export default defineConfig({
  test: {
    // The Worker logs one JSON line per request (worker/lib/log.ts); thousands of test requests would bury the
    // report. Warnings and errors still show.
    onConsoleLog: (log) => !log.startsWith('{"level":"info","message":"request"'),
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["test/unit/**/*.test.ts"],
          setupFiles: ["./test/helpers/propertySeed.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.e2e.test.ts"],
          globalSetup: ["./test/e2e/globalSetup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Browser journeys run after the unit and worker tests, not beside them: on a 2-core machine the
          // contention made timings flaky.
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          setupFiles: ["./test/worker/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
