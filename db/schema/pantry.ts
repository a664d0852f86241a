import { sqliteTable, text, integer, real, index } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./common";
import { users } from "./users";
import { receipts } from "./receipts";

/** Rows with something left; worker/services/pantry.ts repeats it term for term (visiblePantryItem). */
const VISIBLE_ROWS = sql`quantity > 0 AND (amount_per_unit IS NULL OR amount_per_unit > 0)`;

export const pantryItems = sqliteTable(
  "pantry_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    category: text("category").notNull().default("Other"),
    /** Number of containers (or items) left. */
    quantity: real("quantity").notNull().default(1),
    unit: text("unit"),
    /** Container type: none, each, jar, bottle, can, box, bag, ... */
    size: text("size"),
    storageLocation: text("storage_location").notNull().default("fridge"),
    isOpened: integer("is_opened", { mode: "boolean" }).notNull().default(false),
    /** Amount left in the open container. */
    amountPerUnit: real("amount_per_unit"),
    /** Full amount of one container. */
    maxAmountPerUnit: real("max_amount_per_unit"),
    /** yyyy-MM-dd in the owner's time zone, or null for no expiry. */
    expirationDate: text("expiration_date"),
    /** user | foodkeeper | category | receipt: where the date came from. */
    expirySource: text("expiry_source"),
    /** Human explanation, e.g. "Estimated: FoodKeeper, refrigerated 3-5 days". */
    expiryNote: text("expiry_note"),
    /** The unopened date, kept so opening or moving never extends it. */
    originalExpirationDate: text("original_expiration_date"),
    /** Price paid for the whole item (all containers), when known. */
    price: real("price"),
    receiptId: integer("receipt_id").references(() => receipts.id, { onDelete: "set null" }),
    purchaseDate: text("purchase_date"),
    openedAt: integer("opened_at", { mode: "timestamp_ms" }),
    dateAdded: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // Not partial: it also serves the user_id foreign key (deleting an account removes its items).
    index("pantry_items_user_id_expiration_date_idx").on(t.userId, t.expirationDate),
    index("pantry_items_receipt_id_idx").on(t.receiptId),
    index("pantry_items_expiration_date_idx").on(t.expirationDate),
    // Only items with something left (the lists' and dashboard's rule): the dashboard counts from this index alone
    // and reads expiring items without visiting hidden rows. Queries must repeat this condition with literal zeros
    // (visiblePantryItem in worker/services/pantry.ts). No other (user_id, ...) index competes with it for the lists:
    // a (user_id, date_added) index was dropped because SQLite's planner preferred it and visited used-up rows.
    index("pantry_items_user_id_visible_idx").on(t.userId, t.expirationDate).where(VISIBLE_ROWS),
    // The paged list's orders, each read from its own partial index (same condition) a page at a time, however big
    // the pantry is. The default order (date, then name) has its own: a wider visible index would lose the
    // dashboard's date ranges to the full (user_id, expiration_date) index above.
    index("pantry_items_user_id_expiration_visible_idx").on(t.userId, t.expirationDate, sql`name COLLATE NOCASE`).where(VISIBLE_ROWS),
    index("pantry_items_user_id_name_visible_idx").on(t.userId, sql`name COLLATE NOCASE`).where(VISIBLE_ROWS),
    index("pantry_items_user_id_category_visible_idx").on(t.userId, t.category, sql`name COLLATE NOCASE`).where(VISIBLE_ROWS),
    // Negated, so the planner never mistakes the visible condition's "quantity > 0" for a reason to use it.
    index("pantry_items_user_id_quantity_visible_idx").on(t.userId, sql`(-quantity)`, sql`name COLLATE NOCASE`).where(VISIBLE_ROWS),
    index("pantry_items_user_id_date_added_visible_idx").on(t.userId, t.dateAdded).where(VISIBLE_ROWS),
  ],
);

/** Every consumption or discard, so insights can show money used vs wasted. */
export const wasteEvents = sqliteTable(
  "waste_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pantryItemId: integer("pantry_item_id"),
    name: text("name").notNull(),
    category: text("category").notNull(),
    /** consumed | discarded */
    kind: text("kind").notNull(),
    /** Amount in the item's unit (or containers when it has none). */
    amount: real("amount").notNull(),
    unit: text("unit"),
    /** Estimated money value of the amount, when a price is known. */
    value: real("value"),
    /** Whether the item was past its expiry date at the time. */
    wasExpired: integer("was_expired", { mode: "boolean" }).notNull().default(false),
    occurredAt: createdAt(),
  },
  (t) => [index("waste_events_user_id_occurred_at_idx").on(t.userId, t.occurredAt)],
);
