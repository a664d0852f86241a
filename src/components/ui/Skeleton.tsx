import type { CSSProperties } from "react";
import { cn } from "./cn";

/** A shimmering placeholder block shown while content loads (hidden from screen readers). */
export function Skeleton({ className, width, height, style }: { className?: string; width?: CSSProperties["width"]; height?: CSSProperties["height"]; style?: CSSProperties }) {
  return <div className={cn("skeleton", className)} style={{ width, height, ...style }} aria-hidden="true" />;
}
