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
  notifications,
  pantryItems,
  receipts,
  recipeComments,
  recipeFeedback,
  recipeIngredients,
  recipePantryItems,
  recipes,
  savedRecipes,
  wasteEvents,
} from "../../db/schema";
import { restApi } from "../../worker/rest";
import {
  createComment,
  createNotification,
  createOwnRecipe,
  createPantryItem,
  createPantryLink,
  createReceipt,
  createUser,
  libraryRecipe,
  testDb,
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
const reviewRow = { selected: true, name: "Milk", quantity: 1, category: "Milk & Eggs", storageLocation: "fridge" };

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
  // Ids in the body rather than the path.
  "POST /recipes/generate-from-pantry": { procedure: "recipes.generateFromPantry", url: () => "/api/recipes/generate-from-pantry" },
};

function restRoutesWithIds(): string[] {
  return restApi.routes.filter((route) => route.path.includes("/:")).map((route) => `${route.method} ${route.path}`);
}

// ---------------------------------------------------------------------------------------------------------
// Everything a user owns, and everything of anyone's that points at it (real SQL, compared before and after).

async function everythingOf(userId: string) {
  const db = testDb();
  const theirRecipes = db.select({ id: recipes.id }).from(recipes).where(eq(recipes.userId, userId));
  const theirItems = db.select({ id: pantryItems.id }).from(pantryItems).where(eq(pantryItems.userId, userId));
  const [pantry, waste, ownRecipes, ingredients, comments, feedback, saved, links, ownReceipts, ownNotifications, tokens] = await Promise.all([
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
    db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(asc(apiTokens.id)),
  ]);
  return { pantry, waste, recipes: ownRecipes, ingredients, comments, feedback, saved, links, receipts: ownReceipts, notifications: ownNotifications, tokens };
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
      expect.arrayContaining(["pantry.update", "groceries.markUsed", "notifications.dismiss", "receipts.confirm", "recipes.comments.delete", "recipes.pantryItems.add", "recipes.generateFromPantry"]),
    );
    // Procedures without an object id stay out.
    expect(found).not.toContain("pantry.create");
    expect(found).not.toContain("recipes.list");
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
