import { createApp } from "../app";
import { procedure } from "./adapter";

/**
 * /api/pantry and /api/groceries: path ids and bodies go to the procedures unchanged; their zod inputs validate
 * them (a non-numeric id is a 400 with a message).
 */
export const pantryRest = createApp()
  .get("/pantry", procedure((api) => api.pantry.list))
  .post("/pantry", procedure((api) => api.pantry.create, ({ body }) => body, { status: 201 }))
  .get("/pantry/:id", procedure((api) => api.pantry.get, ({ param }) => ({ id: param("id") })))
  .put("/pantry/:id", procedure((api) => api.pantry.update, ({ body, param }) => ({ ...body, id: param("id") })))
  .delete("/pantry/:id", procedure((api) => api.pantry.delete, ({ param, query }) => ({ id: param("id"), reason: query("reason") })))
  .patch("/pantry/:id/use", procedure((api) => api.pantry.use, ({ body, param }) => ({ ...body, id: param("id") })))
  .get("/groceries", procedure((api) => api.groceries.list))
  .post("/groceries", procedure((api) => api.groceries.create, ({ body }) => body, { status: 201 }))
  .patch("/groceries/:id", procedure((api) => api.groceries.markUsed, ({ body, param }) => ({ ...body, id: param("id") })))
  .delete("/groceries/:id", procedure((api) => api.groceries.delete, ({ param, query }) => ({ id: param("id"), reason: query("reason") })));
