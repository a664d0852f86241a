import { createApp } from "../app";
import { callProcedure, jsonBody } from "./adapter";

/**
 * The documented recipe paths (part 1 section 7, part 2 section 7). Path ids, names and query text go to the
 * procedures unchanged (their zod inputs read numbers from text); a path's recipe id wins over one in the body.
 */
export const recipesRest = createApp()
  .get("/recipes", (c) =>
    callProcedure(c, (api) => api.recipes.list({ ...c.req.query(), dietary: c.req.queries("dietary") } as never)),
  )
  .post("/recipes/generate", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.recipes.generate(body as never), { status: 201 });
  })
  .post("/recipes/generate-from-pantry", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.recipes.generateFromPantry(body as never), { status: 201 });
  })
  .post("/recipes/save/:id", (c) => callProcedure(c, (api) => api.recipes.save({ id: c.req.param("id") } as never)))
  .delete("/recipes/save/:id", (c) => callProcedure(c, (api) => api.recipes.unsave({ id: c.req.param("id") } as never)))
  .get("/recipes/:id", (c) => callProcedure(c, (api) => api.recipes.get({ id: c.req.param("id") } as never)))
  .delete("/recipes/:id", (c) => callProcedure(c, (api) => api.recipes.delete({ id: c.req.param("id") } as never)))
  .get("/recipes/:id/scaled", (c) =>
    callProcedure(c, (api) => api.recipes.scaled({ id: c.req.param("id"), servings: c.req.query("servings") } as never)),
  )
  .post("/recipes/:id/ingredients", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.recipes.ingredients.add({ ...body, recipeId: c.req.param("id") } as never), { status: 201 });
  })
  .put("/recipes/:id/ingredients/:originalName", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) =>
      api.recipes.ingredients.update({ ...body, recipeId: c.req.param("id"), originalName: c.req.param("originalName") } as never),
    );
  })
  .delete("/recipes/:id/ingredients/:name", (c) =>
    callProcedure(c, (api) => api.recipes.ingredients.delete({ recipeId: c.req.param("id"), name: c.req.param("name") } as never)),
  )
  .get("/recipes/:id/comments", (c) => callProcedure(c, (api) => api.recipes.comments.list({ recipeId: c.req.param("id") } as never)))
  .post("/recipes/:id/comments", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.recipes.comments.add({ ...body, recipeId: c.req.param("id") } as never), { status: 201 });
  })
  .delete("/comments/:id", (c) => callProcedure(c, (api) => api.recipes.comments.delete({ id: c.req.param("id") } as never)))
  .get("/recipes/:id/pantry-items", (c) => callProcedure(c, (api) => api.recipes.pantryItems.list({ recipeId: c.req.param("id") } as never)))
  .post("/recipes/:id/pantry-items", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.recipes.pantryItems.add({ ...body, recipeId: c.req.param("id") } as never), { status: 201 });
  })
  .delete("/recipe-pantry-items/:id", (c) => callProcedure(c, (api) => api.recipes.pantryItems.delete({ id: c.req.param("id") } as never)))
  .get("/recipes/:id/feedback", (c) => callProcedure(c, (api) => api.recipes.feedback.get({ recipeId: c.req.param("id") } as never)))
  .post("/recipes/:id/feedback", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.recipes.feedback.set({ ...body, recipeId: c.req.param("id") } as never));
  });
