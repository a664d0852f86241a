import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Checkbox, Input, Select } from "../../components/ui";
import { PANTRY_CATEGORIES, STORAGE_LOCATIONS, type StorageLocation } from "../../../worker/domain/constants";
import { RECEIPT_LIMITS, RECEIPT_MESSAGES, type ConfirmReceiptInput, type ExpiryFrom } from "../../../worker/schemas/receipts";
import { formatCalendarDate } from "../../components/pantry/pantryFormat";
import { formatMoney, type ReceiptSummary, type ReviewItem } from "./receiptApi";

const STORAGE_LABELS: Record<StorageLocation, string> = { fridge: "Fridge", pantry: "Pantry", freezer: "Freezer" };
const CATEGORY_OPTIONS = PANTRY_CATEGORIES.map((c) => ({ value: c, label: c }));
const STORAGE_OPTIONS = STORAGE_LOCATIONS.map((s) => ({ value: s, label: STORAGE_LABELS[s] }));
const KIND_LABELS: Record<string, string> = { bag: "Bag", deposit: "Deposit", discount: "Discount", fee: "Fee" };

type Row = {
  key: number;
  selected: boolean;
  name: string;
  rawName: string | null;
  quantity: string;
  unit: string;
  price: string;
  category: string;
  storageLocation: StorageLocation;
  expirationDate: string;
  /** The server's estimate this row still shows, so edits can tell whether the date is the user's own. */
  estimatedDate: string | null;
  expiryNote: string | null;
  /** The estimates counted from the receipt's date and from today, to switch between without losing either. */
  printedEstimate: string | null;
  todayEstimate: string | null;
  /** The estimate counted from the receipt's date is already past. */
  pastExpiry: boolean;
  kind: string;
  isFood: boolean;
};

type RowErrors = Partial<Record<"name" | "quantity" | "price", string>>;

let nextKey = 1;

function toRow(item: ReviewItem): Row {
  return {
    key: nextKey++,
    selected: item.selected,
    name: item.name,
    rawName: item.rawName,
    quantity: String(item.quantity),
    unit: item.unit ?? "",
    price: item.price === null ? "" : item.price.toFixed(2),
    category: item.category,
    storageLocation: item.storageLocation,
    expirationDate: item.expirationDate ?? "",
    estimatedDate: item.expirationDate,
    expiryNote: item.expiryNote,
    printedEstimate: item.expirationDate,
    todayEstimate: item.expirationDateFromToday,
    pastExpiry: item.pastExpiry,
    kind: item.kind,
    isFood: item.isFood,
  };
}

/** Rows still showing an estimate move to the one counted from `from`; dates the user typed stay. */
function countFrom(rows: Row[], from: ExpiryFrom): Row[] {
  return rows.map((row) => {
    if (!row.estimatedDate || row.expirationDate !== row.estimatedDate) return row;
    const date = from === "today" ? row.todayEstimate : row.printedEstimate;
    return date ? { ...row, expirationDate: date, estimatedDate: date } : row;
  });
}

function blankRow(): Row {
  return {
    key: nextKey++,
    selected: true,
    name: "",
    rawName: null,
    quantity: "1",
    unit: "",
    price: "",
    category: "Other",
    storageLocation: "fridge",
    expirationDate: "",
    estimatedDate: null,
    expiryNote: null,
    printedEstimate: null,
    todayEstimate: null,
    pastExpiry: false,
    kind: "manual",
    isFood: true,
  };
}

function rowErrors(row: Row): RowErrors {
  if (!row.selected) return {};
  const errors: RowErrors = {};
  if (!row.name.trim()) errors.name = "Name is required";
  const quantity = Number(row.quantity);
  if (!row.quantity.trim() || !Number.isFinite(quantity) || quantity < 0.01 || quantity > 10_000) errors.quantity = "Quantity must be between 0.01 and 10,000";
  if (row.price.trim()) {
    const price = Number(row.price);
    if (!Number.isFinite(price)) errors.price = "Price must be a number";
    else if (price < 0) errors.price = "Price can't be negative";
  }
  return errors;
}

