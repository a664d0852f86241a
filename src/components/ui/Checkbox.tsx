import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { cn } from "./cn";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  /** The visible label, clickable. Without it, pass aria-label. */
  label?: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox with a custom look and an attached label. */
export function Checkbox({ label, description, className, id, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? `checkbox-${generated}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={cn("checkbox", className)}>
      <input type="checkbox" id={inputId} className="checkbox__input" aria-describedby={descriptionId} {...rest} />
      {(label || description) && (
        <div className="checkbox__text">
          {label && (
            <label htmlFor={inputId} className="checkbox__label">
              {label}
            </label>
          )}
          {description && (
            <p id={descriptionId} className="checkbox__description">
              {description}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
