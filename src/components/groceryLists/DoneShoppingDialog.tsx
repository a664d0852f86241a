import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Button, Checkbox, Dialog, Input, Select, Spinner, toast } from "../ui";
import { PANTRY_CATEGORIES, STORAGE_LOCATIONS, type PantryCategory, type StorageLocation } from "../../../worker/domain/constants";
import { shoppedItem } from "../../../worker/schemas/groceryLists";
import { STORAGE_LABELS } from "../pantry/pantryFormat";
import { usePantryChanged } from "../pantry/queries";

type ReviewItem = RouterOutputs["groceryLists"]["shoppingReview"]["items"][number];

type Row = {
  itemId: number;
  selected: boolean;
  name: string;
  quantity: string;
  unit: string;
  price: string;
  category: PantryCategory;
  storageLocation: StorageLocation;
  expirationDate: string;
  expiryNote: string | null;
};

const CATEGORY_OPTIONS = PANTRY_CATEGORIES.map((c) => ({ value: c, label: c }));
const STORAGE_OPTIONS = STORAGE_LOCATIONS.map((s) => ({ value: s, label: STORAGE_LABELS[s] ?? s }));

function toRow(item: ReviewItem): Row {
  return {
    itemId: item.itemId,
    selected: true,
    name: item.name,
    quantity: String(item.quantity),
    unit: item.unit ?? "",
    price: item.price === null ? "" : item.price.toFixed(2),
    category: item.category,
    storageLocation: item.storageLocation,
    expirationDate: item.expirationDate ?? "",
    expiryNote: item.expiryNote,
  };
}

function rowInput(row: Row) {
  return {
    itemId: row.itemId,
    selected: row.selected,
    name: row.name,
    quantity: row.quantity,
    unit: row.unit,
    price: row.price,
    category: row.category,
    storageLocation: row.storageLocation,
    expirationDate: row.expirationDate,
  };
}

/**
 * Done shopping: the checked items as pantry rows to review, like the receipt review. Each row can be unticked
 * or corrected (amount, price, category, where it keeps, expiry: estimated until changed); 'Add n items to
 * pantry' moves the ticked ones at once. Prices entered count as spending in Insights.
 */
