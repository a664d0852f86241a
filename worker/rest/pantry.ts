import { createApp } from "../app";
import { callProcedure, jsonBody } from "./adapter";

/**
 * /api/pantry and /api/groceries: path ids and bodies go to the procedures unchanged; their zod inputs validate
 * them (a non-numeric id is a 400 with a message).
 */
export const pantryRest = createApp()
  .get("/pantry", (c) => callProcedure(c, (api) => api.pantry.list()))
  .post("/pantry", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.pantry.create(body as never), { status: 201 });
  })
  .get("/pantry/:id", (c) => callProcedure(c, (api) => api.pantry.get({ id: c.req.param("id") } as never)))
  .put("/pantry/:id", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.pantry.update({ ...body, id: c.req.param("id") } as never));
  })
  .delete("/pantry/:id", (c) => callProcedure(c, (api) => api.pantry.delete({ id: c.req.param("id"), reason: c.req.query("reason") } as never)))
  .patch("/pantry/:id/use", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.pantry.use({ ...body, id: c.req.param("id") } as never));
  })
  .get("/groceries", (c) => callProcedure(c, (api) => api.groceries.list()))
  .post("/groceries", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.groceries.create(body as never), { status: 201 });
  })
  .patch("/groceries/:id", async (c) => {
    const body = await jsonBody(c);
    return callProcedure(c, (api) => api.groceries.markUsed({ ...body, id: c.req.param("id") } as never));
  })
  .delete("/groceries/:id", (c) => callProcedure(c, (api) => api.groceries.delete({ id: c.req.param("id"), reason: c.req.query("reason") } as never)));
