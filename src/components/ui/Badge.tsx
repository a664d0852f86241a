import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export type BadgeVariant = "default" | "secondary" | "outline" | "success" | "warning" | "danger" | "info" | "premium";

/** A small pill label (status, tier, category). */
export function Badge({ variant = "default", className, ...rest }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={cn("badge", `badge--${variant}`, className)} {...rest} />;
}
