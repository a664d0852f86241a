import { useEffect, useRef, useState, type PointerEvent } from "react";
import { cn } from "./cn";
import { TOAST_DEFAULT_DURATION_MS, dismissToast, useToast, type ToastRecord } from "./toast-store";

/** A swipe to the right of 50 px dismisses a toast; shorter drags are treated as accidental. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The toast viewport; mount once. F8 moves focus into it. */
export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        const region = regionRef.current;
        (region?.querySelector<HTMLElement>(".toast") ?? region)?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const visible = toasts.filter((t) => t.open);
  return (
    <section ref={regionRef} aria-label="Notifications (F8)" tabIndex={-1} className="toaster">
      <ol className="toaster__list">
        {visible.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: ToastRecord }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const duration = toast.duration ?? TOAST_DEFAULT_DURATION_MS;

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), duration);
    return () => window.clearTimeout(timer);
  }, [paused, duration, toast.id]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    // Capturing the pointer would retarget the click away from a button or link inside the toast.
    if ((event.target as HTMLElement).closest("button, a")) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (offset > TOAST_SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  const destructive = toast.variant === "destructive";
  return (
    <li
      role="status"
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      tabIndex={0}
      className={cn("toast", destructive && "toast--destructive", offset > 0 && "toast--swiping")}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={(event) => event.key === "Escape" && dismissToast(toast.id)}
    >
      <div className="toast__text">
        {toast.title && <div className="toast__title">{toast.title}</div>}
        {toast.description && <div className="toast__description">{toast.description}</div>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            toast.action?.onClick();
            dismissToast(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast__close" aria-label="Close notification" onClick={() => dismissToast(toast.id)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
