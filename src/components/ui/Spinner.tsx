import { cn } from "./cn";

type SpinnerProps = {
  size?: "sm" | "md" | "lg";
  /** When given, announced to screen readers; otherwise the spinner is decorative. */
  label?: string;
  className?: string;
};

/** A rotating ring. Decorative unless a label is given (then role=status with the label). */
export function Spinner({ size = "md", label, className }: SpinnerProps) {
  const ring = <span className={cn("spinner", `spinner--${size}`, className)} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status" className="spinner-wrap">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
