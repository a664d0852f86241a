import type { ReactNode } from "react";

type RecipePartProps = {
  /** Id of the heading, which names the part's list for screen readers. */
  id: string;
  /** The part's name ("For the sauce"), or null for the unnamed part. */
  title: string | null;
  /** Block class: the part gets it, its heading `${className}__title`. */
  className: string;
  /** The part's list, given the id to name it by (undefined without a heading). */
  children: (labelledBy: string | undefined) => ReactNode;
};

/** One part of a recipe's ingredients or steps: its name as a heading over its list. */
export function RecipePart({ id, title, className, children }: RecipePartProps) {
  return (
    <div className={className}>
      {title && (
        <h3 id={id} className={`${className}__title`}>
          {title}
        </h3>
      )}
      {children(title ? id : undefined)}
    </div>
  );
}
