import { useId } from "react";
import { Badge } from "./ui/Badge";
import { cn } from "./ui/cn";

/** The Plantry mark: a leaf in a rounded tile. Decorative; the wordmark or a link label names it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  // One id per mark: the header and footer both draw it, and ids must be unique in the page.
  const gradientId = `plantry-logo-gradient-${useId()}`;
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#22c55e" />
          <stop offset="1" stopColor="#15803d" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path d="M9 23c0-8 5-13 14-14-.4 8.6-5.3 13.4-12.4 13.7" fill="#fff" fillOpacity=".95" />
      <path d="M9.5 23.5c2.6-4.4 5.8-7.4 9.5-9.3" stroke="#15803d" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** Mark plus wordmark, optionally with the BETA badge. */
export function Logo({ beta = false, className }: { beta?: boolean; className?: string }) {
  return (
    <span className={cn("logo", className)}>
      <LogoMark />
      <span className="logo__word">Plantry</span>
      {beta && (
        <Badge variant="secondary" className="logo__beta">
          BETA
        </Badge>
      )}
    </span>
  );
}
