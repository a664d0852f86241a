import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "./cn";

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A text-like input. Pair with <Label htmlFor> or wrap in <Field>; aria-invalid="true" draws the error style. */
export function Input({ className, type = "text", ...rest }: InputProps) {
  return <input type={type} className={cn("input", className)} {...rest} />;
}
