/**
 * Load: 64 concurrent clients (each its own user) for 60 s, mixing reads (dashboard, pantry page, recipe list) and
 * writes (add an item, change an item's quantity). Every answer is counted; afterwards, with the Worker stopped,
 * the database is read directly: every acknowledged new item must be there with its owner, every acknowledged
 * change must hold, and each user's row count must be what it was before plus what was acknowledged.
 */
import { budget, ms, summarize, type BenchUser, type Scenario } from "../lib";
import { benchItem } from "../seed";

export const LOAD_CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);

type Outcome = { latency: number; status: number; kind: string };

export function loadScenario(loadUsers: BenchUser[]): Scenario {
  return {
    name: "Load",
    async run({ server }) {
      const outcomes: Outcome[] = [];
      const created = new Map<number, string>();
      const updated = new Map<number, number>();
      const deadline = performance.now() + SECONDS * 1000;
      const call = async (kind: string, user: BenchUser, path: string, init?: RequestInit) => {
        const start = performance.now();
        // Status 0: the request failed outright (counted with the 5xx).
        let status: number;
        let body: unknown = null;
        try {
          const response = await fetch(`${server.origin}${path}`, { ...init, headers: { Cookie: user.cookie, ...(init?.headers ?? {}) } });
          status = response.status;
          body = await response.json().catch(() => null);
        } catch {
          status = 0;
        }
        outcomes.push({ latency: performance.now() - start, status, kind });
        return { status, body: body as { result?: { data?: { id?: number; quantity?: number } } } | null };
      };
      const mutation = (input: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json", Origin: server.origin }, body: JSON.stringify(input) });
      const client = async (user: BenchUser, index: number) => {
        let step = index;
        const mine: number[] = [];
        while (performance.now() < deadline) {
          step += 1;
          const roll = (step * 37 + index * 11) % 100;
          if (roll < 35) await call("dashboard", user, "/api/dashboard");
          else if (roll < 60) await call("pantry page", user, `/trpc/pantry.page?input=${encodeURIComponent(JSON.stringify({ limit: 48 }))}`);
          else if (roll < 72) await call("recipe list", user, `/trpc/recipes.list?input=${encodeURIComponent(JSON.stringify({ page: 1 + (step % 3) }))}`);
          else if (roll < 88) {
            const { status, body } = await call("add item", user, "/trpc/pantry.create", mutation(benchItem(10_000 + step)));
            const id = body?.result?.data?.id;
            if (status === 200 && typeof id === "number") {
              created.set(id, user.id);
              mine.push(id);
            }
          } else if (mine.length > 0) {
            const id = mine[step % mine.length]!;
            const quantity = 1 + (step % 9);
            const { status, body } = await call("change item", user, "/trpc/pantry.update", mutation({ id, quantity }));
            if (status === 200 && body?.result?.data?.quantity === quantity) updated.set(id, quantity);
          } else await call("dashboard", user, "/api/dashboard");
        }
      };
      const started = performance.now();
      await Promise.all(loadUsers.map((user, i) => client(user, i)));
      const seconds = (performance.now() - started) / 1000;
      const all = summarize(outcomes.map((o) => o.latency));
      const serverErrors = outcomes.filter((o) => o.status >= 500 || o.status === 0).length;
      const refused = outcomes.filter((o) => o.status >= 400 && o.status < 500).length;
      const byKind = new Map<string, number[]>();
      for (const o of outcomes) (byKind.get(o.kind) ?? byKind.set(o.kind, []).get(o.kind)!).push(o.latency);
      const lines = [
        `${loadUsers.length} clients for ${seconds.toFixed(1)} s: ${outcomes.length} requests, ${(outcomes.length / seconds).toFixed(0)} requests/s, p50 ${ms(all.p50)}, p95 ${ms(all.p95)}, p99 ${ms(all.p99)}, max ${ms(all.max)}`,
        `answers: ${serverErrors} 5xx or failed, ${refused} 4xx; ${created.size} items added and ${updated.size} changed (acknowledged)`,
        ...[...byKind].map(([kind, samples]) => {
          const s = summarize(samples);
          return `  ${kind}: ${s.n} requests, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}`;
        }),
      ];
      return {
        lines,
        budgets: [budget("Load: no 5xx", serverErrors === 0 && refused === 0, `${serverErrors} 5xx or failed, ${refused} 4xx of ${outcomes.length}; p99 ${ms(all.p99)}`)],
        async afterStop({ rowsBefore, query }) {
          const ids = [...created.keys()];
          const present = new Map<number, { user_id: string; quantity: number }>();
          for (let i = 0; i < ids.length; i += 500) {
            const rows = query<{ id: number; user_id: string; quantity: number }>(`SELECT id, user_id, quantity FROM pantry_items WHERE id IN (${ids.slice(i, i + 500).join(",")})`);
            for (const row of rows) present.set(row.id, row);
          }
          const lost = ids.filter((id) => present.get(id)?.user_id !== created.get(id));
          const changedLost = [...updated].filter(([id, quantity]) => present.has(id) && present.get(id)!.quantity !== quantity);
          const after = new Map(query<{ user_id: string; n: number }>(`SELECT user_id, COUNT(*) AS n FROM pantry_items WHERE user_id IN (${loadUsers.map((u) => `'${u.id}'`).join(",")}) GROUP BY user_id`).map((r) => [r.user_id, r.n]));
          const addedBy = new Map<string, number>();
          for (const owner of created.values()) addedBy.set(owner, (addedBy.get(owner) ?? 0) + 1);
          const countsOff = loadUsers.filter((u) => (after.get(u.id) ?? 0) !== (rowsBefore.get(u.id) ?? 0) + (addedBy.get(u.id) ?? 0));
          const beforeTotal = [...rowsBefore.values()].reduce((a, b) => a + b, 0);
          const afterTotal = [...after.values()].reduce((a, b) => a + b, 0);
          return [
            budget(
              "Load: every acknowledged write present afterwards",
              lost.length === 0 && changedLost.length === 0 && countsOff.length === 0,
              `rows before ${beforeTotal}, acknowledged adds ${created.size}, rows after ${afterTotal}; missing adds ${lost.length}, lost changes ${changedLost.length}, users with a wrong count ${countsOff.length}`,
            ),
          ];
        },
      };
    },
  };
}
