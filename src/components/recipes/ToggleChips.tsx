import type { ReactNode } from "react";
import { cn } from "../ui";

type ToggleChipProps = {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** Extra text for screen readers after the visible label (e.g. the expiry). */
  "aria-describedby"?: string;
  title?: string;
};

/** A chip that is a toggle button (aria-pressed); the tick shows the state without relying on colour. */
export function ToggleChip({ pressed, onPressedChange, children, className, disabled, title, ...aria }: ToggleChipProps) {
  return (
    <button
      type="button"
      className={cn("chip", pressed && "chip--on", className)}
      aria-pressed={pressed}
      disabled={disabled}
      title={title}
      onClick={() => onPressedChange(!pressed)}
      {...aria}
    >
      <span className="chip__tick" aria-hidden="true">
        {pressed ? "✓" : "+"}
      </span>
      {children}
    </button>
  );
}

type ChipGroupProps<T extends string> = {
  /** Names the group (visible legend). */
  legend: ReactNode;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  hint?: ReactNode;
  className?: string;
};

/** A labelled set of multi-select chips (a fieldset, so the legend names every chip's group). */
export function ChipGroup<T extends string>({ legend, options, selected, onChange, hint, className }: ChipGroupProps<T>) {
  const toggle = (value: T, on: boolean) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset className={cn("chip-group", className)}>
      <legend className="label">{legend}</legend>
      {hint && <p className="field__hint">{hint}</p>}
      <div className="chip-group__chips">
        {options.map((option) => (
          <ToggleChip key={option.value} pressed={selected.includes(option.value)} onPressedChange={(on) => toggle(option.value, on)}>
            {option.label}
          </ToggleChip>
        ))}
      </div>
    </fieldset>
  );
}
