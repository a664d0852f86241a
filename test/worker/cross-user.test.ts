/**
 * The cross-user battery: every procedure that takes an object's id, found from the router's own input schemas,
 * is called by user B with user A's object. It must answer NOT_FOUND (404), and nothing A owns (nor anything
 * pointing at it) may change. The same for every REST path with an id. A procedure or path that takes an id but
 * has no entry in the tables below fails the battery: new procedures must be added.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import {
  apiTokens,
  chatMessages,
  companionActions,
  groceryHistory,
  groceryListItems,
  groceryLists,
  groceryPurchases,
  mealPlanFeeds,
  mealPlanRepeats,
  mealPlans,
  mealPlanTemplateEntries,
  mealPlanTemplates,
  notifications,
  pantryItems,
  receipts,
  recipeComments,
  recipeFeedback,
  recipeIngredients,
  recipePantryItems,
  recipes,
  savedRecipes,
  users,
  wasteEvents,
} from "../../db/schema";
import { restApi } from "../../worker/rest";
import {
  createChatTurn,
  createComment,
  createGroceryList,
  createGroceryListItem,
  createMealPlan,
  createMealPlanEntry,
  createMealPlanTemplate,
  createNotification,
  createOwnRecipe,
  createPantryItem,
  createPantryLink,
  createReceipt,
  createUser,
  libraryRecipe,
  testDb,
  uploadProfilePhoto,
  type TestUser,
} from "../helpers/factories";
import { request, trpc } from "../helpers/http";
import { idProcedures } from "../helpers/procedures";

// ---------------------------------------------------------------------------------------------------------
// Discovery: which procedures take an id, read from their zod input schemas.

// ---------------------------------------------------------------------------------------------------------
// What A owns, made fresh for each call.

type Target = { input: Record<string, unknown> };
type Make = (a: TestUser, b: TestUser) => Promise<Target>;

const pantryItem = (extra: Record<string, unknown> = {}): Make => async (a) => ({ input: { id: (await createPantryItem(a)).id, ...extra } });
const ownRecipe = (extra: (recipeId: number) => Record<string, unknown>): Make => async (a) => {
  const recipe = await createOwnRecipe(a);
  return { input: extra(recipe.id) };
};
const receipt = (confirm: boolean, extra: (id: number) => Record<string, unknown> = (id) => ({ id })): Make => async (a) => ({
  input: extra((await createReceipt(a, { confirm })).receipt.id),
});
/** A's chat turn (with a proposed grocery-list action); `extra` builds B's input from it. */
const chatTurn = (extra: (turn: Awaited<ReturnType<typeof createChatTurn>>) => Record<string, unknown>): Make => async (a) => ({ input: extra(await createChatTurn(a)) });
const proposedActionId = (turn: Awaited<ReturnType<typeof createChatTurn>>) => turn.actions.find((action) => action.status === "proposed")!.id;
const reviewRow = { selected: true, name: "Milk", quantity: 1, category: "Milk & Eggs", storageLocation: "fridge" };
const mealPlan = (extra: Record<string, unknown> = {}, values: Parameters<typeof createMealPlanEntry>[1] = {}): Make => async (a) => ({
  input: { id: (await createMealPlanEntry(a, values)).id, ...extra },
});
const mealPlanTemplate = (extra: (id: number) => Record<string, unknown>): Make => async (a) => ({ input: extra((await createMealPlanTemplate(a)).id) });

const groceryList = (extra: (listId: number) => Record<string, unknown> = (id) => ({ id })): Make => async (a) => ({ input: extra((await createGroceryList(a)).id) });
const groceryItem = (extra: Record<string, unknown> = {}): Make => async (a) => {
  const list = await createGroceryList(a);
  return { input: { id: (await createGroceryListItem(a, list.id)).id, ...extra } };
};
/** A's planned dinner and the list A made from it (its items name the meal). */
const plannedMeal = (extra: (mealPlanId: number) => Record<string, unknown> = (mealPlanId) => ({ mealPlanId })): Make => async (a) => {
  const recipe = await createOwnRecipe(a);
  const meal = await createMealPlan(a.id, { recipeId: recipe.id, notes: null });
  await a.api.groceryLists.generateFromPlan.mutate({ start: meal.date, end: meal.date });
  return { input: extra(meal.id) };
};
const shoppedRow = (itemId: number) => ({ itemId, selected: true, name: "Oat milk", quantity: 1, category: "Milk & Eggs", storageLocation: "fridge", price: 2 });

