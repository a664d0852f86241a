import type { Context } from "hono";
import type { AppEnv } from "../app";
import { createApp } from "../app";
import { procedure } from "./adapter";

const generateFromRecipes = procedure((api) => api.groceryLists.generateFromRecipes, ({ body }) => body, { status: 201 });
const generateWithAi = procedure((api) => api.groceryLists.generateWithAi, ({ body }) => body, { status: 201 });

/**
 * POST /api/grocery-lists/generate has two bodies: { prompt, recipeIds? } asks the AI, { name, recipeIds } lists
 * the planned recipes. The body's shape picks the procedure; each procedure validates its own.
 */
async function generate(c: Context<AppEnv>): Promise<Response> {
  const body: unknown = await c.req.json().catch(() => null);
  const asksAi = body !== null && typeof body === "object" && "prompt" in body;
  return asksAi ? generateWithAi(c) : generateFromRecipes(c);
}

/** The documented grocery list paths; a path's list or item id wins over one in the body. */
export const groceryListsRest = createApp()
  .get("/grocery-lists", procedure((api) => api.groceryLists.list))
  .post("/grocery-lists", procedure((api) => api.groceryLists.create, ({ body }) => body, { status: 201 }))
  .get("/grocery-lists/ai-prompts", procedure((api) => api.groceryLists.aiPrompts))
  .post("/grocery-lists/generate", generate)
  .get("/grocery-lists/:id", procedure((api) => api.groceryLists.get, ({ param }) => ({ id: param("id") })))
  .delete("/grocery-lists/:id", procedure((api) => api.groceryLists.delete, ({ param }) => ({ id: param("id") })))
  .post("/grocery-lists/:id/items", procedure((api) => api.groceryLists.addItem, ({ body, param }) => ({ ...body, listId: param("id") }), { status: 201 }))
  .patch("/grocery-list-items/:id/toggle", procedure((api) => api.groceryLists.toggleItem, ({ body, param }) => ({ ...body, id: param("id") })))
  .delete("/grocery-list-items/:id", procedure((api) => api.groceryLists.deleteItem, ({ param }) => ({ id: param("id") })))
  .get("/groceries/history", procedure((api) => api.groceryLists.history))
  .post("/onboarding/seed-grocery-lists", procedure((api) => api.groceryLists.seedSamples));
