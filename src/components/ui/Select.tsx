import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "./cn";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  /** Options to render; children may be used instead. */
  options?: readonly SelectOption[];
  /** A first, empty choice such as "Choose a category". */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A styled native <select> (keyboard and screen-reader support come from the browser). */
export function Select({ className, options, placeholder, children, ...rest }: SelectProps) {
  return (
    <div className={cn("select", className)}>
      <select className="select__control" {...rest}>
        {placeholder !== undefined && (
          <option value="" disabled={rest.required}>
            {placeholder}
          </option>
        )}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <svg className="select__chevron" viewBox="0 0 24 24" aria-hidden="true">
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
