import { useSyncExternalStore, type ReactNode } from "react";

/** One toast at a time, 5 s by default; a dismissed toast hides at once and leaves the store 1,000,000 ms later. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = "default" | "destructive";

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself; Infinity keeps it until dismissed. */
  duration?: number;
  /** One button inside the toast, e.g. Reload. */
  action?: { label: string; onClick: () => void };
};

export type ToastRecord = ToastOptions & { id: string; open: boolean };

let toasts: ToastRecord[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, number>();

function emit(next: ToastRecord[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = window.setTimeout(() => {
    removalTimers.delete(id);
    emit(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Hides one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/**
 * Shows a toast (replacing the current one). Works outside React too.
 * Returns handles to dismiss or update it.
 */
export function toast(options: ToastOptions): { id: string; dismiss: () => void; update: (next: ToastOptions) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast API for components: const { toast } = useToast(); toast({ title, description, variant }). */
export function useToast() {
  const current = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
