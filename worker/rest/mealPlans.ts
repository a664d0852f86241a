import { createApp } from "../app";
import { procedure } from "./adapter";

/**
 * /api/mealplans: the documented list (?start&end) and save, plus edit, move, copy, delete, Plan my week, repeats,
 * templates, Cooked it and the calendar feed. Fixed paths are declared before the ones with an :id so "templates"
 * or "feed" is never read as an id. The feed answers text/calendar at its secret URL without a session.
 */
export const mealPlansRest = createApp()
  .get("/mealplans", procedure((api) => api.mealPlans.list, ({ query }) => ({ start: query("start"), end: query("end") })))
  .post("/mealplans", procedure((api) => api.mealPlans.create, ({ body }) => body, { status: 201 }))
  .post("/mealplans/plan-week", procedure((api) => api.mealPlans.planWeek, ({ body }) => body))
  .get("/mealplans/recipe-choices", procedure((api) => api.mealPlans.recipeChoices))
  .get("/mealplans/templates", procedure((api) => api.mealPlans.templates.list))
  .post("/mealplans/templates", procedure((api) => api.mealPlans.templates.save, ({ body }) => body, { status: 201 }))
  .post("/mealplans/templates/:id/apply", procedure((api) => api.mealPlans.templates.applyToWeek, ({ body, param }) => ({ ...body, templateId: param("id") })))
  .delete("/mealplans/templates/:id", procedure((api) => api.mealPlans.templates.delete, ({ param }) => ({ id: param("id") })))
  .get("/mealplans/feed", procedure((api) => api.mealPlans.feed.status))
  .post("/mealplans/feed", procedure((api) => api.mealPlans.feed.renew))
  .delete("/mealplans/feed", procedure((api) => api.mealPlans.feed.revoke))
  .get(
    "/mealplans/feed/:token",
    procedure((api) => api.mealPlans.feed.calendar, ({ param }) => ({ token: param("token") }), {
      respond: (c, text) =>
        c.body(text, 200, {
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": 'inline; filename="plantry-meal-plan.ics"',
          // Calendar apps poll; a short private cache spares repeated reads without serving a stale week for long.
          "Cache-Control": "private, max-age=300",
        }),
    }),
  )
  .put("/mealplans/:id", procedure((api) => api.mealPlans.update, ({ body, param }) => ({ ...body, id: param("id") })))
  .patch("/mealplans/:id", procedure((api) => api.mealPlans.update, ({ body, param }) => ({ ...body, id: param("id") })))
  .delete("/mealplans/:id", procedure((api) => api.mealPlans.delete, ({ param }) => ({ id: param("id") })))
  .post("/mealplans/:id/copy", procedure((api) => api.mealPlans.copy, ({ body, param }) => ({ ...body, id: param("id") }), { status: 201 }))
  .post("/mealplans/:id/repeat", procedure((api) => api.mealPlans.repeat, ({ body, param }) => ({ ...body, id: param("id") })))
  .delete("/mealplans/:id/repeat", procedure((api) => api.mealPlans.stopRepeat, ({ param }) => ({ id: param("id") })))
  .get("/mealplans/:id/cook", procedure((api) => api.mealPlans.cookPreview, ({ param }) => ({ id: param("id") })))
  .post("/mealplans/:id/cook", procedure((api) => api.mealPlans.cook, ({ body, param }) => ({ ...body, id: param("id") })));
