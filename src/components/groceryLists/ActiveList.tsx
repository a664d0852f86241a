import { useRef, useState } from "react";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { Button, EmptyState, Skeleton, buttonClass, toast } from "../ui";
import { AlertIcon, CartIcon } from "../icons";
import { PencilIcon, TrashIcon } from "../recipes/recipeIcons";
import { AddItemForm } from "./AddItemForm";
import { DoneShoppingDialog } from "./DoneShoppingDialog";
import { GroceryItemRow } from "./GroceryItemRow";
import { ShareListButton } from "./ShareListButton";
import { ShoppingTipsCard } from "./ShoppingTipsCard";
import { BagIcon, CloudOffIcon } from "./groceryIcons";
import { groupByCategory, listAsText, neededText, type GroceryItem } from "./groceryFormat";
import { useCheckQueue } from "./checkQueue";
import { useGroceryList } from "./useGroceryList";

const ADD_TO_PANTRY_KEY = "plantry-grocery-add-to-pantry";

function readAddToPantry(): boolean {
  try {
    return localStorage.getItem(ADD_TO_PANTRY_KEY) === "true";
  } catch {
    return false;
  }
}

type ActiveListProps = {
  listId: number;
  userId: string | null;
  isPremium: boolean;
  onEdit: (list: { id: number; name: string; notes: string | null }) => void;
  onDelete: (list: { id: number; name: string }) => void;
  onCreate: () => void;
};

/**
 * The Active List: name and notes, Edit and Delete, the items grouped by aisle with large check targets (checked
 * off offline too: changes wait on this device and are sent when back online), what the pantry already covers,
 * Share, Done shopping, Add New Item and the Shopping Tips card.
 */
