import { useSyncExternalStore } from "react";

/**
 * Uncaught errors that mention 401, Unauthorized, authentication or fetch are only logged (a
 * signed-out or offline moment is not an application failure); every other one shows the Application Error page.
 * "ResizeObserver loop" notices are browser noise (charts resizing), never failures.
 */
const LOG_ONLY = /401|unauthori[sz]ed|authentication|fetch/i;
const BROWSER_NOISE = /ResizeObserver loop/i;

export function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === "string") return reason;
  if (reason && typeof reason === "object" && "message" in reason) return String((reason as { message: unknown }).message);
  return String(reason);
}

export function isLogOnlyError(reason: unknown): boolean {
  const message = messageOf(reason);
  return LOG_ONLY.test(message) || BROWSER_NOISE.test(message);
}

let currentError: unknown = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Records an uncaught error; log-only ones never reach the error page. */
export function reportAppError(reason: unknown): void {
  if (isLogOnlyError(reason)) {
    console.warn("Ignored uncaught error", reason);
    return;
  }
  console.error("Uncaught application error", reason);
  currentError = reason ?? new Error("Unknown error");
  emit();
}

export function clearAppError(): void {
  if (currentError === null) return;
  currentError = null;
  emit();
}

/** The current uncaught error, or null. */
export function useAppError(): unknown {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => currentError,
    () => null,
  );
}

let installed = false;
/** Listens for window `error` and `unhandledrejection`; idempotent. */
export function installGlobalErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("error", (event) => reportAppError(event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportAppError(event.reason));
}