/** Procedure -> how to make A's object and the input B sends. Several entries cover different kinds of object. */
const PROCEDURE_CASES: Record<string, Make[]> = {
  "pantry.get": [pantryItem()],
  "pantry.update": [pantryItem({ name: "Taken over", quantity: 9 })],
  "pantry.delete": [pantryItem(), pantryItem({ reason: "mistake" })],
  "pantry.use": [pantryItem({ quantityUsed: 1 })],
  "groceries.markUsed": [pantryItem({ used: true })],
  "groceries.delete": [pantryItem()],
  "notifications.dismiss": [async (a) => ({ input: { id: (await createNotification(a.id)).id } })],
  "receipts.get": [receipt(false), receipt(true)],
  "receipts.image": [receipt(false), receipt(true)],
  "receipts.confirm": [receipt(false, (receiptId) => ({ receiptId, items: [reviewRow] })), receipt(true, (receiptId) => ({ receiptId, items: [reviewRow] }))],
  "recipes.get": [ownRecipe((id) => ({ id }))],
  "recipes.delete": [ownRecipe((id) => ({ id }))],
  "recipes.save": [ownRecipe((id) => ({ id }))],
  "recipes.unsave": [ownRecipe((id) => ({ id }))],
  "recipes.scaled": [ownRecipe((id) => ({ id, servings: 4 }))],
  "recipes.ingredients.add": [ownRecipe((recipeId) => ({ recipeId, name: "chilli flakes", quantity: 1, unit: "tsp" }))],
  "recipes.ingredients.update": [ownRecipe((recipeId) => ({ recipeId, originalName: "eggs", name: "duck eggs" }))],
  "recipes.ingredients.delete": [ownRecipe((recipeId) => ({ recipeId, name: "eggs" }))],
  "recipes.comments.list": [ownRecipe((recipeId) => ({ recipeId }))],
  "recipes.comments.add": [ownRecipe((recipeId) => ({ recipeId, comment: "Mine now", rating: 1 }))],
  "recipes.comments.delete": [
    // A's comment on a library recipe B can read, and on A's own recipe.
    async (a) => ({ input: { id: (await createComment(a, (await libraryRecipe()).id)).id } }),
    async (a) => ({ input: { id: (await createComment(a, (await createOwnRecipe(a)).id)).id } }),
  ],
  "recipes.feedback.get": [ownRecipe((recipeId) => ({ recipeId }))],
  "recipes.feedback.set": [ownRecipe((recipeId) => ({ recipeId, feedbackType: "thumbs_down" }))],
  "recipes.pantryItems.list": [ownRecipe((recipeId) => ({ recipeId }))],
  "recipes.pantryItems.add": [
    // A's recipe with B's own item, and a library recipe with A's item.
    async (a, b) => ({ input: { recipeId: (await createOwnRecipe(a)).id, groceryItemId: (await createPantryItem(b)).id } }),
    async (a) => ({ input: { recipeId: (await libraryRecipe()).id, groceryItemId: (await createPantryItem(a)).id } }),
  ],
  "recipes.pantryItems.delete": [
    async (a) => {
      const item = await createPantryItem(a);
      const link = await createPantryLink(a, (await libraryRecipe()).id, item.id);
      return { input: { id: link.id } };
    },
  ],
  "mealPlans.create": [ownRecipe((recipeId) => ({ date: "2026-03-02", mealType: "dinner", recipeId }))],
  "mealPlans.update": [
    mealPlan({ notes: "Taken over", locked: true }),
    // B's own entry pointed at A's private recipe.
    async (a, b) => ({ input: { id: (await createMealPlanEntry(b)).id, recipeId: (await createOwnRecipe(a)).id } }),
  ],
  "mealPlans.delete": [mealPlan()],
  "mealPlans.copy": [mealPlan({ date: "2026-03-03", mealType: "lunch" })],
  "mealPlans.repeat": [mealPlan()],
  "mealPlans.stopRepeat": [mealPlan({}, { repeatWeekly: true })],
  "mealPlans.cookPreview": [mealPlan()],
  "mealPlans.cook": [
    mealPlan({ uses: [] }),
    // B's own entry cooked with A's pantry item.
    async (a, b) => ({ input: { id: (await createMealPlanEntry(b)).id, uses: [{ pantryItemId: (await createPantryItem(a)).id, amount: 1 }] } }),
  ],
  "mealPlans.templates.applyToWeek": [mealPlanTemplate((templateId) => ({ templateId, weekStart: "2026-03-09" }))],
  "mealPlans.templates.delete": [mealPlanTemplate((id) => ({ id }))],
  "groceryLists.get": [groceryList()],
  "groceryLists.version": [groceryList()],
  "groceryLists.delete": [groceryList()],
  "groceryLists.update": [groceryList((id) => ({ id, name: "Taken over", notes: null }))],
  "groceryLists.addItem": [groceryList((listId) => ({ listId, name: "Taken over" }))],
  "groceryLists.toggleItem": [groceryItem({ checked: true, addToPantry: true, mutationId: "cross-user-0001" })],
  "groceryLists.deleteItem": [groceryItem()],
  "groceryLists.shoppingReview": [groceryList((listId) => ({ listId }))],
  "groceryLists.tips": [groceryList((listId) => ({ listId }))],
  "groceryLists.doneShopping": [
    // A's list with A's checked item, and B's own list with A's item.
    async (a) => {
      const list = await createGroceryList(a);
      const item = await createGroceryListItem(a, list.id);
      await a.api.groceryLists.toggleItem.mutate({ id: item.id, checked: true });
      return { input: { listId: list.id, items: [shoppedRow(item.id)] } };
    },
    async (a, b) => {
      const item = await createGroceryListItem(a, (await createGroceryList(a)).id);
      return { input: { listId: (await createGroceryList(b)).id, items: [shoppedRow(item.id)] } };
    },
  ],
  "groceryLists.generateFromRecipes": [ownRecipe((id) => ({ name: "Taken over", recipeIds: [id] }))],
  "groceryLists.generateWithAi": [ownRecipe((id) => ({ prompt: "Dinners for the week", recipeIds: [id] }))],
  "groceryLists.planChangeImpact": [plannedMeal()],
  "groceryLists.applyPlanChange": [
    plannedMeal(),
    // B's own meal, naming A's list.
    async (a, b) => ({ input: { mealPlanId: (await createMealPlan(b.id)).id, listIds: [(await createGroceryList(a)).id] } }),
  ],
  "profile.image": [
    async (a) => {
      await uploadProfilePhoto(a);
      return { input: { userId: a.id } };
    },
  ],
  "companion.chat": [chatTurn((turn) => ({ sessionId: turn.sessionId, message: "What can I make with what I have?" }))],
  "companion.chatStream": [chatTurn((turn) => ({ sessionId: turn.sessionId, message: "What can I make with what I have?" }))],
  "companion.history": [chatTurn((turn) => ({ sessionId: turn.sessionId }))],
  "companion.confirmAction": [chatTurn((turn) => ({ actionId: proposedActionId(turn) }))],
  "companion.dismissAction": [chatTurn((turn) => ({ actionId: proposedActionId(turn) }))],
  "apiTokens.revoke": [async (a) => ({ input: { id: (await a.api.apiTokens.create.mutate({ name: "A's script", scope: "read" })).id } })],
  "recipes.generateFromPantry": [pantryItem()].map((make): Make => async (a, b) => {
    const { input } = await make(a, b);
    return { input: { selectedIngredients: [input.id], mealType: "dinner" } };
  }),
};

