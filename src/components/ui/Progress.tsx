import { cn } from "./cn";

export type ProgressTone = "default" | "success" | "warning" | "orange" | "danger";

type ProgressProps = {
  /** Current value; clamped into 0..max for the bar (the bar is capped at 100%). */
  value: number;
  max?: number;
  /** Accessible name, e.g. "Upload progress". */
  label: string;
  /** Optional text announced instead of the number, e.g. "4,000 of 10,000 tokens". */
  valueText?: string;
  tone?: ProgressTone;
  className?: string;
};

/** A horizontal progress bar with role=progressbar and aria-valuenow. */
export function Progress({ value, max = 100, label, valueText, tone = "default", className }: ProgressProps) {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className={cn("progress", `progress--${tone}`, className)}
    >
      <div className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
