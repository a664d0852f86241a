import type { ComponentPropsWithRef, HTMLAttributes } from "react";
import { cn } from "./cn";

type DivProps = HTMLAttributes<HTMLDivElement>;

/** A surface with border and shadow. Compose with CardHeader, CardTitle, CardDescription, CardContent, CardFooter. */
export function Card({ className, interactive, ...rest }: DivProps & { interactive?: boolean }) {
  return <div className={cn("card", interactive && "card--interactive", className)} {...rest} />;
}

export function CardHeader({ className, ...rest }: DivProps) {
  return <div className={cn("card__header", className)} {...rest} />;
}

/** The card's heading; `as` picks the level so each page keeps one h1 (default h3). */
export function CardTitle({ className, as: Tag = "h3", ...rest }: ComponentPropsWithRef<"h3"> & { as?: "h2" | "h3" | "h4" }) {
  return <Tag className={cn("card__title", className)} {...rest} />;
}

export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("card__description", className)} {...rest} />;
}

export function CardContent({ className, ...rest }: DivProps) {
  return <div className={cn("card__content", className)} {...rest} />;
}

export function CardFooter({ className, ...rest }: DivProps) {
  return <div className={cn("card__footer", className)} {...rest} />;
}