/** REST path (as Hono lists it) -> the procedure it calls and where the input goes in the URL. */
const REST_CASES: Record<string, { procedure: string; url: (input: Record<string, unknown>) => string }> = {
  "GET /pantry/:id": { procedure: "pantry.get", url: (i) => `/api/pantry/${i.id}` },
  "PUT /pantry/:id": { procedure: "pantry.update", url: (i) => `/api/pantry/${i.id}` },
  "DELETE /pantry/:id": { procedure: "pantry.delete", url: (i) => `/api/pantry/${i.id}` },
  "PATCH /pantry/:id/use": { procedure: "pantry.use", url: (i) => `/api/pantry/${i.id}/use` },
  "PATCH /groceries/:id": { procedure: "groceries.markUsed", url: (i) => `/api/groceries/${i.id}` },
  "DELETE /groceries/:id": { procedure: "groceries.delete", url: (i) => `/api/groceries/${i.id}` },
  "POST /notifications/:id/dismiss": { procedure: "notifications.dismiss", url: (i) => `/api/notifications/${i.id}/dismiss` },
  "GET /receipts/:id": { procedure: "receipts.get", url: (i) => `/api/receipts/${i.id}` },
  "POST /receipts/:id/confirm": { procedure: "receipts.confirm", url: (i) => `/api/receipts/${i.receiptId}/confirm` },
  "GET /receipts/:id/image": { procedure: "receipts.image", url: (i) => `/api/receipts/${i.id}/image` },
  "POST /recipes/save/:id": { procedure: "recipes.save", url: (i) => `/api/recipes/save/${i.id}` },
  "DELETE /recipes/save/:id": { procedure: "recipes.unsave", url: (i) => `/api/recipes/save/${i.id}` },
  "GET /recipes/:id": { procedure: "recipes.get", url: (i) => `/api/recipes/${i.id}` },
  "DELETE /recipes/:id": { procedure: "recipes.delete", url: (i) => `/api/recipes/${i.id}` },
  "GET /recipes/:id/scaled": { procedure: "recipes.scaled", url: (i) => `/api/recipes/${i.id}/scaled?servings=${i.servings}` },
  "POST /recipes/:id/ingredients": { procedure: "recipes.ingredients.add", url: (i) => `/api/recipes/${i.recipeId}/ingredients` },
  "PUT /recipes/:id/ingredients/:originalName": {
    procedure: "recipes.ingredients.update",
    url: (i) => `/api/recipes/${i.recipeId}/ingredients/${encodeURIComponent(String(i.originalName))}`,
  },
  "DELETE /recipes/:id/ingredients/:name": {
    procedure: "recipes.ingredients.delete",
    url: (i) => `/api/recipes/${i.recipeId}/ingredients/${encodeURIComponent(String(i.name))}`,
  },
  "GET /recipes/:id/comments": { procedure: "recipes.comments.list", url: (i) => `/api/recipes/${i.recipeId}/comments` },
  "POST /recipes/:id/comments": { procedure: "recipes.comments.add", url: (i) => `/api/recipes/${i.recipeId}/comments` },
  "DELETE /comments/:id": { procedure: "recipes.comments.delete", url: (i) => `/api/comments/${i.id}` },
  "GET /recipes/:id/pantry-items": { procedure: "recipes.pantryItems.list", url: (i) => `/api/recipes/${i.recipeId}/pantry-items` },
  "POST /recipes/:id/pantry-items": { procedure: "recipes.pantryItems.add", url: (i) => `/api/recipes/${i.recipeId}/pantry-items` },
  "DELETE /recipe-pantry-items/:id": { procedure: "recipes.pantryItems.delete", url: (i) => `/api/recipe-pantry-items/${i.id}` },
  "GET /recipes/:id/feedback": { procedure: "recipes.feedback.get", url: (i) => `/api/recipes/${i.recipeId}/feedback` },
  "POST /recipes/:id/feedback": { procedure: "recipes.feedback.set", url: (i) => `/api/recipes/${i.recipeId}/feedback` },
  "PUT /mealplans/:id": { procedure: "mealPlans.update", url: (i) => `/api/mealplans/${i.id}` },
  "PATCH /mealplans/:id": { procedure: "mealPlans.update", url: (i) => `/api/mealplans/${i.id}` },
  "DELETE /mealplans/:id": { procedure: "mealPlans.delete", url: (i) => `/api/mealplans/${i.id}` },
  "POST /mealplans/:id/copy": { procedure: "mealPlans.copy", url: (i) => `/api/mealplans/${i.id}/copy` },
  "POST /mealplans/:id/repeat": { procedure: "mealPlans.repeat", url: (i) => `/api/mealplans/${i.id}/repeat` },
  "DELETE /mealplans/:id/repeat": { procedure: "mealPlans.stopRepeat", url: (i) => `/api/mealplans/${i.id}/repeat` },
  "GET /mealplans/:id/cook": { procedure: "mealPlans.cookPreview", url: (i) => `/api/mealplans/${i.id}/cook` },
  "POST /mealplans/:id/cook": { procedure: "mealPlans.cook", url: (i) => `/api/mealplans/${i.id}/cook` },
  "POST /mealplans/templates/:id/apply": { procedure: "mealPlans.templates.applyToWeek", url: (i) => `/api/mealplans/templates/${i.templateId}/apply` },
  "DELETE /mealplans/templates/:id": { procedure: "mealPlans.templates.delete", url: (i) => `/api/mealplans/templates/${i.id}` },
  // Ids in the body rather than the path.
  "POST /recipes/generate-from-pantry": { procedure: "recipes.generateFromPantry", url: () => "/api/recipes/generate-from-pantry" },
  "POST /mealplans": { procedure: "mealPlans.create", url: () => "/api/mealplans" },
  "GET /grocery-lists/:id": { procedure: "groceryLists.get", url: (i) => `/api/grocery-lists/${i.id}` },
  "DELETE /grocery-lists/:id": { procedure: "groceryLists.delete", url: (i) => `/api/grocery-lists/${i.id}` },
  "POST /grocery-lists/:id/items": { procedure: "groceryLists.addItem", url: (i) => `/api/grocery-lists/${i.listId}/items` },
  "PATCH /grocery-list-items/:id/toggle": { procedure: "groceryLists.toggleItem", url: (i) => `/api/grocery-list-items/${i.id}/toggle` },
  "DELETE /grocery-list-items/:id": { procedure: "groceryLists.deleteItem", url: (i) => `/api/grocery-list-items/${i.id}` },
  "POST /grocery-lists/generate": { procedure: "groceryLists.generateFromRecipes", url: () => "/api/grocery-lists/generate" },
  "GET /profile/image/:userId": { procedure: "profile.image", url: (i) => `/api/profile/image/${i.userId}` },
  "GET /cooking-companion/history/:sessionId": { procedure: "companion.history", url: (i) => `/api/cooking-companion/history/${i.sessionId}` },
  "POST /cooking-companion/actions/:id/confirm": { procedure: "companion.confirmAction", url: (i) => `/api/cooking-companion/actions/${i.actionId}/confirm` },
  "POST /cooking-companion/actions/:id/dismiss": { procedure: "companion.dismissAction", url: (i) => `/api/cooking-companion/actions/${i.actionId}/dismiss` },
  "POST /cooking-companion/chat": { procedure: "companion.chat", url: () => "/api/cooking-companion/chat" },
};

