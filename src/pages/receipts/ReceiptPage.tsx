import { Link, getRouteApi } from "@tanstack/react-router";
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, Skeleton, buttonClass } from "../../components/ui";
import { ReceiptIcon } from "../../components/icons";
import { formatCalendarDate, STORAGE_LABELS } from "../../components/pantry/pantryFormat";
import { trpc } from "../../lib/trpc";
import { isUnauthorized } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { RECEIPT_MESSAGES } from "../../../worker/schemas/receipts";
import { formatMoney } from "./receiptApi";
import "./receipts.css";

const route = getRouteApi("/receipts/$id");

const STATUS_LABELS = {
  parsed: { text: "Waiting for review", variant: "info" },
  failed: { text: "Items to add by hand", variant: "warning" },
  confirmed: { text: "Added to pantry", variant: "success" },
} as const;

/** /receipts/{id}: the stored image, what was read from it, and which pantry items came from it. */
export function ReceiptPage() {
  const { id } = route.useParams();
  const validId = /^\d{1,15}$/.test(id);
  const query = trpc.receipts.get.useQuery({ id: Number(id) }, { enabled: validId, retry: (count, error) => !isUnauthorized(error) && error.data?.code !== "NOT_FOUND" && count < 2 });
  const receipt = query.data?.receipt;
  usePageTitle(receipt ? (receipt.storeName ?? "Receipt") : "Receipt");

  if (!validId || query.error) {
    const notFound = !validId || query.error?.data?.code === "NOT_FOUND" || query.error?.data?.code === "BAD_REQUEST";
    return (
      <div className="page">
        <EmptyState
          icon={<ReceiptIcon size={32} />}
          title={notFound ? RECEIPT_MESSAGES.notFound : "Couldn't load this receipt"}
          description={notFound ? "It may have been deleted, or it belongs to another account." : "Please try again in a moment."}
          action={
            <Link to="/receipts/scan" className={buttonClass()}>
              Scan a receipt
            </Link>
          }
          headingLevel={2}
        />
      </div>
    );
  }

  if (!query.data || !receipt) {
    return (
      <div className="page" aria-busy="true">
        <Skeleton style={{ height: 36, width: "40%" }} />
        <div className="receipt-detail">
          <Skeleton style={{ height: 420 }} />
          <Skeleton style={{ height: 420 }} />
        </div>
      </div>
    );
  }

  const { groceryItems, pantryItems } = query.data;
  const status = STATUS_LABELS[receipt.status];
  const date = formatCalendarDate(receipt.purchaseDate);

  return (
    <div className="page">
      <header className="page-header page-header--row">
        <div>
          <h1 className="page-title">{receipt.storeName ?? "Receipt"}</h1>
          <p className="page-subtitle">
            {date ? `Bought ${date}` : `Scanned ${formatCalendarDate(receipt.createdAt.slice(0, 10))}`} · Total {formatMoney(receipt.total)}{" "}
            <Badge variant={status.variant}>{status.text}</Badge>
          </p>
        </div>
        <div className="cluster">
          {receipt.status !== "confirmed" && (
            <Link to="/receipts/scan" search={{ receipt: receipt.id } as never} className={buttonClass()}>
              {receipt.status === "failed" ? "Add items" : "Review items"}
            </Link>
          )}
          <Link to="/pantry" className={buttonClass({ variant: "outline" })}>
            Go to pantry
          </Link>
        </div>
      </header>

      <div className="receipt-detail">
        <Card className="receipt-detail__image">
          <CardHeader>
            <CardTitle as="h2">{receipt.fileType === "pdf" ? "Receipt PDF" : "Receipt photo"}</CardTitle>
          </CardHeader>
          <CardContent>
            {!receipt.imageUrl ? (
              <p className="muted">The file for this receipt is no longer stored.</p>
            ) : receipt.fileType === "pdf" ? (
              <div className="stack">
                <object data={receipt.imageUrl} type="application/pdf" className="receipt-detail__pdf" aria-label="Receipt PDF">
                  <p className="muted">This browser can't show PDFs here.</p>
                </object>
                <a href={receipt.imageUrl} target="_blank" rel="noopener" className={buttonClass({ variant: "outline", size: "sm" })}>
                  Open the PDF
                </a>
              </div>
            ) : (
              <a href={receipt.imageUrl} target="_blank" rel="noopener">
                <img src={receipt.imageUrl} alt={`Receipt from ${receipt.storeName ?? "the store"}`} className="receipt-detail__photo" loading="lazy" />
              </a>
            )}
          </CardContent>
        </Card>

        <div className="stack">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Added to your pantry</CardTitle>
              <CardDescription>{pantryItems.length > 0 ? `${pantryItems.length} ${pantryItems.length === 1 ? "item" : "items"} came from this receipt.` : "Nothing from this receipt is in your pantry yet."}</CardDescription>
            </CardHeader>
            {pantryItems.length > 0 && (
              <CardContent>
                <ul className="receipt-lines">
                  {pantryItems.map((item) => (
                    <li key={item.id} className="receipt-lines__row">
                      <span className="receipt-lines__name">{item.name}</span>
                      <span className="muted small">
                        {STORAGE_LABELS[item.storageLocation] ?? item.storageLocation}
                        {item.expirationDate ? ` · expires ${formatCalendarDate(item.expirationDate)}` : ""}
                      </span>
                      <span className="receipt-lines__price">{formatMoney(item.price)}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            )}
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Lines on the receipt</CardTitle>
              <CardDescription>{groceryItems.length > 0 ? "As read from the receipt (and reviewed)." : "No item lines were read from this receipt."}</CardDescription>
            </CardHeader>
            {groceryItems.length > 0 && (
              <CardContent>
                <ul className="receipt-lines">
                  {groceryItems.map((item, index) => (
                    <li key={`${index}-${item.rawName}`} className={`receipt-lines__row${item.selected ? "" : " receipt-lines__row--off"}`}>
                      <span className="receipt-lines__name">
                        {item.name}
                        {item.rawName && item.rawName.toLowerCase() !== item.name.toLowerCase() && <span className="muted small"> ({item.rawName})</span>}
                      </span>
                      <span className="muted small">
                        {item.quantity !== 1 || item.unit ? `${item.quantity}${item.unit ? ` ${item.unit}` : ""} · ` : ""}
                        {item.category}
                        {!item.selected && " · not added"}
                      </span>
                      <span className="receipt-lines__price">{formatMoney(item.price)}</span>
                    </li>
                  ))}
                </ul>
                <dl className="receipt-review__totals receipt-detail__totals">
                  {receipt.subtotal !== null && (
                    <div>
                      <dt>Subtotal</dt>
                      <dd>{formatMoney(receipt.subtotal)}</dd>
                    </div>
                  )}
                  {receipt.tax !== null && (
                    <div>
                      <dt>Tax</dt>
                      <dd>{formatMoney(receipt.tax)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>Total</dt>
                    <dd>{formatMoney(receipt.total)}</dd>
                  </div>
                </dl>
              </CardContent>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
