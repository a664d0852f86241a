/**
 * Back from the shop: the Done shopping review (checked items as pantry rows with an estimated expiry, like the
 * receipt review), moving them into the pantry in one batch (each item once), the trip's spending for Insights,
 * and the Shopping Tips card.
 */
import { TRPCError } from "@trpc/server";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { groceryListItems, groceryPurchases, pantryItems, users } from "../../db/schema";
import type { UserRow } from "../context";
import { todayIn } from "../domain/dates";
import { shoppingTips } from "../domain/groceryTips";
import { GROCERY_MESSAGES, type ShoppedItem } from "../schemas/groceryLists";
import { guardedInsert, qualified } from "./guardedInsert";
import { householdSizeOf, pantryStock } from "./groceryGeneration";
import { bumpVersion, findList, itemsById, listItems, pantryValuesFor } from "./groceryLists";
import { estimateExpiry } from "../domain/shelfLife";

type SignedIn = { db: Db; user: UserRow };

/** The review rows: checked items not in the pantry yet, with where they keep and an estimated expiry. */
export async function shoppingReview(ctx: SignedIn, listId: number) {
  const list = await findList(ctx, ctx.user.id, listId);
  const today = todayIn(ctx.user.timeZone);
  const rows = await ctx.db
    .select()
    .from(groceryListItems)
    .where(and(eq(groceryListItems.listId, list.id), eq(groceryListItems.userId, ctx.user.id), eq(groceryListItems.checked, true), isNull(groceryListItems.movedAt)));
  const order = new Map((await listItems(ctx, list.id)).map((item, index) => [item.id, index]));
  return {
    list: { id: list.id, name: list.name },
    purchaseDate: today,
    items: rows
      .filter((row) => !row.coveredByPantry)
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((row) => {
        const values = pantryValuesFor(row, today);
        return {
          itemId: row.id,
          name: values.name,
          quantity: values.quantity,
          unit: values.unit,
          price: row.price,
          category: values.category,
          storageLocation: values.storageLocation,
          expirationDate: values.expirationDate,
          expiryNote: values.expiryNote,
        };
      }),
  };
}

/**
 * Done shopping: the ticked review rows go into the pantry in one D1 batch, each grocery item at most once
 * (guarded by "not moved yet", so a double submit adds nothing twice). The prices entered become one purchase
 * for Insights, counted from the items this call really moved.
 */
export async function doneShopping(ctx: SignedIn, input: { listId: number; purchaseDate: string | null; items: ShoppedItem[] }) {
  const userId = ctx.user.id;
  const list = await findList(ctx, userId, input.listId);
  const chosen = input.items.filter((item) => item.selected);
  if (chosen.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: GROCERY_MESSAGES.nothingToMove });
  const owned = await itemsById(ctx, userId, chosen.map((i) => i.itemId));
  if (owned.length !== new Set(chosen.map((i) => i.itemId)).size || owned.some((row) => row.listId !== list.id)) {
    throw new TRPCError({ code: "NOT_FOUND", message: GROCERY_MESSAGES.itemNotFound });
  }
  const today = todayIn(ctx.user.timeZone);
  const purchaseDate = input.purchaseDate && input.purchaseDate <= today ? input.purchaseDate : today;
  const now = new Date();
  const notMoved = (itemId: number) => and(eq(groceryListItems.id, itemId), eq(groceryListItems.userId, userId), isNull(groceryListItems.movedAt))!;

  // The spend of exactly the items still waiting, read before they are marked moved (same batch, so no race).
  const priced = JSON.stringify(chosen.filter((i) => i.price !== null && i.price > 0).map((i) => ({ id: i.itemId, price: i.price })));
  const waiting = sql`FROM json_each(${priced}) AS p JOIN ${groceryListItems} ON ${qualified(groceryListItems.id)} = json_extract(p.value, '$.id') WHERE ${qualified(groceryListItems.userId)} = ${userId} AND ${qualified(groceryListItems.movedAt)} IS NULL`;
  const purchase = guardedInsert(
    ctx.db,
    groceryPurchases,
    {
      userId,
      listId: list.id,
      purchaseDate,
      total: sql`(SELECT round(sum(json_extract(p.value, '$.price')), 2) ${waiting})`,
      itemCount: sql`(SELECT count(*) ${waiting})`,
    },
    users,
    and(eq(users.id, userId), sql`(SELECT count(*) ${waiting}) > 0`)!,
  );

  const moves = chosen.flatMap((item) => {
    const estimate = estimateExpiry({ name: item.name, category: item.category, storageLocation: item.storageLocation, purchaseDate });
    const ownDate = item.expirationDate !== null && item.expirationDate !== estimate.expirationDate;
    const expiry = ownDate
      ? { expirationDate: item.expirationDate, expirySource: "user", expiryNote: null }
      : { expirationDate: estimate.expirationDate, expirySource: estimate.source, expiryNote: estimate.note };
    return [
      guardedInsert(
        ctx.db,
        pantryItems,
        {
          userId,
          name: item.name,
          category: item.category,
          quantity: item.quantity,
          unit: item.unit,
          storageLocation: item.storageLocation,
          isOpened: false,
          ...expiry,
          originalExpirationDate: expiry.expirationDate,
          price: item.price,
          purchaseDate,
          dateAdded: now,
        },
        groceryListItems,
        notMoved(item.itemId),
      ).returning({ id: pantryItems.id }),
      ctx.db
        .update(groceryListItems)
        .set({ movedAt: now, checked: true, price: item.price, updatedAt: now })
        .where(notMoved(item.itemId)),
    ];
  });
  const results = await ctx.db.batch([purchase, ...moves, bumpVersion(ctx.db, userId, list.id)]);
  const added = results.slice(1, 1 + moves.length).filter((_, index) => index % 2 === 0).reduce((sum, rows) => sum + (rows as unknown[]).length, 0);
  return {
    added,
    alreadyInPantry: chosen.length - added,
    message: added > 0 ? `Added ${added} ${added === 1 ? "item" : "items"} to your pantry.` : "These items are already in your pantry.",
  };
}

/** The Shopping Tips card: tips from this list and the pantry (premium). */
export async function tipsForList(ctx: SignedIn, listId: number) {
  const list = await findList(ctx, ctx.user.id, listId);
  const [items, stock] = await Promise.all([listItems(ctx, list.id), pantryStock(ctx, ctx.user.id)]);
  const tips = shoppingTips({
    items: items.map((i) => ({ name: i.name, quantity: i.quantity, unit: i.unit, category: i.category, checked: i.checked, coveredByPantry: i.coveredByPantry })),
    pantry: stock.map((s) => ({ name: s.name, amount: s.amount, unit: s.unit, expirationDate: s.expirationDate })),
    today: todayIn(ctx.user.timeZone),
    householdSize: householdSizeOf(ctx.user),
  });
  return { listId: list.id, tips };
}