/**
 * Paths whose parameter is a secret rather than an object id: the secret is the whole credential, so there is no
 * "someone else's" to try (test/worker/meal-plan-feed.test.ts checks that made-up and revoked ones are not found).
 */
const SECRET_PATHS = new Set(["GET /mealplans/feed/:token"]);

function restRoutesWithIds(): string[] {
  return restApi.routes
    .filter((route) => route.path.includes("/:"))
    .map((route) => `${route.method} ${route.path}`)
    .filter((key) => !SECRET_PATHS.has(key));
}

// ---------------------------------------------------------------------------------------------------------
// Everything a user owns, and everything of anyone's that points at it (real SQL, compared before and after).

async function everythingOf(userId: string) {
  const db = testDb();
  const theirRecipes = db.select({ id: recipes.id }).from(recipes).where(eq(recipes.userId, userId));
  const theirItems = db.select({ id: pantryItems.id }).from(pantryItems).where(eq(pantryItems.userId, userId));
  const theirTemplates = db.select({ id: mealPlanTemplates.id }).from(mealPlanTemplates).where(eq(mealPlanTemplates.userId, userId));
  const theirLists = db.select({ id: groceryLists.id }).from(groceryLists).where(eq(groceryLists.userId, userId));
  const [pantry, waste, ownRecipes, ingredients, comments, feedback, saved, links, ownReceipts, ownNotifications, plans, repeats, templates, templateEntries, feeds, lists, items, history, purchases, tokens] = await Promise.all([
    db.select().from(pantryItems).where(eq(pantryItems.userId, userId)).orderBy(asc(pantryItems.id)),
    db.select().from(wasteEvents).where(eq(wasteEvents.userId, userId)).orderBy(asc(wasteEvents.id)),
    db.select().from(recipes).where(eq(recipes.userId, userId)).orderBy(asc(recipes.id)),
    db.select().from(recipeIngredients).where(inArray(recipeIngredients.recipeId, theirRecipes)).orderBy(asc(recipeIngredients.id)),
    db
      .select()
      .from(recipeComments)
      .where(or(eq(recipeComments.userId, userId), inArray(recipeComments.recipeId, theirRecipes)))
      .orderBy(asc(recipeComments.id)),
    db
      .select()
      .from(recipeFeedback)
      .where(or(eq(recipeFeedback.userId, userId), inArray(recipeFeedback.recipeId, theirRecipes)))
      .orderBy(asc(recipeFeedback.id)),
    db
      .select()
      .from(savedRecipes)
      .where(or(eq(savedRecipes.userId, userId), inArray(savedRecipes.recipeId, theirRecipes)))
      .orderBy(asc(savedRecipes.recipeId), asc(savedRecipes.userId)),
    db
      .select()
      .from(recipePantryItems)
      .where(or(eq(recipePantryItems.userId, userId), inArray(recipePantryItems.recipeId, theirRecipes), inArray(recipePantryItems.pantryItemId, theirItems)))
      .orderBy(asc(recipePantryItems.id)),
    db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(asc(receipts.id)),
    db.select().from(notifications).where(and(eq(notifications.userId, userId))).orderBy(asc(notifications.id)),
    db
      .select()
      .from(mealPlans)
      .where(or(eq(mealPlans.userId, userId), inArray(mealPlans.recipeId, theirRecipes)))
      .orderBy(asc(mealPlans.id)),
    db.select().from(mealPlanRepeats).where(eq(mealPlanRepeats.userId, userId)).orderBy(asc(mealPlanRepeats.id)),
    db.select().from(mealPlanTemplates).where(eq(mealPlanTemplates.userId, userId)).orderBy(asc(mealPlanTemplates.id)),
    db.select().from(mealPlanTemplateEntries).where(inArray(mealPlanTemplateEntries.templateId, theirTemplates)).orderBy(asc(mealPlanTemplateEntries.id)),
    db.select().from(mealPlanFeeds).where(eq(mealPlanFeeds.userId, userId)),
    db.select().from(groceryLists).where(eq(groceryLists.userId, userId)).orderBy(asc(groceryLists.id)),
    db
      .select()
      .from(groceryListItems)
      .where(or(eq(groceryListItems.userId, userId), inArray(groceryListItems.listId, theirLists)))
      .orderBy(asc(groceryListItems.id)),
    db.select().from(groceryHistory).where(eq(groceryHistory.userId, userId)).orderBy(asc(groceryHistory.id)),
    db.select().from(groceryPurchases).where(eq(groceryPurchases.userId, userId)).orderBy(asc(groceryPurchases.id)),
    db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(asc(apiTokens.id)),
  ]);
  const [chats, actions, profile] = await Promise.all([
    db.select().from(chatMessages).where(eq(chatMessages.userId, userId)).orderBy(asc(chatMessages.id)),
    db.select().from(companionActions).where(eq(companionActions.userId, userId)).orderBy(asc(companionActions.id)),
    db.select({ profileImageKey: users.profileImageKey, displayName: users.displayName, foodPreferences: users.foodPreferences }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    pantry,
    waste,
    recipes: ownRecipes,
    ingredients,
    comments,
    feedback,
    saved,
    links,
    receipts: ownReceipts,
    notifications: ownNotifications,
    mealPlans: plans,
    repeats,
    templates,
    templateEntries,
    feeds,
    groceryLists: lists,
    groceryItems: items,
    groceryHistory: history,
    groceryPurchases: purchases,
    chats,
    actions,
    profile,
    tokens,
  };
}

// ---------------------------------------------------------------------------------------------------------

let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  a = await createUser();
  b = await createUser();
});