function priceOf(row: Row): number | null {
  const value = Number(row.price);
  return row.price.trim() && Number.isFinite(value) ? value : null;
}

export type ReviewSubmit = Omit<ConfirmReceiptInput, "receiptId">;

type ReviewReceiptProps = {
  receipt: ReceiptSummary;
  items: ReviewItem[];
  confirming: boolean;
  onConfirm: (input: ReviewSubmit) => void;
  onCancel: () => void;
};

/**
 * The review step: every line read from the receipt as an editable row. Food starts ticked, bags, deposits,
 * fees and discounts unticked; rows can be added by hand. Changing an item's name, category or place clears a
 * date that is still the estimate, so the server estimates it again for the new item.
 */
export function ReviewReceipt({ receipt, items, confirming, onConfirm, onCancel }: ReviewReceiptProps) {
  const [rows, setRows] = useState<Row[]>(() => (items.length > 0 ? items.map(toRow) : [blankRow()]));
  const [storeName, setStoreName] = useState(receipt.storeName ?? "");
  const [purchaseDate, setPurchaseDate] = useState(receipt.purchaseDate ?? "");
  const [showErrors, setShowErrors] = useState(false);
  const [expiryFrom, setExpiryFrom] = useState<ExpiryFrom>("purchase-date");
  const focusKey = useRef<number | null>(null);
  const headingId = useId();
  const noticeId = useId();
  const nothingRead = items.length === 0;
  // Food from an old receipt whose estimates have passed: offered dates counted from today instead.
  const pastCount = rows.filter((row) => row.selected && row.pastExpiry && row.expirationDate === row.printedEstimate).length;
  const showExpiryChoice = expiryFrom === "today" || pastCount > 0;

  function chooseExpiryFrom(from: ExpiryFrom) {
    setExpiryFrom(from);
    setRows((current) => countFrom(current, from));
  }

  const selectedRows = rows.filter((row) => row.selected);
  const selectedTotal = selectedRows.reduce((sum, row) => sum + (priceOf(row) ?? 0), 0);
  const errorsByKey = useMemo(() => new Map(rows.map((row) => [row.key, rowErrors(row)])), [rows]);
  const hasErrors = [...errorsByKey.values()].some((e) => Object.keys(e).length > 0);

  function update(key: number, changes: Partial<Row>) {
    setRows((current) =>
      current.map((row) => {
        if (row.key !== key) return row;
        const next = { ...row, ...changes };
        const identityChanged = changes.name !== undefined || changes.category !== undefined || changes.storageLocation !== undefined;
        if (identityChanged && row.estimatedDate && row.expirationDate === row.estimatedDate) {
          return { ...next, expirationDate: "", estimatedDate: null, expiryNote: null };
        }
        return next;
      }),
    );
  }

  function changePurchaseDate(value: string) {
    setPurchaseDate(value);
    // Estimates count from the purchase date: those still untouched are worked out again on confirm.
    setRows((current) => current.map((row) => (row.estimatedDate && row.expirationDate === row.estimatedDate ? { ...row, expirationDate: "", estimatedDate: null, expiryNote: null } : row)));
  }

  function addRow() {
    const row = blankRow();
    focusKey.current = row.key;
    setRows((current) => [...current, row]);
  }

  function removeRow(key: number) {
    setRows((current) => current.filter((row) => row.key !== key));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasErrors || selectedRows.length === 0) {
      setShowErrors(true);
      return;
    }
    onConfirm({
      storeName: storeName.trim() || null,
      purchaseDate: purchaseDate || null,
      expiryFrom,
      // Unticked rows without a name carry nothing worth keeping.
      items: rows
        .filter((row) => row.selected || row.name.trim())
        .map((row) => {
          const price = priceOf(row);
          return {
          selected: row.selected,
          name: row.name.trim(),
          rawName: row.rawName,
          quantity: Number(row.quantity) || 1,
          unit: row.unit.trim() || null,
          // Discount lines read as negative amounts; they are never added, so they carry no price.
          price: price !== null && price < 0 ? null : price,
          category: row.category as ReviewSubmit["items"][number]["category"],
          storageLocation: row.storageLocation,
          expirationDate: row.expirationDate || null,
          };
        }),
    });
  }

  const count = selectedRows.length;
  return (
    <form className="receipt-review" onSubmit={submit} aria-labelledby={headingId} noValidate>
      <Card>
        <CardHeader>
          <CardTitle as="h2" id={headingId}>
            Review your items
          </CardTitle>
          <CardDescription>
            {nothingRead
              ? "We couldn't find any items on this receipt. Add them below by hand; the receipt is saved."
              : "Check what we read. Untick anything you don't want in your pantry, and fix names, amounts or dates."}
          </CardDescription>
        </CardHeader>
        <CardContent className="receipt-review__meta">
          <label className="receipt-review__meta-field">
            <span className="label">Store</span>
            <Input value={storeName} onChange={(e) => setStoreName(e.target.value)} maxLength={RECEIPT_LIMITS.storeNameMax} placeholder="Store name" />
          </label>
          <label className="receipt-review__meta-field">
            <span className="label">Purchase date</span>
            <Input type="date" value={purchaseDate} onChange={(e) => changePurchaseDate(e.target.value)} />
          </label>
          <dl className="receipt-review__totals">
            <div>
              <dt>Receipt total</dt>
              <dd>{formatMoney(receipt.total)}</dd>
            </div>
            {receipt.tax !== null && (
              <div>
                <dt>Tax</dt>
                <dd>{formatMoney(receipt.tax)}</dd>
              </div>
            )}
            <div>
              <dt>Selected</dt>
              <dd>{formatMoney(selectedTotal)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      {showExpiryChoice && (
        <fieldset className="expiry-choice" aria-describedby={noticeId}>
          <legend className="expiry-choice__title">Some estimated dates have already passed</legend>
          <p id={noticeId} className="expiry-choice__text">
            {receipt.purchaseDate ? `This receipt is from ${formatCalendarDate(receipt.purchaseDate)}. ` : ""}
            {pastCount > 0
              ? `Counted from that day, ${pastCount} ${pastCount === 1 ? "item would arrive" : "items would arrive"} in your pantry already expired.`
              : "The dates below are counted from today."}
          </p>
          <label className="expiry-choice__option">
            <input type="radio" name={`${noticeId}-from`} checked={expiryFrom === "today"} onChange={() => chooseExpiryFrom("today")} />
            <span>Count from today (I bought these recently or they keep longer)</span>
          </label>
          <label className="expiry-choice__option">
            <input type="radio" name={`${noticeId}-from`} checked={expiryFrom === "purchase-date"} onChange={() => chooseExpiryFrom("purchase-date")} />
            <span>Keep the dates counted from the receipt</span>
          </label>
        </fieldset>
      )}

      <div className="review-table" role="group" aria-label="Receipt items">
        <div className="review-table__head" aria-hidden="true">
          <span />
          <span>Item</span>
          <span>Qty</span>
          <span>Unit</span>
          <span>Price</span>
          <span>Category</span>
          <span>Storage</span>
          <span>Expires</span>
          <span />
        </div>
        <ul className="review-table__rows">
          {rows.map((row, index) => {
            const errors = showErrors ? (errorsByKey.get(row.key) ?? {}) : {};
            const label = row.name.trim() || `item ${index + 1}`;
            return (
              <li key={row.key} className={`review-row${row.selected ? "" : " review-row--off"}`}>
                <Checkbox className="review-row__tick" checked={row.selected} onChange={(e) => update(row.key, { selected: e.target.checked })} aria-label={`Add ${label} to pantry`} />
                <div className="review-row__name">
                  <span className="review-row__label">Item</span>
                  <Input
                    value={row.name}
                    onChange={(e) => update(row.key, { name: e.target.value })}
                    aria-label={`Name of ${label}`}
                    aria-invalid={errors.name ? true : undefined}
                    maxLength={120}
                    placeholder="Item name"
                    ref={(node) => {
                      if (node && focusKey.current === row.key) {
                        node.focus();
                        focusKey.current = null;
                      }
                    }}
                  />
                  <span className="review-row__raw">
                    {row.rawName && row.rawName.toLowerCase() !== row.name.toLowerCase() ? <>Read as “{row.rawName}”</> : null}
                    {!row.isFood && KIND_LABELS[row.kind] ? <Badge variant="secondary">{KIND_LABELS[row.kind]}</Badge> : null}
                    {!row.isFood && !KIND_LABELS[row.kind] ? <Badge variant="secondary">Not food</Badge> : null}
                  </span>
                  {errors.name && <span className="field__error">{errors.name}</span>}
                </div>
                <div className="review-row__qty">
                  <span className="review-row__label">Qty</span>
                  <Input inputMode="decimal" value={row.quantity} onChange={(e) => update(row.key, { quantity: e.target.value })} aria-label={`Quantity of ${label}`} aria-invalid={errors.quantity ? true : undefined} />
                  {errors.quantity && <span className="field__error">{errors.quantity}</span>}
                </div>
                <div className="review-row__unit">
                  <span className="review-row__label">Unit</span>
                  <Input value={row.unit} onChange={(e) => update(row.key, { unit: e.target.value })} aria-label={`Unit of ${label}`} maxLength={20} placeholder="—" />
                </div>
                <div className="review-row__price">
                  <span className="review-row__label">Price</span>
                  <Input inputMode="decimal" value={row.price} onChange={(e) => update(row.key, { price: e.target.value })} aria-label={`Price of ${label}`} aria-invalid={errors.price ? true : undefined} placeholder="0.00" />
                  {errors.price && <span className="field__error">{errors.price}</span>}
                </div>
                <div className="review-row__cat">
                  <span className="review-row__label">Category</span>
                  <Select value={row.category} onChange={(e) => update(row.key, { category: e.target.value })} options={CATEGORY_OPTIONS} aria-label={`Category of ${label}`} />
                </div>
                <div className="review-row__store">
                  <span className="review-row__label">Storage</span>
                  <Select value={row.storageLocation} onChange={(e) => update(row.key, { storageLocation: e.target.value as StorageLocation })} options={STORAGE_OPTIONS} aria-label={`Storage of ${label}`} />
                </div>
                <div className="review-row__exp">
                  <span className="review-row__label">Expires</span>
                  <Input type="date" value={row.expirationDate} onChange={(e) => update(row.key, { expirationDate: e.target.value, estimatedDate: e.target.value === row.estimatedDate ? row.estimatedDate : null })} aria-label={`Expiry date of ${label}`} />
                  <span className={`review-row__hint${row.pastExpiry && row.expirationDate === row.printedEstimate ? " review-row__hint--past" : ""}`}>
                    {row.expirationDate
                      ? row.pastExpiry && row.expirationDate === row.printedEstimate
                        ? "Already past"
                        : row.expirationDate === row.estimatedDate
                          ? (row.expiryNote ?? "Estimated")
                          : "Your date"
                      : row.selected
                        ? "Estimated when added"
                        : ""}
                  </span>
                </div>
                <Button variant="ghost" size="icon" className="review-row__remove" onClick={() => removeRow(row.key)} aria-label={`Remove ${label}`}>
                  <span aria-hidden="true">×</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="review-table__foot">
          <Button variant="outline" onClick={addRow} disabled={rows.length >= RECEIPT_LIMITS.maxReviewItems}>
            + Add an item
          </Button>
          {showErrors && count === 0 && <p className="field__error">{RECEIPT_MESSAGES.nothingSelected}</p>}
          {showErrors && hasErrors && <p className="field__error">Please fix the highlighted fields.</p>}
        </div>
      </div>

      <div className="receipt-review__actions">
        <Button variant="outline" onClick={onCancel} disabled={confirming}>
          Cancel
        </Button>
        <Button type="submit" loading={confirming} disabled={count === 0}>
          {`Add ${count} ${count === 1 ? "item" : "items"} to pantry`}
        </Button>
      </div>
    </form>
  );
}
