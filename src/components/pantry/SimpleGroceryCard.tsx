import { trpc } from "../../lib/trpc";
import { toast } from "../ui/toast-store";
import { cn } from "../ui/cn";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import { simpleCardExpiry } from "../../../worker/domain/expiry";
import { ActionMenu } from "./ActionMenu";
import { ExpiryBadge } from "./ExpiryBadge";
import { usePantryChanged } from "./queries";
import { useUserToday } from "./useUserToday";
import "../../styles/pantry.css";

/** The simple grocery item: what the dashboard's Expiring Soon list shows. */
export type SimpleGroceryItem = { id: number; name: string; expirationDate: string | null; category: string };

type SimpleGroceryCardProps = {
  item: SimpleGroceryItem;
  /** Heading level of the item name inside its list (default h3). */
  headingLevel?: 3 | 4;
  className?: string;
  /** Called once the item has left the pantry (its card and focused menu are about to go): move focus on. */
  onRemoved?: () => void;
};

/**
 * Emoji, name, category and an expiry badge (Expired / Expires today / Expires tomorrow / N days left), with a
 * menu to mark the item used (PATCH /api/groceries/{id}) or delete it; the dashboard is refetched afterwards.
 */
export function SimpleGroceryCard({ item, headingLevel = 3, className, onRemoved }: SimpleGroceryCardProps) {
  const today = useUserToday();
  const pantryChanged = usePantryChanged();
  const markUsed = trpc.groceries.markUsed.useMutation();
  const remove = trpc.groceries.delete.useMutation();
  const expiry = item.expirationDate ? simpleCardExpiry(item.expirationDate, today) : null;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const busy = markUsed.isPending || remove.isPending;

  const onMarkUsed = () => {
    markUsed.mutate(
      { id: item.id, used: true },
      {
        onSuccess: () => {
          toast({ title: "Item marked as used", description: `${item.name} has been marked as used.` });
          onRemoved?.();
        },
        onError: () => toast({ title: "Error", description: "Failed to mark item as used", variant: "destructive" }),
        onSettled: () => void pantryChanged(),
      },
    );
  };

  const onDelete = () => {
    if (!window.confirm(`Delete ${item.name} from your pantry?`)) return;
    remove.mutate(
      { id: item.id },
      {
        onSuccess: () => {
          toast({ title: "Item deleted successfully!" });
          onRemoved?.();
        },
        onError: () => toast({ title: "Error", description: "Failed to delete item", variant: "destructive" }),
        onSettled: () => void pantryChanged(),
      },
    );
  };

  return (
    <article className={cn("grocery-card", expiry && `grocery-card--${expiry.band}`, busy && "is-busy", className)} aria-busy={busy || undefined}>
      <span className="grocery-card__emoji" aria-hidden="true">
        {emojiFor(item.name, item.category)}
      </span>
      <div className="grocery-card__text">
        <Heading className="grocery-card__name">{item.name}</Heading>
        <p className="grocery-card__category">{item.category}</p>
      </div>
      {expiry ? <ExpiryBadge band={expiry.band} label={expiry.label} /> : <ExpiryBadge band="none" label="No expiry" />}
      <ActionMenu
        label={`Actions for ${item.name}`}
        items={[
          { label: "Mark as used", onSelect: onMarkUsed, disabled: busy },
          { label: "Delete item", onSelect: onDelete, destructive: true, disabled: busy },
        ]}
      />
    </article>
  );
}