describe("discovery", () => {
  it("finds the procedures that take ids (pantry, receipts, recipes, comments, links, notifications)", () => {
    const found = idProcedures().map((p) => p.path);
    expect(found).toEqual(
      expect.arrayContaining([
        "pantry.update",
        "groceries.markUsed",
        "notifications.dismiss",
        "receipts.confirm",
        "recipes.comments.delete",
        "recipes.pantryItems.add",
        "recipes.generateFromPantry",
        "mealPlans.update",
        "mealPlans.templates.applyToWeek",
      ]),
    );
    // Procedures without an object id stay out.
    expect(found).not.toContain("pantry.create");
    expect(found).not.toContain("recipes.list");
    expect(found).not.toContain("mealPlans.planWeek");
  });

  it("every procedure that takes an id has a cross-user case (add new procedures to PROCEDURE_CASES)", () => {
    const missing = idProcedures()
      .map((p) => p.path)
      .filter((path) => !PROCEDURE_CASES[path]?.length);
    expect(missing).toEqual([]);
  });

  it("every table entry is a real id-taking procedure or REST path", () => {
    const known = new Set(idProcedures().map((p) => p.path));
    expect(Object.keys(PROCEDURE_CASES).filter((path) => !known.has(path))).toEqual([]);
    const routes = new Set(restApi.routes.map((route) => `${route.method} ${route.path}`));
    expect(Object.keys(REST_CASES).filter((key) => !routes.has(key))).toEqual([]);
    expect(Object.values(REST_CASES).filter((c) => !known.has(c.procedure))).toEqual([]);
  });

  it("every REST path with an id has a cross-user case (add new paths to REST_CASES)", () => {
    expect(restRoutesWithIds().filter((key) => !REST_CASES[key])).toEqual([]);
  });
});

