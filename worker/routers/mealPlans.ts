/**
 * Meal plans: reading is open to every signed-in user; saving (entries, Plan my week, repeats, templates, Cooked
 * it) is premium, with a message naming the feature for free users when tiers are enforced. The calendar feed's
 * text is public: its secret URL is the credential. Logic lives in services/mealPlans.ts and services/mealPlanner.ts.
 */
import {
  applyTemplateInput,
  cookMealPlanInput,
  copyMealPlanInput,
  createMealPlanInput,
  feedTokenInput,
  MEAL_PLAN_PREMIUM_MESSAGE,
  mealPlanRangeInput,
  mealPlanRef,
  planWeekInput,
  repeatMealPlanInput,
  saveTemplateInput,
  templateRef,
  updateMealPlanInput,
} from "../schemas/mealPlans";
import {
  applyTemplate,
  cookEntry,
  cookPreview,
  copyEntry,
  createEntry,
  deleteEntry,
  deleteTemplate,
  feedCalendar,
  feedStatus,
  listEntries,
  listTemplates,
  recipeChoices,
  renewFeed,
  repeatEntry,
  revokeFeed,
  saveTemplate,
  stopRepeat,
  updateEntry,
} from "../services/mealPlans";
import { planWeek } from "../services/mealPlanner";
import { premiumProcedure, protectedProcedure, publicProcedure, router } from "../trpc";

const savingProcedure = premiumProcedure.meta({ premiumMessage: MEAL_PLAN_PREMIUM_MESSAGE });

export const mealPlansRouter = router({
  /** Entries dated start..end (ISO dates or timestamps, read in the user's time zone), both included. */
  list: protectedProcedure.input(mealPlanRangeInput).query(({ ctx, input }) => listEntries(ctx, ctx.user, input)),

  create: savingProcedure.input(createMealPlanInput).mutation(({ ctx, input }) => createEntry(ctx, ctx.user, input)),

  /** Edit, move (date or meal type) or lock; answers the entry before and after. */
  update: savingProcedure.input(updateMealPlanInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateEntry(ctx, ctx.user, id, changes);
  }),

  delete: savingProcedure.input(mealPlanRef).mutation(({ ctx, input }) => deleteEntry(ctx, ctx.user, input.id)),

  copy: savingProcedure.input(copyMealPlanInput).mutation(({ ctx, input }) => copyEntry(ctx, ctx.user, input.id, { date: input.date, mealType: input.mealType })),

  /** Plan my week: fills the empty slots from today on; `reshuffle` also replaces its own unlocked choices. */
  planWeek: savingProcedure.input(planWeekInput).mutation(({ ctx, input }) => planWeek(ctx, ctx.user, input)),

  repeat: savingProcedure.input(repeatMealPlanInput).mutation(({ ctx, input }) => repeatEntry(ctx, ctx.user, input.id, input.untilDate ?? null)),

  stopRepeat: savingProcedure.input(mealPlanRef).mutation(({ ctx, input }) => stopRepeat(ctx, ctx.user, input.id)),

  /** What Cooked it would take from the pantry, for the review. */
  cookPreview: protectedProcedure.input(mealPlanRef).query(({ ctx, input }) => cookPreview(ctx, ctx.user, input.id)),

  cook: savingProcedure.input(cookMealPlanInput).mutation(({ ctx, input }) => cookEntry(ctx, ctx.user, input.id, input.uses)),

  /**
   * The slot dialog's recipe choices: every recipe the user can read, saved ones first, then their own, then the
   * library by title (a compact list; the dialog searches it as the user types).
   */
  recipeChoices: protectedProcedure.query(({ ctx }) => recipeChoices(ctx, ctx.user.id)),

  templates: router({
    list: protectedProcedure.query(({ ctx }) => listTemplates(ctx, ctx.user.id)),
    save: savingProcedure.input(saveTemplateInput).mutation(({ ctx, input }) => saveTemplate(ctx, ctx.user, input.weekStart, input.name)),
    applyToWeek: savingProcedure.input(applyTemplateInput).mutation(({ ctx, input }) => applyTemplate(ctx, ctx.user, input.templateId, input.weekStart)),
    delete: savingProcedure.input(templateRef).mutation(({ ctx, input }) => deleteTemplate(ctx, ctx.user.id, input.id)),
  }),

  feed: router({
    status: protectedProcedure.query(({ ctx }) => feedStatus(ctx, ctx.user.id)),
    /** A new secret address (shown once); the old one stops working. */
    renew: protectedProcedure.mutation(({ ctx }) => renewFeed(ctx, ctx.user.id, ctx.requestUrl)),
    revoke: protectedProcedure.mutation(({ ctx }) => revokeFeed(ctx, ctx.user.id)),
    /** The iCalendar text; the token in the URL is the only credential. */
    calendar: publicProcedure.input(feedTokenInput).query(({ ctx, input }) => feedCalendar(ctx, input.token, ctx.requestUrl)),
  }),
});
