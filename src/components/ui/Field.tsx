import { useId, type ReactNode } from "react";
import { Label } from "./Label";
import { cn } from "./cn";

/** Props to spread on the control so label, hint and error are wired up. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** The error under the field (role=alert is not used: it is announced through aria-describedby on focus). */
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  /** Optional fixed id for the control (defaults to a generated one). */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form row: <Field label="Username" error={errors.username}>{(p) => <Input {...p} />}</Field>.
 * The render function receives id, aria-invalid and aria-describedby for the control.
 */
export function Field({ label, error, hint, optional, className, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("field", className)}>
      <Label htmlFor={controlId} optional={optional}>
        {label}
      </Label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