describe("another user's id answers NOT_FOUND over tRPC and changes nothing", () => {
  for (const { path, type } of idProcedures()) {
    (PROCEDURE_CASES[path] ?? []).forEach((make, index) => {
      it(`${path} #${index + 1}`, async () => {
        const { input } = await make(a, b);
        const [beforeA, beforeB] = await Promise.all([everythingOf(a.id), everythingOf(b.id)]);
        const response = await trpc(path, input, { type, cookie: b.cookie });
        const body = (await response.json()) as { error?: { message: string; data: { code: string } } };
        expect({ status: response.status, code: body.error?.data.code }).toEqual({ status: 404, code: "NOT_FOUND" });
        expect(body.error?.message).toMatch(/not found/i);
        expect(await everythingOf(a.id)).toEqual(beforeA);
        expect(await everythingOf(b.id)).toEqual(beforeB);
      });
    });
  }
});

describe("another user's id answers 404 over REST and changes nothing", () => {
  for (const [key, { procedure, url }] of Object.entries(REST_CASES)) {
    const method = key.slice(0, key.indexOf(" "));
    (PROCEDURE_CASES[procedure] ?? []).forEach((make, index) => {
      it(`${key} #${index + 1}`, async () => {
        const { input } = await make(a, b);
        const [beforeA, beforeB] = await Promise.all([everythingOf(a.id), everythingOf(b.id)]);
        const response = await request(url(input), { method, cookie: b.cookie, body: method === "GET" ? undefined : input });
        expect(response.status).toBe(404);
        expect(((await response.json()) as { message: string }).message).toMatch(/not found/i);
        expect(await everythingOf(a.id)).toEqual(beforeA);
        expect(await everythingOf(b.id)).toEqual(beforeB);
      });
    });
  }
});
