/**
 * The last copy of each grocery list this browser loaded, kept in localStorage per user, so a list stays readable
 * in a shop without signal. Only lists are kept (not the rest of the app's data), and a deleted list is dropped.
 */
import type { GroceryListDetail } from "./groceryFormat";

const PREFIX = "plantry-grocery-list";
/** Bump when the stored shape changes: older copies are ignored. */
const FORMAT = 1;

type Stored = { format: number; savedAt: number; data: GroceryListDetail };

function key(userId: string, listId: number): string {
  return `${PREFIX}:${userId}:${listId}`;
}

export function readCachedList(userId: string | null | undefined, listId: number): { data: GroceryListDetail; savedAt: number } | undefined {
  if (!userId) return undefined;
  try {
    const raw = localStorage.getItem(key(userId, listId));
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored;
    return stored.format === FORMAT && stored.data?.list?.id === listId ? { data: stored.data, savedAt: stored.savedAt } : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedList(userId: string | null | undefined, data: GroceryListDetail): void {
  if (!userId) return;
  try {
    const stored: Stored = { format: FORMAT, savedAt: Date.now(), data };
    localStorage.setItem(key(userId, data.list.id), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the list is simply not kept offline.
  }
}

export function forgetCachedList(userId: string | null | undefined, listId: number): void {
  if (!userId) return;
  try {
    localStorage.removeItem(key(userId, listId));
  } catch {
    // Nothing to forget.
  }
}
