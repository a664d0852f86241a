/**
 * When two uploads are the same shop receipt. The content hash catches the same file; this catches a second
 * photo of the same paper, or a shop's PDF downloaded again (a new creation date, so new bytes). A receipt is
 * identified by what is printed on it: the shop, the purchase date, the total and the amounts of its lines.
 * Names are left out because two OCR readings of one receipt spell them differently more often than prices.
 */
export type ReceiptContent = {
  storeName: string | null;
  purchaseDate: string | null;
  total: number | null;
  items: ReadonlyArray<{ price: number | null }>;
};

/**
 * A stable key for the receipt, or null when too little was read to tell it apart from another (no total, or
 * no priced line). A missing date is part of the key: the caller decides how far to trust a key without one.
 */
export function receiptIdentity(receipt: ReceiptContent): string | null {
  if (receipt.total === null || !Number.isFinite(receipt.total)) return null;
  const cents = receipt.items
    .map((item) => item.price)
    .filter((price): price is number => price !== null && Number.isFinite(price))
    .map((price) => Math.round(price * 100))
    .sort((a, b) => a - b);
  if (cents.length === 0) return null;
  const store = (receipt.storeName ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  return [store, receipt.purchaseDate ?? "", Math.round(receipt.total * 100), cents.join(",")].join("|");
}

export function sameReceipt(a: ReceiptContent, b: ReceiptContent): boolean {
  const key = receiptIdentity(a);
  return key !== null && key === receiptIdentity(b);
}