export function ActiveList({ listId, userId, isPremium, onEdit, onDelete, onCreate }: ActiveListProps) {
  const { list, online, savedAt } = useGroceryList(listId, userId);
  const queue = useCheckQueue(userId);
  const utils = trpc.useUtils();
  const [addToPantry, setAddToPantry] = useState(readAddToPantry);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const removeItem = trpc.groceryLists.deleteItem.useMutation();
  // A removed row takes its focused delete button with it: keep keyboard users on the list, at its name.
  const titleRef = useRef<HTMLHeadingElement>(null);

  if (list.error && !list.data) {
    const missing = list.error.data?.httpStatus === 404 || list.error.data?.httpStatus === 400;
    return missing ? (
      <EmptyState
        icon={<CartIcon size={26} />}
        title="No active grocery list"
        description="This list doesn't exist any more, or it was never yours."
        action={
          <>
            <Link to="/grocery-lists" className={buttonClass({ variant: "outline" })}>
              View My Lists
            </Link>
            <Button onClick={onCreate}>Create New List</Button>
          </>
        }
      />
    ) : (
      <div className="alert alert--danger" role="alert">
        <AlertIcon size={18} />
        <div>
          <strong>Could not load this list.</strong>{" "}
          <Button variant="link" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  if (!list.data) {
    return (
      <div className="grocery-active" aria-busy="true" aria-label="Loading list">
        <Skeleton height={28} width="40%" />
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </div>
    );
  }

  const { list: meta, items } = list.data;
  const toBuy = items.filter((i) => !i.coveredByPantry);
  const covered = items.filter((i) => i.coveredByPantry);
  const checkedCount = toBuy.filter((i) => queue.checkedOf(i)).length;
  const readyForPantry = toBuy.filter((i) => queue.checkedOf(i) && !i.inPantry).length;
  const waiting = queue.entries.filter((e) => e.listId === listId);
  const sendingItem = waiting.find((e) => e.mutationId === queue.sending)?.itemId ?? null;

  function pendingOf(item: GroceryItem): "sending" | "queued" | null {
    if (sendingItem === item.id) return "sending";
    return waiting.some((e) => e.itemId === item.id) ? (online ? "sending" : "queued") : null;
  }

  function toggle(item: GroceryItem, checked: boolean) {
    queue.check(item, checked, addToPantry && checked);
  }

  async function remove(item: GroceryItem) {
    setDeletingId(item.id);
    try {
      await removeItem.mutateAsync({ id: item.id });
      toast({ title: "Item removed from list" });
      titleRef.current?.focus();
      await Promise.all([utils.groceryLists.get.invalidate({ id: listId }), utils.groceryLists.list.invalidate()]);
    } catch {
      toast({ title: "Failed to delete item", description: "Please try again.", variant: "destructive" });
    } finally {
      setDeletingId(null);
    }
  }

  function changeAddToPantry(on: boolean) {
    setAddToPantry(on);
    try {
      localStorage.setItem(ADD_TO_PANTRY_KEY, String(on));
    } catch {
      // The choice lasts for this visit only.
    }
  }

  return (
    <div className="grocery-active">
      <header className="grocery-active__header">
        <div>
          <h2 className="grocery-active__title" ref={titleRef} tabIndex={-1}>
            {meta.name}
          </h2>
          {meta.notes && <p className="grocery-active__notes">{meta.notes}</p>}
        </div>
        <div className="grocery-active__actions">
          <Button variant="outline" onClick={() => onEdit(meta)}>
            <PencilIcon /> Edit
          </Button>
          <Button variant="outline" onClick={() => onDelete(meta)}>
            <TrashIcon /> Delete
          </Button>
        </div>
      </header>

      {(!online || waiting.length > 0) && (
        <div className="alert alert--info grocery-active__offline" role="status">
          <CloudOffIcon size={18} />
          <div>
            {online
              ? `Sending ${waiting.length} ${waiting.length === 1 ? "change" : "changes"}...`
              : `You're offline. ${savedAt ? "This is the copy saved on this device. " : ""}Check-offs are kept here and sent when you're back online${waiting.length > 0 ? ` (${waiting.length} waiting)` : ""}.`}
          </div>
        </div>
      )}

      <div className="grocery-active__toolbar">
        <p className="grocery-active__progress" aria-live="polite">
          {toBuy.length > 0 ? `${checkedCount} of ${toBuy.length} checked` : ""}
        </p>
        <label className="grocery-active__switch">
          <input type="checkbox" checked={addToPantry} onChange={(e) => changeAddToPantry(e.target.checked)} />
          <span>Add to pantry when checked</span>
        </label>
        <ShareListButton title={meta.name} text={() => listAsText(meta, items, (i) => queue.checkedOf(i))} />
        <Button onClick={() => setReviewOpen(true)} disabled={readyForPantry === 0 || !online}>
          <BagIcon /> Done shopping{readyForPantry > 0 ? ` (${readyForPantry})` : ""}
        </Button>
      </div>

      {items.length === 0 ? (
        <p className="grocery-active__empty">This list has no items yet</p>
      ) : (
        <div className="grocery-active__groups">
          {groupByCategory(toBuy).map((group) => (
            <section key={group.category} className="grocery-group" aria-label={group.category}>
              <h3 className="grocery-group__title">{group.category}</h3>
              <ul className="grocery-group__items">
                {group.items.map((item) => (
                  <GroceryItemRow key={item.id} item={item} checked={queue.checkedOf(item)} pending={pendingOf(item)} onToggle={toggle} onDelete={(i) => void remove(i)} deleting={deletingId === item.id} />
                ))}
              </ul>
            </section>
          ))}
          {covered.length > 0 && (
            <details className="grocery-covered">
              <summary>Already in your pantry ({covered.length})</summary>
              <ul>
                {covered.map((item) => (
                  <li key={item.id}>
                    {neededText(item)}
                    {item.recipes.length > 0 && <span className="muted"> · for {item.recipes.map((r) => r.title).join(", ")}</span>}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}

      <AddItemForm listId={listId} />
      <ShoppingTipsCard listId={listId} isPremium={isPremium} />
      <DoneShoppingDialog listId={listId} open={reviewOpen} onClose={() => setReviewOpen(false)} />
    </div>
  );
}
