import { createApp } from "../app";
import { procedure } from "./adapter";

/**
 * The documented recipe paths. Path ids, names and query text go to the procedures unchanged (their zod inputs
 * read numbers from text); a path's recipe id wins over one in the body.
 */
export const recipesRest = createApp()
  .get("/recipes", procedure((api) => api.recipes.list, ({ queryAll, queries }) => ({ ...queryAll(), dietary: queries("dietary") })))
  .post("/recipes/generate", procedure((api) => api.recipes.generate, ({ body }) => body, { status: 201 }))
  .post("/recipes/generate-from-pantry", procedure((api) => api.recipes.generateFromPantry, ({ body }) => body, { status: 201 }))
  .post("/recipes/save/:id", procedure((api) => api.recipes.save, ({ param }) => ({ id: param("id") })))
  .delete("/recipes/save/:id", procedure((api) => api.recipes.unsave, ({ param }) => ({ id: param("id") })))
  .get("/recipes/:id", procedure((api) => api.recipes.get, ({ param }) => ({ id: param("id") })))
  .delete("/recipes/:id", procedure((api) => api.recipes.delete, ({ param }) => ({ id: param("id") })))
  .get("/recipes/:id/scaled", procedure((api) => api.recipes.scaled, ({ param, query }) => ({ id: param("id"), servings: query("servings") })))
  .post(
    "/recipes/:id/ingredients",
    procedure((api) => api.recipes.ingredients.add, ({ body, param }) => ({ ...body, recipeId: param("id") }), { status: 201 }),
  )
  .put(
    "/recipes/:id/ingredients/:originalName",
    procedure((api) => api.recipes.ingredients.update, ({ body, param }) => ({ ...body, recipeId: param("id"), originalName: param("originalName") })),
  )
  .delete("/recipes/:id/ingredients/:name", procedure((api) => api.recipes.ingredients.delete, ({ param }) => ({ recipeId: param("id"), name: param("name") })))
  .get("/recipes/:id/comments", procedure((api) => api.recipes.comments.list, ({ param }) => ({ recipeId: param("id") })))
  .post("/recipes/:id/comments", procedure((api) => api.recipes.comments.add, ({ body, param }) => ({ ...body, recipeId: param("id") }), { status: 201 }))
  .delete("/comments/:id", procedure((api) => api.recipes.comments.delete, ({ param }) => ({ id: param("id") })))
  .get("/recipes/:id/pantry-items", procedure((api) => api.recipes.pantryItems.list, ({ param }) => ({ recipeId: param("id") })))
  .post(
    "/recipes/:id/pantry-items",
    procedure((api) => api.recipes.pantryItems.add, ({ body, param }) => ({ ...body, recipeId: param("id") }), { status: 201 }),
  )
  .delete("/recipe-pantry-items/:id", procedure((api) => api.recipes.pantryItems.delete, ({ param }) => ({ id: param("id") })))
  .get("/recipes/:id/feedback", procedure((api) => api.recipes.feedback.get, ({ param }) => ({ recipeId: param("id") })))
  .post("/recipes/:id/feedback", procedure((api) => api.recipes.feedback.set, ({ body, param }) => ({ ...body, recipeId: param("id") })));
