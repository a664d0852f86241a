import type { ReactNode } from "react";
import { cn } from "./cn";

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Buttons or links offering the next step. */
  action?: ReactNode;
  /** Heading level of the title (default h2; use h3 inside a section). */
  headingLevel?: 2 | 3;
  className?: string;
};

/** A friendly "nothing here yet" block with an optional next step. */
export function EmptyState({ icon, title, description, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={cn("empty-state", className)}>
      {icon && (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="empty-state__title">{title}</Heading>
      {description && <p className="empty-state__description">{description}</p>}
      {action && <div className="empty-state__actions">{action}</div>}
    </div>
  );
}
