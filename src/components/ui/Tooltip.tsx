import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";

/** Open after 700 ms; within 300 ms of a previous close the next tooltip opens at once (moving along a toolbar). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = 0;

type TooltipProps = {
  content: ReactNode;
  /** One focusable element (a button or link); it gets aria-describedby while the tooltip shows. */
  children: ReactElement<{ "aria-describedby"?: string }>;
  side?: "top" | "bottom";
  className?: string;
};

/** A hover/focus hint. It supplements, never replaces, the element's accessible name. Escape hides it. */
export function Tooltip({ content, children, side = "bottom", className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = () => {
    window.clearTimeout(timer.current);
    const skipDelay = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (skipDelay) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    <span
      className={cn("tooltip-anchor", className)}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onPointerDown={hide}
      onKeyDown={(event) => event.key === "Escape" && hide()}
    >
      {cloneElement(children, { "aria-describedby": open ? id : children.props["aria-describedby"] })}
      {open && (
        <span role="tooltip" id={id} className={cn("tooltip", `tooltip--${side}`)}>
          {content}
        </span>
      )}
    </span>
  );
}
