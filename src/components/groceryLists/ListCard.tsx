import { Link } from "@tanstack/react-router";
import { Badge, Skeleton, buttonClass, Button } from "../ui";
import { TrashIcon } from "../recipes/recipeIcons";
import { createdLabel, type GroceryList } from "./groceryFormat";

/** One list in My Lists: name, Template or Custom, clamped notes, 'Created: MMM d, yyyy', View, delete. */
export function ListCard({ list, onDelete }: { list: GroceryList; onDelete: (list: GroceryList) => void }) {
  const titleId = `grocery-list-${list.id}-title`;
  return (
    <article className="shopping-card" aria-labelledby={titleId}>
      <div className="shopping-card__top">
        <h3 id={titleId} className="shopping-card__title">
          {list.name}
        </h3>
        <Badge variant={list.isTemplate ? "premium" : "secondary"}>{list.isTemplate ? "Template" : "Custom"}</Badge>
      </div>
      {list.notes && <p className="shopping-card__notes">{list.notes}</p>}
      <p className="shopping-card__meta">
        <span>{createdLabel(list.createdAt)}</span>
        <span>
          {list.checkedCount > 0 ? `${list.checkedCount} of ${list.itemCount} checked` : `${list.itemCount} ${list.itemCount === 1 ? "item" : "items"}`}
        </span>
      </p>
      <div className="shopping-card__actions">
        <Link to="/grocery-lists/$id" params={{ id: String(list.id) }} className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`View ${list.name}`}>
          View
        </Link>
        <Button variant="ghost" size="icon" aria-label={`Delete ${list.name}`} onClick={() => onDelete(list)}>
          <TrashIcon />
        </Button>
      </div>
    </article>
  );
}

export function ListCardSkeleton() {
  return (
    <div className="shopping-card shopping-card--skeleton" aria-hidden="true">
      <Skeleton height={22} width="60%" />
      <Skeleton height={14} width="90%" />
      <Skeleton height={14} width="40%" />
      <Skeleton height={32} width={80} />
    </div>
  );
}
