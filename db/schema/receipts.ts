import { sqliteTable, text, integer, real, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";
import { users } from "./users";

export type ParsedReceiptItem = {
  name: string;
  rawName: string;
  quantity: number;
  unit: string | null;
  unitPrice: number | null;
  price: number | null;
  category: string;
  storageLocation: "fridge" | "pantry" | "freezer";
  isFood: boolean;
  expirationDate: string | null;
  expiryNote: string | null;
};

export const receipts = sqliteTable(
  "receipts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeName: text("store_name"),
    purchaseDate: text("purchase_date"),
    total: real("total"),
    subtotal: real("subtotal"),
    tax: real("tax"),
    imageKey: text("image_key"),
    contentType: text("content_type"),
    /** SHA-256 of the uploaded bytes: the same file posted twice is one receipt. */
    contentHash: text("content_hash").notNull(),
    /** parsed | failed | confirmed */
    status: text("status").notNull().default("parsed"),
    rawText: text("raw_text"),
    items: text("items", { mode: "json" }).$type<ParsedReceiptItem[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("receipts_user_id_created_at_idx").on(t.userId, t.createdAt),
    uniqueIndex("receipts_user_id_content_hash_idx").on(t.userId, t.contentHash),
  ],
);
