import { emojiFor } from "../../../worker/domain/foodEmoji";
import { pantryExpiry } from "../../../worker/domain/expiry";
import { Button } from "../ui/Button";
import { cn } from "../ui/cn";
import { ExpiryBadge } from "./ExpiryBadge";
import { STORAGE_LABELS, formatCalendarDate, quantityText, type PantryItem } from "./pantryFormat";
import "../../styles/pantry.css";

type PantryItemCardProps = {
  item: PantryItem;
  /** yyyy-MM-dd in the user's time zone. */
  today: string;
  onEdit: (item: PantryItem) => void;
  onUse: (item: PantryItem) => void;
  onDelete: (item: PantryItem) => void;
  /** The item being deleted right now. */
  deleting?: boolean;
};

/**
 * One pantry item as a list entry: emoji, name (heading), category and storage, what is left, the expiry badge and
 * where its date came from, with Edit, Use Some and Delete. Expired and critical items get a red highlight.
 */
export function PantryItemCard({ item, today, onEdit, onUse, onDelete, deleting = false }: PantryItemCardProps) {
  const expiry = pantryExpiry(item.expirationDate, today);
  const amount = quantityText(item);
  const date = formatCalendarDate(item.expirationDate);
  const headingId = `pantry-item-${item.id}`;
  return (
    <li className={cn("pantry-card", `pantry-card--${expiry.band}`, expiry.highlight && "pantry-card--alert", deleting && "is-busy")} aria-labelledby={headingId}>
      <div className="pantry-card__top">
        <span className="pantry-card__emoji" aria-hidden="true">
          {emojiFor(item.name, item.category)}
        </span>
        <div className="pantry-card__title">
          <h3 id={headingId} className="pantry-card__name">
            {item.name}
          </h3>
          <p className="pantry-card__meta">
            <span>{item.category}</span>
            <span aria-hidden="true"> · </span>
            <span>
              <span className="sr-only">Stored in the </span>
              {STORAGE_LABELS[item.storageLocation] ?? item.storageLocation}
            </span>
            {item.isOpened && (
              <>
                <span aria-hidden="true"> · </span>
                <span>Opened</span>
              </>
            )}
          </p>
        </div>
      </div>

      <p className="pantry-card__status">
        <ExpiryBadge band={expiry.band} label={expiry.label} />
        {date && (
          <span className="pantry-card__date">
            {expiry.band === "expired" ? "Expired" : "Expires"} {date}
          </span>
        )}
      </p>

      <p className="pantry-card__amount">
        <span className="pantry-card__count">{amount.count}</span>
        {amount.detail && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="pantry-card__left">{amount.detail}</span>
          </>
        )}
      </p>

      {item.expiryNote && <p className="pantry-card__note">{item.expiryNote}</p>}

      <div className="pantry-card__actions">
        <Button variant="secondary" size="sm" onClick={() => onUse(item)} aria-label={`Use some ${item.name}`}>
          Use Some
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" className="pantry-card__delete" onClick={() => onDelete(item)} loading={deleting} aria-label={`Delete ${item.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
