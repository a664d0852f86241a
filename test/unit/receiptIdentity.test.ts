import { describe, expect, it } from "vitest";
import { receiptIdentity, sameReceipt, type ReceiptContent } from "../../worker/domain/receiptIdentity";

const receipt: ReceiptContent = {
  storeName: "Green Valley Market",
  purchaseDate: "2026-11-18",
  total: 34.61,
  items: [{ price: 3.49 }, { price: 2.99 }, { price: null }, { price: 1.29 }],
};

describe("receipt identity", () => {
  it("is the same for another reading of the same receipt (line order, spacing and case aside)", () => {
    const again: ReceiptContent = { ...receipt, storeName: "GREEN  VALLEY MARKET ", items: [{ price: 1.29 }, { price: 3.49 }, { price: 2.99 }] };
    expect(sameReceipt(receipt, again)).toBe(true);
  });

  it("differs when the shop, day, total or any amount differs", () => {
    expect(sameReceipt(receipt, { ...receipt, storeName: "Corner Shop" })).toBe(false);
    expect(sameReceipt(receipt, { ...receipt, purchaseDate: "2026-11-19" })).toBe(false);
    expect(sameReceipt(receipt, { ...receipt, purchaseDate: null })).toBe(false);
    expect(sameReceipt(receipt, { ...receipt, total: 34.62 })).toBe(false);
    expect(sameReceipt(receipt, { ...receipt, items: [{ price: 3.49 }, { price: 2.99 }, { price: 1.3 }] })).toBe(false);
  });

  it("gives no identity when too little was read: no total or no priced line", () => {
    expect(receiptIdentity({ ...receipt, total: null })).toBeNull();
    expect(receiptIdentity({ ...receipt, items: [{ price: null }] })).toBeNull();
    expect(sameReceipt({ ...receipt, total: null }, { ...receipt, total: null })).toBe(false);
  });

  it("rounds to cents, so float noise does not split one receipt in two", () => {
    expect(receiptIdentity({ ...receipt, total: 34.610000001 })).toBe(receiptIdentity(receipt));
  });
});
