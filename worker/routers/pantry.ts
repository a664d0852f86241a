import { z } from "zod";
import { todayIn } from "../domain/dates";
import { createPantryItemInput, deletePantryItemInput, pantryItemId, pantryListInput, pantryPageInput, updatePantryItemInput, usePantryItemInput } from "../schemas/pantry";
import {
  addPantryItems,
  consumeMessage,
  consumePantryItem,
  discardPantryItem,
  findVisiblePantryItem,
  listPantryItems,
  listPantryPage,
  toPantryItemOutput,
  updatePantryItem,
} from "../services/pantry";
import { protectedProcedure, router } from "../trpc";

export const pantryRouter = router({
  /** The user's items with something left, filtered and sorted (hidden items are never listed). */
  list: protectedProcedure.input(pantryListInput).query(({ ctx, input }) => listPantryItems(ctx, ctx.user.id, input, todayIn(ctx.user.timeZone))),

  /** The same list a page at a time (the pantry screen scrolls through it); `nextCursor` asks for the next page. */
  page: protectedProcedure.input(pantryPageInput).query(({ ctx, input }) => listPantryPage(ctx, ctx.user.id, input, todayIn(ctx.user.timeZone))),

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

  /**
   * Use Some: NOT_FOUND for an item already used up, so the client can say 'Item Already Used'; BAD_REQUEST with
   * what is left when asked for more than that.
   */
  use: protectedProcedure.input(usePantryItemInput).mutation(async ({ ctx, input }) => {
    const today = todayIn(ctx.user.timeZone);
    const result = await consumePantryItem(ctx, ctx.user.id, input.id, input.quantityUsed, { today, containerIndex: input.containerIndex });
    return { deleted: result.deleted, message: consumeMessage(result), item: result.item ? toPantryItemOutput(result.item, today) : null };
  }),
});
