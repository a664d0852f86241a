/**
 * The simple grocery calls: the pantry seen as plain items (the recipe page reads them and adds ingredients;
 * the simple card marks them used or deletes them). Same rows and rules as the pantry router.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { pantryItems } from "../../db/schema";
import { todayIn } from "../domain/dates";
import { pantryItemForIngredient } from "../domain/pantryPlacement";
import { createGroceryInput, groceryIdInput, groceryNameInput, markGroceryUsedInput } from "../schemas/pantry";
import { addPantryItems, consumePantryItem, discardPantryItem, toGroceryItemOutput, visiblePantryItem } from "../services/pantry";
import { protectedProcedure, router } from "../trpc";

export const groceriesRouter = router({
  /** Items with something left, dated ones first, soonest first. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, ctx.user.id), visiblePantryItem))
      .orderBy(sql`${pantryItems.expirationDate} IS NULL`, asc(pantryItems.expirationDate), sql`${pantryItems.name} COLLATE NOCASE`, asc(pantryItems.id));
    return rows.map(toGroceryItemOutput);
  }),

  /** Adds one item (e.g. a recipe ingredient) with an estimated expiry when no date is given. */
  create: protectedProcedure.input(createGroceryInput).mutation(async ({ ctx, input }) => {
    const today = todayIn(ctx.user.timeZone);
    const [row] = await addPantryItems(
      ctx,
      ctx.user.id,
      [
        {
          name: input.name,
          quantity: input.quantity,
          unit: input.unit,
          category: input.category,
          storageLocation: input.location,
          expirationDate: input.expirationDate,
        },
      ],
      { today },
    );
    return toGroceryItemOutput(row!);
  }),

  /**
   * What a recipe's missing ingredient becomes in the pantry: the grocery list's name for a known food, a category
   * and where it keeps (create then estimates its expiry from these, as for a checked-off list item).
   */
  suggest: protectedProcedure.input(groceryNameInput).query(({ input }) => {
    const item = pantryItemForIngredient(input.name);
    return { name: item.name, category: item.category, location: item.storageLocation };
  }),

  /** Mark as used: the whole item is consumed (a consumed waste event) and leaves the pantry. */
  markUsed: protectedProcedure.input(markGroceryUsedInput).mutation(async ({ ctx, input }) => {
    const result = await consumePantryItem(ctx, ctx.user.id, input.id, "all", { today: todayIn(ctx.user.timeZone) });
    return {
      ...toGroceryItemOutput(result.before),
      used: true as const,
      deleted: true as const,
      message: `${result.before.name} has been marked as used.`,
    };
  }),

  delete: protectedProcedure.input(groceryIdInput).mutation(async ({ ctx, input }) => {
    const row = await discardPantryItem(ctx, ctx.user.id, input.id, { today: todayIn(ctx.user.timeZone), reason: input.reason });
    return { ok: true as const, id: row.id, message: `${row.name} has been deleted from your pantry.` };
  }),
});
