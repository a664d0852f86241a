import type { LabelHTMLAttributes } from "react";
import { cn } from "./cn";

/** A visible form label; `optional` appends a muted "(optional)". */
export function Label({ className, optional, children, ...rest }: LabelHTMLAttributes<HTMLLabelElement> & { optional?: boolean }) {
  return (
    <label className={cn("label", className)} {...rest}>
      {children}
      {optional && <span className="label__optional"> (optional)</span>}
    </label>
  );
}
