import { applyD1Migrations, env } from "cloudflare:test";
import "../helpers/propertySeed";

// Every test file gets its own storage; migrations are applied once per file (tests within a file share it).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
