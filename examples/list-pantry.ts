/**
 * Lists your pantry with a personal access token, through the typed tRPC client.
 *
 *   PLANTRY_URL=https://plantry.example.com PLANTRY_TOKEN=plantry_pat_... npx tsx examples/list-pantry.ts
 *
 * Make the token on your profile (API access tokens; "read" is enough to list). It is sent as
 * `Authorization: Bearer <token>`; the pantry comes a page at a time (pantry.page), followed to the end.
 */
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../worker/routers";

export type ListPantryOptions = { url: string; token: string; fetch?: typeof fetch };
export type PantryLine = { name: string; quantity: number; unit: string | null; expirationDate: string | null };

export async function listPantry(options: ListPantryOptions): Promise<PantryLine[]> {
  const client = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${options.url.replace(/\/$/, "")}/trpc`, headers: { Authorization: `Bearer ${options.token}` }, fetch: options.fetch })],
  });
  const lines: PantryLine[] = [];
  let cursor: string | null = null;
  do {
    const page = await client.pantry.page.query({ cursor, limit: 100, sort: "name" });
    lines.push(...page.items.map((item) => ({ name: item.name, quantity: item.quantity, unit: item.unit, expirationDate: item.expirationDate })));
    cursor = page.nextCursor;
  } while (cursor);
  return lines;
}

type NodeProcess = { argv: string[]; env: Record<string, string | undefined>; exitCode?: number };
const nodeProcess = (globalThis as { process?: NodeProcess }).process;

if (nodeProcess?.argv[1]?.endsWith("list-pantry.ts")) {
  const url = nodeProcess.env.PLANTRY_URL ?? "http://127.0.0.1:8787";
  const token = nodeProcess.env.PLANTRY_TOKEN;
  if (!token) {
    console.error("Set PLANTRY_TOKEN to a personal access token (make one on your profile).");
    nodeProcess.exitCode = 2;
  } else {
    listPantry({ url, token }).then(
      (lines) => {
        for (const line of lines) console.info(`${line.name}\t${line.quantity}${line.unit ? ` ${line.unit}` : ""}\t${line.expirationDate ?? "no date"}`);
        console.info(`${lines.length} item${lines.length === 1 ? "" : "s"}`);
      },
      (error: Error) => {
        console.error(`Could not list the pantry: ${error.message}`);
        nodeProcess.exitCode = 1;
      },
    );
  }
}
