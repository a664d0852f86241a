/**
 * Check-offs waiting to reach the server, kept in localStorage so none is lost offline or on a reload. Each
 * carries the state the user chose and its own mutation id: the server applies an id once, so sending an entry
 * again after a lost answer is safe, and entries are sent in the order they were made.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { TRPCClientError } from "@trpc/client";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { toast } from "../ui";

export type QueuedCheck = {
  mutationId: string;
  userId: string;
  listId: number;
  itemId: number;
  checked: boolean;
  addToPantry: boolean;
  queuedAt: number;
};

type QueueState = { entries: readonly QueuedCheck[]; sending: string | null };

const STORAGE_KEY = "plantry-grocery-queue";
/** While entries wait, try again this often (besides the browser's online event). */
export const RETRY_MS = 10_000;

let state: QueueState | null = null;
const listeners = new Set<() => void>();

function load(): QueueState {
  if (state) return state;
  let entries: QueuedCheck[] = [];
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) entries = parsed.filter((e): e is QueuedCheck => typeof e?.mutationId === "string" && typeof e?.itemId === "number");
  } catch {
    entries = [];
  }
  state = { entries, sending: null };
  return state;
}

function save(next: QueueState) {
  state = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next.entries));
  } catch {
    // Storage full or disabled: the queue still lives for this page's lifetime.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function newMutationId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function enqueueCheck(entry: Omit<QueuedCheck, "mutationId" | "queuedAt">): QueuedCheck {
  const queued: QueuedCheck = { ...entry, mutationId: newMutationId(), queuedAt: Date.now() };
  const current = load();
  save({ ...current, entries: [...current.entries, queued] });
  return queued;
}

function remove(mutationId: string) {
  const current = load();
  save({ ...current, entries: current.entries.filter((e) => e.mutationId !== mutationId) });
}

function setSending(mutationId: string | null) {
  save({ ...load(), sending: mutationId });
}

/** The server looked at the change and refused it (the item was deleted, say): sending it again cannot help. */
function refusedByServer(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return typeof status === "number" && status >= 400 && status < 500;
}

let flushing = false;

/**
 * Sends the user's waiting entries one by one, oldest first. Stops at the first one that could not reach the
 * server (offline, a 5xx) and keeps it; drops one the server refused. Returns what happened.
 */
export async function flushChecks(userId: string, send: (entry: QueuedCheck) => Promise<unknown>): Promise<{ sent: QueuedCheck[]; refused: { entry: QueuedCheck; error: unknown }[] }> {
  const result = { sent: [] as QueuedCheck[], refused: [] as { entry: QueuedCheck; error: unknown }[] };
  if (flushing) return result;
  flushing = true;
  try {
    while (true) {
      const next = load().entries.find((e) => e.userId === userId);
      if (!next || (typeof navigator !== "undefined" && navigator.onLine === false)) break;
      setSending(next.mutationId);
      try {
        await send(next);
        remove(next.mutationId);
        result.sent.push(next);
      } catch (error) {
        if (!refusedByServer(error)) break;
        remove(next.mutationId);
        result.refused.push({ entry: next, error });
      }
    }
  } finally {
    flushing = false;
    if (load().sending !== null) setSending(null);
  }
  return result;
}

/**
 * The check-off queue for the signed-in user: the entries still waiting (the rows show them as done already),
 * the one being sent (its row shows a spinner), and `check` to queue a change and send it at once when online.
 */
export function useCheckQueue(userId: string | null) {
  const snapshot = useSyncExternalStore(subscribe, load, load);
  const utils = trpc.useUtils();
  const entries = useMemo(() => (userId ? snapshot.entries.filter((e) => e.userId === userId) : []), [snapshot.entries, userId]);

  const flush = useCallback(async () => {
    if (!userId) return;
    const { sent, refused } = await flushChecks(userId, async (entry) => {
      const updated = await utils.client.groceryLists.toggleItem.mutate({ id: entry.itemId, checked: entry.checked, mutationId: entry.mutationId, addToPantry: entry.addToPantry });
      // The row keeps the state the server now holds while the list reloads (no flicker back).
      utils.groceryLists.get.setData({ id: entry.listId }, (old) =>
        old ? { ...old, items: old.items.map((i) => (i.id === updated.id ? { ...i, checked: updated.checked, inPantry: updated.inPantry } : i)) } : old,
      );
    });
    for (const { error } of refused) toast({ title: "Failed to update item", description: errorMessage(error, "The item may have been removed on another device."), variant: "destructive" });
    if (sent.length > 0 || refused.length > 0) {
      await Promise.all([utils.groceryLists.get.invalidate(), utils.groceryLists.list.invalidate(), utils.groceryLists.version.invalidate()]);
      if (sent.some((e) => e.addToPantry)) await utils.pantry.invalidate();
    }
  }, [userId, utils]);

  const waiting = entries.length > 0;
  useEffect(() => {
    if (!userId) return;
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    const timer = waiting ? window.setInterval(onOnline, RETRY_MS) : undefined;
    if (waiting) void flush();
    return () => {
      window.removeEventListener("online", onOnline);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [userId, waiting, flush]);

  const check = useCallback(
    (item: { id: number; listId: number }, checked: boolean, addToPantry: boolean) => {
      if (!userId) return;
      enqueueCheck({ userId, listId: item.listId, itemId: item.id, checked, addToPantry });
      void flush();
    },
    [userId, flush],
  );

  /** The state an item shows: the last change still waiting, else the server's. */
  const checkedOf = useCallback(
    (item: { id: number; checked: boolean }) => {
      const last = [...entries].reverse().find((e) => e.itemId === item.id);
      return last ? last.checked : item.checked;
    },
    [entries],
  );

  return { entries, sending: snapshot.sending, check, checkedOf, flush };
}
