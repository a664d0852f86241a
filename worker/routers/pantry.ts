import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { pantryItems } from "../../db/schema";
import { todayIn } from "../domain/dates";
import type { PantryBand } from "../domain/expiry";
import {
  createPantryItemInput,
  deletePantryItemInput,
  pantryItemId,
  pantryListInput,
  updatePantryItemInput,
  usePantryItemInput,
  type PantryExpiryFilter,
} from "../schemas/pantry";
import {
  addPantryItems,
  consumePantryItem,
  discardPantryItem,
  findVisiblePantryItem,
  toPantryItemOutput,
  updatePantryItem,
  visiblePantryItem,
} from "../services/pantry";
import { protectedProcedure, router } from "../trpc";

/** LIKE pattern for a literal substring (the user's % and _ are not wildcards). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function matchesExpiryFilter(band: PantryBand, filter: PantryExpiryFilter): boolean {
  if (filter === "all") return true;
  if (filter === "expiring") return band === "critical" || band === "expired";
  return band === filter;
}

const ORDER_BY = {
  // Dated items first, soonest first; undated ones last.
  expiration: [sql`${pantryItems.expirationDate} IS NULL`, asc(pantryItems.expirationDate), sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  name: [sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  category: [asc(pantryItems.category), sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  quantity: [desc(pantryItems.quantity), sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id)],
  recently_added: [desc(pantryItems.dateAdded), desc(pantryItems.id)],
} satisfies Record<string, SQL[]>;

function useMessage(name: string, deleted: boolean, amount: number, measuredIn: "amount" | "containers", unit: string | null): string {
  if (deleted) return `${name} has been used up and removed from your pantry.`;
  const what = measuredIn === "amount" && unit ? `${amount} ${unit}` : `${amount}`;
  return `Used ${what} of ${name}.`;
}

export const pantryRouter = router({
  /** The user's items with something left, filtered and sorted (hidden items are never listed). */
  list: protectedProcedure.input(pantryListInput).query(async ({ ctx, input }) => {
    const today = todayIn(ctx.user.timeZone);
    const conditions: SQL[] = [eq(pantryItems.userId, ctx.user.id), visiblePantryItem];
    if (input.category) conditions.push(eq(pantryItems.category, input.category));
    if (input.storageLocation) conditions.push(eq(pantryItems.storageLocation, input.storageLocation));
    if (input.search) {
      const pattern = containsPattern(input.search);
      conditions.push(or(sql`${pantryItems.name} LIKE ${pattern} ESCAPE '\\'`, sql`${pantryItems.category} LIKE ${pattern} ESCAPE '\\'`)!);
    }
    const rows = await ctx.db
      .select()
      .from(pantryItems)
      .where(and(...conditions))
      .orderBy(...ORDER_BY[input.sort]);
    // Bands come from pantryExpiry so the filter always agrees with the badge the card shows.
    return rows.map((row) => toPantryItemOutput(row, today)).filter((item) => matchesExpiryFilter(item.expiry.band, input.expiry));
  }),

  get: protectedProcedure.input(z.object({ id: pantryItemId })).query(async ({ ctx, input }) => {
    const row = await findVisiblePantryItem(ctx, ctx.user.id, input.id);
    return toPantryItemOutput(row, todayIn(ctx.user.timeZone));
  }),

  create: protectedProcedure.input(createPantryItemInput).mutation(async ({ ctx, input }) => {
    const today = todayIn(ctx.user.timeZone);
    const [row] = await addPantryItems(ctx, ctx.user.id, [input], { today });
    return toPantryItemOutput(row!, today);
  }),

  update: protectedProcedure.input(updatePantryItemInput).mutation(async ({ ctx, input }) => {
    const today = todayIn(ctx.user.timeZone);
    const { id, ...changes } = input;
    const row = await updatePantryItem(ctx, ctx.user.id, id, changes, { today });
    return toPantryItemOutput(row, today);
  }),

  /** reason "mistake" removes a wrong entry without counting it as waste. */
  delete: protectedProcedure.input(deletePantryItemInput).mutation(async ({ ctx, input }) => {
    const row = await discardPantryItem(ctx, ctx.user.id, input.id, { today: todayIn(ctx.user.timeZone), reason: input.reason });
    return { ok: true as const, id: row.id, message: `${row.name} has been deleted from your pantry.` };
  }),

  /** Use Some: NOT_FOUND for an item already used up, so the client can say 'Item Already Used'. */
  use: protectedProcedure.input(usePantryItemInput).mutation(async ({ ctx, input }) => {
    const today = todayIn(ctx.user.timeZone);
    const result = await consumePantryItem(ctx, ctx.user.id, input.id, input.quantityUsed, { today, containerIndex: input.containerIndex });
    return {
      deleted: result.deleted,
      message: useMessage(result.before.name, result.deleted, result.amountConsumed, result.measuredIn, result.before.unit),
      item: result.item ? toPantryItemOutput(result.item, today) : null,
    };
  }),
});
