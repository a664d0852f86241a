/**
 * Grocery lists: the lists and their items, the sample list, lists made from planned recipes or by the AI, the
 * updates a changed planned meal offers, Done shopping and the Shopping Tips card. REST paths in
 * worker/rest/groceryLists.ts call these.
 */
import { z } from "zod";
import {
  GROCERY_AI_CHIPS,
  GROCERY_AI_GREETING,
  GROCERY_MESSAGES,
  addItemInput,
  applyPlanChangeInput,
  createListInput,
  doneShoppingInput,
  generateFromPlanInput,
  generateFromRecipesInput,
  generateWithAiInput,
  groceryItemId,
  groceryListId,
  planChangeInput,
  toggleItemInput,
  updateListInput,
} from "../schemas/groceryLists";
import {
  addItem,
  createList,
  deleteItem,
  deleteList,
  getList,
  groceryHistoryNames,
  listLists,
  listVersion,
  seedSampleLists,
  toggleItem,
  updateList,
} from "../services/groceryLists";
import { applyPlanChange, generateFromPlan, generateFromRecipes, generateWithAi, planChangeImpact, recipeChoices } from "../services/groceryGeneration";
import { doneShopping, shoppingReview, tipsForList } from "../services/groceryShopping";
import { premiumProcedure, protectedProcedure, router } from "../trpc";

export const groceryListsRouter = router({
  /** My Lists, newest first (GET /api/grocery-lists). */
  list: protectedProcedure.query(({ ctx }) => listLists(ctx, ctx.user.id)),

  /** One list with its items in store order (GET /api/grocery-lists/{id}). */
  get: protectedProcedure.input(z.object({ id: groceryListId })).query(({ ctx, input }) => getList(ctx, ctx.user.id, input.id)),

  /** What other devices poll: the list's version, raised by every change. */
  version: protectedProcedure.input(z.object({ id: groceryListId })).query(({ ctx, input }) => listVersion(ctx, ctx.user.id, input.id)),

  create: protectedProcedure.input(createListInput).mutation(({ ctx, input }) => createList(ctx, ctx.user.id, input)),

  /** Edit: the list's name and notes. */
  update: protectedProcedure.input(updateListInput).mutation(({ ctx, input }) => updateList(ctx, ctx.user.id, input)),

  delete: protectedProcedure.input(z.object({ id: groceryListId })).mutation(({ ctx, input }) => deleteList(ctx, ctx.user.id, input.id)),

  /** POST /api/grocery-lists/{id}/items. */
  addItem: protectedProcedure.input(addItemInput).mutation(({ ctx, input }) => addItem(ctx, ctx.user.id, input)),

  /** Sets the checked state the client asks for; the same mutationId twice is applied once. */
  toggleItem: protectedProcedure.input(toggleItemInput).mutation(({ ctx, input }) => toggleItem(ctx, input)),

  deleteItem: protectedProcedure.input(z.object({ id: groceryItemId })).mutation(({ ctx, input }) => deleteItem(ctx, ctx.user.id, input.id)),

  /** Names the user has put on lists before (GET /api/groceries/history). */
  history: protectedProcedure.query(({ ctx }) => groceryHistoryNames(ctx, ctx.user.id)),

  /** Add Sample Lists (POST /api/onboarding/seed-grocery-lists): a second call adds nothing. */
  seedSamples: protectedProcedure.mutation(({ ctx }) => seedSampleLists(ctx, ctx.user.id)),

  /** The AI dialog's greeting and quick chips (GET /api/grocery-lists/ai-prompts). */
  aiPrompts: protectedProcedure.query(() => ({ greeting: GROCERY_AI_GREETING, prompts: [...GROCERY_AI_CHIPS] })),

  /** The Your Recipes panel: own and saved recipes. */
  recipeChoices: protectedProcedure.query(({ ctx }) => recipeChoices(ctx)),

  /** POST /api/grocery-lists/generate { name, recipeIds }: the planned recipes' list; 'No recipes in meal plan' when empty. */
  generateFromRecipes: protectedProcedure.input(generateFromRecipesInput).mutation(({ ctx, input }) => generateFromRecipes(ctx, input)),

  /** "Shopping list for this week": the meal plan's recipes between two dates. */
  generateFromPlan: protectedProcedure.input(generateFromPlanInput).mutation(({ ctx, input }) => generateFromPlan(ctx, input)),

  /** POST /api/grocery-lists/generate { prompt, recipeIds? }: the AI list. */
  generateWithAi: protectedProcedure.input(generateWithAiInput).mutation(({ ctx, input }) => generateWithAi(ctx, input)),

  /** After a planned meal was edited or deleted: which lists it produced and how they would change. */
  planChangeImpact: protectedProcedure.input(planChangeInput).query(({ ctx, input }) => planChangeImpact(ctx, input.mealPlanId)),

  applyPlanChange: protectedProcedure.input(applyPlanChangeInput).mutation(({ ctx, input }) => applyPlanChange(ctx, input)),

  /** Done shopping, step 1: the checked items as pantry rows to review. */
  shoppingReview: protectedProcedure.input(z.object({ listId: groceryListId })).query(({ ctx, input }) => shoppingReview(ctx, input.listId)),

  /** Done shopping, step 2: the reviewed rows into the pantry at once; entered prices count as spending. */
  doneShopping: protectedProcedure.input(doneShoppingInput).mutation(({ ctx, input }) => doneShopping(ctx, input)),

  /** The Shopping Tips card (premium). */
  tips: premiumProcedure
    .meta({ premiumMessage: GROCERY_MESSAGES.tipsPremium })
    .input(z.object({ listId: groceryListId }))
    .query(({ ctx, input }) => tipsForList(ctx, input.listId)),
});
