import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { cn } from "./cn";

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
}

// Nested dialogs share one scroll lock.
let openDialogs = 0;

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The heading that names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Optional sentence under the title (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  /** The element to focus when opening; default is the first focusable element of the body. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Clicking the dimmed backdrop closes the dialog (default true). */
  closeOnOverlayClick?: boolean;
  className?: string;
};

/**
 * A modal dialog: role=dialog, aria-modal, labelled by its title; Tab is trapped inside, Escape closes and focus
 * returns to the element that opened it. Rendered into document.body.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = "md", initialFocus, closeOnOverlayClick = true, className }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const titleId = `${ids}-title`;
  const descriptionId = description ? `${ids}-description` : undefined;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    openDialogs += 1;
    document.body.classList.add("has-modal");
    const panel = panelRef.current;
    const body = panel?.querySelector<HTMLElement>(".dialog__body");
    const first = initialFocus?.current ?? (body && focusableIn(body)[0]) ?? (panel && focusableIn(panel)[0]) ?? panel;
    first?.focus();
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) document.body.classList.remove("has-modal");
      // The opener may have been unmounted meanwhile (e.g. a menu that closed).
      if (opener && opener.isConnected) opener.focus();
    };
    // initialFocus is read once at opening on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onOpenChange(false);
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = focusableIn(panelRef.current);
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-root">
      <div className="dialog__overlay" aria-hidden="true" onClick={() => closeOnOverlayClick && onOpenChange(false)} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className={cn("dialog", `dialog--${size}`, className)}
        onKeyDown={onKeyDown}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          )}
          <button type="button" className="dialog__close" aria-label="Close" onClick={() => onOpenChange(false)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
              <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