export function DoneShoppingDialog({ listId, open, onClose }: { listId: number; open: boolean; onClose: () => void }) {
  const ids = useId();
  const utils = trpc.useUtils();
  const pantryChanged = usePantryChanged();
  const review = trpc.groceryLists.shoppingReview.useQuery({ listId }, { enabled: open, refetchOnWindowFocus: false });
  const [rows, setRows] = useState<Row[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const done = trpc.groceryLists.doneShopping.useMutation();

  useEffect(() => {
    if (open && review.data) {
      setRows(review.data.items.map(toRow));
      setShowErrors(false);
    }
  }, [open, review.data]);

  const errors = useMemo(
    () =>
      new Map(
        rows.map((row) => {
          if (!row.selected) return [row.itemId, null] as const;
          const parsed = shoppedItem.safeParse(rowInput(row));
          return [row.itemId, parsed.success ? null : (parsed.error.issues[0]?.message ?? "Check this row")] as const;
        }),
      ),
    [rows],
  );
  const selected = rows.filter((r) => r.selected);
  const total = selected.reduce((sum, r) => sum + (Number(r.price) > 0 ? Number(r.price) : 0), 0);

  function update(itemId: number, changes: Partial<Row>) {
    setRows((current) =>
      current.map((row) => {
        if (row.itemId !== itemId) return row;
        // A new kind of food or place gets a fresh estimate from the server.
        const reestimate = (changes.name !== undefined || changes.category !== undefined || changes.storageLocation !== undefined) && row.expirationDate && row.expiryNote;
        return { ...row, ...changes, ...(reestimate ? { expirationDate: "", expiryNote: null } : {}) };
      }),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (selected.length === 0 || [...errors.values()].some(Boolean)) {
      setShowErrors(true);
      return;
    }
    try {
      const result = await done.mutateAsync({ listId, items: rows.map(rowInput) });
      toast({ title: "Added to your pantry", description: result.message });
      onClose();
      // The pantry changed: every screen that reads it refreshes through the one pantry rule (suggestions too).
      await Promise.all([utils.groceryLists.get.invalidate({ id: listId }), utils.groceryLists.shoppingReview.invalidate({ listId }), pantryChanged()]);
    } catch (error) {
      toast({ title: "Failed to add items to your pantry", description: errorMessage(error), variant: "destructive" });
    }
  }

  const count = selected.length;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !done.isPending && onClose()}
      title="Done shopping"
      description="Check what you bought. Untick anything that isn't going into your pantry, and fix amounts, prices or dates."
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={done.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${ids}-form`} loading={done.isPending} disabled={rows.length === 0}>
            {done.isPending ? "Adding..." : `Add ${count} ${count === 1 ? "item" : "items"} to pantry`}
          </Button>
        </>
      }
    >
      {review.isLoading ? (
        <Spinner label="Loading your items" />
      ) : review.error ? (
        <p className="field__error" role="alert">
          {errorMessage(review.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">Check items off the list first; the ones you check can go into your pantry here.</p>
      ) : (
        <form id={`${ids}-form`} onSubmit={submit} noValidate className="shopping-review">
          <p className="shopping-review__note">
            Prices you enter count as grocery spending in Insights ({total.toLocaleString("en-US", { style: "currency", currency: "USD" })} so far). If you'll scan this
            shop's receipt too, leave them empty so the trip counts once.
          </p>
          {showErrors && count === 0 && (
            <p className="field__error" role="alert">
              Tick at least one item to add to your pantry
            </p>
          )}
          <div className="shopping-review__head" aria-hidden="true">
            <span />
            <span>Item</span>
            <span>Qty</span>
            <span>Unit</span>
            <span>Price</span>
            <span>Category</span>
            <span>Storage</span>
            <span>Expires</span>
          </div>
          <ul className="shopping-review__rows" aria-label="Items to add">
            {rows.map((row) => {
              const error = showErrors ? errors.get(row.itemId) : null;
              const label = row.name.trim() || "item";
              return (
                <li key={row.itemId} className={`shopping-review__row${row.selected ? "" : " shopping-review__row--off"}`}>
                  <Checkbox checked={row.selected} onChange={(e) => update(row.itemId, { selected: e.target.checked })} aria-label={`Add ${label} to pantry`} />
                  <Input value={row.name} onChange={(e) => update(row.itemId, { name: e.target.value })} aria-label={`Name of ${label}`} maxLength={120} />
                  <Input value={row.quantity} onChange={(e) => update(row.itemId, { quantity: e.target.value })} aria-label={`Quantity of ${label}`} inputMode="decimal" />
                  <Input value={row.unit} onChange={(e) => update(row.itemId, { unit: e.target.value })} aria-label={`Unit of ${label}`} maxLength={20} />
                  <Input value={row.price} onChange={(e) => update(row.itemId, { price: e.target.value })} aria-label={`Price of ${label}`} inputMode="decimal" placeholder="Price" />
                  <Select value={row.category} onChange={(e) => update(row.itemId, { category: e.target.value as PantryCategory })} options={CATEGORY_OPTIONS} aria-label={`Category of ${label}`} />
                  <Select
                    value={row.storageLocation}
                    onChange={(e) => update(row.itemId, { storageLocation: e.target.value as StorageLocation })}
                    options={STORAGE_OPTIONS}
                    aria-label={`Storage of ${label}`}
                  />
                  <Input type="date" value={row.expirationDate} onChange={(e) => update(row.itemId, { expirationDate: e.target.value, expiryNote: null })} aria-label={`Expiry date of ${label}`} />
                  {row.expiryNote && row.expirationDate && <span className="shopping-review__hint">{row.expiryNote}</span>}
                  {error && (
                    <span className="field__error" role="alert">
                      {error}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </form>
      )}
    </Dialog>
  );
}
